// What a person made, for their page (/users/{id}): the cards they authored that the viewer may see
// (through the one visibility module), and, for curators, the intel they submitted. Paged, newest first.
import { sql } from 'drizzle-orm';
import type { AuthoredCard, AuthoredPage, SubmittedIntel } from '../../contracts/people.ts';
import { rowsOf, type Exec } from '../../db/client.ts';
import { apiError } from '../errors.ts';
import { boardListedSql, cardVisibleSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';

type Page = { page: number; limit: number };

async function requireColleague(db: Exec, companyId: number, userId: number) {
  const [user] = await rowsOf(db, sql`SELECT id FROM users WHERE id = ${userId} AND company_id = ${companyId}`);
  if (!user) throw apiError('user_not_found');
}

export async function authoredCards(db: Exec, v: Viewer, userId: number, q: Page): Promise<AuthoredPage<AuthoredCard>> {
  await requireColleague(db, v.companyId, userId);
  const where = sql`c.author_id = ${userId} AND ${cardVisibleSql(v)} AND ${rivalVisibleSql(v)} AND ${boardListedSql()}`;
  const from = sql`cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id`;
  const [{ total }] = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`);
  const items = await rowsOf<AuthoredCard>(
    db,
    sql`SELECT c.id, c.name, to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt",
          json_build_object('id', b.id, 'name', b.name) AS board,
          json_build_object('id', r.id, 'name', r.name, 'profileId', p.id, 'iconUrl', r.icon_url) AS rival
        FROM ${from} WHERE ${where}
        ORDER BY c.updated_at DESC, c.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return { items, total, page: q.page, limit: q.limit };
}

/** Intel is for curators (part 1 §6 Alerts): the route refuses everyone else. */
export async function submittedIntel(db: Exec, companyId: number, userId: number, q: Page): Promise<AuthoredPage<SubmittedIntel>> {
  await requireColleague(db, companyId, userId);
  const where = sql`i.company_id = ${companyId} AND i.submitted_by_id = ${userId} AND i.state <> 'deleted'`;
  const [{ total }] = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM intel_items i WHERE ${where}`);
  const items = await rowsOf<SubmittedIntel>(
    db,
    sql`SELECT i.id, coalesce(i.curated_title, i.title) AS title, i.state,
          to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
          coalesce((SELECT json_agg(r.name ORDER BY r.name) FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id WHERE ir.intel_id = i.id), '[]') AS rivals
        FROM intel_items i WHERE ${where}
        ORDER BY i.created_at DESC, i.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return { items, total, page: q.page, limit: q.limit };
}
