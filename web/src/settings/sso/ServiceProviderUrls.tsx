// What the admin pastes into the identity provider: the OIDC redirect URL or the SAML metadata URL, entity id and
// ACS URL, each with a copy button.
import { Stack } from '@mantine/core';
import type { SsoProtocol, SsoSettings } from '../../../../contracts/sso.ts';
import { CopyField } from '../../shared/CopyField.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import '../../i18n/areas/companySettings.ts';

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
