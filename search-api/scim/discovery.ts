// What a SCIM client reads to learn what this server does (RFC 7644 §4): the service provider's configuration, the
// two resource types and the schemas of their attributes, as far as this server keeps them.
import { SCIM_PAGE, SCIM_SCHEMAS } from '../../contracts/scim.ts';

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/settings/provisioning`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_PAGE.max },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'The company SCIM token an admin creates in Settings → Provisioning (SCIM)', primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    { name: 'User', endpoint: '/Users', schema: SCIM_SCHEMAS.user, description: 'A person of the company' },
    { name: 'Group', endpoint: '/Groups', schema: SCIM_SCHEMAS.group, description: 'A visibility group of the company' },
  ].map((t) => ({ schemas: [SCIM_SCHEMAS.resourceType], id: t.name, ...t, meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${t.name}` } }));
}

type Attr = { name: string; type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime'; multiValued?: boolean; required?: boolean; mutability?: string; uniqueness?: string; caseExact?: boolean; subAttributes?: Attr[] };

/** An attribute's definition with RFC 7643 §7's defaults filled in. */
const attribute = (a: Attr): Record<string, unknown> => ({
  name: a.name,
  type: a.type,
  multiValued: a.multiValued ?? false,
  required: a.required ?? false,
  caseExact: a.caseExact ?? false,
  mutability: a.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: a.uniqueness ?? 'none',
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

const SCHEMAS = [
  {
    id: SCIM_SCHEMAS.user,
    name: 'User',
    description: 'A person of the company',
    attributes: [
      { name: 'userName', type: 'string', required: true, uniqueness: 'server' },
      { name: 'externalId', type: 'string', caseExact: true },
      { name: 'name', type: 'complex', subAttributes: [{ name: 'formatted', type: 'string' }, { name: 'givenName', type: 'string' }, { name: 'familyName', type: 'string' }] },
      { name: 'displayName', type: 'string' },
      { name: 'emails', type: 'complex', multiValued: true, subAttributes: [{ name: 'value', type: 'string', uniqueness: 'global' }, { name: 'type', type: 'string' }, { name: 'primary', type: 'boolean' }] },
      { name: 'active', type: 'boolean' },
      { name: 'groups', type: 'complex', multiValued: true, mutability: 'readOnly', subAttributes: [{ name: 'value', type: 'string', mutability: 'readOnly' }, { name: 'display', type: 'string', mutability: 'readOnly' }] },
    ] satisfies Attr[],
  },
  {
    id: SCIM_SCHEMAS.group,
    name: 'Group',
    description: 'A visibility group of the company',
    attributes: [
      { name: 'displayName', type: 'string', required: true, uniqueness: 'server' },
      { name: 'externalId', type: 'string', caseExact: true },
      { name: 'members', type: 'complex', multiValued: true, subAttributes: [{ name: 'value', type: 'string', mutability: 'immutable' }, { name: 'display', type: 'string', mutability: 'readOnly' }] },
    ] satisfies Attr[],
  },
];

export function schemas(baseUrl: string) {
  return SCHEMAS.map((s) => ({
    schemas: [SCIM_SCHEMAS.schema],
    ...s,
    attributes: s.attributes.map(attribute),
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${s.id}` },
  }));
}
