// The intel feed read side: a list request resolved from view defaults, saved views and explicit parameters,
// served by the search engine and scoped by company; counts, batch totals, topics and one item.
import { sql } from 'drizzle-orm';
import {
  INTEL_PAGE_SIZE,
  INTEL_PRIORITIES,
  INTEL_STATES,
  IntelListQuery,
  RECOMMENDATION_HALF_LIFE_DAYS,
  RECOMMENDATION_PRIORITY_BOOST,
  RECOMMENDATION_WINDOW,
  customViewId,
  viewDefaults,
  type AlertsUrlState,
  type IntelAggregations,
  type IntelBucket,
  type IntelDetail,
  type IntelHit,
  type IntelListResponse,
  type IntelTopicsResponse,
} from '../../contracts/intel.ts';
import type { Db } from '../../db/client.ts';
import type { Aggregate, Bucket, Hit, SearchEngine, SearchRequest } from '../../engine/port.ts';
import { buildIntelDocs, type IntelDoc } from '../../documents/intel.ts';
import type { Auth } from '../auth/context.ts';
import { apiError, fieldError, parseInput } from '../errors.ts';
import { fieldHtml, snippetHtml } from '../search/highlight.ts';
import { INTEL_SEARCH_FIELDS } from '../search/request.ts';
import { weighSynonyms } from '../search/synonymWeights.ts';
import { splitScore } from '../search/text.ts';
import { queryConcepts } from '../search/synonyms.ts';
import {
  HIT_SOURCE,
  INTEL_HIGHLIGHT,
  NUMERIC_LISTS,
  buildIntelList,
  intelAggregations,
  intelQuery,
  rankingOf,
  type IntelQueryContext,
} from './query.ts';
import { DAY_MS } from '../../contracts/time.ts';

export type IntelDeps = { db: Db; engine: SearchEngine };

// ---- the request state

/** Parses a query string of GET /intel/v1 (also the searches of batch and the query of a bulk update). */
export function parseListQuery(value: unknown, where: string): AlertsUrlState {
  const state = parseInput(IntelListQuery, value, where);
  checkListValues(state, where);
  return state;
}

export function parseQueryString(qs: string, where: string): AlertsUrlState {
  return parseListQuery(Object.fromEntries(new URLSearchParams(qs.replace(/^\?/, ''))), where);
}

/** Values the lenient URL parser keeps but the API refuses: unknown states or priorities, ids that are not ids. */
function checkListValues(s: AlertsUrlState, where: string) {
  const bad = (param: string, value: unknown, code: 'intel_state_unknown' | 'intel_priority_unknown' | 'intel_ids_expected') => {
    const field = where === 'query' ? param : `${where}.${param}`;
    throw fieldError(code, field, { where, field, value: String(value) });
  };
  for (const v of s.states ?? []) if (!(INTEL_STATES as readonly unknown[]).includes(v.value)) bad('states', v.value, 'intel_state_unknown');
  for (const v of s.priorities ?? []) {
    if (v.value !== null && !(INTEL_PRIORITIES as readonly unknown[]).includes(v.value)) bad('priorities', v.value, 'intel_priority_unknown');
  }
  for (const p of NUMERIC_LISTS) {
    for (const v of s[p] ?? []) {
      if (v.value !== null && !(typeof v.value === 'number' && Number.isInteger(v.value) && v.value > 0)) bad(p, v.value, 'intel_ids_expected');
    }
  }
}

/** View defaults (a preset, or a saved view of the company), then the explicit parameters over them. */
export async function resolveState(db: Db, auth: Auth, explicit: AlertsUrlState): Promise<AlertsUrlState> {
  const customId = customViewId(explicit.view);
  let defaults: AlertsUrlState;
  if (customId !== null) {
    const { rows } = await db.execute(sql`
      SELECT filters FROM intel_views WHERE id = ${customId} AND company_id = ${auth.companyId}
        AND (user_id = ${auth.user.id} OR shared)`);
    if (!rows[0]) throw apiError('saved_view_not_found');
    defaults = (rows[0] as { filters: AlertsUrlState }).filters;
  } else defaults = viewDefaults(explicit.view, { curatingRivalIds: auth.user.curatingRivalIds });
  return { ...defaults, ...explicit };
}

