import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bands, hamming, isNearDuplicate, NEAR_DISTANCE, simhash } from './nearDuplicate.ts';

/** A 475-word news story: SimHash at 3 bits is meant for texts of this length (see the distances the bench prints). */
const STORY = fs.readFileSync(new URL('./fixtures/funding-story.txt', import.meta.url), 'utf8');
const TITLE = 'DataHarbor raises $60M Series C to expand in Europe';

const OTHER_STORY =
  'DataHarbor has cut the price of its Pro plan to 39 dollars per user per month and now bills monthly as well as yearly. ' +
  'The change follows a quarter in which the company lost several renewals to cheaper tools, according to two people ' +
  'familiar with the matter. Customers on annual contracts keep their current price until renewal. The Starter plan is ' +
  'unchanged, and the Enterprise plan gains single sign-on and audit logs at no extra cost. DataHarbor did not comment on ' +
  'the renewals but said the new pricing makes it easier for small teams to start.';

describe('simhash', () => {
  it('finds the same story, reworded a little and with other boilerplate, a near duplicate', () => {
    const a = simhash(`${STORY} Read more at TechWire.`, TITLE);
    const reworded = STORY.replace('the revenue analytics vendor', 'the revenue analytics company');
    const b = simhash(`Subscribe to BizDaily. ${reworded} Copyright BizDaily 2026.`, `${TITLE} | BizDaily`);
    expect(hamming(a, b)).toBeLessThanOrEqual(NEAR_DISTANCE);
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it('keeps two stories on the same rival apart', () => {
    const a = simhash(STORY, TITLE);
    const b = simhash(OTHER_STORY, 'DataHarbor cuts Pro price to $39 and adds monthly billing');
    expect(hamming(a, b)).toBeGreaterThan(10);
    expect(isNearDuplicate(a, b)).toBe(false);
  });

  it('ignores case and punctuation, and is an unsigned 64-bit integer', () => {
    const h = simhash(STORY, TITLE);
    expect(simhash(STORY.toUpperCase().replace(/[,.]/g, ' ; '), TITLE.toLowerCase())).toBe(h);
    expect(h >= 0n && h < 1n << 64n).toBe(true);
    expect(simhash('', '')).toBe(0n);
    expect(simhash('SSO')).not.toBe(simhash('SAML'));
  });
});

describe('bands', () => {
  it('splits a hash into four 16-bit bands, lowest first', () => {
    expect(bands(0x0123_4567_89ab_cdefn)).toEqual([0xcdef, 0x89ab, 0x4567, 0x0123]);
  });

  it('shares a band between any two hashes within 3 bits', () => {
    const hash = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
    const flips = fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: NEAR_DISTANCE });
    fc.assert(
      fc.property(hash, flips, (h, bits) => {
        const near = bits.reduce((x, bit) => x ^ (1n << BigInt(bit)), h);
        expect(hamming(h, near)).toBe(bits.length);
        const [a, b] = [bands(h), bands(near)];
        expect(a.some((band, i) => band === b[i])).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
