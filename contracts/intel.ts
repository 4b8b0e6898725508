// HTTP contracts of the intel feed (part 1 §2 Alerts, §3 Intel item, §4, §5, §7 Intel, §9), shared by the
// /alerts screen (its URL is its state) and GET /api/intel/v1 (which takes the same parameters).
//
// URL encoding (the /alerts page and the API alike):
//   view=<name>                 myNewIntel (default on the page), allIntel, published, unprocessed, working,
//                               archived, deleted, important, interesting, search, custom, settings, insights,
//                               or custom-{id} for a saved custom view. A view supplies defaults; explicit
//                               parameters override them (viewDefaults below).
//   states, priorities, rivalIds, boardGroups, contentTypes, topics, sources, intelIds, actionedBy
//                               comma-separated lists. Numeric-looking values become numbers; the words null
//                               and undefined become null (rivalIds=null: intel about no rival). Each value may
//                               carry a criterion prefix: none = should (any of a list's should values
//                               matches), "must:" = required, "not:" = excluded. e.g. topics=pricing,not:hiring
//   q=<text>                    search terms
//   offset=<n>&size=<0..200>    paging (size 50 by default; 0 answers only the total and aggregations)
//   sort=newest|oldest|relevance|recommendation   (another value is ignored)
//   dateRange=<preset>          allTime, today, yesterday, last2Days, last7Days, last30Days, last90Days,
//                               customDateRange (then createdAfter/createdBefore); another value is ignored
//   createdAfter, createdBefore ISO dates (2026-10-01) or date math (now-7d/d)
//   aggregate=<names>           aggregations to return: INTEL_AGGREGATIONS
//   interval=day|week|month     bucket size of the timeline aggregation (day by default)
//   sliceBy=topics|sources|rivals|contentTypes   what each timeline bucket is split by
//   published=true|false        only published, or only unpublished
//   actionedByMe=true           only items the signed-in user actioned
//   relatedAlerts=true|false    true (default): related alerts are folded under the item they relate to
//   tz=<IANA zone>              time zone of date presets and the timeline (UTC by default)
//   action=triage|bulkEdit      page only: the triage layout, or the bulk edit panel
//   listDensity=comfortable|compact   page only
//
// Recommendation sort: items a curator most likely wants first. The score is the text relevance (1 with no
// q) times a boost of 2 for important and 1.5 for interesting, times 1 + rank/100 (rank is the item's
// source quality, 0–100), times a recency decay that halves every 7 days; ties by newest. The engine ranks the
// first RECOMMENDATION_WINDOW candidates (by relevance with q, newest without) and the server rescores them, so
// recommendation pages end at that window.
//
// Related alerts folding (relatedAlerts=true): an item that relates to another is not listed itself; the item it
// relates to carries its id in relatedAlerts (GET /api/intel/v1/{id} returns them in full).
import { z } from 'zod';

export const INTEL_PAGE_SIZE = 50;
export const INTEL_MAX_SIZE = 200;
export const INTEL_MAX_WINDOW = 10_000;
/** Candidates the recommendation sort rescores (see above). */
export const RECOMMENDATION_WINDOW = 300;
/** Recommendation: boosts by priority, and the half-life of the recency decay. */
export const RECOMMENDATION_PRIORITY_BOOST = { important: 2, interesting: 1.5 } as const;
export const RECOMMENDATION_HALF_LIFE_DAYS = 7;
export const INTEL_STATES = ['unprocessed', 'working', 'archived', 'deleted'] as const;
/** States counted when a request names none (part 1 §4). */
export const DEFAULT_COUNTED_STATES = ['unprocessed', 'working', 'archived'] as const;
export const INTEL_PRIORITIES = ['important', 'interesting'] as const;
export const INTEL_CHANNELS = ['rss', 'slack', 'teams', 'extension', 'email', 'rivalscopebot', 'in_app', 'new_page', 'call'] as const;
export const INTEL_SORTS = ['newest', 'oldest', 'relevance', 'recommendation'] as const;
export const INTEL_DATE_RANGES = [
  'allTime',
  'today',
  'yesterday',
  'last2Days',
  'last7Days',
  'last30Days',
  'last90Days',
  'customDateRange',
] as const;
export const INTEL_PRESET_VIEWS = [
  'myNewIntel',
  'allIntel',
  'published',
  'unprocessed',
  'working',
  'archived',
  'deleted',
  'important',
  'interesting',
] as const;
export const INTEL_OTHER_VIEWS = ['search', 'custom', 'settings', 'insights'] as const;
export const INTEL_AGGREGATIONS = [
  'states',
  'priorities',
  'rivals',
  'topics',
  'sources',
  'contentTypes',
  'channels',
  'timeline',
] as const;
export const INTEL_SLICES = ['topics', 'sources', 'rivals', 'contentTypes'] as const;
export const INTEL_INTERVALS = ['day', 'week', 'month'] as const;
export const LIST_DENSITIES = ['comfortable', 'compact'] as const;
/** Live counts of views refresh every 600 s, the first fetch 3 s after the page opens (part 1 §9). */
export const VIEW_COUNTS_REFRESH_MS = 600_000;
export const VIEW_COUNTS_DELAY_MS = 3_000;

