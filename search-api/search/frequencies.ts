// Document frequencies of words and phrases in a company's documents of one index, for the rankers
// that weigh words by how rare they are (synonymWeights.ts, feedback.ts). The words missing from the
// cache are counted in one request (a filter aggregation each) and kept a few minutes per engine, so
// a search costs one request for its new words and none after.
import type { Aggregation, SearchEngine } from '../../engine/port.ts';
import { matchesAcrossFields, type TextFields } from './text.ts';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;
type Counted = { count: number; at: number };
const caches = new WeakMap<SearchEngine, Map<string, Counted>>();

/** BM25's inverse document frequency. */
export const idf = (df: number, n: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** `n`: the company's documents in the index; `df`: for each text, those holding all its words across the fields. */
export async function documentFrequencies(
  engine: SearchEngine,
  index: string,
  companyId: number,
  texts: readonly string[],
  fields: TextFields,
): Promise<{ n: number; df: Map<string, number> }> {
  let entries = caches.get(engine);
  if (!entries) caches.set(engine, (entries = new Map()));
  const now = Date.now();
  // Keyed by the text ('' for every document of the company).
  const key = (text: string) => `${index}|${companyId}|${text}`;
  const counts = new Map<string, number>();
  for (const t of ['', ...texts]) {
    const hit = entries.get(key(t));
    if (hit && now - hit.at < TTL_MS) counts.set(t, hit.count);
  }
  const missing = ['', ...new Set(texts)].filter((t) => !counts.has(t));
  if (missing.length) {
    const aggs: Record<string, Aggregation> = Object.fromEntries(missing.map((t, i) => [`t${i}`, { filter: t ? matchesAcrossFields(t, fields) : { match_all: {} } }]));
    const res = await engine.search(index, { query: { term: { company_id: companyId } }, size: 0, aggs });
    if (entries.size + missing.length > MAX_ENTRIES) entries.clear();
    missing.forEach((t, i) => {
      const count = (res.aggregations?.[`t${i}`] as { doc_count: number }).doc_count;
      counts.set(t, count);
      entries.set(key(t), { count, at: now });
    });
  }
  return { n: counts.get('')!, df: new Map(texts.map((t) => [t, counts.get(t)!])) };
}
