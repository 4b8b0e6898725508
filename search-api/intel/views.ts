// Saved custom views of the alerts screen: a name and a filter set, private or shared with the company's curators.
// Anyone may read their own and the shared ones; only the owner changes or deletes a view.
import { sql } from 'drizzle-orm';
import type { AlertsUrlState, IntelView } from '../../contracts/intel.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';
import { parseQueryString } from './service.ts';

type Row = { id: number; name: string; filters: AlertsUrlState; shared: boolean; user_id: number };

const toView = (r: Row, auth: Auth): IntelView => ({
  id: r.id,
  name: r.name,
  filters: r.filters,
  shared: r.shared,
  userId: r.user_id,
  mine: r.user_id === auth.user.id,
});

/** The filters of a view: the URL state without what belongs to one visit (view, paging, layout). */
export function viewFilters(query: string): AlertsUrlState {
  const { view: _v, offset: _o, action: _a, listDensity: _l, ...filters } = parseQueryString(query, 'filters');
  return filters;
}

export async function listViews(db: Db, auth: Auth): Promise<IntelView[]> {
  const { rows } = await db.execute(sql`
    SELECT id, name, filters, shared, user_id FROM intel_views
    WHERE company_id = ${auth.companyId} AND (user_id = ${auth.user.id} OR shared)
    ORDER BY view_order, lower(name), id`);
  return (rows as Row[]).map((r) => toView(r, auth));
}

export async function createView(db: Db, auth: Auth, v: { name: string; filters: string; shared: boolean }): Promise<IntelView> {
  const filters = viewFilters(v.filters);
  const { rows } = await db.execute(sql`
    INSERT INTO intel_views (company_id, user_id, name, filters, shared)
    VALUES (${auth.companyId}, ${auth.user.id}, ${v.name}, ${JSON.stringify(filters)}::jsonb, ${v.shared})
    RETURNING id, name, filters, shared, user_id`);
  return toView(rows[0] as Row, auth);
}

async function ownView(db: Db, auth: Auth, id: number): Promise<Row> {
  const { rows } = await db.execute(sql`
    SELECT id, name, filters, shared, user_id FROM intel_views
    WHERE id = ${id} AND company_id = ${auth.companyId} AND (user_id = ${auth.user.id} OR shared)`);
  const row = rows[0] as Row | undefined;
  if (!row) throw apiError('saved_view_not_found');
  if (row.user_id !== auth.user.id) throw apiError('saved_view_owner_only');
  return row;
}

export async function updateView(db: Db, auth: Auth, id: number, v: { name: string; filters: string; shared: boolean }): Promise<IntelView> {
  await ownView(db, auth, id);
  const filters = viewFilters(v.filters);
  const { rows } = await db.execute(sql`
    UPDATE intel_views SET name = ${v.name}, filters = ${JSON.stringify(filters)}::jsonb, shared = ${v.shared}, updated_at = now()
    WHERE id = ${id} RETURNING id, name, filters, shared, user_id`);
  return toView(rows[0] as Row, auth);
}

export async function deleteView(db: Db, auth: Auth, id: number): Promise<void> {
  await ownView(db, auth, id);
  await db.execute(sql`DELETE FROM intel_views WHERE id = ${id}`);
}
