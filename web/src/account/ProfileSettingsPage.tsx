// /settings/profile: every signed-in user edits their own name, picture (an https URL, previewed), interface
// language and email digest preference, changes their password (the current one is needed; every
// other session of theirs ends, this one stays), sets up two-step verification (TwoFactorPanel), and makes and
// revokes their API tokens.
import { Alert, Avatar, Button, Group, Paper, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { changeLanguage, SUPPORTED_LANGUAGES, t as translate } from '../i18n/index.ts';
import { PASSWORD_MIN_LENGTH, USER_NAME_MAX } from '../../../contracts/account.ts';
import { useSession } from '../core/SessionContext.tsx';
import { InfoIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { initials } from '../user/permissions.ts';
import { useChangePassword, useSaveProfile, type ProfileChange } from './api.ts';
import { isHttpsUrl, languageOptions, passwordProblem } from './model.ts';
import { useErrorText } from '../api/errorText.ts';
import { ApiTokensSection } from '../apiTokens/ApiTokensSection.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';
import '../i18n/areas/people.ts';

export function ProfileSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('people.profile.title')} · ${t('app.titleSuffix')}`);
  const { user } = useSession();
  return (
    <Stack gap="lg" pt="md" maw={760} w="100%" mx="auto" data-testid="page-edit-profile">
      <Stack gap={4}>
        <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('people.profile.eyebrow')}
        </Text>
        <Title order={1}>{t('people.profile.title')}</Title>
        <Text c="dimmed">{t('people.profile.subtitle', { company: user.companyName })}</Text>
      </Stack>
      <ProfileForm />
      <PasswordForm />
      <TwoFactorPanel />
      <ApiTokensSection />
    </Stack>
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const { fieldErrors } = useErrorText();
  const { user } = useSession();
  const saved: ProfileChange = { name: user.name, image: user.image, language: user.language, emailDigest: user.emailDigest };
  const [draft, setDraft] = useState({ ...saved, image: saved.image ?? '' });
  const save = useSaveProfile(user.id);
  const errors = fieldErrors(save.error);
  const image = draft.image.trim();
  const body: ProfileChange = { ...draft, name: draft.name.trim(), image: image || null };
  const dirty = JSON.stringify(body) !== JSON.stringify(saved);
  const imageError = errors.image ?? (image && !isHttpsUrl(image) ? t('people.profile.imageHttps') : undefined);

  const set = (patch: Partial<typeof draft>) => {
    save.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(body, {
      onSuccess: async () => {
        // The saved language first (AuthGate would switch a moment later), so the confirmation reads in it.
        await changeLanguage(draft.language);
        toastSuccess(translate('people.profile.saved'));
      },
      onError: (err) => !Object.keys(fieldErrors(err)).length && toastError(t('people.profile.saveFailed'), err),
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="md" maw={560}>
        <Title order={2} fz="h3">
          {t('people.profile.details')}
        </Title>
        <Group gap="md" wrap="nowrap">
          <Avatar src={isHttpsUrl(image) ? image : null} alt="" size={72} radius="xl" color="indigo" data-testid="profile-avatar">
            {initials(draft.name || user.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {draft.name || user.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
        <TextInput
          label={t('people.profile.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          maxLength={USER_NAME_MAX}
          required
          data-testid="profile-name"
        />
        <TextInput
          label={t('people.profile.image')}
          description={t('people.profile.imageHint')}
          placeholder="https://…"
          value={draft.image}
          onChange={(e) => set({ image: e.currentTarget.value })}
          error={imageError}
          data-testid="profile-image"
        />
        <TextInput label={t('people.profile.email')} description={t('people.profile.emailHint')} value={user.email} readOnly variant="filled" />
        <Select
          label={t('people.profile.language')}
          data={languageOptions(SUPPORTED_LANGUAGES)}
          value={draft.language}
          onChange={(v) => v && set({ language: v })}
          allowDeselect={false}
          data-testid="profile-language"
        />
        <Switch
          label={t('people.profile.digest')}
          description={t('people.profile.digestHint')}
          checked={draft.emailDigest}
          onChange={(e) => set({ emailDigest: e.currentTarget.checked })}
          data-testid="profile-digest"
        />
        <Group gap="sm">
          <Button type="submit" disabled={!dirty || !body.name || !!imageError} loading={save.isPending} data-testid="profile-save">
            {t('people.save')}
          </Button>
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setDraft({ ...saved, image: saved.image ?? '' })}>
            {t('people.discard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const NO_PASSWORDS = { current: '', next: '', confirm: '' };

function PasswordForm() {
  const { t } = useTranslation();
  const { fieldErrors } = useErrorText();
  const { user } = useSession();
  const [draft, setDraft] = useState(NO_PASSWORDS);
  const [tried, setTried] = useState(false);
  const change = useChangePassword();
  const errors = fieldErrors(change.error);
  const problem = passwordProblem(draft.next, draft.confirm);
  const set = (patch: Partial<typeof draft>) => {
    change.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!draft.current || problem) return;
    change.mutate(
      { currentPassword: draft.current, newPassword: draft.next },
      {
        onSuccess: (res) => {
          setDraft(NO_PASSWORDS);
          setTried(false);
          toastSuccess(t('people.password.changed', { count: res.endedSessions }));
        },
        onError: (err) => !Object.keys(fieldErrors(err)).length && toastError(t('people.password.failed'), err),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={submit} noValidate data-testid="password-form">
      <Stack gap="md" maw={480}>
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {t('people.password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('people.password.intro')}
          </Text>
        </Stack>
        {user.isImpersonating && (
          <Alert color="orange" variant="light" icon={<InfoIcon size={18} />}>
            {t('people.password.impersonating')}
          </Alert>
        )}
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <PasswordInput
          label={t('people.password.current')}
          autoComplete="current-password"
          value={draft.current}
          onChange={(e) => set({ current: e.currentTarget.value })}
          error={errors.currentPassword ?? (tried && !draft.current ? t('people.password.required') : undefined)}
          data-testid="password-current"
        />
        <PasswordInput
          label={t('people.password.new')}
          description={t('people.password.rule', { count: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          value={draft.next}
          onChange={(e) => set({ next: e.currentTarget.value })}
          error={errors.newPassword ?? (tried && problem === 'short' ? t('people.password.short', { count: PASSWORD_MIN_LENGTH }) : undefined)}
          data-testid="password-new"
        />
        <PasswordInput
          label={t('people.password.confirm')}
          autoComplete="new-password"
          value={draft.confirm}
          onChange={(e) => set({ confirm: e.currentTarget.value })}
          error={tried && problem === 'mismatch' ? t('people.password.mismatch') : undefined}
          data-testid="password-confirm"
        />
        <Group>
          <Button type="submit" loading={change.isPending} disabled={user.isImpersonating} data-testid="password-submit">
            {t('people.password.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