export type IntelState = (typeof INTEL_STATES)[number];
export type IntelPriority = (typeof INTEL_PRIORITIES)[number];
export type IntelChannel = (typeof INTEL_CHANNELS)[number];
export type IntelSort = (typeof INTEL_SORTS)[number];
export type IntelDateRange = (typeof INTEL_DATE_RANGES)[number];
export type IntelAggregation = (typeof INTEL_AGGREGATIONS)[number];
export type IntelSlice = (typeof INTEL_SLICES)[number];
export type CriterionType = 'should' | 'must' | 'must_not';

/** One value of a filter list with its criterion mode. */
export type FilterValue = { value: string | number | null; type: CriterionType };

/** The list parameters, in the order they serialize. */
export const INTEL_LIST_PARAMS = [
  'states',
  'priorities',
  'rivalIds',
  'boardGroups',
  'contentTypes',
  'topics',
  'sources',
  'intelIds',
  'actionedBy',
] as const;
export type IntelListParam = (typeof INTEL_LIST_PARAMS)[number];

/** The state of the /alerts page; every field optional, absent means "not given". */
export type AlertsUrlState = Partial<Record<IntelListParam, FilterValue[]>> & {
  view?: string;
  q?: string;
  offset?: number;
  size?: number;
  sort?: IntelSort;
  dateRange?: IntelDateRange;
  createdAfter?: string;
  createdBefore?: string;
  aggregate?: IntelAggregation[];
  interval?: (typeof INTEL_INTERVALS)[number];
  sliceBy?: IntelSlice;
  published?: boolean;
  actionedByMe?: boolean;
  relatedAlerts?: boolean;
  tz?: string;
  action?: 'triage' | 'bulkEdit';
  listDensity?: (typeof LIST_DENSITIES)[number];
};

/** Parameter order when serializing, so a parsed URL serializes back unchanged. */
const PARAM_ORDER = [
  'view',
  'action',
  ...INTEL_LIST_PARAMS,
  'q',
  'offset',
  'size',
  'sort',
  'dateRange',
  'createdAfter',
  'createdBefore',
  'aggregate',
  'interval',
  'sliceBy',
  'published',
  'actionedByMe',
  'relatedAlerts',
  'tz',
  'listDensity',
] as const;

/** `5` → 5, `null`/`undefined` → null, anything else stays text (part 1 §5). */
export function parseListValue(raw: string): string | number | null {
  const t = raw.trim();
  if (t === 'null' || t === 'undefined') return null;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return t;
}

export function parseFilterList(raw: string): FilterValue[] {
  return raw
    .split(',')
    .filter((p) => p.trim() !== '')
    .map((p) => {
      const m = /^(must|not):(.*)$/.exec(p.trim());
      const type: CriterionType = m?.[1] === 'must' ? 'must' : m?.[1] === 'not' ? 'must_not' : 'should';
      return { value: parseListValue(m ? m[2] : p), type };
    });
}

export function formatFilterList(values: FilterValue[]): string {
  return values
    .map((v) => `${v.type === 'must' ? 'must:' : v.type === 'must_not' ? 'not:' : ''}${v.value === null ? 'null' : String(v.value)}`)
    .join(',');
}

const oneOf = <T extends string>(allowed: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;

const boolParam = (raw: string | null): boolean | undefined =>
  raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;

const intParam = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
};

