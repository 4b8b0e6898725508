import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandFuzzy, fuzzyPrefixMatches, maxEdits } from './fuzzy.ts';
import { codePointOrder, PackedStrings } from '../index/packed.ts';

/** Reference optimal-string-alignment distance (full DP). */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('fuzzy matching', () => {
  it('AUTO fuzziness: 0 edits up to 2 chars, 1 up to 5, then 2', () => {
    expect(['ab', 'abc', 'abcde', 'abcdef'].map((t) => maxEdits('AUTO', t))).toEqual([0, 1, 1, 2]);
  });

  it('expansion agrees with a reference edit distance (trie walk and bounded DP)', () => {
    const word = fc.stringMatching(/^[a-e]{1,9}$/);
    fc.assert(
      fc.property(word, fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 2 }), (q, dict, k) => {
        const terms = [...new Set(dict)].sort();
        const got = expandFuzzy(PackedStrings.of(terms), q, k, 1000).map((e) => `${e.term}:${e.edits}`).sort();
        const want = terms.filter((t) => osa(q, t) <= k).map((t) => `${t}:${osa(q, t)}`).sort();
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('walks a packed dictionary as it walks the strings, beyond ASCII too', () => {
    const word = fc.array(fc.constantFrom('a', 'b', 'é', 'ｆ', '😀'), { minLength: 1, maxLength: 6 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(word, fc.uniqueArray(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 2 }), (q, dict, k) => {
        const packed = PackedStrings.of(codePointOrder(dict).map((i) => dict[i]));
        const got = expandFuzzy(packed, q, k, 1000).map((e) => `${e.term}:${e.edits}`).sort();
        const want = dict.filter((t) => osa(q, t) <= k).map((t) => `${t}:${osa(q, t)}`).sort();
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('counts a transposition as one edit', () => {
    expect(expandFuzzy(PackedStrings.of(['pricing']), 'pricnig', 1)).toEqual([{ term: 'pricing', edits: 1 }]);
  });

  it('fuzzy prefix matches agree with the reference distance to the closest prefix of each key', () => {
    const word = fc.stringMatching(/^[a-e]{1,9}$/);
    const closest = (q: string, key: string) => Math.min(...Array.from({ length: key.length + 1 }, (_, n) => osa(q, key.slice(0, n))));
    fc.assert(
      fc.property(word, fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 2 }), (q, dict, k) => {
        const keys = [...new Set(dict)].sort();
        const got: string[] = [];
        fuzzyPrefixMatches(PackedStrings.of(keys), 0, keys.length, q, k, (i, edits) => got.push(`${keys[i]}:${edits}`));
        const want = keys.filter((t) => closest(q, t) <= k).map((t) => `${t}:${closest(q, t)}`);
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('finds typos in a prefix of longer text', () => {
    const keys = ['acme pricing', 'globex pricing', 'zeta'];
    const found = (q: string, k: number) => {
      const out: string[] = [];
      fuzzyPrefixMatches(PackedStrings.of(keys), 0, keys.length, q, k, (i, e) => out.push(`${keys[i]}:${e}`));
      return out;
    };
    expect(found('globx', 1)).toEqual(['globex pricing:1']);
    expect(found('acme', 1)).toEqual(['acme pricing:0']);
    expect(found('zzz', 1)).toEqual([]);
  });
});
