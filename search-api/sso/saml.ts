// Sign-in over SAML 2.0 with @node-saml/node-saml, SP-initiated (an AuthnRequest by redirect) and IdP-initiated
// (an unsolicited response). node-saml checks the signature (the assertion must be signed by a certificate of the
// IdP's metadata), the issuer, the audience (our entity id), the time window and InResponseTo; this module adds what
// it leaves out: the bearer confirmation's Recipient and the response's Destination must be our ACS URL, and each
// assertion is accepted once (its id kept in saml_message_ids until it would have expired anyway).
import { SAML, generateServiceProviderMetadata, type CacheProvider, type Profile, ValidateInResponseTo } from '@node-saml/node-saml';
import { and, eq, gt, lt } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Db } from '../../db/client.ts';
import { samlMessageIds } from '../../db/schema.ts';
import { apiError } from '../errors.ts';
import { SAML_CLOCK_SKEW_MS, SAML_REQUEST_TTL_MS } from './constants.ts';
import type { SsoIdentity } from './provision.ts';
import { serviceProviderOf, type SsoSettingsRow } from './settings.ts';

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name', 'urn:oid:2.16.840.1.113730.3.1.241'];

/** The AuthnRequests we sent, kept in PostgreSQL so any app server can take the response. */
function requestCache(db: Db, companyId: number): CacheProvider {
  const row = (key: string) => and(eq(samlMessageIds.kind, 'request'), eq(samlMessageIds.companyId, companyId), eq(samlMessageIds.id, key));
  return {
    async saveAsync(key, value) {
      await db.insert(samlMessageIds).values({ kind: 'request', companyId, id: key, expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_MS) }).onConflictDoNothing();
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      const [found] = await db.select().from(samlMessageIds).where(and(row(key), gt(samlMessageIds.expiresAt, new Date())));
      // node-saml reads the value as the time the request was made.
      return found ? new Date(found.expiresAt.getTime() - SAML_REQUEST_TTL_MS).toISOString() : null;
    },
    async removeAsync(key) {
      if (key === null) return null;
      const [gone] = await db.delete(samlMessageIds).where(row(key)).returning();
      return gone ? gone.id : null;
    },
  };
}

function samlFor(db: Db, appUrl: string, settings: SsoSettingsRow) {
  const sp = serviceProviderOf(appUrl, settings.companyId);
  return new SAML({
    issuer: sp.samlEntityId,
    audience: sp.samlEntityId,
    callbackUrl: sp.samlAcsUrl,
    entryPoint: settings.samlSsoUrl!,
    idpIssuer: settings.samlEntityId!,
    idpCert: settings.samlCertificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    // SP-initiated responses must answer a request of ours, once; IdP-initiated ones carry no InResponseTo.
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: requestCache(db, settings.companyId),
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    identifierFormat: EMAIL_FORMAT,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The SP metadata an admin gives the IdP: entity id, ACS URL, signed assertions wanted. */
export function spMetadata(appUrl: string, companyId: number): string {
  const sp = serviceProviderOf(appUrl, companyId);
  return generateServiceProviderMetadata({ issuer: sp.samlEntityId, callbackUrl: sp.samlAcsUrl, identifierFormat: EMAIL_FORMAT, wantAssertionsSigned: true });
}

/** The IdP's URL carrying our AuthnRequest; RelayState brings redirectTo back. */
export function startSaml(db: Db, appUrl: string, settings: SsoSettingsRow, redirectTo: string): Promise<string> {
  return samlFor(db, appUrl, settings).getAuthorizeUrlAsync(redirectTo, undefined, {});
}

type Assertion = {
  $?: { ID?: string };
  Subject?: { SubjectConfirmation?: { $?: { Method?: string }; SubjectConfirmationData?: { $?: { Recipient?: string; NotOnOrAfter?: string } }[] }[] }[];
  Conditions?: { $?: { NotOnOrAfter?: string } }[];
};

/** Checks a posted SAMLResponse and returns who signed in; any failed check throws. */
export async function finishSaml(db: Db, appUrl: string, settings: SsoSettingsRow, samlResponse: string): Promise<SsoIdentity> {
  const acsUrl = serviceProviderOf(appUrl, settings.companyId).samlAcsUrl;
  const { profile } = await samlFor(db, appUrl, settings).validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw apiError('sso_failed');
  // The outer Response may be unsigned, but a Destination it names must still be us.
  const destination = responseDestination(samlResponse);
  if (destination !== undefined && destination !== acsUrl) throw new Error('SAML response Destination is not our ACS URL');
  // Read from the signed assertion node-saml verified, never from the raw document.
  const assertion = (profile.getAssertion?.() as { Assertion?: Assertion } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  if (!assertion || !id) throw new Error('SAML assertion without an ID');
  const bearer = (assertion.Subject?.[0]?.SubjectConfirmation ?? []).filter((c) => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer');
  const data = bearer.flatMap((c) => c.SubjectConfirmationData ?? []).find((d) => d.$?.Recipient === acsUrl);
  if (!data) throw new Error('SAML assertion has no bearer confirmation for our ACS URL');
  await useAssertionOnce(db, settings.companyId, id, [data.$?.NotOnOrAfter, assertion.Conditions?.[0]?.$?.NotOnOrAfter]);
  return identityOf(profile, settings.samlGroupsAttribute);
}

function responseDestination(samlResponse: string): string | undefined {
  const doc = parseDocument(Buffer.from(samlResponse, 'base64').toString('utf8'), { xmlMode: true });
  const root = DomUtils.findOne((e) => e.name.slice(e.name.indexOf(':') + 1) === 'Response', doc.children, false);
  return root?.attribs.Destination;
}

/** Records the assertion's id until its latest expiry; a second use is a replay. Expired ids are swept on the way. */
async function useAssertionOnce(db: Db, companyId: number, id: string, expiries: (string | undefined)[]) {
  const times = expiries.map((e) => (e ? Date.parse(e) : NaN)).filter((t) => !Number.isNaN(t));
  const expiresAt = new Date(Math.max(Date.now() + SAML_CLOCK_SKEW_MS, ...times.map((t) => t + SAML_CLOCK_SKEW_MS)));
  await db.delete(samlMessageIds).where(lt(samlMessageIds.expiresAt, new Date()));
  const fresh = await db.insert(samlMessageIds).values({ kind: 'assertion', companyId, id, expiresAt }).onConflictDoNothing().returning();
  if (!fresh.length) throw apiError('sso_replayed');
}

function identityOf(profile: Profile, groupsAttribute: string | null): SsoIdentity {
  const first = (names: string[]) => names.map((n) => profile[n]).find((v): v is string => typeof v === 'string' && v.length > 0);
  const nameId = profile.nameIDFormat === EMAIL_FORMAT || profile.nameID?.includes('@') ? profile.nameID : undefined;
  const email = first(EMAIL_ATTRIBUTES) ?? nameId;
  if (!email) throw apiError('sso_email_missing');
  const given = [profile.givenName, profile.sn ?? profile.surname].filter((v): v is string => typeof v === 'string').join(' ');
  const groups = groupsAttribute ? profile[groupsAttribute] : undefined;
  return {
    email,
    name: first(NAME_ATTRIBUTES) ?? (given || null),
    groups: (Array.isArray(groups) ? groups : [groups]).filter((g): g is string => typeof g === 'string'),
  };
}
