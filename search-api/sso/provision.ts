// Who an identity provider's answer signs in: the company's user with that email, or a new one made just in time
// with the role and visibility groups the SSO settings give (mapped from the provider's groups when a mapping
// matches, else the defaults). A deactivated user stays out; an address of another company's account is refused.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rolesFor, type RoleChoice } from '../../contracts/account.ts';
import { digestDefaultsOf } from '../../contracts/settings.ts';
import type { Db } from '../../db/client.ts';
import { companies, userRoles, users, visibilityGroupMembers, visibilityGroups, type ssoSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/service.ts';
import { apiError } from '../errors.ts';

/** What a verified OIDC ID token or SAML assertion says about the person. */
export type SsoIdentity = { email: string; name: string | null; groups: string[] };
type Settings = typeof ssoSettings.$inferSelect;

const RANK: Record<RoleChoice, number> = { consumer: 0, curator: 1, admin: 2 };

/** The role and visibility groups of a new user: from the mappings their groups match, else the defaults. */
export function grantsFor(settings: Pick<Settings, 'defaultRole' | 'defaultVisibilityGroupIds' | 'groupMappings'>, groups: string[]) {
  const matched = settings.groupMappings.filter((m) => groups.includes(m.providerGroup));
  const roles = matched.flatMap((m) => m.role ?? []);
  const groupIds = [...new Set(matched.flatMap((m) => m.visibilityGroupId ?? []))];
  return {
    role: roles.length ? roles.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) : settings.defaultRole,
    visibilityGroupIds: groupIds.length ? groupIds : settings.defaultVisibilityGroupIds,
  };
}

/** The user to sign in, made if need be. */
export async function userForIdentity(db: Db, settings: Settings, identity: SsoIdentity) {
  const email = identity.email.trim().toLowerCase();
  if (!email) throw apiError('sso_email_missing');
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing) {
    if (existing.companyId !== settings.companyId) throw apiError('sso_email_other_company');
    if (existing.deactivatedAt) throw apiError('account_deactivated');
    return existing;
  }
  const { role, visibilityGroupIds } = grantsFor(settings, identity.groups);
  const name = identity.name?.trim() || email.split('@')[0];
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ companyData: companies.companyData }).from(companies).where(eq(companies.id, settings.companyId));
    const [user] = await tx
      .insert(users)
      .values({
        companyId: settings.companyId,
        email,
        username: email.split('@')[0].replace(/[^\w.-]/g, '') || 'user',
        name,
        firstName: name.split(/\s+/)[0],
        // No password: this account signs in through its identity provider.
        passwordHash: null,
        emailDigest: digestDefaultsOf(company.companyData).newUsersReceive,
      })
      .returning();
    const roles = rolesFor(role);
    if (roles.length) await tx.insert(userRoles).values(roles.map((r) => ({ companyId: settings.companyId, userId: user.id, role: r })));
    // Groups deleted since the settings were saved are skipped rather than failing the sign-in.
    const live = visibilityGroupIds.length
      ? await tx
          .select({ id: visibilityGroups.id })
          .from(visibilityGroups)
          .where(and(eq(visibilityGroups.companyId, settings.companyId), inArray(visibilityGroups.id, visibilityGroupIds)))
      : [];
    if (live.length) await tx.insert(visibilityGroupMembers).values(live.map((g) => ({ companyId: settings.companyId, userId: user.id, visibilityGroupId: g.id })));
    await recordAudit(tx, { companyId: settings.companyId, userId: null }, {
      action: 'user.sso_create',
      targetType: 'user',
      targetId: user.id,
      summary: `${name} (${email}) signed in through single sign-on for the first time and joined as ${role}`,
      detail: { role, visibilityGroupIds: live.map((g) => g.id), providerGroups: identity.groups },
    });
    return user;
  });
}