/**
 * Reads the /alerts URL. Lenient, as a page must be: an invalid sort, period or other enumerated value is
 * ignored rather than refused (part 1 §5). The API validates strictly with IntelListQuery instead.
 */
export function parseAlertsUrl(search: URLSearchParams): AlertsUrlState {
  const s: AlertsUrlState = {};
  const get = (k: string) => search.get(k);
  const view = get('view');
  if (view) s.view = view;
  const action = oneOf(['triage', 'bulkEdit'] as const, get('action'));
  if (action) s.action = action;
  for (const p of INTEL_LIST_PARAMS) {
    const raw = get(p);
    if (raw !== null) s[p] = parseFilterList(raw);
  }
  const q = get('q');
  if (q !== null) s.q = q;
  const offset = intParam(get('offset'), 0, INTEL_MAX_WINDOW);
  if (offset !== undefined) s.offset = offset;
  const size = intParam(get('size'), 0, INTEL_MAX_SIZE);
  if (size !== undefined) s.size = size;
  const sort = oneOf(INTEL_SORTS, get('sort'));
  if (sort) s.sort = sort;
  const dateRange = oneOf(INTEL_DATE_RANGES, get('dateRange'));
  if (dateRange) s.dateRange = dateRange;
  for (const k of ['createdAfter', 'createdBefore'] as const) {
    const v = get(k);
    if (v) s[k] = v;
  }
  const aggregate = get('aggregate');
  if (aggregate !== null) {
    s.aggregate = aggregate.split(',').filter((a): a is IntelAggregation => (INTEL_AGGREGATIONS as readonly string[]).includes(a));
  }
  const interval = oneOf(INTEL_INTERVALS, get('interval'));
  if (interval) s.interval = interval;
  const sliceBy = oneOf(INTEL_SLICES, get('sliceBy'));
  if (sliceBy) s.sliceBy = sliceBy;
  for (const k of ['published', 'actionedByMe', 'relatedAlerts'] as const) {
    const v = boolParam(get(k));
    if (v !== undefined) s[k] = v;
  }
  const tz = get('tz');
  if (tz) s.tz = tz;
  const density = oneOf(LIST_DENSITIES, get('listDensity'));
  if (density) s.listDensity = density;
  return s;
}

/** Writes the state back as a query string, in a fixed parameter order; the inverse of parseAlertsUrl. */
export function serializeAlertsUrl(s: AlertsUrlState): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of PARAM_ORDER) {
    const v = s[k as keyof AlertsUrlState];
    if (v === undefined) continue;
    if ((INTEL_LIST_PARAMS as readonly string[]).includes(k)) out.set(k, formatFilterList(v as FilterValue[]));
    else if (Array.isArray(v)) out.set(k, v.join(','));
    else out.set(k, String(v));
  }
  return out;
}

/** What a preset view means, before explicit parameters override it (part 1 §4 Views and presets). */
export function viewDefaults(view: string | undefined, user: { curatingRivalIds: number[] }): AlertsUrlState {
  const should = (values: (string | number)[]): FilterValue[] => values.map((value) => ({ value, type: 'should' }));
  switch (view) {
    case 'myNewIntel':
      return {
        states: should(['unprocessed']),
        dateRange: 'last2Days',
        sort: 'newest',
        ...(user.curatingRivalIds.length ? { rivalIds: should(user.curatingRivalIds) } : {}),
      };
    case 'published':
      return { published: true, states: should(['archived']) };
    case 'unprocessed':
    case 'working':
    case 'archived':
    case 'deleted':
      return { states: should([view]) };
    case 'important':
    case 'interesting':
      return { priorities: should([view]) };
    default:
      return {};
  }
}

/** A saved custom view is addressed as view=custom-{id}. */
export function customViewId(view: string | undefined): number | null {
  const m = view ? /^custom-([1-9]\d{0,9})$/.exec(view) : null;
  return m ? Number(m[1]) : null;
}

/** A preset, one of the other views of the page, or custom-{id}. */
export function isKnownView(view: string): boolean {
  return (INTEL_PRESET_VIEWS as readonly string[]).includes(view) || (INTEL_OTHER_VIEWS as readonly string[]).includes(view) || customViewId(view) !== null;
}

