import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointOrder, comparePacked, PackedBuilder, PackedStrings } from './packed.ts';

const sortedPacked = (list: string[]) => PackedStrings.of(codePointOrder(list).map((i) => list[i]));

describe('packed strings', () => {
  it('round-trips any strings, including characters beyond U+FFFF', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 40 }), (list) => {
        expect([...PackedStrings.of(list)]).toEqual(list);
      }),
    );
  });

  it('sorts by code point, the order of the UTF-8 bytes, and finds every string by bisection', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'binary', maxLength: 8 }), { maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 8 }), (list, probe) => {
        const dict = sortedPacked(list);
        const bytes = [...dict].map((s) => Buffer.from(s));
        for (let i = 1; i < bytes.length; i++) expect(Buffer.compare(bytes[i - 1], bytes[i])).toBeLessThan(0);
        list.forEach((s) => expect(dict.at(dict.indexOf(s)!)).toBe(s));
        const lb = dict.lowerBound(probe);
        const p = Buffer.from(probe);
        expect(bytes.filter((b) => Buffer.compare(b, p) < 0)).toHaveLength(lb);
        expect(dict.indexOf(probe) !== undefined).toBe(list.includes(probe));
      }),
    );
  });

  it('puts a character beyond U+FFFF after U+FFxx, unlike the UTF-16 order', () => {
    const emoji = '\u{1F600}';
    const list = [emoji, '\uff21', 'z'];
    expect([...list].sort()).toEqual(['z', emoji, '\uff21']);
    expect([...sortedPacked(list)]).toEqual(['z', '\uff21', emoji]);
  });

  it('finds the strings under a prefix', () => {
    const dict = sortedPacked(['price', 'pricing', 'pride', 'prix', 'café', 'cafés', 'cab']);
    const under = (p: string) => {
      const [from, to] = dict.prefixRange(p);
      return [...Array(to - from).keys()].map((i) => dict.at(from + i));
    };
    expect(under('pri')).toEqual(['price', 'pricing', 'pride', 'prix']);
    expect(under('pric')).toEqual(['price', 'pricing']);
    expect(under('café')).toEqual(['café', 'cafés']);
    expect(under('q')).toEqual([]);
  });

  it('finds the run of strings sharing a prefix of UTF-16 units, even one that splits a surrogate pair', () => {
    const word = fc.array(fc.constantFrom('a', 'é', '😀', '😁', 'ｆ'), { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 40 }), fc.nat(), fc.nat(), (list, a, b) => {
        const dict = sortedPacked(list);
        const i = a % dict.length;
        const depth = 1 + (b % dict.at(i).length);
        const p = dict.at(i).slice(0, depth);
        let end = i + 1;
        while (end < dict.length && dict.at(end).startsWith(p)) end++;
        expect(dict.prefixEnd(i, depth, dict.length)).toBe(end);
      }),
      { numRuns: 300 },
    );
  });

  it('copies strings between lists without decoding and compares across lists', () => {
    const a = sortedPacked(['b', 'd']);
    const b = sortedPacked(['a', 'c', 'd']);
    expect(comparePacked(a, 0, b, 0)).toBeGreaterThan(0);
    expect(comparePacked(a, 1, b, 2)).toBe(0);
    const out = new PackedBuilder(1, 1);
    out.copy(b, 0);
    out.copy(a, 0);
    out.push('é');
    expect([...out.finish()]).toEqual(['a', 'b', 'é']);
  });
});
