// HTTP contracts of unified search (part 2 §2 Search, §4, §5, §9; part 1 §3 search results and state).
//
// URL encoding of GET /api/search.json (and of the /search page, which mirrors it):
//   index=cards|intel|deals|files  cards by default; intel (the alerts context) is for curators only; deals for readers
//                                of win/loss (403 win_loss_off for everyone else), with outcome=<outcome|open> and
//                                ownerId=<user id> beside rivals=<ids>; files: the knowledge hub's passages the reader
//                                may see, each result a FileSearchHit (contracts/knowledgeHub.ts; 403 knowledge_hub_off
//                                without the hub)
//   query=<text>                 the search terms
//   size=<1..100>&offset=<n>     page size (default 10) and offset; offset + size ≤ 10 000
//   sort=newest|oldest|relevance|alpha
//   updated_start=<preset or date>  allTime, today, yesterday, last2Days, last7Days, last30Days,
//                                last90Days, date math like now-7d/d, or an ISO date (2026-10-01)
//   filters=<criterion>,...      criteria as the spec's filter strings: board-{id}, tag-{id},
//                                rival-{id}; a "must:" prefix requires it, "not:" excludes it, none
//                                means "should" (any of the should criteria of a field matches)
//                                e.g. filters=board-12,must:tag-7,not:tag-9
//   allTags=true                 every selected tag is required (should tag criteria become must)
//   rivals=<ids>&lanes=<ids>     comma lists of rival ids and board (lane) ids to search within
//   profileId=<id>               cards of one profile
//   countersFor=tags.id,board.id,board.rival_id   which counters (facet counts) to return
//   previewing=<group id>        curators: see exactly what that visibility group sees (0: everyone)
import { z } from 'zod';
import { DEAL_OUTCOMES, type DealOutcome } from './dealOutcomes.ts';

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_SIZE = 100;
export const SEARCH_MAX_WINDOW = 10_000;
export const SEARCH_QUERY_MAX = 500;
export const SEARCH_SORTS = ['newest', 'oldest', 'relevance', 'alpha'] as const;
export const DATE_PRESETS = ['allTime', 'today', 'yesterday', 'last2Days', 'last7Days', 'last30Days', 'last90Days'] as const;
export const COUNTER_FIELDS = ['tags.id', 'board.id', 'board.rival_id'] as const;
export const CRITERION_TYPES = ['should', 'must', 'must_not'] as const;
export const CRITERION_FIELDS = { board: 'board.id', tag: 'tags.id', rival: 'board.rival_id' } as const;

export type SearchSort = (typeof SEARCH_SORTS)[number];
export type DatePreset = (typeof DATE_PRESETS)[number];
export type CounterField = (typeof COUNTER_FIELDS)[number];
export type CriterionType = (typeof CRITERION_TYPES)[number];
export type CriterionKind = keyof typeof CRITERION_FIELDS;

/** One board, tag or rival criterion: {field, value, type} (part 2 §3 Board filter criterion). */
export type Criterion = { field: CriterionKind; value: number; type: CriterionType };

const CRITERION = /^(?:(must|not):)?(board|tag|rival)-([1-9]\d{0,9})$/;

/** Parses `must:tag-7` into a criterion; null when it is not one. */
export function parseCriterion(text: string): Criterion | null {
  const m = CRITERION.exec(text.trim());
  if (!m) return null;
  const type: CriterionType = m[1] === 'must' ? 'must' : m[1] === 'not' ? 'must_not' : 'should';
  return { field: m[2] as CriterionKind, value: Number(m[3]), type };
}

export function formatCriterion(c: Criterion): string {
  const prefix = c.type === 'must' ? 'must:' : c.type === 'must_not' ? 'not:' : '';
  return `${prefix}${c.field}-${c.value}`;
}

/** The filter mode cycle: should → must → must_not → should. */
export function nextCriterionType(t: CriterionType): CriterionType {
  return t === 'should' ? 'must' : t === 'must' ? 'must_not' : 'should';
}

const idList = (name: string) =>
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a comma-separated list of positive integer ids` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

const boolString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `filters=board-12,must:tag-7,not:rival-3` as criteria (also a dynamic board's saved filters). */
export const FiltersParam = z
  .string()
  .max(4000)
  .transform((s, ctx) => {
    const out: Criterion[] = [];
    for (const part of s.split(',').filter((p) => p.trim())) {
      const c = parseCriterion(part);
      if (!c) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not a criterion like board-12, must:tag-7 or not:rival-3` });
        return z.NEVER;
      }
      out.push(c);
    }
    return out;
  });

