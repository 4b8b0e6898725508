// Settings › Single sign-on (admins): the company's identity provider (OIDC issuer, client id and secret, or SAML
// metadata), the email domains that sign in through it, what a first sign-in makes of a person (default role and
// groups, or mapped from the provider's groups), and whether passwords are turned off but for one break-glass admin.
// The URLs to give the provider are shown with copy buttons. A working copy is saved whole; the server's 400 lands
// on the field it names.
import { ActionIcon, Alert, Button, Group, Loader, MultiSelect, Paper, PasswordInput, SegmentedControl, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ROLE_CHOICES, type RoleChoice } from '../../../../contracts/account.ts';
import type { SsoProtocol, SsoSettings } from '../../../../contracts/sso.ts';
import { useErrorText } from '../../api/errorText.ts';
import { PlusIcon, TrashIcon } from '../../brand/icons.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { FormActions } from '../FormActions.tsx';
import { SectionHeader } from '../SectionHeader.tsx';
import { useUsers } from '../users/api.ts';
import { useGroupUsage } from '../visibilityGroups/api.ts';
import { useSaveSso, useSsoSettings, useTurnOffSso } from './api.ts';
import { bodyOf, draftOf, type MappingDraft, type SsoDraft } from './model.ts';
import { ServiceProviderUrls } from './ServiceProviderUrls.tsx';
import '../../i18n/areas/companySettings.ts';

export function SsoSection() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const settings = useSsoSettings();
  return (
    <Stack gap="lg" data-testid="sso-section">
      <SectionHeader title={t('companySettings.sections.sso.name')} intro={t('companySettings.sso.intro')} />
      {settings.data ? (
        <SsoForm saved={settings.data} />
      ) : settings.isError ? (
        <StatePanel kind="error" title={t('companySettings.loadFailed')} text={errorText(settings.error)} data-testid="sso-error" />
      ) : (
        <Loader size="sm" />
      )}
    </Stack>
  );
}