/** An IANA zone name or a UTC offset the engine accepts. */
export function isTimeZone(tz: string): boolean {
  if (/^(?:UTC|GMT)?[+-]\d{1,2}(?::?\d{2})?$/.test(tz) || tz === 'UTC' || tz === 'Z') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// ---- API shapes ----

/** GET /api/intel/v1: the URL state validated strictly (a bad value is a 400 naming the parameter). */
export const IntelListQuery = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((raw, ctx) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(raw)) search.set(k, Array.isArray(v) ? v.join(',') : v);
    const known = new Set<string>([...PARAM_ORDER, 'filters']);
    for (const k of search.keys()) {
      if (!known.has(k)) ctx.addIssue({ code: 'custom', path: [k], message: `unknown parameter "${k}"` });
    }
    const state = parseAlertsUrl(search);
    // Anything the lenient parser dropped was invalid: name it.
    for (const k of PARAM_ORDER) {
      if (search.has(k) && state[k as keyof AlertsUrlState] === undefined && search.get(k) !== '') {
        ctx.addIssue({ code: 'custom', path: [k], message: `invalid value "${search.get(k)}" for ${k}` });
      }
    }
    const agg = search.get('aggregate');
    if (agg && state.aggregate && state.aggregate.length !== agg.split(',').filter(Boolean).length) {
      ctx.addIssue({ code: 'custom', path: ['aggregate'], message: `aggregate takes ${INTEL_AGGREGATIONS.join(', ')}` });
    }
    if (state.tz && !isTimeZone(state.tz)) ctx.addIssue({ code: 'custom', path: ['tz'], message: `unknown time zone "${state.tz}"` });
    if (state.view && !isKnownView(state.view)) {
      ctx.addIssue({ code: 'custom', path: ['view'], message: `unknown view "${state.view}"` });
    }
    if ((state.offset ?? 0) + (state.size ?? INTEL_PAGE_SIZE) > INTEL_MAX_WINDOW) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: `offset + size must not exceed ${INTEL_MAX_WINDOW}` });
    }
    return state;
  });

export type IntelRival = { id: number; name: string };

