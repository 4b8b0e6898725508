// The company's account (part 1 §3, §7): its JSON with the first published profile, a change to one
// companyData value by path (flags, homes, defaults, analytics), the company profile, Ask's permitted
// groups and digest defaults, and its visibility groups. Every change an admin makes is in the audit log.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, profiles, rivals, visibilityGroups, type CompanyData } from '../../db/schema.ts';
import type { Company } from '../../contracts/account.ts';
import { flagChangeSummary, flagValue, isFeatureFlag, isSwitchableFlag, spokenName, type CompanyProfileBody, type DigestDefaults } from '../../contracts/settings.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth, CompanyRow } from '../auth/context.ts';
import { apiError, fieldError, HttpError } from '../errors.ts';
import { setAtPath, toPath } from '../flagPath.ts';

/** What each top-level companyData key accepts. */
const COMPANY_DATA_VALUES: Record<string, (path: string[], value: unknown) => boolean> = {
  flags: (path, value) => path.length === 2 && isSwitchableFlag(path[1]) && typeof value === 'boolean',
  forceHome: (path, value) => path.length === 1 && (value === null || (typeof value === 'string' && /^\/(?!\/)\S{0,500}$/.test(value))),
  consumerHome: (path, value) => path.length === 1 && ['dashboard', 'landing', 'battlecard', 'profile'].includes(value as string),
  defaults: () => true,
  analytics: () => true,
};

export async function toCompanyJson(db: Db, c: CompanyRow): Promise<Company> {
  const [first] = await db
    .select({ id: profiles.id, rivalId: profiles.rivalId })
    .from(profiles)
    .innerJoin(rivals, eq(rivals.id, profiles.rivalId))
    .where(and(eq(profiles.companyId, c.id), eq(rivals.isDraft, false), eq(rivals.isTemplate, false)))
    .orderBy(asc(rivals.viewOrder), asc(rivals.id))
    .limit(1);
  const data: CompanyData = c.companyData;
  return {
    id: c.id,
    name: c.name,
    url: c.url,
    iconUrl: c.iconUrl,
    createdAt: c.createdAt.toISOString(),
    reviewFrequency: c.reviewFrequency,
    reviewRole: c.reviewRole,
    ownOrganizationId: c.ownOrganizationId,
    domain: c.domain,
    emailDomains: c.emailDomains,
    companyData: { ...data, flags: data.flags ?? {} },
    usageReports: c.usageReports as Record<string, boolean>,
    askPermittedVisibilityGroups: c.askPermittedVisibilityGroups,
    requireTwoFactor: c.requireTwoFactor,
    firstProfileId: first?.id ?? null,
    firstRivalId: first?.rivalId ?? null,
  };
}

function invalidFlag(path: string[]): HttpError {
  const field = { field: 'featureFlag' };
  if (path[0] === 'flags' && path.length === 2 && !isFeatureFlag(path[1])) return apiError('feature_flag_unknown', { flag: path[1] }, field);
  if (path[0] === 'flags' && path.length === 2 && !isSwitchableFlag(path[1])) return apiError('feature_flag_unavailable', { flag: path[1] }, field);
  return apiError('feature_flag_value', { path: path.join('.') }, field);
}

/** Sets one companyData value by its dotted path; 400 when that key does not take that value. */
export async function setCompanyData(db: Db, auth: Auth, featureFlag: string | string[], value: unknown): Promise<Company> {
  const path = toPath(featureFlag);
  const accepts = COMPANY_DATA_VALUES[path[0]];
  if (!accepts || !accepts(path, value)) {
    throw invalidFlag(path);
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(companies).where(eq(companies.id, auth.companyId)).for('update');
    const companyData = setAtPath(row.companyData, path, value);
    const [next] = await tx.update(companies).set({ companyData }).where(eq(companies.id, row.id)).returning();
    if (path[0] === 'flags' && isFeatureFlag(path[1])) {
      const before = flagValue(row.companyData.flags, path[1]);
      if (before !== value) {
        await recordAudit(tx, actorOf(auth), {
          action: 'flag.set',
          targetType: 'flag',
          summary: flagChangeSummary(path[1], value as boolean),
          detail: { flag: path[1], before, after: value },
        });
      }
    } else {
      await recordAudit(tx, actorOf(auth), {
        action: 'company.data',
        targetType: 'company',
        targetId: row.id,
        summary: `Changed the company setting ${path.join('.')}`,
        detail: { path: path.join('.'), after: value as never },
      });
    }
    return next;
  });
  return toCompanyJson(db, updated);
}

