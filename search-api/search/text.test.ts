import { describe, expect, it } from 'vitest';
import { listIssues, SynonymsBody } from '../../contracts/synonyms.ts';
import { DEFAULT_SYNONYMS } from '../synonyms/vocabulary.ts';
import { concepts, EXACTNESS_WEIGHT, splitScore, textQuery, thesaurusOf, tierCount, TIER_WEIGHT, typoBudget, words } from './text.ts';

const thesaurus = thesaurusOf([
  { terms: ['sso', 'single sign-on', 'saml'], mapsTo: [] },
  { terms: ['on-prem', 'on premise', 'self hosted'], mapsTo: [] },
  { terms: ['cheaper'], mapsTo: ['price', 'pricing'] },
  { terms: ['implementation', 'onboarding'], mapsTo: [] },
]);
const texts = (q: string) => concepts(q, thesaurus).map((c) => c.text);

describe('words', () => {
  it('lower-cases, keeps contractions whole and drops a possessive', () => {
    expect(words("We're losing to Lumenary's SSO-first pitch!")).toEqual(["we're", 'losing', 'to', 'lumenary', 'sso', 'first', 'pitch']);
  });
});

describe('concepts', () => {
  it('drops the words a question is made of', () => {
    expect(texts('How do we beat them on price?')).toEqual(['beat', 'price']);
    expect(texts('who is their ideal customer')).toEqual(['ideal', 'customer']);
    expect(texts("what do I say when they say we're too expensive")).toEqual(['say', 'expensive']);
  });

  it("drops a question's own verb, not the same word elsewhere", () => {
    expect(texts('does Quantive support on-prem')).toEqual(['quantive', 'on prem']);
    expect(texts('support response time')).toEqual(['support', 'response', 'time']);
  });

  it('keeps a query made only of question words', () => {
    expect(texts('who are they')).toEqual(['who', 'are', 'they']);
  });

  it('reads a known phrase as one concept with its synonyms, in any spelling', () => {
    for (const q of ['single sign-on pricing', 'Single Sign On pricing', 'single-sign-on pricing']) {
      expect(concepts(q, thesaurus)).toEqual([
        { text: 'single sign on', alternatives: ['sso', 'saml'] },
        { text: 'pricing', alternatives: [] },
      ]);
    }
    // "on" is a question word, but part of a known phrase here.
    expect(concepts('on prem', thesaurus)).toEqual([{ text: 'on prem', alternatives: ['on premise', 'self hosted'] }]);
  });

  it('expands one-way entries in their direction only', () => {
    expect(concepts('cheaper', thesaurus)).toEqual([{ text: 'cheaper', alternatives: ['price', 'pricing'] }]);
    expect(concepts('pricing', thesaurus)).toEqual([{ text: 'pricing', alternatives: [] }]);
  });

  it("gives a typo the synonyms of the word it misspells", () => {
    expect(concepts('implmentation', thesaurus)).toEqual([{ text: 'implmentation', alternatives: ['implementation', 'onboarding'], typoOf: 'implementation' }]);
    // Short words and other first letters are not guessed at.
    expect(concepts('ssx', thesaurus)).toEqual([{ text: 'ssx', alternatives: [] }]);
    expect(concepts('mplementation', thesaurus)).toEqual([{ text: 'mplementation', alternatives: [] }]);
  });

  it('gives a plural or third person the synonyms of the known word', () => {
    expect(concepts('implementations', thesaurus)).toEqual([{ text: 'implementations', alternatives: ['onboarding'] }]);
    // The default vocabulary: "why Northwind wins" finds the talk tracks and objections "how do we win" finds.
    const wins = concepts('wins', thesaurusOf(DEFAULT_SYNONYMS))[0].alternatives;
    expect(wins).toEqual(expect.arrayContaining(['beat', 'objection', 'talk track']));
    expect(concepts('win', thesaurusOf(DEFAULT_SYNONYMS))[0].alternatives).toEqual(wins);
  });

  it('lists a concept once', () => {
    expect(texts('price price pricing')).toEqual(['price', 'pricing']);
  });

  it('has no concept for an empty query', () => {
    expect(concepts('  ?! ', thesaurusOf([]))).toEqual([]);
    expect(textQuery([], { literal: ['title'], typo: ['title.plain'] }, 'score')).toBeNull();
  });
});

describe('scores', () => {
  it('splits a score into its tier, its exactness and its relevance within them', () => {
    expect(splitScore(2 * TIER_WEIGHT + 3 * EXACTNESS_WEIGHT + 7.25)).toEqual({ tier: 2, exactness: 3, relevance: 7.25 });
    expect(splitScore(0.5)).toEqual({ tier: 0, exactness: 0, relevance: 0.5 });
  });

  it("counts a tier per concept, a phrase's per word, less a question's words", () => {
    expect(tierCount(concepts('single sign-on price', thesaurus))).toBe(3);
    expect(tierCount(concepts('on-prem', thesaurus))).toBe(1);
    expect(tierCount(concepts('how do they', thesaurus))).toBe(3);
  });

  it('forgives no typo under 5 letters, one from 5, two from 9', () => {
    expect(['sso', 'hipa', 'hippa', 'pricng', 'securty', 'salesfroce', 'implmentation'].map(typoBudget)).toEqual([0, 0, 1, 1, 1, 2, 2]);
  });
});

describe('the default vocabulary', () => {
  it('is a valid list, as a curator would have to save it', () => {
    expect(SynonymsBody.safeParse({ synonyms: DEFAULT_SYNONYMS }).success).toBe(true);
    expect(listIssues([...DEFAULT_SYNONYMS])).toEqual([]);
  });

  it('maps the words reps use to the words curators write', () => {
    const t = thesaurusOf(DEFAULT_SYNONYMS);
    const alternatives = (q: string) => concepts(q, t).flatMap((c) => [c.text, ...c.alternatives]);
    expect(alternatives('cheaper')).toEqual(expect.arrayContaining(['price', 'pricing']));
    expect(alternatives('sso')).toEqual(expect.arrayContaining(['single sign on', 'saml']));
    expect(alternatives('on-prem')).toEqual(expect.arrayContaining(['on premise', 'self hosted']));
    expect(alternatives('SOC2')).toEqual(expect.arrayContaining(['soc 2']));
    expect(alternatives('CRO')).toEqual(expect.arrayContaining(['chief revenue officer']));
  });
});
