import { describe, expect, it } from 'vitest';
import type { SsoSettings } from '../../../../contracts/sso.ts';
import { bodyOf, draftOf } from './model.ts';

const serviceProvider = { oidcRedirectUrl: 'x', samlMetadataUrl: 'x', samlEntityId: 'x', samlAcsUrl: 'x' };
const base: SsoSettings = {
  configured: true,
  protocol: 'oidc',
  oidc: { issuer: 'https://login.example.com', clientId: 'rs', clientSecretSet: true },
  saml: null,
  domains: ['example.com'],
  requireSso: false,
  breakGlassUserId: null,
  defaultRole: 'consumer',
  defaultVisibilityGroupIds: [],
  groupMappings: [],
  serviceProvider,
  updatedAt: null,
};

describe('SSO settings form', () => {
  it('keeps the stored client secret by leaving it out', () => {
    expect(bodyOf(draftOf(base)).oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'rs' });
    expect(bodyOf({ ...draftOf(base), clientSecret: 'new' }).oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'rs', clientSecret: 'new' });
  });

  it('sends only the chosen protocol, and drops mappings without a provider group', () => {
    const body = bodyOf({ ...draftOf(base), protocol: 'saml', metadataXml: '<x/>', groupsAttribute: ' ', groupMappings: [{ providerGroup: ' ', role: 'admin', visibilityGroupId: null }] });
    expect(body).toMatchObject({ protocol: 'saml', saml: { metadataXml: '<x/>', groupsAttribute: null }, groupMappings: [] });
    expect(body).not.toHaveProperty('oidc');
  });

  it('starts an unconfigured company on OIDC', () => {
    expect(draftOf({ ...base, configured: false, protocol: null, oidc: null }).protocol).toBe('oidc');
  });
});
