import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysisSettings } from '../../../documents/analysis.ts';
import { asciiFold, buildAnalyzer, buildNormalizer, minimalEnglish, tokenHash } from './analysis.ts';
import { porterStem } from './porter.ts';

describe('porter stemmer', () => {
  it('matches the reference outputs of Porter’s algorithm', () => {
    const cases: Record<string, string> = {
      caresses: 'caress', ponies: 'poni', ties: 'ti', cats: 'cat', feed: 'feed', agreed: 'agre',
      plastered: 'plaster', motoring: 'motor', sing: 'sing', conflated: 'conflat', troubled: 'troubl',
      sized: 'size', hopping: 'hop', tanned: 'tan', falling: 'fall', hissing: 'hiss', fizzed: 'fizz',
      failing: 'fail', filing: 'file', happy: 'happi', sky: 'sky', relational: 'relat', conditional: 'condit',
      rational: 'ration', digitizer: 'digit', operator: 'oper', feudalism: 'feudal', decisiveness: 'decis',
      hopefulness: 'hope', callousness: 'callous', triplicate: 'triplic', formative: 'form', formalize: 'formal',
      electrical: 'electr', goodness: 'good', revival: 'reviv', allowance: 'allow', inference: 'infer',
      airliner: 'airlin', adjustable: 'adjust', defensible: 'defens', irritant: 'irrit', replacement: 'replac',
      adjustment: 'adjust', dependent: 'depend', adoption: 'adopt', communism: 'commun', activate: 'activ',
      effective: 'effect', bowdlerize: 'bowdler', rate: 'rate', cease: 'ceas', roll: 'roll',
      generalizations: 'gener', pricing: 'price', competitors: 'competitor', integration: 'integr', yelling: 'yell',
    };
    for (const [w, s] of Object.entries(cases)) expect(porterStem(w), w).toBe(s);
  });

  it('leaves short words alone', () => {
    expect(porterStem('as')).toBe('as');
    expect(porterStem('is')).toBe('is');
  });
});

describe('analyzers', () => {
  const english = buildAnalyzer('rs_english', analysisSettings);

  it('tokenizes like the standard tokenizer', () => {
    const std = buildAnalyzer('standard', analysisSettings);
    expect(std.terms("Acme's Q3 pricing: $1,000.50 per-seat (U.S.A) e-mail foo_bar v1.2 example.com")).toEqual([
      "acme's", 'q3', 'pricing', '1,000.50', 'per', 'seat', 'u.s.a', 'e', 'mail', 'foo_bar', 'v1.2', 'example.com',
    ]);
  });

  it('gives index-time spans the tokens of the analyzer, each with the hash of its text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'B', '1', '.', "'", ',', ':', ' ', '_', 'é', '😀', '\u2019', '-'), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.constantFrom('standard', 'whitespace', 'simple'), (t, name) => {
        const a = buildAnalyzer(name, {});
        const out = { buf: new Int32Array(3) };
        const n = a.spans(t, out);
        const spans = Array.from({ length: n }, (_, i) => [...out.buf.subarray(3 * i, 3 * i + 3)]);
        expect(spans.map(([s, e]) => a.filter(t.slice(s, e))).filter((x) => x !== null)).toEqual(a.terms(t));
        for (const [s, e, h] of spans) expect(h).toBe(tokenHash(t, s, e));
      }),
    );
  });

  it('english: possessives, stop words, stemming and folding', () => {
    expect(english.terms("The Competitor's new pricing is in the Café")).toEqual(['competitor', 'new', 'price', 'cafe']);
    expect(english.terms('Integrations with Salesforce')).toEqual(['integr', 'salesforc']);
  });

  it('keeps offsets of the original text', () => {
    const toks = english.tokens('Faster onboarding, cheaper licenses');
    expect(toks.map((t) => [t.term, t.start, t.end])).toEqual([
      ['faster', 0, 6], ['onboard', 7, 17], ['cheaper', 19, 26], ['licens', 27, 35],
    ]);
  });

  it('folds diacritics and special letters', () => {
    expect(asciiFold('Crème Brûlée Straße Ærø')).toBe('Creme Brulee Strasse AEro');
    expect(buildNormalizer('rs_folded', analysisSettings)('Éclair PRICING')).toBe('eclair pricing');
  });

  it('suggest analyzer keeps every word, lowercased', () => {
    expect(buildAnalyzer('rs_suggest', analysisSettings).terms('The Acme Pricing, 2024')).toEqual(['the', 'acme', 'pricing', '2024']);
  });

  it('minimal english stemmer removes plurals', () => {
    expect(['companies', 'boxes', 'cats', 'glass', 'status', 'shoes'].map(minimalEnglish)).toEqual(['company', 'boxe', 'cat', 'glass', 'status', 'shoes']);
  });
});
