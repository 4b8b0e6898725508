// What is new on each board for its reader: unread news per profile since the reader last opened its news
// (userData.boardNewsVisits, part 1 §6 unread state), and when a board last changed (part 1 §4 board update
// polling: an open board refetches when this is newer than what it shows).
import { sql } from 'drizzle-orm';
import { lastNewsVisit, unreadSince, type BoardUpdated, type UnreadCounts } from '../../contracts/news.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Aggregation, Query, SearchEngine } from '../../engine/port.ts';
import { apiError } from '../errors.ts';
import { battlecardVisibleSql, boardListedSql, cardVisibleSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';
import { profileCardsScope, rivalIntelScope } from './profileNews.ts';

type Deps = { db: Db; engine: SearchEngine };

const filtered = (filter: Query[], mustNot: Query[]): Aggregation => ({ filter: { bool: { filter, must_not: mustNot } } });
const countOf = (aggs: Record<string, unknown> | undefined, key: string) => (aggs?.[key] as { doc_count: number } | undefined)?.doc_count ?? 0;

/** Unread news of every profile the viewer may see: two engine requests, one filter aggregation per profile. */
export async function unreadCounts(deps: Deps, v: Viewer, userData: Record<string, unknown>, now = new Date()): Promise<UnreadCounts> {
  const profiles = await rowsOf<{ profileId: number; rivalId: number }>(
    deps.db,
    sql`SELECT p.id AS "profileId", r.id AS "rivalId" FROM rivals r JOIN profiles p ON p.rival_id = r.id
        WHERE ${rivalVisibleSql(v)} AND NOT r.is_template ORDER BY p.id`,
  );
  if (!profiles.length) return { counts: {} };
  const intelAggs: Record<string, Aggregation> = {};
  const cardAggs: Record<string, Aggregation> = {};
  for (const p of profiles) {
    const since = new Date(unreadSince(lastNewsVisit(userData, p.profileId), now)).toISOString();
    const intel = rivalIntelScope(v.companyId, p.rivalId);
    intelAggs[p.profileId] = filtered([...intel.filter, { range: { publishedAt: { gt: since } } }], intel.mustNot);
    const cards = profileCardsScope(v, p.profileId);
    cardAggs[p.profileId] = filtered([...cards.filter, { range: { updatedAt: { gt: since } } }], cards.mustNot);
  }
  const [intel, cards] = await Promise.all([
    deps.engine.search('intel', { query: { term: { company_id: v.companyId } }, size: 0, aggs: intelAggs }),
    deps.engine.search('cards', { query: { term: { company_id: v.companyId } }, size: 0, aggs: cardAggs }),
  ]);
  const counts: Record<string, number> = {};
  for (const p of profiles) {
    const n = countOf(intel.aggregations, String(p.profileId)) + countOf(cards.aggregations, String(p.profileId));
    if (n > 0) counts[p.profileId] = n;
  }
  return { counts };
}

/** The last change the viewer can see on a profile's board: its lanes, their cards, its battlecards. */
export async function boardUpdatedAt(db: Db, v: Viewer, profileId: number): Promise<BoardUpdated> {
  const [row] = await rowsOf<{ updatedAt: Date | null }>(
    db,
    sql`SELECT greatest(
          (SELECT max(b.updated_at) FROM boards b WHERE b.profile_id = p.id AND ${boardListedSql()}),
          (SELECT max(c.updated_at) FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = p.id AND ${boardListedSql()} AND ${cardVisibleSql(v)}),
          (SELECT max(bc.updated_at) FROM battlecards bc WHERE bc.profile_id = p.id AND ${battlecardVisibleSql(v)})
        ) AS "updatedAt"
        FROM profiles p JOIN rivals r ON r.id = p.rival_id WHERE p.id = ${profileId} AND ${rivalVisibleSql(v)}`,
  );
  if (!row) throw apiError('profile_not_found');
  return { profileId, updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null };
}
