// Dynamic boards (part 3 §3 Dynamic board, §4.8, §7.5): saved card searches. A board stores a search; its
// cards are never stored but searched when read, with searchCards under the reader's own visibility, so a
// collection shows nobody a card they could not find by searching. Consumers (and curators previewing as a
// group) see published boards only; curators write them. Every read and write is scoped by company.
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  UNTITLED_DYNAMIC_BOARD,
  filtersOf,
  type DynamicBoard,
  type DynamicBoardBody,
  type DynamicBoardChange,
  type DynamicBoardOrder,
  type DynamicBoardPage,
  type DynamicBoardView,
  type NamedCriterion,
} from '../../contracts/dynamicBoards.ts';
import type { CounterField, Criterion, CriterionKind, DatePreset, SearchSort } from '../../contracts/search.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { apiError } from '../errors.ts';
import { requireOwn } from '../ownership.ts';
import { searchCards } from '../search/service.ts';
import { boardListedSql, publishedOnly, rivalVisibleSql, type Viewer } from '../visibility/index.ts';

type Deps = { db: Db; engine: SearchEngine; logger?: Logger };

type Row = {
  id: number;
  name: string;
  query: string;
  filters: Criterion[];
  updatedStart: DatePreset;
  sort: SearchSort;
  isDraft: boolean;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const ORDER_BY: Record<DynamicBoardOrder, SQL> = {
  alpha: sql`lower(d.name), d.id`,
  'alpha-rev': sql`lower(d.name) DESC, d.id DESC`,
  created: sql`d.created_at, d.id`,
  'created-rev': sql`d.created_at DESC, d.id DESC`,
};

const SELECT_BOARDS = sql`SELECT d.id, d.name, d.query, d.filters, d.updated_start AS "updatedStart", d.sort, d.is_draft AS "isDraft",
    u.id AS "createdById", u.name AS "createdByName", d.created_at AS "createdAt", d.updated_at AS "updatedAt"
  FROM dynamic_boards d LEFT JOIN users u ON u.id = d.created_by_id`;

/** The boards the viewer may open: the company's, and for consumers only the published ones. */
const readableSql = (v: Viewer): SQL =>
  publishedOnly(v) ? sql`d.company_id = ${v.companyId} AND NOT d.is_draft` : sql`d.company_id = ${v.companyId}`;

/**
 * The names of the criteria's boards (with their rival's: every rival has a "Pricing" board), tags and rivals the
 * viewer may see (a consumer is not told the name of a draft rival's board); tags are for everyone in the company.
 * One round trip for any number of boards.
 */
async function criterionNames(db: Db, v: Viewer, criteria: Criterion[]): Promise<Map<string, string>> {
  const ids = (field: CriterionKind) => sql.param([...new Set(criteria.filter((c) => c.field === field).map((c) => c.value))]);
  if (!criteria.length) return new Map();
  const listed = publishedOnly(v) ? sql`AND ${boardListedSql('b')}` : sql``;
  const rows = await rowsOf<{ key: string; name: string }>(
    db,
    sql`SELECT 'board-' || b.id AS key, r.name || ' · ' || b.name AS name FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
          WHERE b.id = ANY(${ids('board')}::int[]) AND b.company_id = ${v.companyId} AND ${rivalVisibleSql(v)} ${listed}
        UNION ALL
        SELECT 'tag-' || t.id, t.name FROM tags t WHERE t.id = ANY(${ids('tag')}::int[]) AND t.company_id = ${v.companyId}
        UNION ALL
        SELECT 'rival-' || r.id, r.name FROM rivals r JOIN profiles p ON p.rival_id = r.id
          WHERE r.id = ANY(${ids('rival')}::int[]) AND ${rivalVisibleSql(v)}`,
  );
  return new Map(rows.map((r) => [r.key, r.name]));
}

async function toBoards(db: Db, v: Viewer, rows: Row[]): Promise<DynamicBoard[]> {
  const names = await criterionNames(db, v, rows.flatMap((r) => r.filters));
  const named = (c: Criterion): NamedCriterion => ({ ...c, displayName: names.get(`${c.field}-${c.value}`) ?? null });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    query: r.query,
    filters: filtersOf(r.filters),
    criteria: r.filters.map(named),
    updated_start: r.updatedStart,
    sort: r.sort,
    isDraft: r.isDraft,
    createdBy: r.createdById === null ? null : { id: r.createdById, name: r.createdByName ?? '' },
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

export async function listDynamicBoards(db: Db, v: Viewer, q: { page: number; limit: number; order: DynamicBoardOrder }): Promise<DynamicBoardPage> {
  const [rows, [{ total }]] = await Promise.all([
    rowsOf<Row>(db, sql`${SELECT_BOARDS} WHERE ${readableSql(v)} ORDER BY ${ORDER_BY[q.order]} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
    rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM dynamic_boards d WHERE ${readableSql(v)}`),
  ]);
  return { items: await toBoards(db, v, rows), total, page: q.page, limit: q.limit };
}

/** One board's row as the viewer may read it, or undefined (another company's, unknown, or a draft for a consumer). */
const readableRow = async (db: Db, v: Viewer, id: number): Promise<Row | undefined> =>
  (await rowsOf<Row>(db, sql`${SELECT_BOARDS} WHERE d.id = ${id} AND ${readableSql(v)}`))[0];

export type ResultsParams = { updated_start?: string; offset: number; size: number; countersFor?: CounterField[] };

/** The board with its live results: the saved search run as the viewer, `updated_start` overriding the saved preset. */
export async function dynamicBoardResults(deps: Deps, v: Viewer, id: number, p: ResultsParams): Promise<DynamicBoardView> {
  const row = await readableRow(deps.db, v, id);
  if (!row) throw apiError('dynamic_board_not_found');
  const [[board], results] = await Promise.all([
    toBoards(deps.db, v, [row]),
    searchCards(
      deps,
      v,
      {
        index: 'cards',
        query: row.query,
        filters: row.filters,
        updated_start: p.updated_start ?? row.updatedStart,
        sort: row.sort,
        offset: p.offset,
        size: p.size,
        countersFor: p.countersFor,
        allTags: false,
      },
      { correct: false },
    ),
  ]);
  return { ...board, results };
}

/** Saved criteria must name the company's boards, tags and rivals (400 naming `filters` otherwise). */
async function requireOwnCriteria(db: Db, companyId: number, criteria: Criterion[] | undefined) {
  const of = (field: CriterionKind) => (criteria ?? []).filter((c) => c.field === field).map((c) => c.value);
  await requireOwn(db, 'boards', companyId, of('board'), 'filters');
  await requireOwn(db, 'tags', companyId, of('tag'), 'filters');
  await requireOwn(db, 'rivals', companyId, of('rival'), 'filters');
}

export async function createDynamicBoard(db: Db, companyId: number, userId: number, body: DynamicBoardBody): Promise<{ id: number }> {
  await requireOwnCriteria(db, companyId, body.filters);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO dynamic_boards (company_id, created_by_id, name, query, filters, updated_start, sort, is_draft)
        VALUES (${companyId}, ${userId}, ${body.name ?? UNTITLED_DYNAMIC_BOARD}, ${body.query ?? ''}, ${JSON.stringify(body.filters ?? [])}::jsonb,
                ${body.updated_start ?? 'allTime'}, ${body.sort ?? 'newest'}, ${body.isDraft ?? true})
        RETURNING id`,
  );
  return row;
}

/** Applies the changes; 404 when the board is not the company's. Answers the board as its curator reads it. */
export async function updateDynamicBoard(db: Db, v: Viewer, id: number, change: DynamicBoardChange): Promise<DynamicBoard> {
  const [own] = await rowsOf(db, sql`SELECT 1 FROM dynamic_boards WHERE id = ${id} AND company_id = ${v.companyId}`);
  if (!own) throw apiError('dynamic_board_not_found');
  await requireOwnCriteria(db, v.companyId, change.filters);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
  if (change.query !== undefined) sets.push(sql`query = ${change.query}`);
  if (change.filters !== undefined) sets.push(sql`filters = ${JSON.stringify(change.filters)}::jsonb`);
  if (change.updated_start !== undefined) sets.push(sql`updated_start = ${change.updated_start}`);
  if (change.sort !== undefined) sets.push(sql`sort = ${change.sort}`);
  if (change.isDraft !== undefined) sets.push(sql`is_draft = ${change.isDraft}`);
  await db.execute(sql`UPDATE dynamic_boards SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND company_id = ${v.companyId}`);
  return (await toBoards(db, v, [(await readableRow(db, v, id))!]))[0];
}

export async function deleteDynamicBoard(db: Db, companyId: number, id: number): Promise<void> {
  const deleted = await rowsOf(db, sql`DELETE FROM dynamic_boards WHERE id = ${id} AND company_id = ${companyId} RETURNING id`);
  if (!deleted.length) throw apiError('dynamic_board_not_found');
}
