// A company's single sign-on settings (contracts/sso.ts): read, saved and removed by its admins, each change
// audited in its own transaction. The OIDC client secret is sealed (server-shared/secretBox.ts) and never returned;
// a SAML IdP's metadata is parsed once, on save, into its entity id, SSO URL and signing certificates.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { SSO_PATHS, type SsoSettings, type SsoSettingsBody } from '../../contracts/sso.ts';
import type { Db } from '../../db/client.ts';
import { ssoDomains, ssoSettings, userRoles, users, visibilityGroups } from '../../db/schema.ts';
import type { Config } from '../../server-shared/config.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth } from '../auth/context.ts';
import { apiError, fieldError } from '../errors.ts';
import { MetadataError, parseIdpMetadata } from './idpMetadata.ts';
import { discoverIssuer, type IssuerRules } from './oidc.ts';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;
type Body = z.output<typeof SsoSettingsBody>;

/** The URLs an admin pastes into the identity provider; the SAML entity id is its metadata URL. */
export function serviceProviderOf(appUrl: string, companyId: number): SsoSettings['serviceProvider'] {
  const base = appUrl.replace(/\/+$/, '');
  const metadata = `${base}${SSO_PATHS.samlMetadata}/${companyId}`;
  return { oidcRedirectUrl: base + SSO_PATHS.oidcCallback, samlMetadataUrl: metadata, samlEntityId: metadata, samlAcsUrl: `${base}${SSO_PATHS.samlAcs}/${companyId}` };
}

export async function readSsoRow(db: Db, companyId: number): Promise<SsoSettingsRow | null> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.companyId, companyId));
  return row ?? null;
}

/** The settings of the company an email's domain signs in through, or null when the domain uses passwords. */
export async function ssoRowForEmail(db: Db, email: string): Promise<SsoSettingsRow | null> {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const [row] = await db
    .select({ settings: ssoSettings })
    .from(ssoDomains)
    .innerJoin(ssoSettings, eq(ssoSettings.companyId, ssoDomains.companyId))
    .where(eq(ssoDomains.domain, domain));
  return row?.settings ?? null;
}