/** Whose feed a query reads: the company, and the user for actionedByMe. */
export type IntelScope = { companyId: number; userId: number };
const scopeOf = (auth: Auth): IntelScope => ({ companyId: auth.companyId, userId: auth.user.id });

async function queryContext(db: Db, scope: IntelScope, s: AlertsUrlState): Promise<IntelQueryContext> {
  const groupRivals = new Map<number, number[]>();
  if (s.boardGroups?.length) {
    const { rows } = await db.execute(sql`
      SELECT rival_group_id AS "groupId", array_agg(rival_id ORDER BY rival_id) AS "rivalIds" FROM rival_group_members
      WHERE company_id = ${scope.companyId} GROUP BY rival_group_id`);
    for (const r of rows as { groupId: number; rivalIds: number[] }[]) groupRivals.set(r.groupId, r.rivalIds);
  }
  return { ...scope, groupRivals, concepts: s.q ? await queryConcepts(db, scope.companyId, s.q) : [] };
}

// ---- the list

export async function listIntel(deps: IntelDeps, auth: Auth, s: AlertsUrlState): Promise<IntelListResponse> {
  const ctx = await queryContext(deps.db, scopeOf(auth), s);
  // Ranked by score, q's synonyms are weighed against its words (synonymWeights.ts); counts and id pages need not.
  if (rankingOf(s) === 'score') ctx.concepts = await weighSynonyms(deps.engine, 'intel', ctx.companyId, ctx.concepts, INTEL_SEARCH_FIELDS);
  const offset = s.offset ?? 0;
  const size = s.size ?? INTEL_PAGE_SIZE;
  let hits: Hit<IntelDoc>[];
  let total: number;
  let aggs: Record<string, Aggregate> | undefined;
  if (s.sort === 'recommendation') ({ hits, total, aggs } = await recommended(deps.engine, s, ctx, offset, size));
  else {
    const res = await deps.engine.search<IntelDoc>('intel', buildIntelList(s, ctx));
    ({ hits, aggregations: aggs } = res);
    total = res.total.value;
  }
  return {
    hits: hits.map((h) => toHit(h.source, h.highlight)),
    pagination: { offset, size, total },
    aggregations: await namedAggregations(deps.db, auth.companyId, s, aggs),
  };
}

/**
 * Recommendation: the engine cannot weigh priority, rank and age together, so it returns the first
 * RECOMMENDATION_WINDOW candidates (by relevance with q, newest without) and they are rescored here
 * (contracts/intel.ts); the page is then read with highlights.
 */
