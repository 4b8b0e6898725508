// Unified search: cards (and intel for curators), counters with names, and global suggestions. Every
// query is scoped by company and visibility.
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  COMPLETIONS_WITH_OTHERS,
  SUGGESTIONS_PER_KIND,
  dealPath,
  type CardResult,
  type DealResult,
  type CounterBucket,
  type CounterField,
  type IntelResult,
  type SearchParams,
  type SearchResponse,
  type Suggestion,
} from '../../contracts/search.ts';
import type { Db } from '../../db/client.ts';
import type { Aggregate, Hit, SearchEngine, SearchRequest, SearchResponse as SearchResponseOf } from '../../engine/port.ts';
import type { CardDoc } from '../../documents/cards.ts';
import type { IntelDoc } from '../../documents/intel.ts';
import type { DealDoc } from '../../documents/deals.ts';
import type { FileDoc } from '../../documents/files.ts';
import type { FileSearchHit } from '../../contracts/knowledgeHub.ts';
import { rowsOf } from '../../db/client.ts';
import { asTyped } from '../../documents/index.ts';
import { didYouMean } from './didYouMean.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { fieldHtml, highlightedValues, highlightHtml, markedSnippet, snippetHtml, snippetText } from './highlight.ts';
import {
  buildCardSearch,
  buildDealSearch,
  buildFileSearch,
  buildIntelSearch,
  CARD_RESULT_FIELDS,
  CARD_SEARCH_FIELDS,
  DEAL_RESULT_FIELDS,
  DEAL_SEARCH_FIELDS,
  EVERY_CONCEPT_AGG,
  FILE_RESULT_FIELDS,
  FILE_SEARCH_FIELDS,
  INTEL_RESULT_FIELDS,
  INTEL_SEARCH_FIELDS,
} from './request.ts';
import { companyThesaurus, queryConcepts } from './synonyms.ts';
import { words, type Concept, type TextFields } from './text.ts';
import { weighSynonyms } from './synonymWeights.ts';
import { withFeedback } from './feedback.ts';
import { fileCitation } from './fileCitation.ts';
import { suggestionScopes, tagSuggestionScopes, type Viewer } from '../visibility/index.ts';

type Deps = { db: Db; engine: SearchEngine; logger?: Logger };
type Ref = { id: number; name: string };
type CardSource = Pick<CardDoc, (typeof CARD_RESULT_FIELDS)[number]>;
type IntelSource = Pick<IntelDoc, (typeof INTEL_RESULT_FIELDS)[number]>;
type DealSource = Pick<DealDoc, (typeof DEAL_RESULT_FIELDS)[number]>;
type FileSource = Pick<FileDoc, (typeof FILE_RESULT_FIELDS)[number]>;

/** The query's concepts; sorted by relevance, with its synonyms weighed against the word typed (synonymWeights.ts). */
async function relevanceConcepts(deps: Deps, index: string, companyId: number, p: SearchParams, fields: TextFields): Promise<Concept[]> {
  const cs = await queryConcepts(deps.db, companyId, p.query);
  return p.sort === 'relevance' ? weighSynonyms(deps.engine, index, companyId, cs, fields) : cs;
}

/** 'any' when the query has several concepts and no hit matches them all (the page shows near misses only). */
export function matchedOf(res: SearchResponseOf): 'all' | 'any' {
  const every = res.aggregations?.[EVERY_CONCEPT_AGG] as { doc_count: number } | undefined;
  return every && every.doc_count === 0 && res.total.value > 0 ? 'any' : 'all';
}

/** The card search request; sorted by relevance, with the words its best cards share (feedback.ts). */
export async function cardSearchRequest(engine: SearchEngine, viewer: Viewer, p: SearchParams, cs: Concept[]): Promise<SearchRequest> {
  const request = buildCardSearch(p, viewer, cs);
  return p.sort === 'relevance' && cs.length ? withFeedback(engine, viewer.companyId, request, cs, CARD_SEARCH_FIELDS) : request;
}

