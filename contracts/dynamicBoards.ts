// HTTP contracts of dynamic boards (collections): saved card searches whose cards are the live results for
// whoever opens one (part 3 §2.4, §3 Dynamic board, §4.8, §7.5, §9).
//
//   GET    /api/dynamic_boards(.json)?page&limit&order   → DynamicBoardPage; consumers see published boards only
//            page (1), limit (20, at most 100), order alpha (default) | alpha-rev | created | created-rev
//   POST   /api/dynamic_boards(.json)                    DynamicBoardBody (all optional; {} makes an untitled
//                                                        draft) → {id}                                  (curators)
//   GET    /api/dynamic_boards/{id}.json?updated_start&offset&size&countersFor&previewing → DynamicBoardView
//            updated_start overrides the saved date preset for this read (any value /api/search.json takes);
//            offset/size page the results (size 10 by default, at most 100); countersFor as in search
//   PUT    /api/dynamic_boards/{id}(.json)               DynamicBoardChange (at least one field) → DynamicBoard (curators)
//   DELETE /api/dynamic_boards/{id}(.json)               → {id}                                          (curators)
//
// A board's search is stored as the search page writes it: `query` (the terms), `filters` in the encoding of
// /api/search.json (board-12,must:tag-7,not:rival-3: should, must, must_not), `updated_start` (a date preset)
// and `sort`. Its results are /api/search.json's for that search, under the reader's own visibility.
import { z } from 'zod';
import { queryInt } from './query.ts';
import {
  CountersParam,
  DATE_PRESETS,
  FiltersParam,
  SEARCH_MAX_SIZE,
  SEARCH_MAX_WINDOW,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  formatCriterion,
  type CardResult,
  type Criterion,
  type DatePreset,
  type SearchResponse,
  type SearchSort,
} from './search.ts';

export const DYNAMIC_BOARDS_PAGE_SIZE = 20;
export const DYNAMIC_BOARDS_MAX_LIMIT = 100;
export const DYNAMIC_BOARD_ORDERS = ['alpha', 'alpha-rev', 'created', 'created-rev'] as const;
export const DYNAMIC_BOARD_NAME_MAX = 120;
export const DYNAMIC_BOARD_CRITERIA_MAX = 50;
/** Results of a dynamic board per page: the search results page's. */
export const DYNAMIC_BOARD_RESULTS_SIZE = SEARCH_PAGE_SIZE;
export const UNTITLED_DYNAMIC_BOARD = 'Untitled dynamic board';

export type DynamicBoardOrder = (typeof DYNAMIC_BOARD_ORDERS)[number];

/** Saved criteria: at most DYNAMIC_BOARD_CRITERIA_MAX, one per board, tag or rival (the first one kept). */
const SavedFilters = FiltersParam.transform((criteria, ctx) => {
  const out: Criterion[] = [];
  for (const c of criteria) if (!out.some((o) => o.field === c.field && o.value === c.value)) out.push(c);
  if (out.length > DYNAMIC_BOARD_CRITERIA_MAX) {
    ctx.addIssue({ code: 'custom', message: `has more than ${DYNAMIC_BOARD_CRITERIA_MAX} criteria` });
    return z.NEVER;
  }
  return out;
});

const fields = {
  name: z.string().trim().min(1, 'is required').max(DYNAMIC_BOARD_NAME_MAX),
  query: z.string().trim().max(SEARCH_QUERY_MAX),
  filters: SavedFilters,
  updated_start: z.enum(DATE_PRESETS),
  sort: z.enum(SEARCH_SORTS),
  isDraft: z.boolean(),
};

/** POST: a new board; what is left out takes its default (untitled, no query or criteria, all time, newest, draft). */
export const DynamicBoardBody = z.object(fields).partial().strict();
export type DynamicBoardBody = z.output<typeof DynamicBoardBody>;

/** PUT: the fields that change. */
export const DynamicBoardChange = DynamicBoardBody.refine((b) => Object.keys(b).length > 0, {
  message: 'give at least one of name, query, filters, updated_start, sort, isDraft',
});
export type DynamicBoardChange = z.output<typeof DynamicBoardChange>;

export const DynamicBoardsQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  limit: queryInt(1, DYNAMIC_BOARDS_MAX_LIMIT).default(DYNAMIC_BOARDS_PAGE_SIZE),
  order: z.enum(DYNAMIC_BOARD_ORDERS).default('alpha'),
});

export const DynamicBoardResultsQuery = z
  .object({
    updated_start: z.string().max(40).optional(),
    offset: queryInt(0, SEARCH_MAX_WINDOW).default(0),
    size: queryInt(1, SEARCH_MAX_SIZE).default(DYNAMIC_BOARD_RESULTS_SIZE),
    countersFor: CountersParam.optional(),
    previewing: queryInt(0, 2_147_483_647).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.offset + q.size > SEARCH_MAX_WINDOW) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: `offset + size must not exceed ${SEARCH_MAX_WINDOW}` });
    }
  });

/** A saved criterion with the name of its board, tag or rival (null when the reader may not see it). */
export type NamedCriterion = Criterion & { displayName: string | null };

export type DynamicBoard = {
  id: number;
  name: string;
  query: string;
  /** The criteria in the encoding of /api/search.json's filters. */
  filters: string;
  criteria: NamedCriterion[];
  updated_start: DatePreset;
  sort: SearchSort;
  isDraft: boolean;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type DynamicBoardPage = { items: DynamicBoard[]; total: number; page: number; limit: number };

/** A board and its live results for the reader. */
export type DynamicBoardView = DynamicBoard & { results: SearchResponse<CardResult> };

/** The filters string of saved criteria. */
export const filtersOf = (criteria: readonly Criterion[]): string => criteria.map(formatCriterion).join(',');
