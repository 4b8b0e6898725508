import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import type { PackedStrings } from '../index/packed.ts';
import { compileSchema } from '../index/schema.ts';
import { SegmentBuilder } from '../index/segment-builder.ts';
import type { SegmentView } from '../index/segment.ts';
import { QueryCaches } from './caches.ts';
import { expansions, fuzzyDictionaries } from './variants.ts';

describe('fuzzy expansion over a merged dictionary', () => {
  it('finds the same closest terms as expanding segment by segment', () => {
    const v = vocabulary(2000);
    const schema = compileSchema(cardsIndex);
    const all = [...cards(900, v)];
    const views: SegmentView[] = [0, 1, 2].map((i) => {
      const b = new SegmentBuilder(schema);
      for (const d of all.slice(i * 300, (i + 1) * 300)) b.add(d.id, 1, d.doc);
      return { seg: b.build(), live: null, liveCount: 300 };
    });
    const caches = new QueryCaches();
    const closest = (dicts: PackedStrings[], term: string, k: number) => {
      const found = new Map<string, number>();
      for (const d of dicts) for (const e of expansions(caches, d, term, k)) if (!found.has(e.term)) found.set(e.term, e.edits);
      return [...found].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 50);
    };
    const merged = fuzzyDictionaries(caches, views, 'text', 0);
    const separate = fuzzyDictionaries(caches, views, 'text', Infinity);
    expect(merged).toHaveLength(1);
    expect(separate).toHaveLength(3);
    expect([...merged[0]]).toEqual([...new Set(separate.flatMap((d) => [...d]))].sort());
    let expanded = 0;
    for (const w of v.words.slice(0, 300)) {
      const typo = w.length > 3 ? w.slice(0, 1) + w.slice(2) : w;
      for (const k of [1, 2]) {
        const a = closest(merged, typo, k);
        expect(a).toEqual(closest(separate, typo, k));
        if (a.length > 1) expanded++;
      }
    }
    expect(expanded).toBeGreaterThan(100);
  });
});