/** `correct`: look for a "did you mean" on the first page (a saved search, read as it was saved, does not). */
export async function searchCards(deps: Deps, viewer: Viewer, p: SearchParams, { correct = true } = {}): Promise<SearchResponse<CardResult>> {
  const cs = await relevanceConcepts(deps, 'cards', viewer.companyId, p, CARD_SEARCH_FIELDS);
  const [res, correction] = await Promise.all([
    cardSearchRequest(deps.engine, viewer, p, cs).then((request) => deps.engine.search<CardSource>('cards', request)),
    correct && p.offset === 0 && cs.length ? didYouMean(deps.db, deps.engine, viewer, p.query, cs) : null,
  ]);
  const { [EVERY_CONCEPT_AGG]: _every, ...counterAggs } = res.aggregations ?? {};
  return {
    nr_results: res.total.value,
    matched: matchedOf(res),
    ...(correction ? { didYouMean: correction } : {}),
    results: res.hits.map(toCardResult),
    counters: await counters(deps.db, viewer.companyId, counterAggs),
    offset: p.offset,
    size: p.size,
  };
}

export async function searchIntel(deps: Deps, companyId: number, p: SearchParams): Promise<SearchResponse<IntelResult>> {
  const cs = await relevanceConcepts(deps, 'intel', companyId, p, INTEL_SEARCH_FIELDS);
  const res = await deps.engine.search<IntelSource>('intel', buildIntelSearch(p, companyId, cs));
  return { nr_results: res.total.value, matched: matchedOf(res), results: res.hits.map(toIntelResult), counters: {}, offset: p.offset, size: p.size };
}

/** The deals context: only for readers of win/loss, which the caller checks (visibility canReadWinLoss) before asking. */
export async function searchDeals(deps: Deps, viewer: Pick<Viewer, 'companyId'>, p: SearchParams): Promise<SearchResponse<DealResult>> {
  const cs = await relevanceConcepts(deps, 'deals', viewer.companyId, p, DEAL_SEARCH_FIELDS);
  const res = await deps.engine.search<DealSource>('deals', buildDealSearch(p, viewer, cs));
  return { nr_results: res.total.value, matched: matchedOf(res), results: res.hits.map(toDealResult), counters: {}, offset: p.offset, size: p.size };
}

/**
 * The files context: the knowledge hub's passages the viewer may see (the caller has checked the hub is on), one hit
 * per passage (a file matched in three places shows three, each named for where it is: a page of passages reads as
 * the places to look, and no whole file is highlighted), named as Ask names it in the reader's language. A passage
 * found by its file's title alone shows the start of its text. A passage deleted since it was indexed is left out.
 */
export async function searchFiles(deps: Deps, viewer: Viewer, p: SearchParams, language: string | null): Promise<SearchResponse<FileSearchHit>> {
  const cs = await relevanceConcepts(deps, 'files', viewer.companyId, p, FILE_SEARCH_FIELDS);
  const res = await deps.engine.search<FileSource>('files', buildFileSearch(p, viewer, cs));
  const ids = res.hits.map((h) => Number(h.source.id));
  const present = ids.length
    ? new Set((await rowsOf<{ id: number }>(deps.db, sql`SELECT id FROM knowledge_passages WHERE id = ANY(${sql.param(ids)}::int[]) AND company_id = ${viewer.companyId}`)).map((r) => r.id))
    : new Set<number>();
  const results = res.hits.flatMap((h): FileSearchHit[] => {
    const s = h.source;
    if (!present.has(Number(s.id))) return [];
    const fragment = marked(h.highlight, 'text');
    const place = { location: s.location, number: s.number, label: s.label };
    return [{
      fileId: s.fileId, seq: s.seq, title: s.title, fileName: s.fileName, kind: s.kind, ...place,
      citation: fileCitation(language, { title: s.title, ...place }),
      highlight: fragment ? markedSnippet(fragment) : escapeHtml(snippetText(s.text)),
      productId: s.productId,
    }];
  });
  return { nr_results: res.total.value, matched: matchedOf(res), results, counters: {}, offset: p.offset, size: p.size };
}

/** A field's highlight: its literal matches, else its typos (marked on its words-as-typed subfield). */
function marked(highlight: Record<string, string[]> | undefined, field: string): string | undefined {
  return highlight?.[field]?.[0] ?? highlight?.[asTyped([field])[0]]?.[0];
}

