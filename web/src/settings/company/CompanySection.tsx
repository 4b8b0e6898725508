// Settings › Company (admins): the company's name, website, logo and the email domains people must sign
// up from; a working copy is saved whole and the server's 400 lands on the field it names. Below it, whether
// password sign-ins need two-step verification (TwoFactorRequirement).
import { Avatar, Group, Paper, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { CompanyProfileBody } from '../../../../contracts/settings.ts';
import { useSession } from '../../core/SessionContext.tsx';
import { initials } from '../../dashboard/model.ts';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { useSaveCompanyProfile } from './api.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import { FormActions } from '../FormActions.tsx';
import { TwoFactorRequirement } from './TwoFactorRequirement.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/companySettings.ts';

type Draft = { name: string; url: string; iconUrl: string; emailDomains: string[] };

const toBody = (d: Draft): CompanyProfileBody => ({
  name: d.name,
  url: d.url.trim() || null,
  iconUrl: d.iconUrl.trim() || null,
  emailDomains: d.emailDomains,
});

export function CompanySection() {
  const { t } = useTranslation();
  const { fieldErrors } = useErrorText();
  const { company } = useSession();
  const saved: Draft = { name: company.name, url: company.url ?? '', iconUrl: company.iconUrl ?? '', emailDomains: company.emailDomains };
  const [draft, setDraft] = useState<Draft>(saved);
  const save = useSaveCompanyProfile();
  const errors = fieldErrors(save.error);
  const dirty = JSON.stringify(toBody(draft)) !== JSON.stringify(toBody(saved));
  const savedKey = JSON.stringify(saved);
  // A save (or another tab) changes the session's company: start again from it.
  useEffect(() => setDraft(JSON.parse(savedKey) as Draft), [savedKey]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    save.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = () =>
    save.mutate(toBody(draft), {
      onSuccess: () => toastSuccess(t('companySettings.company.saved')),
      onError: (err) => !Object.keys(fieldErrors(err)).length && toastError(t('companySettings.saveFailed'), err),
    });

  return (
    <Stack gap="lg" data-testid="company-section">
      <SectionHeader title={t('companySettings.sections.company.name')} intro={t('companySettings.company.intro')} />
      <Paper withBorder radius="md" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md" maw={560}>
            <Group gap="md" wrap="nowrap" align="center">
              <Avatar src={draft.iconUrl || null} alt="" size={56} radius="md" color="indigo">
                {initials(draft.name || company.name)}
              </Avatar>
              <Text size="sm" c="dimmed">
                {t('companySettings.company.logoHint')}
              </Text>
            </Group>
            <TextInput
              label={t('companySettings.company.name')}
              value={draft.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              required
              maxLength={120}
              data-testid="company-name"
            />
            <TextInput
              label={t('companySettings.company.url')}
              placeholder="https://www.example.com"
              value={draft.url}
              onChange={(e) => set('url', e.currentTarget.value)}
              error={errors.url}
              data-testid="company-url"
            />
            <TextInput
              label={t('companySettings.company.iconUrl')}
              placeholder="https://www.example.com/logo.png"
              value={draft.iconUrl}
              onChange={(e) => set('iconUrl', e.currentTarget.value)}
              error={errors.iconUrl}
              data-testid="company-icon-url"
            />
            <TagsInput
              label={t('companySettings.company.emailDomains')}
              description={t('companySettings.company.emailDomainsHint')}
              placeholder={draft.emailDomains.length ? '' : 'example.com'}
              value={draft.emailDomains}
              onChange={(v) => set('emailDomains', v.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))}
              error={errors.emailDomains}
              splitChars={[',', ' ', ';']}
              clearable
              data-testid="company-email-domains"
            />
            <FormActions dirty={dirty} pending={save.isPending} onDiscard={() => setDraft(saved)} testId="company-save" />
          </Stack>
        </form>
      </Paper>
      <TwoFactorRequirement />
    </Stack>
  );
}
