// The company's account (part 1 §3, §7): its JSON with the first published profile, a change to one
// companyData value by path (flags, homes, defaults, analytics), and its visibility groups.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, profiles, rivals, visibilityGroups, type CompanyData } from '../../db/schema.ts';
import type { Company } from '../../contracts/account.ts';
import type { CompanyRow } from '../auth/context.ts';
import { badRequest } from '../errors.ts';
import { setAtPath, toPath } from '../flagPath.ts';

/** What each top-level companyData key accepts. */
const COMPANY_DATA_VALUES: Record<string, (path: string[], value: unknown) => boolean> = {
  flags: (path, value) => path.length === 2 && typeof value === 'boolean',
  forceHome: (path, value) => path.length === 1 && (value === null || (typeof value === 'string' && /^\/(?!\/)\S{0,500}$/.test(value))),
  consumerHome: (path, value) => path.length === 1 && ['dashboard', 'landing', 'battlecard', 'profile'].includes(value as string),
  defaults: () => true,
  analytics: () => true,
};

export async function toCompanyJson(db: Db, c: CompanyRow): Promise<Company> {
  const [first] = await db
    .select({ id: profiles.id })
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
    firstProfileId: first?.id ?? null,
  };
}

/** Sets one companyData value by its dotted path; 400 when that key does not take that value. */
export async function setCompanyData(db: Db, company: CompanyRow, featureFlag: string | string[], value: unknown): Promise<Company> {
  const path = toPath(featureFlag);
  const accepts = COMPANY_DATA_VALUES[path[0]];
  if (!accepts || !accepts(path, value)) {
    throw badRequest(`Invalid value for featureFlag ${path.join('.')}`, { field: 'featureFlag' });
  }
  const companyData = setAtPath(company.companyData, path, value);
  const [updated] = await db.update(companies).set({ companyData }).where(eq(companies.id, company.id)).returning();
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