/** The company's name, site, icon and email domains (invitations outside these domains are refused). */
export async function updateCompanyProfile(db: Db, auth: Auth, body: CompanyProfileBody): Promise<Company> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, auth.companyId)).for('update');
    const [row] = await tx.update(companies).set(body).where(eq(companies.id, auth.companyId)).returning();
    const changed = (Object.keys(body) as (keyof CompanyProfileBody)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(row[k]));
    if (changed.length) {
      await recordAudit(tx, actorOf(auth), {
        action: 'company.profile',
        targetType: 'company',
        targetId: row.id,
        summary: `Changed the company's ${changed.map((k) => spokenName(k)).join(', ')}`,
        detail: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: row[k] }])),
      });
    }
    return row;
  });
  return toCompanyJson(db, updated);
}

/** The visibility groups whose people may use Ask; every id must be one of the company's groups. */
export async function setAskGroups(db: Db, auth: Auth, groupIds: number[]): Promise<Company> {
  const known = new Set((await listVisibilityGroups(db, auth.companyId)).map((g) => g.id));
  const unknown = groupIds.find((g) => !known.has(g));
  if (unknown !== undefined) throw fieldError('visibility_group_unknown', 'visibilityGroupIds', { id: unknown });
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(companies).set({ askPermittedVisibilityGroups: groupIds }).where(eq(companies.id, auth.companyId)).returning();
    await recordAudit(tx, actorOf(auth), {
      action: 'company.askGroups',
      targetType: 'company',
      targetId: row.id,
      summary: groupIds.length ? `Let ${groupIds.length} visibility group${groupIds.length === 1 ? '' : 's'} use Ask` : 'Let every visibility group use Ask',
      detail: { visibilityGroupIds: groupIds },
    });
    return row;
  });
  return toCompanyJson(db, updated);
}

/** companyData.defaults.digest, set whole. */
export async function setDigestDefaults(db: Db, auth: Auth, defaults: DigestDefaults): Promise<Company> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(companies).where(eq(companies.id, auth.companyId)).for('update');
    const companyData = setAtPath(row.companyData, ['defaults', 'digest'], defaults);
    const [next] = await tx.update(companies).set({ companyData }).where(eq(companies.id, row.id)).returning();
    await recordAudit(tx, actorOf(auth), { action: 'company.digestDefaults', targetType: 'company', targetId: row.id, summary: 'Changed the digest defaults', detail: defaults });
    return next;
  });
  return toCompanyJson(db, updated);
}

const groupColumns = { id: visibilityGroups.id, name: visibilityGroups.name, viewOrder: visibilityGroups.viewOrder };

/** The company's visibility groups in their order; `only` narrows them to some ids. */
export function listVisibilityGroups(db: Db, companyId: number, only?: number[]) {
  const mine = eq(visibilityGroups.companyId, companyId);
  return db
    .select(groupColumns)
    .from(visibilityGroups)
    .where(only ? and(mine, inArray(visibilityGroups.id, only)) : mine)
    .orderBy(asc(visibilityGroups.viewOrder), asc(visibilityGroups.id));
}

export async function readVisibilityGroup(db: Db, companyId: number, id: number) {
  const [group] = await db.select(groupColumns).from(visibilityGroups).where(and(eq(visibilityGroups.id, id), eq(visibilityGroups.companyId, companyId)));
  return group ?? null;
}