function toCardResult(h: Hit<CardSource>): CardResult {
  const s = h.source;
  const matchedTags = highlightedValues(h.highlight, 'tags.name');
  const title = marked(h.highlight, 'title');
  const text = marked(h.highlight, 'text');
  return {
    id: Number(s.id),
    data: { name: s.title },
    titleHtml: title ? highlightHtml(title) : escapeHtml(s.title),
    snippetHtml: text ? snippetHtml(text) : null,
    board: { id: s.board.id, name: s.board.name, profileId: s.profile.id },
    profile: s.profile,
    rival: s.rival,
    tags: s.tags.map((t) => ({ ...t, highlight: matchedTags.has(t.name) })),
    isDraft: s.isDraft,
    allAccess: s.allAccess,
    scratchpad: s.scratchpad,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

function toIntelResult(h: Hit<IntelSource>): IntelResult {
  const s = h.source;
  const title = s.curatedTitle || s.title;
  const snippet = h.highlight?.summary?.[0] ? 'summary' : h.highlight?.body?.[0] ? 'body' : null;
  return {
    id: Number(s.id),
    title,
    titleHtml: fieldHtml(s.curatedTitle ? undefined : h.highlight, 'title', title),
    snippetHtml: snippet ? snippetHtml(h.highlight![snippet][0]) : null,
    state: s.state,
    priority: s.priority,
    channel: s.channel,
    source: s.source,
    rivals: s.rivals,
    createdAt: s.createdAt,
  };
}

function toDealResult(h: Hit<DealSource>): DealResult {
  const s = h.source;
  const id = Number(s.id);
  const snippet = marked(h.highlight, 'notes') ?? marked(h.highlight, 'reasonQuotes');
  return {
    id,
    name: s.name,
    nameHtml: fieldHtml(h.highlight, 'name', s.name),
    accountName: s.accountName,
    snippetHtml: snippet ? snippetHtml(snippet) : null,
    outcome: s.outcome,
    stage: s.stage,
    rivals: s.rivals,
    ownerName: s.ownerName,
    amount: s.amount,
    currency: s.currency,
    closedOn: s.closedOn,
    url: dealPath(id),
  };
}

/** The names of what each counter counts, within the company (boards with their rival). */
const COUNTER_NAMES: Record<CounterField, (companyId: number, ids: ReturnType<typeof sql.param>) => SQL> = {
  'tags.id': (companyId, ids) => sql`SELECT 'tags.id' AS field, id, name, NULL::int AS "rivalId", NULL::text AS "rivalName"
    FROM tags WHERE company_id = ${companyId} AND id = ANY(${ids}::int[])`,
  'board.rival_id': (companyId, ids) => sql`SELECT 'board.rival_id' AS field, id, name, NULL::int AS "rivalId", NULL::text AS "rivalName"
    FROM rivals WHERE company_id = ${companyId} AND id = ANY(${ids}::int[])`,
  'board.id': (companyId, ids) => sql`SELECT 'board.id' AS field, b.id, b.name, r.id AS "rivalId", r.name AS "rivalName"
    FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE b.company_id = ${companyId} AND b.id = ANY(${ids}::int[])`,
};

/** Counter buckets with the names of what they count, read from PostgreSQL in one round trip. */
async function counters(db: Db, companyId: number, aggs: Record<string, Aggregate> | undefined) {
  const buckets = new Map<CounterField, { id: number; count: number }[]>();
  for (const [field, agg] of Object.entries(aggs ?? {})) {
    const list = ((agg as { buckets?: { buckets: { key: string | number; doc_count: number }[] } }).buckets?.buckets ?? []).map(
      (b) => ({ id: Number(b.key), count: b.doc_count }),
    );
    buckets.set(field as CounterField, list);
  }
  const parts = [...buckets].filter(([, list]) => list.length > 0).map(([field, list]) => COUNTER_NAMES[field](companyId, sql.param(list.map((b) => b.id))));
  type Named = { field: CounterField; id: number; name: string; rivalId: number | null; rivalName: string | null };
  const rows = parts.length ? ((await db.execute(sql.join(parts, sql` UNION ALL `))).rows as Named[]) : [];
  const names = new Map(rows.map((r) => [`${r.field}:${r.id}`, r]));
  const out: Record<string, CounterBucket[]> = {};
  for (const [field, list] of buckets) {
    out[field] = list
      .filter((b) => names.has(`${field}:${b.id}`))
      .map((b) => {
        const n = names.get(`${field}:${b.id}`)!;
        return { id: b.id, name: n.name, count: b.count, ...(n.rivalId !== null ? { rivalId: n.rivalId, rivalName: n.rivalName! } : {}) };
      });
  }
  return out as SearchResponse['counters'];
}

// ---- suggestions

type SuggestSource = { id: string; name?: string; title?: string; profile?: Ref; rival?: Ref };
/** How many of a typed word's synonyms are completed too. */
const SYNONYM_COMPLETIONS = 3;

/** Tag, battlecard and completion suggestions; a kind that fails gives an empty list, not an error. */
export async function suggest(
  deps: Deps,
  viewer: Viewer,
  text: string,
  opts: { tagsVisible: boolean },
): Promise<Suggestion[]> {
  const prefix = text.trim();
  if (!prefix) return [];
  const fuzzy = prefix.length >= 4 ? { fuzziness: 'AUTO' as const, prefix_length: 1 } : false;
  const scopes = suggestionScopes(viewer);
  const ask = async (index: string, contexts: string[], size: number, text = prefix) => {
    try {
      const res = await deps.engine.suggest<SuggestSource>(index, {
        s: { prefix: text, completion: { field: 'suggest', size, skip_duplicates: true, fuzzy, contexts: { scope: contexts } } },
      });
      return res.s ?? [];
    } catch (err) {
      deps.logger?.warn({ err, index }, 'suggestions of one kind failed');
      return [];
    }
  };
  // A typed word the company's synonyms know also completes to titles starting with its synonyms
  // (asked once the synonyms are read, while the other kinds are already running).
  const synonymCompletions = async () => {
    const synonyms = (await companyThesaurus(deps.db, viewer.companyId)).alternatives.get(words(prefix).join(' ')) ?? [];
    return (await Promise.all(synonyms.slice(0, SYNONYM_COMPLETIONS).map((alt) => ask('cards', scopes, SUGGESTIONS_PER_KIND, alt)))).flat();
  };
  const [tagOptions, battlecardOptions, completionOptions, synonymOptions] = await Promise.all([
    opts.tagsVisible ? ask('tags', tagSuggestionScopes(viewer), SUGGESTIONS_PER_KIND) : Promise.resolve([]),
    ask('battlecards', scopes, SUGGESTIONS_PER_KIND),
    ask('cards', scopes, SUGGESTIONS_PER_KIND, prefix),
    synonymCompletions(),
  ]);

  const tags: Suggestion[] = tagOptions.map((o) => {
    const name = o.source.name ?? o.text;
    return { type: 'tag', id: Number(o.id), name, ...(o.text.toLowerCase() !== name.toLowerCase() ? { synonym: o.text } : {}) };
  });
  const battlecards: Suggestion[] = battlecardOptions
    .filter((o) => o.source.profile && o.source.rival)
    .map((o) => ({
      type: 'battlecard',
      id: Number(o.id),
      url: `/profile/${o.source.profile!.id}/battlecard/view/${o.id}`,
      title: o.source.title ?? o.text,
      rivalName: o.source.rival!.name,
      rivalProfileId: o.source.profile!.id,
    }));
  const seen = new Set<string>();
  const completions: Suggestion[] = [];
  for (const o of [...completionOptions, ...synonymOptions]) {
    const key = o.text.toLowerCase();
    if (!seen.has(key)) completions.push({ type: 'completion', text: o.text });
    seen.add(key);
  }
  const limit = tags.length || battlecards.length ? COMPLETIONS_WITH_OTHERS : SUGGESTIONS_PER_KIND;
  return [...tags, ...battlecards, ...completions.slice(0, limit)];
}

// ---- the quick finder and the card viewer (PostgreSQL)
