// Turns the search parameters of the API (and so of the /search page) into one engine request, in
// one tested function, the way Searchkit does: the text query and the scope (visibility, dates,
// rivals, lanes, profile) select the documents; board, tag and rival criteria filter the hits
// through post_filter, and each counter is computed with every criterion except its own field's,
// so a sidebar keeps offering the other boards or tags while some are selected.
import type { Aggregation, Query, SearchRequest, SortClause } from '../../engine/port.ts';
import {
  CRITERION_FIELDS,
  type CounterField,
  type Criterion,
  type CriterionKind,
  type SearchParams,
  type SearchSort,
} from '../../contracts/search.ts';
import type { CardDoc } from '../../documents/cards.ts';
import type { IntelDoc } from '../../documents/intel.ts';
import type { DealDoc } from '../../documents/deals.ts';
import type { FileDoc } from '../../documents/files.ts';
import { updatedRange } from './dates.ts';
import { dealsFilter, visibilityFilter, type Viewer } from '../visibility/index.ts';
import { everyConcept, textQuery, tierCount, tierFirst, type Concept, type Ranking, type TextFields } from './text.ts';
import { asTyped } from '../../documents/index.ts';

/**
 * Highlight markers from Unicode's private use area, which card and intel text does not use; the
 * response escapes HTML, then turns them into <em>. (Control characters would be trimmed off the
 * start of a fragment by OpenSearch.)
 */
export const MARK_OPEN = '\ue000';
export const MARK_CLOSE = '\ue001';

/** The document fields a search result shows. */
export const CARD_RESULT_FIELDS = ['id', 'title', 'board', 'profile', 'rival', 'tags', 'isDraft', 'allAccess', 'scratchpad', 'createdAt', 'updatedAt'] as const satisfies readonly (keyof CardDoc)[];
export const INTEL_RESULT_FIELDS = ['id', 'title', 'curatedTitle', 'summary', 'state', 'priority', 'channel', 'source', 'rivals', 'createdAt'] as const satisfies readonly (keyof IntelDoc)[];

export const DEAL_RESULT_FIELDS = ['id', 'name', 'accountName', 'outcome', 'stage', 'rivals', 'ownerName', 'amount', 'currency', 'closedOn'] as const satisfies readonly (keyof DealDoc)[];

const CARD_FIELDS = ['title^3', 'tags.name^2', 'rival.name^2', 'board.name', 'text'];
export const CARD_SEARCH_FIELDS: TextFields = { literal: CARD_FIELDS, typo: asTyped(CARD_FIELDS) };
// An intel item's body is long and read by 1M-item feeds: its typos are forgiven on its stems.
export const INTEL_SEARCH_FIELDS: TextFields = {
  literal: ['curatedTitle^3', 'title^3', 'summary^2', 'body', 'rivals.name^2'],
  typo: [...asTyped(['curatedTitle^3', 'title^3', 'summary^2']), 'body', 'rivals.name^2'],
};
// A deal's notes and reasons are free text a rep wrote: their typos are forgiven on their stems, as intel bodies'.
export const DEAL_SEARCH_FIELDS: TextFields = {
  literal: ['name^3', 'accountName^3', 'rivals.name^2', 'reasons^2', 'reasonQuotes', 'notes'],
  typo: [...asTyped(['name^3', 'accountName^3']), 'rivals.name^2', 'reasons^2', 'reasonQuotes', 'notes'],
};
export const FILE_RESULT_FIELDS = ['id', 'fileId', 'seq', 'title', 'fileName', 'kind', 'productId', 'location', 'number', 'label', 'text'] as const satisfies readonly (keyof FileDoc)[];
// A passage's text is read as cards' text is: typos forgiven on the words as typed.
const FILE_FIELDS = ['title^3', 'fileName^2', 'text'];
export const FILE_SEARCH_FIELDS: TextFields = { literal: FILE_FIELDS, typo: asTyped(FILE_FIELDS) };
export const COUNTER_SIZES: Record<CounterField, number> = { 'tags.id': 100, 'board.id': 200, 'board.rival_id': 50 };
/** An intel fragment: a little more than a snippet shows, for highlight.ts to cut at sentence and word boundaries. */
const INTEL_FRAGMENT_CHARS = 240;

const CARD_SORTS: Record<SearchSort, SortClause[]> = {
  newest: [{ updatedAt: 'desc' }, { id: 'asc' }],
  oldest: [{ updatedAt: 'asc' }, { id: 'asc' }],
  relevance: ['_score', { updatedAt: 'desc' }, { id: 'asc' }],
  alpha: [{ 'title.keyword': 'asc' }, { id: 'asc' }],
};
const INTEL_SORTS: Record<SearchSort, SortClause[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'asc' }],
  oldest: [{ createdAt: 'asc' }, { id: 'asc' }],
  relevance: ['_score', { createdAt: 'desc' }, { id: 'asc' }],
  alpha: [{ 'title.keyword': 'asc' }, { id: 'asc' }],
};