export async function readSsoSettings(db: Db, config: Config, companyId: number): Promise<SsoSettings> {
  const row = await readSsoRow(db, companyId);
  const domains = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.companyId, companyId)).orderBy(ssoDomains.domain);
  return {
    configured: row !== null,
    protocol: row?.protocol ?? null,
    oidc:
      row?.protocol === 'oidc' ? { issuer: row.oidcIssuer ?? '', clientId: row.oidcClientId ?? '', clientSecretSet: row.oidcClientSecret !== null } : null,
    saml:
      row?.protocol === 'saml'
        ? { metadataXml: row.samlMetadataXml ?? '', entityId: row.samlEntityId ?? '', ssoUrl: row.samlSsoUrl ?? '', certificateCount: row.samlCertificates.length, groupsAttribute: row.samlGroupsAttribute }
        : null,
    domains: domains.map((d) => d.domain),
    requireSso: row?.requireSso ?? false,
    breakGlassUserId: row?.breakGlassUserId ?? null,
    defaultRole: row?.defaultRole ?? 'consumer',
    defaultVisibilityGroupIds: row?.defaultVisibilityGroupIds ?? [],
    groupMappings: row?.groupMappings ?? [],
    serviceProvider: serviceProviderOf(config.APP_URL, companyId),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The protocol's columns to store, checked against the provider (OIDC discovery, SAML metadata). */
async function protocolColumns(config: Config, rules: IssuerRules, body: Body, stored: SsoSettingsRow | null) {
  const none = { oidcIssuer: null, oidcClientId: null, oidcClientSecret: null, samlMetadataXml: null, samlEntityId: null, samlSsoUrl: null, samlCertificates: [], samlGroupsAttribute: null };
  if (body.protocol === 'oidc') {
    const oidc = body.oidc!;
    const box = secretBoxFor(config);
    const sealed = oidc.clientSecret ? box.seal(oidc.clientSecret) : stored?.protocol === 'oidc' ? stored.oidcClientSecret : null;
    if (!sealed) throw fieldError('sso_client_secret_required', 'oidc.clientSecret');
    try {
      await discoverIssuer(rules, oidc.issuer, oidc.clientId, box.open(sealed));
    } catch (err) {
      throw fieldError('sso_issuer_unreachable', 'oidc.issuer', { reason: err instanceof Error ? err.message : String(err) });
    }
    return { ...none, oidcIssuer: oidc.issuer, oidcClientId: oidc.clientId, oidcClientSecret: sealed };
  }
  const saml = body.saml!;
  try {
    const meta = parseIdpMetadata(saml.metadataXml);
    return { ...none, samlMetadataXml: saml.metadataXml, samlEntityId: meta.entityId, samlSsoUrl: meta.ssoUrl, samlCertificates: meta.certificates, samlGroupsAttribute: saml.groupsAttribute };
  } catch (err) {
    if (err instanceof MetadataError) throw fieldError('sso_metadata_invalid', 'saml.metadataXml', { reason: err.message });
    throw err;
  }
}

/** The break-glass account and every visibility group named must be the company's own. */
async function checkReferences(db: Db, companyId: number, body: Body) {
  if (body.breakGlassUserId !== null) {
    const [admin] = await db
      .select({ id: users.id, deactivatedAt: users.deactivatedAt })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
      .where(and(eq(users.id, body.breakGlassUserId), eq(users.companyId, companyId)));
    if (!admin || admin.deactivatedAt) throw fieldError('sso_break_glass_invalid', 'breakGlassUserId');
  }
  const named = [...body.defaultVisibilityGroupIds.map((id) => ({ id, field: 'defaultVisibilityGroupIds' }))];
  body.groupMappings.forEach((m, i) => m.visibilityGroupId !== null && named.push({ id: m.visibilityGroupId, field: `groupMappings.${i}.visibilityGroupId` }));
  if (!named.length) return;
  const known = await db
    .select({ id: visibilityGroups.id })
    .from(visibilityGroups)
    .where(and(eq(visibilityGroups.companyId, companyId), inArray(visibilityGroups.id, named.map((n) => n.id))));
  const ids = new Set(known.map((g) => g.id));
  const unknown = named.find((n) => !ids.has(n.id));
  if (unknown) throw fieldError('visibility_group_unknown', unknown.field, { id: unknown.id });
}

export async function saveSsoSettings(db: Db, config: Config, rules: IssuerRules, auth: Auth, body: Body): Promise<SsoSettings> {
  const companyId = auth.companyId;
  await checkReferences(db, companyId, body);
  const [taken] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, body.domains), ne(ssoDomains.companyId, companyId)));
  if (taken) throw fieldError('sso_domain_taken', 'domains', { domain: taken.domain });
  const stored = await readSsoRow(db, companyId);
  const columns = await protocolColumns(config, rules, body, stored);
  const values = {
    ...columns,
    protocol: body.protocol,
    requireSso: body.requireSso,
    breakGlassUserId: body.breakGlassUserId,
    defaultRole: body.defaultRole,
    defaultVisibilityGroupIds: body.defaultVisibilityGroupIds,
    groupMappings: body.groupMappings,
    updatedAt: new Date(),
    updatedBy: auth.user.id,
  };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(ssoSettings).values({ companyId, ...values }).onConflictDoUpdate({ target: ssoSettings.companyId, set: values });
      await tx.delete(ssoDomains).where(eq(ssoDomains.companyId, companyId));
      await tx.insert(ssoDomains).values(body.domains.map((domain) => ({ domain, companyId })));
      await recordAudit(tx, actorOf(auth), {
        action: 'sso.update',
        targetType: 'company',
        targetId: companyId,
        summary: `${auth.user.name} ${stored ? 'changed' : 'set up'} single sign-on (${body.protocol.toUpperCase()})`,
        // What changed, never a secret.
        detail: {
          protocol: body.protocol,
          issuer: columns.oidcIssuer,
          entityId: columns.samlEntityId,
          clientSecretChanged: Boolean(body.oidc?.clientSecret),
          domains: body.domains,
          requireSso: body.requireSso,
          breakGlassUserId: body.breakGlassUserId,
          defaultRole: body.defaultRole,
          defaultVisibilityGroupIds: body.defaultVisibilityGroupIds,
          groupMappings: body.groupMappings,
        },
      });
    });
  } catch (err) {
    // Another company claimed a domain between the check and the insert.
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw fieldError('sso_domain_taken', 'domains', { domain: body.domains.join(', ') });
    throw err;
  }
  return readSsoSettings(db, config, companyId);
}

/** Back to passwords: settings and domains go, audited. */
export async function deleteSsoSettings(db: Db, auth: Auth): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(ssoSettings).where(eq(ssoSettings.companyId, auth.companyId)).returning({ protocol: ssoSettings.protocol });
    await tx.delete(ssoDomains).where(eq(ssoDomains.companyId, auth.companyId));
    if (!gone.length) return;
    await recordAudit(tx, actorOf(auth), {
      action: 'sso.delete',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} turned single sign-on off`,
      detail: { protocol: gone[0].protocol },
    });
  });
}

/**
 * Whether a password sign-in must be refused because the company requires SSO. Told by the email's domain for
 * anyone (so a wrong password and an unknown address answer alike), and by the account's company once the password
 * proved right (`user`); the break-glass admin alone passes.
 */
export async function refuseWhenSsoRequired(db: Db, email: string, user: { id: number; companyId: number } | null): Promise<void> {
  const settings = user ? await readSsoRow(db, user.companyId) : await ssoRowForEmail(db, email);
  if (!settings?.requireSso) return;
  const who = user ? user.id : await breakGlassIdOf(db, settings, email);
  if (settings.breakGlassUserId === null || who !== settings.breakGlassUserId) throw apiError('sso_required');
}

/** The break-glass user's id when `email` is theirs, so a mistyped password reads as one. */
async function breakGlassIdOf(db: Db, settings: SsoSettingsRow, email: string): Promise<number | null> {
  if (settings.breakGlassUserId === null) return null;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, settings.breakGlassUserId));
  return u && u.email.toLowerCase() === email.trim().toLowerCase() ? settings.breakGlassUserId : null;
}
