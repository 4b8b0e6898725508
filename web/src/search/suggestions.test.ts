import { describe, expect, it } from 'vitest';
import { SUGGEST_QUERY_MAX, type Suggestion } from '../../../contracts/search.ts';
import { flattenGroups, groupSuggestions, matchParts, submitTarget, suggestionQuery, suggestionTarget, withPreview } from './suggestions.ts';

const tag = (id: number, name = `Tag ${id}`): Suggestion => ({ type: 'tag', id, name });
const bc = (id: number): Suggestion => ({ type: 'battlecard', id, url: `/profile/3/battlecard/view/${id}`, title: `BC ${id}`, rivalName: 'Lumenary', rivalProfileId: 3 });
const comp = (text: string): Suggestion => ({ type: 'completion', text });

describe('groupSuggestions', () => {
  it('groups by kind in the order tags, battlecards, completions', () => {
    const groups = groupSuggestions([comp('pricing tiers'), bc(1), tag(2), comp('pricing page')]);
    expect(groups.map((g) => g.kind)).toEqual(['tag', 'battlecard', 'completion']);
    expect(flattenGroups(groups).map((s) => s.type)).toEqual(['tag', 'battlecard', 'completion', 'completion']);
  });

  it('limits completions to 3 when tags or battlecards exist, 5 otherwise', () => {
    const comps = ['a', 'b', 'c', 'd', 'e', 'f'].map(comp);
    expect(groupSuggestions([...comps, tag(1)]).find((g) => g.kind === 'completion')!.items).toHaveLength(3);
    expect(groupSuggestions([...comps, bc(1)]).find((g) => g.kind === 'completion')!.items).toHaveLength(3);
    expect(groupSuggestions(comps)[0].items).toHaveLength(5);
  });

  it('drops empty groups, duplicates, blank completions and unknown kinds', () => {
    const odd = { type: 'person', id: 1 } as unknown as Suggestion;
    expect(groupSuggestions([tag(1), tag(1), comp(' '), comp('X'), comp('x'), odd])).toEqual([
      { kind: 'tag', items: [tag(1)] },
      { kind: 'completion', items: [comp('X')] },
    ]);
    expect(groupSuggestions(undefined)).toEqual([]);
  });
});

describe('suggestionQuery', () => {
  it('fetches only for non-empty trimmed input', () => {
    expect(suggestionQuery('   ')).toBeNull();
    expect(suggestionQuery(' pri ')).toBe('pri');
  });
  it('asks for none past the longest query the server takes', () => {
    expect(suggestionQuery(` ${'a'.repeat(SUGGEST_QUERY_MAX)} `)).toBe('a'.repeat(SUGGEST_QUERY_MAX));
    expect(suggestionQuery('a'.repeat(SUGGEST_QUERY_MAX + 1))).toBeNull();
  });
});

describe('targets', () => {
  it('sends a tag to /search/{terms}?tags={id}', () => {
    expect(suggestionTarget(tag(7), 'cards', 'pricing')).toEqual({ to: '/search/pricing?tags=7', external: false });
  });
  it('sends a battlecard to its url', () => {
    expect(suggestionTarget(bc(9), 'cards', 'x')).toEqual({ to: '/profile/3/battlecard/view/9', external: false });
    expect(suggestionTarget({ ...(bc(9) as Extract<Suggestion, { type: 'battlecard' }>), url: 'https://app.example.test/b/9' }, 'cards', 'x')).toEqual({
      to: 'https://app.example.test/b/9',
      external: true,
    });
  });
  it('searches a completion in the current mode', () => {
    expect(suggestionTarget(comp('pricing tiers'), 'cards', 'pri')).toEqual({ to: '/search/pricing%20tiers', external: false });
    expect(suggestionTarget(comp('pricing tiers'), 'ask', 'pri')).toEqual({ to: '/ask-rivalscope?q=pricing%20tiers', external: false });
  });
  it('submits terms per mode', () => {
    expect(submitTarget('cards', ' a/b ')).toBe('/search/a%2Fb');
    expect(submitTarget('alerts', 'price hike')).toBe('/alerts?q=price%20hike');
    expect(submitTarget('ask', 'who wins?')).toBe('/ask-rivalscope?q=who%20wins%3F');
    expect(submitTarget('cards', '  ')).toBeNull();
    expect(submitTarget('reviews', 'slow support', '/insights/7')).toBe('/insights/7/reviews?q=slow%20support');
    expect(submitTarget('reviews', 'slow support', '/insights/7/reviews')).toBe('/insights/7/reviews?q=slow%20support');
    expect(submitTarget('reviews', 'pricing', '/dashboard')).toBe('/insights?q=pricing');
  });
});

describe('matchParts', () => {
  it('marks the typed text in a label', () => {
    expect(matchParts('Pricing tiers', 'pri')).toEqual([
      { text: 'Pri', match: true },
      { text: 'cing tiers', match: false },
    ]);
    expect(matchParts('Overview', 'zz')).toEqual([{ text: 'Overview', match: false }]);
  });
});

describe('withPreview', () => {
  it('keeps the previewed group on internal targets only', () => {
    expect(withPreview('/search/x', 3)).toBe('/search/x?previewing=3');
    expect(withPreview('/search/x?tags=1', 0)).toBe('/search/x?tags=1&previewing=0');
    expect(withPreview('/search/x', null)).toBe('/search/x');
    expect(withPreview('https://elsewhere.test/', 3)).toBe('https://elsewhere.test/');
    expect(withPreview('/search/x?previewing=2', 3)).toBe('/search/x?previewing=2');
  });
});