// Most recently closed first, open deals (no close date) last, as the deals list (contracts/deals.ts).
const closed = (order: 'asc' | 'desc'): SortClause => ({ closedOn: { order, missing: '_last' } });
const DEAL_SORTS: Record<SearchSort, SortClause[]> = {
  newest: [closed('desc'), { id: 'asc' }],
  oldest: [closed('asc'), { id: 'asc' }],
  relevance: ['_score', closed('desc'), { id: 'asc' }],
  alpha: [{ 'name.keyword': 'asc' }, { id: 'asc' }],
};

// Newer files have higher ids (the document holds no date: a passage is as new as its file's extraction); a file's
// passages in their order.
const FILE_SORTS: Record<SearchSort, SortClause[]> = {
  newest: [{ fileId: 'desc' }, { seq: 'asc' }],
  oldest: [{ fileId: 'asc' }, { seq: 'asc' }],
  relevance: ['_score', { fileId: 'desc' }, { seq: 'asc' }],
  alpha: [{ 'title.keyword': 'asc' }, { fileId: 'asc' }, { seq: 'asc' }],
};
/** A passage's fragment: a little more than a snippet shows, for highlight.ts to cut. */
const FILE_FRAGMENT_CHARS = 240;

/** Bool clauses of one field's criteria: any of the should values, every must value, no must_not value. */
function criteriaClauses(criteria: Criterion[], allTags: boolean) {
  const filter: Query[] = [];
  const mustNot: Query[] = [];
  const byField = new Map<CriterionKind, Criterion[]>();
  for (const c of criteria) byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
  for (const [field, list] of byField) {
    const path = CRITERION_FIELDS[field];
    const required = (c: Criterion) => c.type === 'must' || (allTags && field === 'tag' && c.type === 'should');
    const should = list.filter((c) => c.type === 'should' && !required(c)).map((c) => c.value);
    if (should.length) filter.push({ terms: { [path]: should } });
    for (const c of list.filter(required)) filter.push({ term: { [path]: c.value } });
    for (const c of list.filter((c) => c.type === 'must_not')) mustNot.push({ term: { [path]: c.value } });
  }
  return { filter, mustNot };
}

function boolOf(filter: Query[], mustNot: Query[]): Query {
  if (!filter.length && !mustNot.length) return { match_all: {} };
  return { bool: { ...(filter.length ? { filter } : {}), ...(mustNot.length ? { must_not: mustNot } : {}) } };
}

const COUNTER_KIND: Record<CounterField, CriterionKind> = { 'tags.id': 'tag', 'board.id': 'board', 'board.rival_id': 'rival' };

/** Sorts by a field keep the tiers first: the text query then scores the number of concepts matched. */
const rankingOf = (sort: SearchSort): Ranking => (sort === 'relevance' ? 'score' : 'tier');

/** A filter aggregation counting the hits that match every concept (the response's `matched`). */
export const EVERY_CONCEPT_AGG = 'every_concept';

/** The card search's text query: which cards the query finds (the same in every sort) and, by `ranking`, their order. */
export const cardTextQuery = (cs: Concept[], ranking: Ranking): Query | null => textQuery(cs, CARD_SEARCH_FIELDS, ranking, 'rival.name');

export function buildCardSearch(p: SearchParams, viewer: Viewer, cs: Concept[]): SearchRequest {
  const scope: Query[] = visibilityFilter(viewer);
  const range = updatedRange(p.updated_start);
  if (range) scope.push({ range: { updatedAt: range } });
  if (p.rivals?.length) scope.push({ terms: { 'board.rival_id': p.rivals } });
  if (p.lanes?.length) scope.push({ terms: { 'board.id': p.lanes } });
  if (p.profileId) scope.push({ term: { 'profile.id': p.profileId } });
  const text = cardTextQuery(cs, rankingOf(p.sort));

  const criteria = p.filters ?? [];
  const all = criteriaClauses(criteria, p.allTags);
  const aggs: Record<string, Aggregation> = {};
  for (const field of p.countersFor ?? []) {
    const others = criteriaClauses(
      criteria.filter((c) => c.field !== COUNTER_KIND[field]),
      p.allTags,
    );
    aggs[field] = {
      filter: boolOf(others.filter, others.mustNot),
      aggs: { buckets: { terms: { field, size: COUNTER_SIZES[field] } } },
    };
  }
  if (tierCount(cs) > 1) aggs[EVERY_CONCEPT_AGG] = { filter: { bool: { filter: [everyConcept(cs, CARD_SEARCH_FIELDS), boolOf(all.filter, all.mustNot)] } } };

  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter: scope } },
    ...(criteria.length ? { post_filter: boolOf(all.filter, all.mustNot) } : {}),
    sort: tierFirst(CARD_SORTS[p.sort], cs, rankingOf(p.sort)),
    from: p.offset,
    size: p.size,
    ...(Object.keys(aggs).length ? { aggs } : {}),
    // The words-as-typed subfields mark what matched with a typo (service.ts reads them second).
    highlight: highlightFor(['title', 'text', 'tags.name', ...asTyped(['title', 'text'])], true),
    _source: [...CARD_RESULT_FIELDS],
  };
}

