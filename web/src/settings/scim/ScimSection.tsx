// Settings › Provisioning (SCIM) (admins): the base URL and the bearer token an identity provider (Okta, Entra ID …)
// provisions people and visibility groups with. The token is shown once, when made; afterwards only its prefix,
// when it was made and last used. Replacing or revoking it stops the old one at once, so both ask first.
import { Alert, Button, Code, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { InfoIcon } from '../../brand/icons.tsx';
import { relativeTime, shortDate } from '../../shared/dates.ts';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { CopyField } from '../../shared/CopyField.tsx';
import { SectionHeader } from '../SectionHeader.tsx';
import { ConfirmModal } from '../users/ConfirmModal.tsx';
import { useCreateScimToken, useRevokeScimToken, useScimToken } from './api.ts';
import '../../i18n/areas/companySettings.ts';
import '../../i18n/areas/provisioning.ts';

export function ScimSection() {
  const { t, i18n } = useTranslation();
  const state = useScimToken();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const token = state.data?.token ?? null;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setSecret(made.secret);
        setConfirming(null);
      },
      onError: (err) => toastError(t('provisioning.createFailed'), err),
    });
  const remove = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setSecret(null);
        setConfirming(null);
        toastSuccess(t('provisioning.revoked'));
      },
      onError: (err) => toastError(t('provisioning.revokeFailed'), err),
    });

  return (
    <Stack gap="lg" data-testid="scim-section">
      <SectionHeader title={t('companySettings.sections.scim.name')} intro={t('provisioning.intro')}>
        <Text size="sm" c="dimmed">
          {t('provisioning.supported')}
        </Text>
      </SectionHeader>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {state.isPending ? (
          <Skeleton h={120} />
        ) : state.isError ? (
          <Alert color="red" variant="light" icon={<InfoIcon size={18} />}>
            {t('provisioning.loadFailed')}
          </Alert>
        ) : (
          <Stack gap="md" maw={720}>
            <CopyField label={t('provisioning.baseUrl')} value={state.data.baseUrl} testId="scim-base-url" />
            {secret && (
              <Alert color="teal" variant="light" title={t('provisioning.newToken')} data-testid="scim-new-token">
                <Stack gap="sm">
                  <Text size="sm">{t('provisioning.shownOnce')}</Text>
                  <CopyField label={t('provisioning.token')} value={secret} testId="scim-secret" />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => setSecret(null)} data-testid="scim-secret-done">
                      {t('provisioning.done')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {token ? (
              <Stack gap={4} data-testid="scim-token">
                <Text fw={600}>
                  {t('provisioning.token')} <Code data-testid="scim-token-prefix">{`${token.prefix}…`}</Code>
                </Text>
                <Text size="sm" c="dimmed">
                  {token.createdBy
                    ? t('provisioning.createdBy', { date: shortDate(token.createdAt, i18n.language), name: token.createdBy })
                    : t('provisioning.created', { date: shortDate(token.createdAt, i18n.language) })}
                </Text>
                <Text size="sm" c="dimmed" data-testid="scim-token-used">
                  {token.lastUsedAt ? t('provisioning.lastUsed', { when: relativeTime(token.lastUsedAt, i18n.language) }) : t('provisioning.neverUsed')}
                </Text>
                <Group gap="sm" mt="sm">
                  <Button variant="default" onClick={() => setConfirming('rotate')} data-testid="scim-rotate">
                    {t('provisioning.rotate')}
                  </Button>
                  <Button variant="subtle" color="red" onClick={() => setConfirming('revoke')} data-testid="scim-revoke">
                    {t('provisioning.revoke')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed">
                  {t('provisioning.none')}
                </Text>
                <Button onClick={make} loading={create.isPending} data-testid="scim-create">
                  {t('provisioning.create')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
      <ConfirmModal
        opened={confirming !== null}
        title={t(confirming === 'revoke' ? 'provisioning.revokeTitle' : 'provisioning.rotateTitle')}
        body={t(confirming === 'revoke' ? 'provisioning.revokeBody' : 'provisioning.rotateBody')}
        action={t(confirming === 'revoke' ? 'provisioning.revoke' : 'provisioning.rotate')}
        busy={create.isPending || revoke.isPending}
        testId="scim-confirm"
        onClose={() => setConfirming(null)}
        onConfirm={confirming === 'revoke' ? remove : make}
      />
    </Stack>
  );
}
