import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexDefinition } from '../../port.ts';
import { compareCodePoints } from '../index/packed.ts';
import { compileSchema } from '../index/schema.ts';
import { SegmentBuilder } from '../index/segment-builder.ts';
import { buildAnalyzer } from './analysis.ts';
import { dictionaryFor, MAX_DICTIONARY_TOKENS, TermDictionary } from './termdict.ts';

const english = () => buildAnalyzer('english', {});

/** The term ids of every token of `text`, through the dictionary. */
function ids(dict: TermDictionary, text: string): number[] {
  const out = { buf: new Int32Array(64) };
  const n = english().spans(text, out);
  const r: number[] = [];
  for (let i = 0; i < n; i++) r.push(dict.id(text, out.buf[3 * i], out.buf[3 * i + 1], out.buf[3 * i + 2]));
  return r;
}

describe('term dictionary', () => {
  it('gives raw tokens the id of their analyzed term, and -1 to dropped ones', () => {
    const dict = new TermDictionary(english());
    const [pricing, the, prices, pricing2, Pricing] = ids(dict, 'pricing the prices pricing Pricing');
    expect(the).toBe(-1);
    expect(dict.terms[pricing]).toBe('price');
    expect([prices, pricing2, Pricing]).toEqual([pricing, pricing, pricing]);
    // Seen again, tokens are found in the table (no new terms).
    const before = dict.terms.length;
    expect(ids(dict, 'Pricing prices the')).toEqual([pricing, pricing, -1]);
    expect(dict.terms.length).toBe(before);
  });

  it('keeps every raw token apart through table growth, and analyzes tokens too long for it', () => {
    const dict = new TermDictionary(buildAnalyzer('keyword', {}));
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x`);
    const first = words.map((w) => dict.id(w, 0, w.length));
    // The second time round every token is found in the table.
    expect(words.map((w) => dict.id(w, 0, w.length))).toEqual(first);
    expect(dict.rawTokens).toBe(words.length);
    expect(new Set(first).size).toBe(words.length);
    expect(first.map((id) => dict.terms[id])).toEqual(words);
    const long = 'y'.repeat(70_000);
    const id = dict.id(long, 0, long.length);
    expect(dict.terms[id]).toBe(long);
    expect(dict.id(long, 0, long.length)).toBe(id);
  });

  it('sorts its ids by code point as terms keep being added', () => {
    const term = fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'ｆ', '😀', 'z'), minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(fc.array(term, { maxLength: 30 }), { minLength: 1, maxLength: 5 }), (rounds) => {
        const dict = new TermDictionary(buildAnalyzer('keyword', {}));
        for (const round of rounds) {
          for (const t of round) dict.id(t, 0, t.length);
          const sorted = [...dict.sortedIds()].map((i) => dict.terms[i]);
          expect(sorted).toEqual([...new Set(dict.terms)].sort(compareCodePoints));
        }
      }),
    );
  });

  it('starts a fresh dictionary for the next segment once one holds too many raw tokens', () => {
    const analyzer = buildAnalyzer('whitespace', {});
    const dict = dictionaryFor(analyzer);
    expect(dictionaryFor(analyzer)).toBe(dict);
    for (let i = 0; i <= MAX_DICTIONARY_TOKENS; i++) {
      const t = `t${i}`;
      dict.id(t, 0, t.length);
    }
    const fresh = dictionaryFor(analyzer);
    expect(fresh).not.toBe(dict);
    expect(fresh.terms.length).toBe(0);
  });
});

describe('segments sharing a dictionary', () => {
  const def: IndexDefinition = { name: 'd', version: 1, settings: {}, mappings: { properties: { body: { type: 'text', analyzer: 'english' } } } };
  const schema = compileSchema(def);
  const segment = (bodies: string[]) => {
    const b = new SegmentBuilder(schema);
    bodies.forEach((body, i) => b.add(String(i), 1, { body }));
    return b.build().inverted.get('body')!;
  };

  it('hold only their own terms, sorted, with their own postings', () => {
    segment(['zebra apples quickly', 'mango zebra']);
    const second = segment(['bananas zebra', 'apple', 'zebra zebra']);
    const terms = Array.from({ length: second.terms.length }, (_, i) => second.terms.at(i));
    expect(terms).toEqual(['appl', 'banana', 'zebra']);
    const postings = (t: number) => [...second.docs.subarray(second.start[t], second.start[t + 1])];
    expect([postings(0), postings(1), postings(2)]).toEqual([[1], [0], [0, 2]]);
    expect([...second.freqs!.subarray(second.start[2], second.start[3])]).toEqual([1, 2]);
  });
});
