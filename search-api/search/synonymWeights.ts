// Synonyms rank just below the words typed. A synonym's match is scored at SYNONYM_WEIGHT of a
// literal one, but a rarer word scores higher in BM25: "pricing" would put the three cards titled
// "… is cheaper" above the ones titled "Pricing", because "cheaper" is rarer. As Lucene's synonym
// query blends its terms' statistics, each synonym here counts as rare as the word typed at most:
// its weight is idf(word) / idf(synonym) when the synonym is rarer. Document frequencies are counted
// in the company's documents of the index searched and kept a few minutes per engine, so a search
// costs one count per new word and none after.
import type { Query, SearchEngine } from '../../engine/port.ts';
import { matchesAcrossFields, type Concept, type TextFields } from './text.ts';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;
type Counted = { count: number; at: number };
const caches = new WeakMap<SearchEngine, Map<string, Counted>>();

/** BM25's inverse document frequency. */
const idf = (df: number, n: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** The concepts with each synonym's weight set (only when some synonym is rarer than the word typed). */
export async function weighSynonyms(engine: SearchEngine, index: string, companyId: number, cs: Concept[], fields: TextFields): Promise<Concept[]> {
  if (!cs.some((c) => c.alternatives.length)) return cs;
  const scope: Query = { term: { company_id: companyId } };
  // Keyed by the word ('' for every document of the company).
  const count = (word: string, query: Query) => cachedCount(engine, `${index}|${companyId}|${word}`, () => engine.count(index, query));
  const n = await count('', scope);
  return Promise.all(
    cs.map(async (c) => {
      if (!c.alternatives.length) return c;
      const [literal, ...alternatives] = await Promise.all(
        [c.text, ...c.alternatives].map((t) => count(t, { bool: { filter: [scope, matchesAcrossFields(t, fields)] } })),
      );
      // A typo matches nothing as typed: the synonyms are weighed against the word it misspells, else the most common.
      const reference = idf(literal || (c.typoOf ? alternatives[c.alternatives.indexOf(c.typoOf)] : 0) || Math.max(...alternatives), n);
      const synonymWeights = alternatives.map((df) => (df ? Math.min(1, reference / idf(df, n)) : 1));
      return synonymWeights.some((w) => w < 1) ? { ...c, synonymWeights } : c;
    }),
  );
}

/** A count of documents, kept TTL_MS per engine under its key. */
async function cachedCount(engine: SearchEngine, key: string, run: () => Promise<number>): Promise<number> {
  let entries = caches.get(engine);
  if (!entries) caches.set(engine, (entries = new Map()));
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.count;
  const count = await run();
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(key, { count, at: now });
  return count;
}