export function buildIntelSearch(p: SearchParams, companyId: number, cs: Concept[]): SearchRequest {
  const filter: Query[] = [{ term: { company_id: companyId } }];
  const range = updatedRange(p.updated_start);
  if (range) filter.push({ range: { createdAt: range } });
  if (p.rivals?.length) filter.push({ terms: { rivalIds: p.rivals } });
  const text = textQuery(cs, INTEL_SEARCH_FIELDS, rankingOf(p.sort), 'rivals.name');
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter } },
    sort: tierFirst(INTEL_SORTS[p.sort], cs, rankingOf(p.sort)),
    ...(tierCount(cs) > 1 ? { aggs: { [EVERY_CONCEPT_AGG]: { filter: everyConcept(cs, INTEL_SEARCH_FIELDS) } } } : {}),
    from: p.offset,
    size: p.size,
    highlight: highlightFor(['title', 'summary', 'body'], false),
    _source: [...INTEL_RESULT_FIELDS],
  };
}

/**
 * The deals context of unified search: the company's deals (dealsFilter; the caller has checked canReadWinLoss),
 * within the rivals, outcome and owner asked for, found by name, account, rivals, reasons and notes.
 */
export function buildDealSearch(p: SearchParams, viewer: Pick<Viewer, 'companyId'>, cs: Concept[]): SearchRequest {
  const filter: Query[] = dealsFilter(viewer);
  const mustNot: Query[] = [];
  if (p.rivals?.length) filter.push({ terms: { rivalIds: p.rivals } });
  if (p.outcome === 'open') mustNot.push({ exists: { field: 'outcome' } });
  else if (p.outcome) filter.push({ term: { outcome: p.outcome } });
  if (p.ownerId) filter.push({ term: { ownerUserId: p.ownerId } });
  const text = textQuery(cs, DEAL_SEARCH_FIELDS, rankingOf(p.sort), 'rivals.name');
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter, ...(mustNot.length ? { must_not: mustNot } : {}) } },
    sort: tierFirst(DEAL_SORTS[p.sort], cs, rankingOf(p.sort)),
    ...(tierCount(cs) > 1 ? { aggs: { [EVERY_CONCEPT_AGG]: { filter: everyConcept(cs, DEAL_SEARCH_FIELDS) } } } : {}),
    from: p.offset,
    size: p.size,
    highlight: highlightFor(['name', 'notes', 'reasonQuotes'], false),
    _source: [...DEAL_RESULT_FIELDS],
  };
}

/**
 * The files context of unified search: the knowledge hub's passages that the viewer's audiences reach (the one
 * visibility filter, as cards: drafts for curators only, group-limited files for their groups), found by their file's
 * title and file name and by their text. A hit is one passage, highlighted by one fragment of its text, literal
 * matches first, typos on the words as typed second.
 */
export function buildFileSearch(p: SearchParams, viewer: Viewer, cs: Concept[]): SearchRequest {
  const filter: Query[] = visibilityFilter(viewer);
  const text = textQuery(cs, FILE_SEARCH_FIELDS, rankingOf(p.sort));
  const fragment = { fragment_size: FILE_FRAGMENT_CHARS, number_of_fragments: 1 };
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter } },
    sort: tierFirst(FILE_SORTS[p.sort], cs, rankingOf(p.sort)),
    ...(tierCount(cs) > 1 ? { aggs: { [EVERY_CONCEPT_AGG]: { filter: everyConcept(cs, FILE_SEARCH_FIELDS) } } } : {}),
    from: p.offset,
    size: p.size,
    highlight: { pre_tags: [MARK_OPEN], post_tags: [MARK_CLOSE], fields: { text: fragment, ...Object.fromEntries(asTyped(['text']).map((f) => [f, fragment])) } },
    _source: [...FILE_RESULT_FIELDS],
  };
}

/**
 * Titles and tags come back whole; so does a card's text, for highlight.ts to cut its snippet at
 * sentence and word boundaries the same way on both engines (cards are short). Intel bodies can be
 * long: one fragment each.
 */
function highlightFor(fields: string[], wholeText: boolean) {
  const [title, ...rest] = fields;
  const whole = { number_of_fragments: 0 };
  return {
    pre_tags: [MARK_OPEN],
    post_tags: [MARK_CLOSE],
    fields: {
      [title]: whole,
      ...Object.fromEntries(rest.map((f) => [f, wholeText || f === 'tags.name' ? whole : { fragment_size: INTEL_FRAGMENT_CHARS, number_of_fragments: 1 }])),
    },
  };
}