function SsoForm({ saved }: { saved: SsoSettings }) {
  const { t } = useTranslation();
  const { fieldErrors } = useErrorText();
  const [draft, setDraft] = useState<SsoDraft>(() => draftOf(saved));
  const save = useSaveSso();
  const turnOff = useTurnOffSso();
  const groups = useGroupUsage();
  const admins = useUsers({ query: '', type: 'admins', status: 'active', page: 1 });
  const errors = fieldErrors(save.error);
  const savedKey = JSON.stringify(saved);
  useEffect(() => setDraft(draftOf(JSON.parse(savedKey) as SsoSettings)), [savedKey]);
  const dirty = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(draftOf(saved)));

  const set = <K extends keyof SsoDraft>(key: K, value: SsoDraft[K]) => {
    save.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const setMapping = (i: number, m: Partial<MappingDraft>) => set('groupMappings', draft.groupMappings.map((x, j) => (j === i ? { ...x, ...m } : x)));
  const submit = () =>
    save.mutate(bodyOf(draft), {
      onSuccess: () => toastSuccess(t('companySettings.sso.saved')),
      onError: (err) => !Object.keys(fieldErrors(err)).length && toastError(t('companySettings.saveFailed'), err),
    });

  const roleOptions = ROLE_CHOICES.map((r) => ({ value: r, label: t(`companySettings.sso.roles.${r}`) }));
  const groupOptions = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const adminOptions = (admins.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg" maw={720}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={3} fz="h4">
              {t('companySettings.sso.provider')}
            </Title>
            <SegmentedControl
              value={draft.protocol}
              onChange={(v) => set('protocol', v as SsoProtocol)}
              data={[
                { value: 'oidc', label: t('companySettings.sso.oidc') },
                { value: 'saml', label: t('companySettings.sso.saml') },
              ]}
              data-testid="sso-protocol"
            />
            <ServiceProviderUrls protocol={draft.protocol} urls={saved.serviceProvider} />
            {draft.protocol === 'oidc' ? (
              <>
                <TextInput label={t('companySettings.sso.issuer')} placeholder="https://login.example.com" value={draft.issuer} onChange={(e) => set('issuer', e.currentTarget.value)} error={errors.oidc} required data-testid="sso-issuer" />
                <TextInput label={t('companySettings.sso.clientId')} value={draft.clientId} onChange={(e) => set('clientId', e.currentTarget.value)} required data-testid="sso-client-id" />
                <PasswordInput
                  label={t('companySettings.sso.clientSecret')}
                  description={saved.oidc?.clientSecretSet ? t('companySettings.sso.clientSecretKept') : undefined}
                  value={draft.clientSecret}
                  onChange={(e) => set('clientSecret', e.currentTarget.value)}
                  autoComplete="new-password"
                  data-testid="sso-client-secret"
                />
              </>
            ) : (
              <>
                {saved.saml && (
                  <Text size="sm" c="dimmed" data-testid="sso-saml-current">
                    {t('companySettings.sso.samlCurrent', { entityId: saved.saml.entityId, count: saved.saml.certificateCount })}
                  </Text>
                )}
                <Textarea label={t('companySettings.sso.metadata')} description={t('companySettings.sso.metadataHint')} value={draft.metadataXml} onChange={(e) => set('metadataXml', e.currentTarget.value)} error={errors.saml} autosize minRows={4} maxRows={12} required data-testid="sso-metadata" />
                <TextInput label={t('companySettings.sso.groupsAttribute')} placeholder={t('companySettings.sso.groupsAttributeExample')} value={draft.groupsAttribute} onChange={(e) => set('groupsAttribute', e.currentTarget.value)} data-testid="sso-groups-attribute" />
              </>
            )}
            <TagsInput
              label={t('companySettings.sso.domains')}
              description={t('companySettings.sso.domainsHint')}
              placeholder={draft.domains.length ? '' : 'example.com'}
              value={draft.domains}
              onChange={(v) => set('domains', v.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))}
              error={errors.domains}
              splitChars={[',', ' ', ';']}
              data-testid="sso-domains"
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={3} fz="h4">
              {t('companySettings.sso.newUsers')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('companySettings.sso.newUsersHint')}
            </Text>
            <Group grow align="flex-start">
              <Select label={t('companySettings.sso.defaultRole')} data={roleOptions} value={draft.defaultRole} onChange={(v) => v && set('defaultRole', v as RoleChoice)} allowDeselect={false} data-testid="sso-default-role" />
              <MultiSelect
                label={t('companySettings.sso.defaultGroups')}
                data={groupOptions}
                value={draft.defaultVisibilityGroupIds.map(String)}
                onChange={(v) => set('defaultVisibilityGroupIds', v.map(Number))}
                error={errors.defaultVisibilityGroupIds}
                data-testid="sso-default-groups"
              />
            </Group>
            <Text fw={600} size="sm">
              {t('companySettings.sso.mappings')}
            </Text>
            {draft.groupMappings.map((m, i) => (
              <Group key={i} gap="xs" align="flex-end" wrap="nowrap" data-testid="sso-mapping">
                <TextInput label={t('companySettings.sso.providerGroup')} value={m.providerGroup} onChange={(e) => setMapping(i, { providerGroup: e.currentTarget.value })} style={{ flex: 2 }} />
                <Select label={t('companySettings.sso.mappedRole')} data={roleOptions} value={m.role} onChange={(v) => setMapping(i, { role: v as RoleChoice | null })} clearable style={{ flex: 1 }} />
                <Select label={t('companySettings.sso.mappedGroup')} data={groupOptions} value={m.visibilityGroupId === null ? null : String(m.visibilityGroupId)} onChange={(v) => setMapping(i, { visibilityGroupId: v ? Number(v) : null })} clearable style={{ flex: 1 }} />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('companySettings.sso.removeMapping')} onClick={() => set('groupMappings', draft.groupMappings.filter((_, j) => j !== i))}>
                  <TrashIcon size={16} />
                </ActionIcon>
              </Group>
            ))}
            {errors.groupMappings && (
              <Text size="sm" c="red">
                {errors.groupMappings}
              </Text>
            )}
            <Group>
              <Button variant="light" leftSection={<PlusIcon size={16} />} onClick={() => set('groupMappings', [...draft.groupMappings, { providerGroup: '', role: null, visibilityGroupId: null }])} data-testid="sso-add-mapping">
                {t('companySettings.sso.addMapping')}
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Switch label={t('companySettings.sso.requireSso')} description={t('companySettings.sso.requireSsoHint')} checked={draft.requireSso} onChange={(e) => set('requireSso', e.currentTarget.checked)} data-testid="sso-require" />
            <Select
              label={t('companySettings.sso.breakGlass')}
              description={t('companySettings.sso.breakGlassHint')}
              data={adminOptions}
              value={draft.breakGlassUserId === null ? null : String(draft.breakGlassUserId)}
              onChange={(v) => set('breakGlassUserId', v ? Number(v) : null)}
              error={errors.breakGlassUserId}
              clearable
              searchable
              data-testid="sso-break-glass"
            />
            {draft.requireSso && draft.breakGlassUserId === null && (
              <Alert color="yellow" variant="light">
                {t('companySettings.sso.noBreakGlass')}
              </Alert>
            )}
          </Stack>
        </Paper>

        <Group justify="space-between">
          <FormActions dirty={dirty} pending={save.isPending} onDiscard={() => setDraft(draftOf(saved))} testId="sso-save" />
          {saved.configured && (
            <Button
              variant="subtle"
              color="red"
              loading={turnOff.isPending}
              onClick={() => turnOff.mutate(undefined, { onSuccess: () => toastSuccess(t('companySettings.sso.turnedOff')), onError: (err) => toastError(t('companySettings.saveFailed'), err) })}
              data-testid="sso-turn-off"
            >
              {t('companySettings.sso.turnOff')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
