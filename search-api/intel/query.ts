// Turns the alerts URL state (contracts/intel.ts) into one engine request, in one tested function: the scope
// (company, states, filters, dates, folding) as filters, q as the scored part, sorts, aggregations and highlight.
import {
  DEFAULT_COUNTED_STATES,
  INTEL_PAGE_SIZE,
  type AlertsUrlState,
  type FilterValue,
  type IntelAggregation,
  type IntelListParam,
  type IntelSlice,
} from '../../contracts/intel.ts';
import type { Aggregation, Query, RangeParams, SearchRequest, SortClause } from '../../engine/port.ts';
import { updatedRange } from '../search/dates.ts';
import { INTEL_SEARCH_FIELDS, MARK_CLOSE, MARK_OPEN } from '../search/request.ts';
import { textQuery, tierFirst, type Concept, type Ranking } from '../search/text.ts';

/** What the state alone does not say: whose company, who asks, and the rivals of each rival group. */
/** `concepts`: the words of q (search/text.ts), which rank by score for the relevance sorts, by tier for the others. */
export type IntelQueryContext = { companyId: number; userId: number; groupRivals: Map<number, number[]>; concepts: Concept[] };

/** The document field of each list parameter (boardGroups are rival groups, matched through rivalIds). */
export const LIST_FIELDS: Record<IntelListParam, string> = {
  states: 'state',
  priorities: 'priority',
  rivalIds: 'rivalIds',
  boardGroups: 'rivalIds',
  contentTypes: 'contentType',
  topics: 'topics',
  sources: 'source',
  intelIds: 'intelId',
  actionedBy: 'actionedBy',
};
/** List parameters whose values are ids. */
export const NUMERIC_LISTS: IntelListParam[] = ['rivalIds', 'boardGroups', 'intelIds', 'actionedBy'];

export const AGGREGATION_FIELDS: Record<Exclude<IntelAggregation, 'timeline'>, string> = {
  states: 'state',
  priorities: 'priority',
  rivals: 'rivalIds',
  topics: 'topics',
  sources: 'source',
  contentTypes: 'contentType',
  channels: 'channel',
};
export const SLICE_FIELDS: Record<IntelSlice, string> = { topics: 'topics', sources: 'source', rivals: 'rivalIds', contentTypes: 'contentType' };
const AGGREGATION_SIZE = 100;
const SLICE_SIZE = 10;
const SNIPPET_CHARS = 160;

export const INTEL_LIST_SORTS: Record<'newest' | 'oldest' | 'relevance', SortClause[]> = {
  newest: [{ createdAt: 'desc' }, { intelId: 'desc' }],
  oldest: [{ createdAt: 'asc' }, { intelId: 'asc' }],
  relevance: ['_score', { createdAt: 'desc' }, { intelId: 'desc' }],
};

/** The fields a hit needs (the body is long and only highlighted). */
export const HIT_SOURCE = [
  'intelId', 'state', 'priority', 'channel', 'contentType', 'topics', 'source', 'title', 'curatedTitle', 'summary',
  'permalink', 'fromAddress', 'rank', 'rivals', 'relatedToId', 'relatedAlertIds', 'postId', 'digests', 'publishedAt',
  'createdAt', 'updatedAt', 'actionedBy', 'actionedByName', 'actionedAt', 'submittedBy', 'submittedByName',
];

const missing = (field: string): Query => ({ bool: { must_not: [{ exists: { field } }] } });

/** One value of a list as a query: null is "no value"; a rival group is any of its rivals. */
function valueQuery(param: IntelListParam, v: FilterValue['value'], ctx: IntelQueryContext): Query {
  const field = LIST_FIELDS[param];
  if (v === null) return missing(field);
  if (param === 'boardGroups') {
    const rivals = ctx.groupRivals.get(Number(v)) ?? [];
    return rivals.length ? { terms: { rivalIds: rivals } } : { match_none: {} };
  }
  return { term: { [field]: NUMERIC_LISTS.includes(param) ? Number(v) : String(v) } };
}

/** A list's criteria: any of its should values, every must value, none of its must_not values. */
function listClauses(param: IntelListParam, values: FilterValue[], ctx: IntelQueryContext) {
  const filter: Query[] = [];
  const mustNot: Query[] = [];
  const should = values.filter((v) => v.type === 'should').map((v) => valueQuery(param, v.value, ctx));
  if (should.length === 1) filter.push(should[0]);
  else if (should.length > 1) filter.push({ bool: { should, minimum_should_match: 1 } });
  for (const v of values) {
    if (v.type === 'must') filter.push(valueQuery(param, v.value, ctx));
    if (v.type === 'must_not') mustNot.push(valueQuery(param, v.value, ctx));
  }
  return { filter, mustNot };
}