export type IntelHit = {
  id: number;
  state: IntelState;
  priority: IntelPriority | null;
  channel: IntelChannel;
  contentType: string;
  topics: string[];
  source: string | null;
  title: string;
  curatedTitle: string | null;
  /** Title with matched terms in <em>, HTML-escaped otherwise. */
  titleHtml: string;
  snippetHtml: string | null;
  summary: string | null;
  permalink: string | null;
  fromAddress: string | null;
  rank: number;
  rivals: IntelRival[];
  relatedToId: number | null;
  /** Ids of the related alerts folded under this item. */
  relatedAlerts: number[];
  postId: number | null;
  digests: number[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  actionedBy: { id: number; name: string } | null;
  actionedAt: string | null;
  submittedBy: { id: number; name: string } | null;
};

export type IntelBucket = { key: string | number; name: string; count: number };
export type IntelTimelineBucket = { date: string; count: number; slices: IntelBucket[] };
export type IntelAggregations = Partial<Record<Exclude<IntelAggregation, 'timeline'>, IntelBucket[]>> & {
  timeline?: { interval: (typeof INTEL_INTERVALS)[number]; sliceBy: IntelSlice | null; buckets: IntelTimelineBucket[] };
};

export type IntelListResponse = {
  hits: IntelHit[];
  pagination: { offset: number; size: number; total: number };
  aggregations: IntelAggregations;
  /** A first page with terms (q) is recorded for search analytics under this id, as card search's (contracts/search.ts). */
  searchId?: string;
};

/** GET /api/intel/v1/{id}: the item with its body and its related alerts. */
/** Where an item that arrived by itself came from: each feed entry, page change or email telling its story. */
export type IntelSource = { url: string | null; title: string; monitorId: number | null; changeId: number | null; at: string };
export type IntelDetail = IntelHit & { body: string; related: IntelHit[]; sources: IntelSource[] };
/** GET /api/intel/v1/count. */
export type IntelCountResponse = { count: number };
/** GET /api/intel/v1/topics: every topic of the company's items, most used first. */
export type IntelTopicsResponse = { topics: { name: string; count: number }[] };
/** POST /api/intel/v1/{id}/summarize: an extractive summary (the item's best sentences), stored on the item. */
export type IntelSummaryResponse = { summary: string; method: 'extractive' };

/** The title curators give an item, shown instead of its own; null gives the item its own title back. */
export const CURATED_TITLE_MAX = 500;
const CuratedTitle = z.string().trim().min(1, 'must not be empty (null restores the original title)').max(CURATED_TITLE_MAX).nullable();
const RivalIds = z
  .array(z.number().int().positive())
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a rival');

/** PUT /api/intel/{id}: edit the curated fields; rivalIds replaces the item's rivals. */
export const IntelEditBody = z
  .object({
    curatedTitle: CuratedTitle.optional(),
    summary: z.string().max(10_000).nullable().optional(),
    topics: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    rivalIds: RivalIds.optional(),
  })
  .strict()
  .refine((u) => Object.keys(u).length > 0, { message: 'edit must change something' });
export type IntelEditBody = z.infer<typeof IntelEditBody>;

/** POST /api/intel/v1/batch: several searches at once, each a query string of GET /intel/v1. */
export const IntelBatchBody = z.object({
  searches: z.array(z.string().max(4000)).min(1).max(50),
});
export type IntelBatchResponse = { results: { pagination: { total: number } }[] };

/** The changes a PATCH may make to an intel item. */
export const IntelUpdate = z
  .object({
    state: z.enum(INTEL_STATES).optional(),
    priority: z.enum(INTEL_PRIORITIES).nullable().optional(),
    /** Publish: state becomes archived and the item gets a post (republished if already published). */
    publishIntel: z.boolean().optional(),
    curatedTitle: CuratedTitle.optional(),
    summary: z.string().max(10_000).nullable().optional(),
    topics: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    addRivalIds: RivalIds.optional(),
  })
  .strict()
  .refine((u) => Object.keys(u).length > 0, { message: 'update must change something' });
export type IntelUpdate = z.infer<typeof IntelUpdate>;

/** PATCH /api/intel/v1/: by ids, or every item a query matches (updateAll). */
export const IntelBulkUpdateByIds = z
  .object({ intelIds: z.array(z.number().int().positive()).min(1).max(100_000), update: IntelUpdate })
  .strict();
export const IntelBulkUpdateAll = z.object({ updateAll: z.literal(true), query: z.string().max(4000), update: IntelUpdate }).strict();
export const IntelBulkUpdateBody = z.union([IntelBulkUpdateByIds, IntelBulkUpdateAll]);
/** The schema a body is checked against (so errors name its fields rather than "no union member matched"). */
export const intelBulkUpdateSchema = (body: unknown) =>
  body && typeof body === 'object' && 'updateAll' in body ? IntelBulkUpdateAll : IntelBulkUpdateByIds;

export type IntelJob = {
  jobId: number;
  state: 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';
  /**
   * 'resolving' while the items an updateAll matches are still being found (tasksTotal is 0 until then; a job
   * cancelled in this phase stays in it), 'updating' once tasksTotal is known. Jobs over intelIds start updating.
   */
  phase: 'resolving' | 'updating';
  tasksCompleted: number;
  tasksTotal: number;
  tasksFailed: number;
  completedAt: string | null;
  error: string | null;
};
/**
 * Small updates by intelIds finish inside the request: completedNow is true and nothing needs polling. An updateAll
 * answers at once with completedNow false; its job finds the matching items first (phase 'resolving').
 */
export type IntelBulkUpdateResponse = { jobId: number; completedNow: boolean };

/** POST /api/alerts.json: submit intel (consumers and curators). */
export const SubmitIntelBody = z
  .object({
    item: z
      .object({
        alert_type: z.literal('in-app'),
        title: z.string().trim().max(500).default(''),
        content: z.string().trim().min(1, 'content must not be empty').max(20_000),
      })
      .strict(),
    /** One rival id, or null for Other. */
    rivals: z.array(z.number().int().positive()).max(1).nullable(),
  })
  .strict();

/** A saved custom view. */
export type IntelView = { id: number; name: string; filters: AlertsUrlState; shared: boolean; userId: number; mine: boolean };
export type IntelViewsResponse = { views: IntelView[] };
export const IntelViewBody = z
  .object({
    name: z.string().trim().min(1, 'name must not be empty').max(100),
    /** The query string of the view's filters. */
    filters: z.string().max(4000),
    shared: z.boolean().default(false),
  })
  .strict();
