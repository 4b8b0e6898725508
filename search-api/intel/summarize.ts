// An extractive summary: the item's best sentences, scored by the weight of their terms in the whole text
// (frequent content words weigh more), kept in their original order. Used with or without an LLM configured.
import { INTEL } from './constants.ts';

const STOPWORDS = new Set(
  ('a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is ' +
    'it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some ' +
    'such than that the their theirs them then there these they this those through to too under until up very was we were what when ' +
    'where which while who whom why will with would you your yours')
    .split(' '),
);

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((w) => w.length > 2 && !STOPWORDS.has(w));

export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function extractiveSummary(text: string, count: number = INTEL.summarySentences): string {
  const sentences = sentencesOf(text);
  if (sentences.length <= count) return sentences.join(' ');
  const weight = new Map<string, number>();
  for (const w of words(text)) weight.set(w, (weight.get(w) ?? 0) + 1);
  const scored = sentences.map((s, i) => {
    const ws = words(s);
    const sum = [...new Set(ws)].reduce((acc, w) => acc + (weight.get(w) ?? 0), 0);
    return { i, s, score: ws.length ? sum / Math.sqrt(ws.length) : 0 };
  });
  const best = [...scored].sort((a, b) => b.score - a.score || a.i - b.i).slice(0, count);
  return best.sort((a, b) => a.i - b.i).map((x) => x.s).join(' ');
}
