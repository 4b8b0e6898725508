// The dashboard tools in PostgreSQL (part 3 §2.4 Dashboard, §3, §7.5): a user's favorite rivals kept
// in userData.favoritedCompanies, the company's dashboard defaults in companyData.defaults.dashboard,
// and company suggestions from the provider dataset. Every query is scoped by the viewer's company, and
// rivals follow the dashboard's visibility rule (search-api/visibility).
import { sql } from 'drizzle-orm';
import {
  ALL_COMPANIES,
  ALL_GROUPS,
  DISCOVER_LIMIT,
  FAVORITES_KEY,
  type DashboardDefaults,
  type DiscoverCompany,
  type FavoritedCompany,
} from '../../contracts/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { rivalGroupExists } from '../rivals/service.ts';
import { apiError } from '../errors.ts';
import { containsPattern } from '../http/params.ts';
import { rivalVisibleSql, type Viewer } from '../visibility/index.ts';

/** The host of a website, without www. */
export const domainOf = (url: ReturnType<typeof sql>) => sql`substring(${url} from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:www\\.)?([^/:?#]+)')`;

/** The rival ids a userData value holds; anything else written there (it is a free user setting) is ignored. */
export function favoriteIds(userData: Record<string, unknown>): number[] {
  const list = userData[FAVORITES_KEY];
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((id): id is number => Number.isInteger(id) && id > 0))];
}

/** The favorites the viewer can still see, in the order they were starred. */
export async function listFavorites(db: Db, v: Viewer, userId: number): Promise<FavoritedCompany[]> {
  const { rows } = await db.execute(sql`
    SELECT r.id, r.name, ${domainOf(sql`r.url`)} AS domain, r.icon_url AS "iconUrl", p.id AS "profileId"
    FROM users u
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(u.user_data->${FAVORITES_KEY}) = 'array'
                                                 THEN u.user_data->${FAVORITES_KEY} ELSE '[]' END) WITH ORDINALITY AS f(value, ord)
    JOIN rivals r ON jsonb_typeof(f.value) = 'number' AND r.id = (f.value)::numeric
    JOIN profiles p ON p.rival_id = r.id
    WHERE u.id = ${userId} AND u.company_id = ${v.companyId} AND ${rivalVisibleSql(v)}
    ORDER BY f.ord`);
  const seen = new Set<number>();
  return (rows as FavoritedCompany[]).filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/**
 * Stars or unstars a rival the viewer can see (404 otherwise, so another company's rival is not even
 * confirmed to exist). Read and written under a row lock so two quick clicks do not lose one another.
 */
export async function setFavorite(db: Db, v: Viewer, userId: number, rivalId: number, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const visible = await tx.execute(sql`SELECT 1 FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.id = ${rivalId} AND ${rivalVisibleSql(v)}`);
    const { rows } = await tx.execute(sql`SELECT user_data AS "userData" FROM users WHERE id = ${userId} AND company_id = ${v.companyId} FOR UPDATE`);
    const user = rows[0] as { userData: Record<string, unknown> } | undefined;
    if (!user) throw apiError('user_not_found');
    const current = favoriteIds(user.userData);
    // A favorite that has since become hidden (say, its rival turned draft) can still be removed.
    if (!visible.rows.length && (on || !current.includes(rivalId))) throw apiError('rival_not_found');
    // A new favorite goes last; starring one again keeps its place.
    const ids = on ? (current.includes(rivalId) ? current : [...current, rivalId]) : current.filter((id) => id !== rivalId);
    await tx.execute(sql`UPDATE users SET user_data = jsonb_set(user_data, ${`{${FAVORITES_KEY}}`}::text[], ${JSON.stringify(ids)}::jsonb)
      WHERE id = ${userId} AND company_id = ${v.companyId}`);
  });
}

/** Saves what consumers land on: the group filter (all groups, all companies or one of the company's groups) and the sort. */
export async function saveDashboardDefaults(
  db: Db,
  companyId: number,
  curatorId: number,
  body: Pick<DashboardDefaults, 'sortBy' | 'activeGroupId'>,
): Promise<DashboardDefaults> {
  if (body.activeGroupId !== ALL_GROUPS && body.activeGroupId !== ALL_COMPANIES && !(await rivalGroupExists(db, companyId, body.activeGroupId))) {
    throw apiError('active_group_unknown', undefined, { field: 'activeGroupId' });
  }
  const defaults: DashboardDefaults = { ...body, curatorId, updatedAt: new Date().toISOString() };
  await db.execute(sql`UPDATE companies
    SET company_data = jsonb_set(company_data, '{defaults}', coalesce(company_data->'defaults', '{}'::jsonb) || jsonb_build_object('dashboard', ${JSON.stringify(defaults)}::jsonb))
    WHERE id = ${companyId}`);
  return defaults;
}

/**
 * Company suggestions from the provider dataset (its company data): names starting with the text
 * first, then names or domains containing it; one per domain (a company and a product board may share
 * one); only companies behind rivals the viewer can see.
 */
export async function discoverCompanies(db: Db, v: Viewer, name: string): Promise<DiscoverCompany[]> {
  const like = containsPattern(name);
  const prefix = like.slice(1); // the same pattern, anchored at the start
  const { rows } = await db.execute(sql`
    SELECT name, domain, logo FROM (
      SELECT DISTINCT ON (lower(d.data->>'domain')) d.data->>'name' AS name, d.data->>'domain' AS domain, r.icon_url AS logo, r.id
      FROM provider_data d JOIN rivals r ON r.id = d.rival_id JOIN profiles p ON p.rival_id = r.id
      WHERE d.company_id = ${v.companyId} AND d.provider = 'companyData' AND ${rivalVisibleSql(v)}
        AND d.data->>'name' IS NOT NULL AND d.data->>'domain' IS NOT NULL
        AND (d.data->>'name' ILIKE ${like} OR d.data->>'domain' ILIKE ${like})
      ORDER BY lower(d.data->>'domain'), r.id) s
    ORDER BY (name ILIKE ${prefix}) DESC, lower(name), id
    LIMIT ${DISCOVER_LIMIT}`);
  return rows as DiscoverCompany[];
}
