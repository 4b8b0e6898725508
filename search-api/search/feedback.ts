// Relevance feedback, as RM3 and Lucene's "more like this" do it: the cards that answer a query best
// share words the rep did not type ("mobile" → "app", "offline", "web"; "embedded" → "tenant", "url",
// "facing"), and those words order the rest of the list. The request runs once for its best
// FEEDBACK_DOCS cards; the words at least two of them hold, weighed by how much of each card they
// make, by the card's rank and by how rare they are in the company's cards, are added to the query as
// optional words. They add text relevance only, never a tier, so they reorder cards within a tier
// ("lumenary mobile": which of Lumenary's other cards come next) and never bring in a card that
// matches none of the query's words.
import type { Query, SearchEngine, SearchRequest } from '../../engine/port.ts';
import type { CardDoc } from '../../documents/cards.ts';
import { documentFrequencies, idf } from './frequencies.ts';
import { QUESTION_WORDS, words, type Concept, type TextFields } from './text.ts';

/** The best cards read for their words. */
const FEEDBACK_DOCS = 5;
/** A word counts when at least this many of them hold it. */
const FEEDBACK_MIN_DOCS = 2;
/** The words added. */
const FEEDBACK_WORDS = 5;
/** Their weight beside the query's own words. */
const FEEDBACK_WEIGHT = 0.1;
/** The fields read and matched. */
const FIELDS = ['title', 'text'] as const;

type Read = Pick<CardDoc, (typeof FIELDS)[number] | 'rival'>;

/** The words the best cards for `request` share, best first. */
export async function feedbackWords(engine: SearchEngine, companyId: number, request: SearchRequest, cs: Concept[], fields: TextFields): Promise<string[]> {
  const { hits } = await engine.search<Read>('cards', { query: request.query, ...(request.post_filter ? { post_filter: request.post_filter } : {}), sort: request.sort, size: FEEDBACK_DOCS, _source: [...FIELDS, 'rival'] });
  if (hits.length < FEEDBACK_MIN_DOCS) return [];
  // The query's own words and synonyms already count, and a rival's name would pull in its other cards.
  const known = new Set([...cs.flatMap((c) => [c.text, ...c.alternatives].flatMap(words)), ...hits.flatMap((h) => words(h.source.rival.name))]);
  // A card counts less the lower it ranks (1, 1/2, 1/3…): the best answer says most about what was meant.
  const shares = hits.map((h, i) => {
    const ws = words(`${h.source.title} ${h.source.text}`).filter((w) => w.length > 2 && !/^\d/.test(w) && !QUESTION_WORDS.has(w) && !known.has(w));
    const share = new Map<string, number>();
    for (const w of ws) share.set(w, (share.get(w) ?? 0) + 1 / (i + 1) / ws.length);
    return share;
  });
  const candidates = [...new Set(shares.flatMap((s) => [...s.keys()]))].filter((w) => shares.filter((s) => s.has(w)).length >= FEEDBACK_MIN_DOCS);
  if (!candidates.length) return [];
  const { n, df } = await documentFrequencies(engine, 'cards', companyId, candidates, fields);
  const weight = (w: string) => shares.reduce((sum, s) => sum + (s.get(w) ?? 0), 0) * idf(df.get(w)!, n);
  return candidates
    .map((w) => ({ w, score: weight(w) }))
    .sort((a, b) => b.score - a.score || a.w.localeCompare(b.w))
    .slice(0, FEEDBACK_WORDS)
    .map((x) => x.w);
}

/**
 * `request` with the words its best cards share added as optional words (unchanged when there are
 * none). Its highlight still marks the query's words only: the added words rank, they were not asked for.
 */
export async function withFeedback(engine: SearchEngine, companyId: number, request: SearchRequest, cs: Concept[], fields: TextFields): Promise<SearchRequest> {
  const ws = await feedbackWords(engine, companyId, request, cs, fields);
  if (!ws.length || !request.query) return request;
  const should: Query[] = FIELDS.map((f) => ({ match: { [f]: { query: ws.join(' '), boost: FEEDBACK_WEIGHT } } }));
  return {
    ...request,
    query: { bool: { must: [request.query], should } },
    ...(request.highlight ? { highlight: { ...request.highlight, highlight_query: request.query } } : {}),
  };
}
