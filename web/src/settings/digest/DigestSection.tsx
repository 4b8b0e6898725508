// Settings › Digest (admins): what a new digest starts with (title with a {date} placeholder, intro) and
// whether people who join receive digests by email until they change it on their profile.
import { Paper, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { digestDefaultsOf, type DigestDefaults } from '../../../../contracts/settings.ts';
import { useSession } from '../../core/SessionContext.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { useSaveDigestDefaults } from '../company/api.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import { FormActions } from '../FormActions.tsx';
import { digestTitle } from '../../digest/title.ts';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/companySettings.ts';

export function DigestSection() {
  const { t, i18n } = useTranslation();
  const { fieldErrors } = useErrorText();
  const { company } = useSession();
  const saved = digestDefaultsOf(company.companyData);
  const savedKey = JSON.stringify(saved);
  const [draft, setDraft] = useState<DigestDefaults>(saved);
  useEffect(() => setDraft(JSON.parse(savedKey) as DigestDefaults), [savedKey]);
  const save = useSaveDigestDefaults();
  const errors = fieldErrors(save.error);
  const dirty = JSON.stringify(draft) !== savedKey;
  const set = <K extends keyof DigestDefaults>(key: K, value: DigestDefaults[K]) => {
    save.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => toastSuccess(t('companySettings.digest.saved')),
      onError: (err) => !Object.keys(fieldErrors(err)).length && toastError(t('companySettings.saveFailed'), err),
    });

  return (
    <Stack gap="lg" data-testid="digest-section">
      <SectionHeader title={t('companySettings.sections.digest.name')} intro={t('companySettings.digest.intro')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md" maw={620}>
            <TextInput
              label={t('companySettings.digest.title')}
              description={t('companySettings.digest.titleHint')}
              value={draft.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errors.title}
              maxLength={200}
              required
              data-testid="digest-default-title"
            />
            <Text size="sm" c="dimmed" data-testid="digest-title-preview">
              {t('companySettings.digest.preview', { title: digestTitle(draft.title, new Date(), i18n.language) })}
            </Text>
            <Textarea
              label={t('companySettings.digest.introLabel')}
              description={t('companySettings.digest.introHint')}
              value={draft.intro}
              onChange={(e) => set('intro', e.currentTarget.value)}
              error={errors.intro}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={5000}
              data-testid="digest-default-intro"
            />
            <Switch
              label={t('companySettings.digest.newUsersReceive')}
              description={t('companySettings.digest.newUsersReceiveHint')}
              checked={draft.newUsersReceive}
              onChange={(e) => set('newUsersReceive', e.currentTarget.checked)}
              data-testid="digest-new-users"
            />
            <FormActions dirty={dirty} pending={save.isPending} onDiscard={() => setDraft(saved)} testId="digest-save" />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
