// Pure helpers of Settings › Single sign-on: the form's working copy from the saved settings, and the body it saves.
import type { RoleChoice } from '../../../../contracts/account.ts';
import type { SsoProtocol, SsoSettings, SsoSettingsBody } from '../../../../contracts/sso.ts';

export type MappingDraft = { providerGroup: string; role: RoleChoice | null; visibilityGroupId: number | null };
export type SsoDraft = {
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  /** Empty: keep the stored secret. */
  clientSecret: string;
  metadataXml: string;
  groupsAttribute: string;
  domains: string[];
  requireSso: boolean;
  breakGlassUserId: number | null;
  defaultRole: RoleChoice;
  defaultVisibilityGroupIds: number[];
  groupMappings: MappingDraft[];
};

export function draftOf(s: SsoSettings): SsoDraft {
  return {
    protocol: s.protocol ?? 'oidc',
    issuer: s.oidc?.issuer ?? '',
    clientId: s.oidc?.clientId ?? '',
    clientSecret: '',
    metadataXml: s.saml?.metadataXml ?? '',
    groupsAttribute: s.saml?.groupsAttribute ?? '',
    domains: s.domains,
    requireSso: s.requireSso,
    breakGlassUserId: s.breakGlassUserId,
    defaultRole: s.defaultRole,
    defaultVisibilityGroupIds: s.defaultVisibilityGroupIds,
    groupMappings: s.groupMappings,
  };
}

export function bodyOf(d: SsoDraft): SsoSettingsBody {
  return {
    protocol: d.protocol,
    ...(d.protocol === 'oidc'
      ? { oidc: { issuer: d.issuer.trim(), clientId: d.clientId.trim(), ...(d.clientSecret ? { clientSecret: d.clientSecret } : {}) } }
      : { saml: { metadataXml: d.metadataXml, groupsAttribute: d.groupsAttribute.trim() || null } }),
    domains: d.domains,
    requireSso: d.requireSso,
    breakGlassUserId: d.breakGlassUserId,
    defaultRole: d.defaultRole,
    defaultVisibilityGroupIds: d.defaultVisibilityGroupIds,
    groupMappings: d.groupMappings.filter((m) => m.providerGroup.trim()),
  };
}