async function recommended(engine: SearchEngine, s: AlertsUrlState, ctx: IntelQueryContext, offset: number, size: number) {
  const query = intelQuery(s, ctx);
  const aggs = intelAggregations(s);
  const window = await engine.search<Pick<IntelDoc, 'intelId' | 'priority' | 'rank' | 'createdAt'>>('intel', {
    query,
    sort: s.q ? ['_score', { createdAt: 'desc' }, { intelId: 'desc' }] : [{ createdAt: 'desc' }, { intelId: 'desc' }],
    size: RECOMMENDATION_WINDOW,
    track_total_hits: true,
    ...(aggs ? { aggs } : {}),
    _source: ['intelId', 'priority', 'rank', 'createdAt'],
  });
  const now = Date.now();
  // Tiers first (items matching more of q's concepts), fewer typos next, then the recommendation.
  const scored = window.hits.map((h) => {
    const { tier, exactness, relevance } = s.q ? splitScore(h.score ?? 0) : { tier: 0, exactness: 0, relevance: 1 };
    return { id: h.source.intelId, createdAt: h.source.createdAt, tier, exactness, score: recommendationScore(relevance, h.source, now) };
  });
  scored.sort((a, b) => b.tier - a.tier || b.exactness - a.exactness || b.score - a.score || b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const pageIds = scored.slice(offset, offset + size).map((x) => x.id);
  let hits: Hit<IntelDoc>[] = [];
  if (pageIds.length) {
    const page = await engine.search<IntelDoc>('intel', {
      query: intelQuery(s, ctx, [{ terms: { intelId: pageIds } }]),
      size: pageIds.length,
      ...(s.q ? { highlight: INTEL_HIGHLIGHT } : {}),
      _source: HIT_SOURCE,
    });
    const byId = new Map(page.hits.map((h) => [h.source.intelId, h]));
    hits = pageIds.map((id) => byId.get(id)).filter((h): h is Hit<IntelDoc> => h !== undefined);
  }
  return { hits, total: window.total.value, aggs: window.aggregations };
}

export function recommendationScore(relevance: number, d: Pick<IntelDoc, 'priority' | 'rank' | 'createdAt'>, now: number): number {
  const boost = d.priority ? RECOMMENDATION_PRIORITY_BOOST[d.priority] : 1;
  const ageDays = Math.max(0, (now - Date.parse(d.createdAt)) / DAY_MS);
  return relevance * boost * (1 + (d.rank ?? 0) / 100) * 0.5 ** (ageDays / RECOMMENDATION_HALF_LIFE_DAYS);
}

function toHit(d: IntelDoc, highlight?: Record<string, string[]>): IntelHit {
  const shown = d.curatedTitle || d.title;
  const snippet = highlight?.summary?.[0] ?? highlight?.body?.[0];
  return {
    id: d.intelId,
    state: d.state,
    priority: d.priority,
    channel: d.channel,
    contentType: d.contentType,
    topics: d.topics,
    source: d.source,
    title: d.title,
    curatedTitle: d.curatedTitle,
    titleHtml: fieldHtml(highlight, d.curatedTitle ? 'curatedTitle' : 'title', shown),
    snippetHtml: snippet ? snippetHtml(snippet) : null,
    summary: d.summary,
    permalink: d.permalink,
    fromAddress: d.fromAddress,
    rank: d.rank,
    rivals: d.rivals,
    relatedToId: d.relatedToId,
    relatedAlerts: d.relatedAlertIds,
    postId: d.postId,
    digests: d.digests,
    publishedAt: d.publishedAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    actionedBy: d.actionedBy !== null ? { id: d.actionedBy, name: d.actionedByName ?? '' } : null,
    actionedAt: d.actionedAt,
    submittedBy: d.submittedBy !== null ? { id: d.submittedBy, name: d.submittedByName ?? '' } : null,
  };
}

/** Terms buckets with names (rival names from PostgreSQL, within the company), and the timeline. */
async function namedAggregations(db: Db, companyId: number, s: AlertsUrlState, aggs: Record<string, Aggregate> | undefined) {
  const out: IntelAggregations = {};
  if (!aggs) return out;
  const bucketsOf = (a: unknown) => ((a as { buckets?: Bucket[] } | undefined)?.buckets ?? []) as Bucket[];
  const rivalIds = new Set<number>();
  for (const b of bucketsOf(aggs.rivals)) rivalIds.add(Number(b.key));
  if (s.sliceBy === 'rivals') for (const b of bucketsOf(aggs.timeline)) for (const x of bucketsOf(b.slices)) rivalIds.add(Number(x.key));
  const names = new Map<number, string>();
  if (rivalIds.size) {
    const { rows } = await db.execute(
      sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} AND id = ANY(${sql.param([...rivalIds])}::int[])`,
    );
    for (const r of rows as { id: number; name: string }[]) names.set(r.id, r.name);
  }
  const named = (buckets: Bucket[], rivals: boolean): IntelBucket[] =>
    buckets
      .filter((b) => !rivals || names.has(Number(b.key)))
      .map((b) => ({ key: b.key, name: rivals ? names.get(Number(b.key))! : String(b.key), count: b.doc_count }));
  for (const [name, agg] of Object.entries(aggs)) {
    if (name === 'timeline') {
      out.timeline = {
        interval: s.interval ?? 'day',
        sliceBy: s.sliceBy ?? null,
        buckets: bucketsOf(agg).map((b) => ({
          date: b.key_as_string ?? new Date(Number(b.key)).toISOString(),
          count: b.doc_count,
          slices: named(bucketsOf(b.slices), s.sliceBy === 'rivals'),
        })),
      };
    } else out[name as Exclude<keyof IntelAggregations, 'timeline'>] = named(bucketsOf(agg), name === 'rivals');
  }
  return out;
}

// ---- counts, topics, one item

/** How many items a state matches (size 0, no aggregations). */
export async function countIntel(deps: IntelDeps, auth: Auth, s: AlertsUrlState): Promise<number> {
  const ctx = await queryContext(deps.db, scopeOf(auth), s);
  const res = await deps.engine.search('intel', { query: intelQuery(s, ctx), size: 0, track_total_hits: true });
  return res.total.value;
}

export async function intelTopics(deps: IntelDeps, auth: Auth): Promise<IntelTopicsResponse> {
  const ctx = await queryContext(deps.db, scopeOf(auth), {});
  const res = await deps.engine.search('intel', {
    query: intelQuery({ relatedAlerts: false }, ctx),
    size: 0,
    aggs: { topics: { terms: { field: 'topics', size: 1000 } } },
  });
  const buckets = ((res.aggregations?.topics as { buckets: Bucket[] } | undefined)?.buckets ?? []) as Bucket[];
  return { topics: buckets.map((b) => ({ name: String(b.key), count: b.doc_count })) };
}

/**
 * Items read from PostgreSQL through the indexer's own document builder, so a response right after a write
 * is current (the engine catches up a moment later) and the shape is the one the engine serves.
 */
export async function readItems(db: Db, companyId: number, ids: number[]): Promise<(IntelHit & { body: string })[]> {
  if (!ids.length) return [];
  const docs = await buildIntelDocs(db, { ids });
  const byId = new Map(docs.map((d) => [d.id, d.doc]));
  return ids
    .map((id) => byId.get(id))
    .filter((d): d is IntelDoc => d !== undefined && d.company_id === companyId)
    .map((d) => ({ ...toHit(d), body: d.body }));
}

export async function readItem(db: Db, companyId: number, id: number): Promise<IntelHit> {
  const [item] = await readItems(db, companyId, [id]);
  if (!item) throw apiError('intel_item_not_found');
  const { body: _body, ...hit } = item;
  return hit;
}

export async function readDetail(db: Db, companyId: number, id: number): Promise<IntelDetail> {
  const [item] = await readItems(db, companyId, [id]);
  if (!item) throw apiError('intel_item_not_found');
  const related = (await readItems(db, companyId, item.relatedAlerts)).map(({ body: _b, ...h }) => h);
  const { rows } = await db.execute(sql`
    SELECT s.url, s.title, s.monitor_id, s.change_id, s.created_at FROM intel_sources s
    WHERE s.company_id = ${companyId} AND s.intel_id = ${id} ORDER BY s.created_at, s.id`);
  const sources = (rows as { url: string | null; title: string; monitor_id: number | null; change_id: number | null; created_at: Date }[]).map((r) => ({
    url: r.url,
    title: r.title,
    monitorId: r.monitor_id,
    changeId: r.change_id,
    at: new Date(r.created_at).toISOString(),
  }));
  return { ...item, related, sources };
}

// ---- the targets of a bulk update

const TARGET_PAGE = 10_000;

/**
 * Every id a state matches, paged through the engine in id order (any number of items). `more` is asked after each
 * full page whether to go on (a bulk job's heartbeat, which says no once the job is cancelled).
 */
export async function matchingIds(deps: IntelDeps, scope: IntelScope, s: AlertsUrlState, more: () => Promise<boolean>): Promise<number[]> {
  const ctx = await queryContext(deps.db, scope, s);
  const ids: number[] = [];
  let after = 0;
  for (;;) {
    const req: SearchRequest = {
      query: intelQuery(s, ctx, [{ range: { intelId: { gt: after } } }]),
      sort: [{ intelId: 'asc' }],
      size: TARGET_PAGE,
      track_total_hits: false,
      _source: false,
    };
    const res = await deps.engine.search('intel', req);
    for (const h of res.hits) ids.push(Number(h.id));
    if (res.hits.length < TARGET_PAGE || !(await more())) return ids;
    after = ids[ids.length - 1];
  }
}
