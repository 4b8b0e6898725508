// Completion suggestions: prefix (or typo-tolerant prefix) matches over the sorted analyzed inputs
// of each segment, filtered by category contexts, one option per document. Order: exact before
// fuzzy, then weight desc, then analyzed text. When a segment's weights are all equal, the exact
// prefix scan stops after `size` accepted entries (entries are in key order), and typo-tolerant
// matches are looked for only when exact ones do not fill the list.
import { ENGINE_LIMITS, type CompletionSuggester, type SuggestOption } from '../../port.ts';
import type { Schema } from '../index/schema.ts';
import { completionContexts, readSource, type CompletionField, type SegmentView } from '../index/segment.ts';
import type { QueryCaches } from '../query/caches.ts';
import { fuzzyPrefixMatches, maxEdits } from '../query/fuzzy.ts';

interface Match {
  view: SegmentView;
  doc: number;
  id: string;
  key: string;
  text: string;
  weight: number;
  edits: number;
}

function uniformWeights(caches: QueryCaches, c: CompletionField): boolean {
  let u = caches.uniformWeights.get(c);
  if (u === undefined) {
    u = c.weights.every((w) => w === c.weights[0]);
    caches.uniformWeights.set(c, u);
  }
  return u;
}

/** Exact prefixes before fuzzy ones, then higher weight, then key, text and id. */
function compare(a: Match, b: Match): number {
  if (a.edits !== b.edits) return a.edits - b.edits;
  if (a.weight !== b.weight) return b.weight - a.weight;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.text !== b.text) return a.text < b.text ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function suggestCompletion(caches: QueryCaches, schema: Schema, views: SegmentView[], s: CompletionSuggester): SuggestOption[] {
  const c = s.completion;
  const f = schema.fields.get(c.field)!;
  const size = c.size ?? ENGINE_LIMITS.defaultSuggestSize;
  const key = f.analyzer!.terms(s.prefix).join('\u001f');
  if (key === '') return [];
  const wanted = c.contexts ? new Set(Object.entries(c.contexts).flatMap(([n, vs]) => vs.map((v) => `${n}\u0000${v}`))) : null;

  let k = 0;
  let prefixLength = 1;
  if (c.fuzzy) {
    const fz = typeof c.fuzzy === 'object' ? c.fuzzy : {};
    const minLength = fz.min_length ?? 3;
    prefixLength = fz.prefix_length ?? 1;
    if (key.length >= minLength) k = maxEdits(fz.fuzziness ?? 'AUTO', key);
  }

  const best = new Map<string, Match>(); // per document id
  for (const view of views) {
    const comp = view.seg.completion.get(c.field);
    if (!comp) continue;
    const canStop = uniformWeights(caches, comp);
    const seenTexts = c.skip_duplicates ? new Set<string>() : null;
    let accepted = 0;
    /** Considers entry i; false once `size` exact entries are accepted (uniform weights, key order). */
    const consider = (i: number, edits: number): boolean => {
      const doc = comp.docs[i];
      if (view.live && view.live[doc] === 0) return true;
      if (wanted) {
        const ctx = completionContexts(comp, i);
        if (!ctx || !ctx.some((x) => wanted.has(x))) return true;
      }
      const id = view.seg.ids[doc];
      const m: Match = { view, doc, id, key: comp.keys.at(i), text: comp.texts.at(i), weight: comp.weights[i], edits };
      const prev = best.get(id);
      if (!prev || compare(m, prev) < 0) best.set(id, m);
      if (canStop && edits === 0 && !prev) {
        if (seenTexts) {
          if (seenTexts.has(m.text)) return true;
          seenTexts.add(m.text);
        }
        if (++accepted >= size) return false;
      }
      return true;
    };
    // Exact prefixes sort first: when they fill the list (equal weights), typos cannot enter it.
    const [exactFrom, exactEnd] = comp.keys.prefixRange(key);
    let full = false;
    for (let i = exactFrom; i < exactEnd; i++) {
      if (!consider(i, 0)) {
        full = true;
        break;
      }
    }
    if (k > 0 && !full) {
      const head = key.slice(0, prefixLength);
      const [from, to] = comp.keys.prefixRange(head);
      fuzzyPrefixMatches(comp.keys, from, to, key, k, (i, edits) => edits === 0 || consider(i, edits));
    }
  }
  let list = [...best.values()].sort(compare);
  if (c.skip_duplicates) {
    const seen = new Set<string>();
    list = list.filter((m) => (seen.has(m.text) ? false : (seen.add(m.text), true)));
  }
  return list.slice(0, size).map((m) => ({ text: m.text, id: m.id, score: m.weight, source: readSource(m.view.seg, m.doc) }));
}