/** createdAt bounds: a preset in the time zone, or createdAfter/createdBefore (whole days when given as dates). */
export function createdRange(s: AlertsUrlState): RangeParams | null {
  const tz = s.tz ? { time_zone: s.tz } : {};
  if (s.dateRange === 'allTime') return null;
  if (s.dateRange && s.dateRange !== 'customDateRange') {
    const preset = updatedRange(s.dateRange, 'dateRange');
    return preset ? { ...preset, ...tz } : null;
  }
  const range: RangeParams = {};
  if (s.createdAfter) range.gte = updatedRange(s.createdAfter, 'createdAfter')!.gte;
  if (s.createdBefore) {
    const v = updatedRange(s.createdBefore, 'createdBefore')!.gte as string;
    range.lte = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}||/d` : v;
  }
  return range.gte !== undefined || range.lte !== undefined ? { ...range, ...tz } : null;
}

/** Everything that selects items, without the text: the filter part of the query. */
export function intelScope(s: AlertsUrlState, ctx: IntelQueryContext): { filter: Query[]; mustNot: Query[] } {
  const filter: Query[] = [{ term: { company_id: ctx.companyId } }];
  const mustNot: Query[] = [];
  const states = s.states ?? [];
  if (!states.some((v) => v.type !== 'must_not')) filter.push({ terms: { state: [...DEFAULT_COUNTED_STATES] } });
  for (const param of Object.keys(LIST_FIELDS) as IntelListParam[]) {
    const values = s[param];
    if (!values?.length) continue;
    const c = listClauses(param, values, ctx);
    filter.push(...c.filter);
    mustNot.push(...c.mustNot);
  }
  const range = createdRange(s);
  if (range) filter.push({ range: { createdAt: range } });
  if (s.published !== undefined) filter.push({ term: { published: s.published } });
  if (s.actionedByMe) filter.push({ term: { actionedBy: ctx.userId } });
  if (s.relatedAlerts !== false) mustNot.push({ exists: { field: 'relatedToId' } });
  return { filter, mustNot };
}

/** The relevance sorts rank q by score; the others by tier, before their own field. */
export const rankingOf = (s: AlertsUrlState): Ranking => (s.sort === 'relevance' || s.sort === 'recommendation' ? 'score' : 'tier');

/** The query of a state: text (scored) plus scope (filters). */
export function intelQuery(s: AlertsUrlState, ctx: IntelQueryContext, extraFilter: Query[] = []): Query {
  const { filter, mustNot } = intelScope(s, ctx);
  const text = textQuery(ctx.concepts, INTEL_SEARCH_FIELDS, rankingOf(s), 'rivals.name');
  return {
    bool: {
      ...(text ? { must: [text] } : {}),
      filter: [...filter, ...extraFilter],
      ...(mustNot.length ? { must_not: mustNot } : {}),
    },
  };
}

export function intelAggregations(s: AlertsUrlState): Record<string, Aggregation> | undefined {
  const aggs: Record<string, Aggregation> = {};
  for (const name of s.aggregate ?? []) {
    if (name === 'timeline') {
      aggs.timeline = {
        date_histogram: {
          field: 'createdAt',
          calendar_interval: s.interval ?? 'day',
          ...(s.tz ? { time_zone: s.tz } : {}),
          min_doc_count: 0,
        },
        ...(s.sliceBy ? { aggs: { slices: { terms: { field: SLICE_FIELDS[s.sliceBy], size: SLICE_SIZE } } } } : {}),
      };
    } else aggs[name] = { terms: { field: AGGREGATION_FIELDS[name], size: AGGREGATION_SIZE } };
  }
  return Object.keys(aggs).length ? aggs : undefined;
}

export const INTEL_HIGHLIGHT = {
  pre_tags: [MARK_OPEN],
  post_tags: [MARK_CLOSE],
  fields: {
    curatedTitle: { number_of_fragments: 0 },
    title: { number_of_fragments: 0 },
    summary: { fragment_size: SNIPPET_CHARS, number_of_fragments: 1 },
    body: { fragment_size: SNIPPET_CHARS, number_of_fragments: 1 },
  },
};

/** The list request for the newest, oldest and relevance sorts (recommendation rescoring is in service.ts). */
export function buildIntelList(s: AlertsUrlState, ctx: IntelQueryContext): SearchRequest {
  const sort = s.sort === 'relevance' || s.sort === 'oldest' ? s.sort : 'newest';
  return {
    query: intelQuery(s, ctx),
    sort: tierFirst(INTEL_LIST_SORTS[sort], ctx.concepts, rankingOf(s)),
    from: s.offset ?? 0,
    size: s.size ?? INTEL_PAGE_SIZE,
    track_total_hits: true,
    ...(intelAggregations(s) ? { aggs: intelAggregations(s) } : {}),
    ...(s.q ? { highlight: INTEL_HIGHLIGHT } : {}),
    _source: HIT_SOURCE,
  };
}
