// GET and PUT /api/company.json; visibility groups (part 1 §3, §7).
import { and, asc, eq } from 'drizzle-orm';
import express from 'express';
import { FeatureFlagBody, type Company } from '../../contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { companies, profiles, rivals, visibilityGroups, type CompanyData } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { requireAdmin, requireAuth, type CompanyRow } from '../auth/context.ts';
import { badRequest, notFound, parseInput } from '../errors.ts';
import { setAtPath, toPath } from '../flagPath.ts';
import { positiveId } from '../http/params.ts';

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

export function companyRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/company.json', async (req, res) => {
    res.json(await toCompanyJson(db, requireAuth(req).company));
  });

  router.put('/company.json', async (req, res) => {
    const auth = requireAdmin(req);
    const body = parseInput(FeatureFlagBody, req.body, 'body');
    const path = toPath(body.featureFlag);
    const accepts = COMPANY_DATA_VALUES[path[0]];
    if (!accepts || !accepts(path, body.value)) {
      throw badRequest(`Invalid value for featureFlag ${path.join('.')}`, { field: 'featureFlag' });
    }
    const companyData = setAtPath(auth.company.companyData, path, body.value);
    const [updated] = await db.update(companies).set({ companyData }).where(eq(companies.id, auth.companyId)).returning();
    res.json(await toCompanyJson(db, updated));
  });

  router.get('/visibility_groups.json', async (req, res) => {
    const auth = requireAuth(req);
    const groups = await db
      .select({ id: visibilityGroups.id, name: visibilityGroups.name, viewOrder: visibilityGroups.viewOrder })
      .from(visibilityGroups)
      .where(eq(visibilityGroups.companyId, auth.companyId))
      .orderBy(asc(visibilityGroups.viewOrder), asc(visibilityGroups.id));
    res.json(groups);
  });

  router.get('/visibility_groups/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const [group] = await db
      .select({ id: visibilityGroups.id, name: visibilityGroups.name, viewOrder: visibilityGroups.viewOrder })
      .from(visibilityGroups)
      .where(and(eq(visibilityGroups.id, id), eq(visibilityGroups.companyId, auth.companyId)));
    if (!group) throw notFound('Visibility group');
    res.json(group);
  });

  return router;
}
