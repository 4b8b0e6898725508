import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, SEARCH_SORTS, type Criterion } from '../../../contracts/search.ts';
import {
  emptySearchState,
  parseList,
  parseSearchUrl,
  searchHref,
  searchTermsHref,
  serializeSearchState,
  termsFromPath,
  toSearchRequest,
  type SearchState,
} from './searchUrlState.ts';

describe('parseList', () => {
  it('splits comma lists, parses numbers and turns null/undefined into null', () => {
    expect(parseList('12, 7,,abc,null,undefined,-3,1.5')).toEqual([12, 7, 'abc', null, null, -3, 1.5]);
  });
  it('answers an empty list for a missing or empty value', () => {
    expect(parseList(null)).toEqual([]);
    expect(parseList('')).toEqual([]);
    expect(parseList(' , ')).toEqual([]);
  });
  it('keeps values that only look partly numeric as strings', () => {
    expect(parseList('12abc,0x10,1e3')).toEqual(['12abc', '0x10', '1e3']);
  });
});

describe('termsFromPath', () => {
  it('decodes the terms of /search/{terms}', () => {
    expect(termsFromPath('/search/pricing%20tiers')).toBe('pricing tiers');
    expect(termsFromPath('/search/a%2Fb')).toBe('a/b');
    expect(termsFromPath('/search')).toBe('');
    expect(termsFromPath('/search/')).toBe('');
    expect(termsFromPath('/dashboard')).toBe('');
  });
  it('tolerates malformed escapes', () => {
    expect(termsFromPath('/search/100%')).toBe('100%');
  });
});

describe('parseSearchUrl', () => {
  it('reads terms, criteria, sort, period and previewing', () => {
    const s = parseSearchUrl('/search/pricing', '?filters=board-12,must:tag-7,not:tag-9&sort=alpha&updated=last7Days&previewing=3');
    expect(s).toEqual<SearchState>({
      terms: 'pricing',
      criteria: [
        { field: 'board', value: 12, type: 'should' },
        { field: 'tag', value: 7, type: 'must' },
        { field: 'tag', value: 9, type: 'must_not' },
      ],
      sort: 'alpha',
      updated: 'last7Days',
      previewing: 3,
    });
  });

  it('turns tags=<ids> into should criteria on tags, without duplicating filters', () => {
    const s = parseSearchUrl('/search/pricing', 'tags=7,8&filters=not:tag-7');
    expect(s.criteria).toEqual([
      { field: 'tag', value: 7, type: 'must_not' },
      { field: 'tag', value: 8, type: 'should' },
    ]);
  });

  it('ignores invalid sort and period values and bad criteria', () => {
    const s = parseSearchUrl('/search', 'sort=random&updated=lastCentury&filters=board-0,tag-x,foo,12,null,board-3&tags=abc,-1,0,null,4');
    expect(s.sort).toBe('newest');
    expect(s.updated).toBe('allTime');
    expect(s.criteria).toEqual([
      { field: 'board', value: 3, type: 'should' },
      { field: 'tag', value: 4, type: 'should' },
    ]);
  });

  it("accepts the spec's date-{range} filter string as the period", () => {
    expect(parseSearchUrl('/search', 'filters=date-last30Days,board-2').updated).toBe('last30Days');
  });

  it('reads previewing null/undefined/negative as no preview, 0 as a group id', () => {
    expect(parseSearchUrl('/search', 'previewing=null').previewing).toBeNull();
    expect(parseSearchUrl('/search', 'previewing=undefined').previewing).toBeNull();
    expect(parseSearchUrl('/search', 'previewing=-2').previewing).toBeNull();
    expect(parseSearchUrl('/search', 'previewing=0').previewing).toBe(0);
  });
});

describe('serializeSearchState', () => {
  it('leaves defaults out and keeps commas and colons readable', () => {
    const s: SearchState = {
      ...emptySearchState('pricing tiers'),
      criteria: [
        { field: 'board', value: 12, type: 'should' },
        { field: 'tag', value: 9, type: 'must_not' },
      ],
    };
    expect(serializeSearchState(s)).toEqual({ pathname: '/search/pricing%20tiers', search: 'filters=board-12,not:tag-9' });
    expect(serializeSearchState(emptySearchState())).toEqual({ pathname: '/search', search: '' });
  });

  it('keeps parameters it does not own, such as viewCard', () => {
    const s = { ...emptySearchState('x'), sort: 'oldest' as const };
    expect(searchHref(s, '?viewCard=5&sort=alpha&tags=3')).toBe('/search/x?sort=oldest&viewCard=5');
    expect(searchHref(s, '?viewCard=5', ['viewCard'])).toBe('/search/x?sort=oldest');
  });
});

const criterionArb: fc.Arbitrary<Criterion> = fc.record({
  field: fc.constantFrom('board' as const, 'tag' as const, 'rival' as const),
  value: fc.integer({ min: 1, max: 2_000_000_000 }),
  type: fc.constantFrom('should' as const, 'must' as const, 'must_not' as const),
});

const stateArb: fc.Arbitrary<SearchState> = fc.record({
  terms: fc.string({ maxLength: 30 }).map((s) => s.trim()),
  criteria: fc.uniqueArray(criterionArb, { selector: (c) => `${c.field}-${c.value}`, maxLength: 6 }),
  sort: fc.constantFrom(...SEARCH_SORTS),
  updated: fc.constantFrom(...DATE_PRESETS),
  previewing: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
});

describe('round trip', () => {
  it('parse(serialize(state)) is the state', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const { pathname, search } = serializeSearchState(state);
        expect(parseSearchUrl(pathname, search)).toEqual(state);
      }),
    );
  });

  it('serialize(parse(url)) is stable for URLs from the wild', () => {
    for (const url of ['/search/pricing?tags=7,8', '/search?filters=must:board-2,tag-1&sort=relevance', '/search/a%20b?updated=today&previewing=2']) {
      const [path, query = ''] = url.split('?');
      const once = serializeSearchState(parseSearchUrl(path, query));
      const twice = serializeSearchState(parseSearchUrl(once.pathname, once.search));
      expect(twice).toEqual(once);
    }
  });
});

describe('toSearchRequest', () => {
  it('maps the state to the GET /api/search.json query', () => {
    const s = parseSearchUrl('/search/pricing', 'filters=board-12,not:tag-9&updated=last7Days&sort=oldest&previewing=2');
    expect(toSearchRequest(s)).toEqual({
      index: 'cards',
      query: 'pricing',
      size: 10,
      offset: 0,
      sort: 'oldest',
      updated_start: 'last7Days',
      filters: 'board-12,not:tag-9',
      countersFor: 'tags.id,board.id,board.rival_id',
      previewing: 2,
    });
  });
  it('asks for counters only with the first page', () => {
    expect(toSearchRequest(emptySearchState('x'), 20)).toEqual({ index: 'cards', query: 'x', size: 10, offset: 20, sort: 'newest' });
  });
});

describe('searchTermsHref', () => {
  it('URL-encodes the terms and adds tag ids', () => {
    expect(searchTermsHref(' win rate ')).toBe('/search/win%20rate');
    expect(searchTermsHref('pricing', [7])).toBe('/search/pricing?tags=7');
    expect(searchTermsHref('', [7])).toBe('/search?tags=7');
  });
});