/** `countersFor=tags.id,board.id,board.rival_id`: which counters to return. */
export const CountersParam = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const fields = s.split(',').map((f) => f.trim()).filter(Boolean);
    const bad = fields.find((f) => !(COUNTER_FIELDS as readonly string[]).includes(f));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `unknown counter "${bad}"; use ${COUNTER_FIELDS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(fields)] as CounterField[];
  });

export const SearchQuery = z
  .object({
    index: z.enum(['cards', 'intel', 'deals', 'files']).default('cards'),
    query: z.string().max(SEARCH_QUERY_MAX).default(''),
    size: z.coerce.number().int().min(1).max(SEARCH_MAX_SIZE).default(SEARCH_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(SEARCH_MAX_WINDOW).default(0),
    sort: z.enum(SEARCH_SORTS).default('newest'),
    updated_start: z.string().max(40).optional(),
    filters: FiltersParam.optional(),
    allTags: boolString.default(false),
    rivals: idList('rivals').optional(),
    lanes: idList('lanes').optional(),
    profileId: z.coerce.number().int().positive().optional(),
    countersFor: CountersParam.optional(),
    previewing: z.coerce.number().int().min(0).optional(),
    /** Deals only: their outcome (open: not closed yet) and their owner. */
    outcome: z.enum([...DEAL_OUTCOMES, 'open']).optional(),
    ownerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.offset + q.size > SEARCH_MAX_WINDOW) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: `offset + size must not exceed ${SEARCH_MAX_WINDOW}` });
    }
  });

export type SearchParams = z.infer<typeof SearchQuery>;

export type CardResult = {
  id: number;
  data: { name: string };
  /** Title with the matched terms wrapped in <em> (HTML-escaped otherwise). */
  titleHtml: string;
  /** A fragment of the card text around the matched terms, <em>-highlighted and HTML-escaped. */
  snippetHtml: string | null;
  board: { id: number; name: string; profileId: number };
  profile: { id: number; name: string };
  rival: { id: number; name: string };
  tags: { id: number; name: string; highlight: boolean }[];
  isDraft: boolean;
  allAccess: boolean;
  /** On a Scratchpad board: a curator's note, found only by curators' searches. */
  scratchpad: boolean;
  updatedAt: string;
  createdAt: string;
};

export type IntelResult = {
  id: number;
  title: string;
  titleHtml: string;
  snippetHtml: string | null;
  state: string;
  priority: string | null;
  channel: string;
  source: string | null;
  rivals: { id: number; name: string }[];
  createdAt: string;
};

/** Where the win/loss area shows a deal: search results and suggestions link there. */
export const dealPath = (id: number) => `/win-loss/deals/${id}`;

export type DealResult = {
  id: number;
  name: string;
  /** The name with the matched terms wrapped in <em> (HTML-escaped otherwise). */
  nameHtml: string;
  accountName: string | null;
  /** A fragment of the notes or of a reason's quote around the matched terms, <em>-highlighted and HTML-escaped. */
  snippetHtml: string | null;
  /** Null while the deal is open (contracts/deals.ts OUTCOME_COLOURS gives a closed one's badge colour). */
  outcome: DealOutcome | null;
  stage: string;
  rivals: { id: number; name: string }[];
  ownerName: string | null;
  amount: number | null;
  currency: string;
  closedOn: string | null;
  /** dealPath(id). */
  url: string;
};

/** A counter: what it counts, its name, and for boards the rival the board belongs to. */
export type CounterBucket = { id: number; name: string; count: number; rivalId?: number; rivalName?: string };

export type SearchResponse<R = CardResult> = {
  nr_results: number;
  /** 'any' when no document matches every concept of the query: the results are the closest tiers (README "How search matches"). */
  matched: 'all' | 'any';
  /** A corrected query when words of this one are found only with typos and the correction finds clearly more (first page of cards). */
  didYouMean?: { query: string; nr_results: number };
  results: R[];
  counters: Partial<Record<CounterField, CounterBucket[]>>;
  offset: number;
  size: number;
  /** A first page of a search with terms is recorded for search analytics under this id; the web app sends it back
   *  with the rank of the result the reader opens (contracts/usage.ts searchOpen). */
  searchId?: string;
};

// ---- GET /api/suggest.json

/** The longest query suggestions are given for; a longer one is refused (the box then asks for none). */
export const SUGGEST_QUERY_MAX = 200;

export const SuggestQuery = z
  .object({
    query: z.string().max(SUGGEST_QUERY_MAX),
    mode: z.enum(['completions']).default('completions'),
    visibilityGroupId: z.coerce.number().int().min(0).optional(),
  })
  .strict();

export const COMPLETIONS_WITH_OTHERS = 3;
export const SUGGESTIONS_PER_KIND = 5;

export type Suggestion =
  | { type: 'tag'; id: number; name: string; synonym?: string }
  | { type: 'battlecard'; id: number; url: string; title: string; rivalName: string; rivalProfileId: number }
  | { type: 'completion'; text: string };

export type SuggestResponse = { suggestions: Suggestion[] };

// ---- GET /api/rivals/search.json (the quick finder)

export const RivalSearchQuery = z
  .object({ query: z.string().trim().min(1).max(100), limit: z.coerce.number().int().min(1).max(10).default(10) })
  .strict();

export type RivalHit = {
  id: number;
  name: string;
  iconUrl: string | null;
  profile: { id: number };
  battlecards: { id: number; title: string }[];
};

// ---- GET /api/cards/{id}.json (the single card viewer)

export type CardView = {
  id: number;
  data: { name: string };
  textHtml: string;
  board: { id: number; name: string; profileId: number };
  profile: { id: number; name: string };
  rival: { id: number; name: string };
  author: { id: number; name: string } | null;
  tags: { id: number; name: string }[];
  isDraft: boolean;
  allAccess: boolean;
  /** On a Scratchpad board (only curators read these). */
  scratchpad: boolean;
  visibilityGroups: { id: number; name: string }[];
  sourcesCount: number;
  createdAt: string;
  updatedAt: string;
};
