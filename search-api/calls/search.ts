// Call search (the calls index, documents/calls.ts): the company's calls whose passages, title, account or rivals
// say the words asked, best first and then latest, with the passages that matched as highlighted fragments.
import type { Query, SearchEngine, SearchRequest, SortClause } from '../../engine/port.ts';
import { asTyped } from '../../documents/index.ts';
import { MARK_CLOSE, MARK_OPEN } from '../search/request.ts';
import { highlightHtml } from '../search/highlight.ts';
import { textQuery, type Concept, type TextFields } from '../search/text.ts';
import { callsFilter, type Viewer } from '../visibility/index.ts';

// Passages are what reps and prospects said, typos of their own aside: forgiven on their stems, as intel bodies'.
export const CALL_SEARCH_FIELDS: TextFields = {
  literal: ['title^2', 'accountName^2', 'rivals.name^2', 'passages'],
  typo: [...asTyped(['title^2', 'accountName^2']), 'rivals.name^2', 'passages'],
};
/** A matched passage's fragment, about as long as a snippet line or two. */
const FRAGMENT_CHARS = 160;
/** Passages shown per call. */
const FRAGMENTS = 3;
const SORT: SortClause[] = ['_score', { occurredAt: 'desc' }, { id: 'asc' }];

export type CallSearch = { rivalId?: number; repId?: number; from: number; size: number };

export function buildCallSearch(viewer: Pick<Viewer, 'companyId'>, cs: Concept[], p: CallSearch): SearchRequest {
  const filter: Query[] = callsFilter(viewer);
  if (p.rivalId) filter.push({ term: { rivalIds: p.rivalId } });
  if (p.repId) filter.push({ term: { repUserId: p.repId } });
  const text = textQuery(cs, CALL_SEARCH_FIELDS, 'score', 'rivals.name');
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter } },
    sort: text ? SORT : SORT.slice(1),
    from: p.from,
    size: p.size,
    track_total_hits: true,
    highlight: { pre_tags: [MARK_OPEN], post_tags: [MARK_CLOSE], fields: { passages: { fragment_size: FRAGMENT_CHARS, number_of_fragments: FRAGMENTS } } },
    _source: false,
  };
}

/** The page of calls found, each with its matched passages' fragments (the engine's markers around the words found). */
export async function searchCalls(engine: SearchEngine, viewer: Pick<Viewer, 'companyId'>, cs: Concept[], p: CallSearch): Promise<{ total: number; hits: { callId: number; fragments: string[] }[] }> {
  const res = await engine.search('calls', buildCallSearch(viewer, cs, p));
  return { total: res.total.value, hits: res.hits.map((h) => ({ callId: Number(h.id), fragments: h.highlight?.passages ?? [] })) };
}

/** A fragment as safe HTML, <em> around the words found. */
export const fragmentSnippet = highlightHtml;
