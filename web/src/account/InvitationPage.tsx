// /account/invitation/{token}, outside the main layout and without a session: shows whom the invitation is
// for and from which company, lets the person choose their name and password, and signs them in. A link
// that is unknown, expired, revoked or used gets a page saying so.
import { Alert, Anchor, Button, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { USER_NAME_MAX, type InvitationPreview, type InvitationProblem } from '../../../contracts/account.ts';
import { ApiError } from '../api/client.ts';
import { matchPattern, SIGNIN_PATH } from '../core/routes.ts';
import { AlertIcon, ClockIcon } from '../brand/icons.tsx';
import { PublicCard } from '../pages/PublicCard.tsx';
import { useAcceptInvitation, useInvitationPreview } from './api.ts';
import { passwordProblem } from './model.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/people.ts';

export function InvitationPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('people.accept.documentTitle')} · ${t('app.titleSuffix')}`);
  const { pathname } = useLocation();
  const token = matchPattern('/account/invitation/:token', pathname)?.token ?? '';
  const preview = useInvitationPreview(token);

  return (
    <PublicCard width={460} testId="page-invitation">
      {preview.isPending ? (
        <Stack gap="md" data-testid="invitation-loading">
          <Skeleton h={28} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : preview.isError ? (
        <Unusable error={preview.error} />
      ) : (
        <AcceptForm token={token} invitation={preview.data} />
      )}
    </PublicCard>
  );
}

/** Why the link does not work, from the server's 410 reason (404: never issued, or replaced by a newer link). */
function problemOf(error: unknown): InvitationProblem | 'unknown' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 404) return 'unknown';
  const reason = (error.details as { reason?: InvitationProblem } | undefined)?.reason;
  return error.status === 410 && reason ? reason : 'failed';
}

function Unusable({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const problem = problemOf(error);
  return (
    <Stack gap="md" align="flex-start" data-testid="invitation-unusable" data-problem={problem}>
      <ThemeIcon size={48} radius="xl" variant="light" color={problem === 'used' ? 'indigo' : 'orange'}>
        {problem === 'expired' ? <ClockIcon size={24} /> : <AlertIcon size={24} />}
      </ThemeIcon>
      <Title order={1} fz="h2">
        {t(`people.accept.problems.${problem}.title`)}
      </Title>
      <Text c="dimmed">{problem === 'failed' ? errorText(error) : t(`people.accept.problems.${problem}.text`)}</Text>
      <Button component="a" href={SIGNIN_PATH} variant={problem === 'used' ? 'filled' : 'light'}>
        {t('people.accept.toSignIn')}
      </Button>
    </Stack>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const accept = useAcceptInvitation(token);
  const [draft, setDraft] = useState({ name: '', password: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const errors = fieldErrors(accept.error);
  const problem = passwordProblem(draft.password, draft.confirm);
  const set = (patch: Partial<typeof draft>) => {
    accept.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!draft.name.trim() || problem) return;
    // Keep the button busy while the app loads.
    accept.mutate({ name: draft.name.trim(), password: draft.password }, { onSuccess: (res) => window.location.assign(res.redirectTo) });
  };
  const gone = accept.error instanceof ApiError && (accept.error.status === 410 || accept.error.status === 404);
  if (gone) return <Unusable error={accept.error} />;
  const general: ReactNode = accept.error && !Object.keys(errors).length ? errorText(accept.error) : errors.email;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('people.accept.title', { company: invitation.companyName })}
          </Title>
          <Text c="dimmed" size="sm">
            {invitation.invitedBy
              ? t('people.accept.invitedBy', { name: invitation.invitedBy, role: t(`people.roles.${invitation.role}`).toLowerCase() })
              : t('people.accept.invited', { role: t(`people.roles.${invitation.role}`).toLowerCase() })}
          </Text>
        </Stack>
        {general && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="invitation-error">
            {general}
          </Alert>
        )}
        <TextInput label={t('people.accept.email')} value={invitation.email} readOnly variant="filled" name="username" autoComplete="username" data-testid="invitation-email" />
        <TextInput
          label={t('people.accept.name')}
          placeholder={t('people.accept.namePlaceholder')}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name ?? (tried && !draft.name.trim() ? t('people.accept.nameRequired') : undefined)}
          maxLength={USER_NAME_MAX}
          autoComplete="name"
          required
          autoFocus
          data-testid="invitation-name"
        />
        <NewPasswordFields
          password={draft.password}
          confirm={draft.confirm}
          onChange={set}
          tried={tried}
          serverError={errors.password}
          first
          testIdPrefix="invitation"
        />
        <Button type="submit" size="md" fullWidth loading={accept.isPending || accept.isSuccess} data-testid="invitation-submit">
          {t('people.accept.submit')}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {t('people.accept.haveAccount')}{' '}
          <Anchor href={SIGNIN_PATH} size="xs">
            {t('people.accept.toSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
