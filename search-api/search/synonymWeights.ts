// Synonyms rank just below the words typed. A synonym's match is scored at SYNONYM_WEIGHT of a
// literal one, but a rarer word scores higher in BM25: "pricing" would put the three cards titled
// "… is cheaper" above the ones titled "Pricing", because "cheaper" is rarer. As Lucene's synonym
// query blends its terms' statistics, each synonym here counts as rare as the word typed at most:
// its weight is idf(word) / idf(synonym) when the synonym is rarer. Document frequencies are counted
// in the company's documents of the index searched (frequencies.ts).
import type { SearchEngine } from '../../engine/port.ts';
import { documentFrequencies, idf } from './frequencies.ts';
import type { Concept, TextFields } from './text.ts';

/** The concepts with each synonym's weight set (only when some synonym is rarer than the word typed). */
export async function weighSynonyms(engine: SearchEngine, index: string, companyId: number, cs: Concept[], fields: TextFields): Promise<Concept[]> {
  if (!cs.some((c) => c.alternatives.length)) return cs;
  const { n, df } = await documentFrequencies(engine, index, companyId, cs.flatMap((c) => (c.alternatives.length ? [c.text, ...c.alternatives] : [])), fields);
  return cs.map((c) => {
    if (!c.alternatives.length) return c;
    const literal = df.get(c.text)!;
    const alternatives = c.alternatives.map((a) => df.get(a)!);
    // A typo matches nothing as typed: the synonyms are weighed against the word it misspells, else the most common.
    const reference = idf(literal || (c.typoOf ? alternatives[c.alternatives.indexOf(c.typoOf)] : 0) || Math.max(...alternatives), n);
    const synonymWeights = alternatives.map((d) => (d ? Math.min(1, reference / idf(d, n)) : 1));
    return synonymWeights.some((w) => w < 1) ? { ...c, synonymWeights } : c;
  });
}
