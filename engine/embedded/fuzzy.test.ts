import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedDistance, expandFuzzy, maxEdits, prefixDistance } from './fuzzy.ts';

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
        const got = expandFuzzy(terms, q, k, 1000).map((e) => `${e.term}:${e.edits}`).sort();
        const want = terms.filter((t) => osa(q, t) <= k).map((t) => `${t}:${osa(q, t)}`).sort();
        expect(got).toEqual(want);
        for (const t of terms) expect(boundedDistance(q, t, k)).toBe(Math.min(osa(q, t), k + 1));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a transposition as one edit', () => {
    expect(expandFuzzy(['pricing'], 'pricnig', 1)).toEqual([{ term: 'pricing', edits: 1 }]);
  });

  it('prefix distance finds typos in a prefix of longer text', () => {
    expect(prefixDistance('globx', 'globex pricing', 1)).toBe(1);
    expect(prefixDistance('acme', 'acme pricing', 0)).toBe(0);
    expect(prefixDistance('zzz', 'acme', 1)).toBe(2);
  });
});
