// What the admin pastes into the identity provider: the OIDC redirect URL or the SAML metadata URL, entity id and
// ACS URL, each with a copy button.
import { Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import type { SsoProtocol, SsoSettings } from '../../../../contracts/sso.ts';
import { CheckIcon } from '../../brand/icons.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import '../../i18n/areas/companySettings.ts';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly onFocus={(e) => e.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} data-testid={testId} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} leftSection={copied ? <CheckIcon size={16} /> : null} data-testid={`${testId}-copy`}>
            {copied ? t('companySettings.sso.copied') : t('companySettings.sso.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function ServiceProviderUrls({ protocol, urls }: { protocol: SsoProtocol; urls: SsoSettings['serviceProvider'] }) {
  const { t } = useTranslation();
  if (protocol === 'oidc') return <CopyField label={t('companySettings.sso.oidcRedirectUrl')} value={urls.oidcRedirectUrl} testId="sso-oidc-redirect" />;
  return (
    <Stack gap="sm">
      <CopyField label={t('companySettings.sso.samlMetadataUrl')} value={urls.samlMetadataUrl} testId="sso-saml-metadata" />
      <CopyField label={t('companySettings.sso.samlEntityId')} value={urls.samlEntityId} testId="sso-saml-entity" />
      <CopyField label={t('companySettings.sso.samlAcsUrl')} value={urls.samlAcsUrl} testId="sso-saml-acs" />
    </Stack>
  );
}
