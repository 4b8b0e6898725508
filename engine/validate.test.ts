import { describe, expect, it } from 'vitest';
import { cardsIndex } from '../documents/cards.ts';
import { EngineQueryError } from './errors.ts';
import { resolveMinimumShouldMatch, validateSearchRequest, validateSuggestRequest } from './validate.ts';

function errorOf(fn: () => void): EngineQueryError {
  try {
    fn();
  } catch (e) {
    if (e instanceof EngineQueryError) return e;
    throw e;
  }
  throw new Error('expected an EngineQueryError');
}

describe('request validation', () => {
  it('accepts the requests the server builds', () => {
    expect(() =>
      validateSearchRequest(cardsIndex, {
        query: {
          bool: {
            must: [{ multi_match: { query: 'acme pricing', fields: ['title^3', 'text'], fuzziness: 'AUTO' } }],
            filter: [{ term: { company_id: 1 } }, { range: { updatedAt: { gte: 'now-30d/d', time_zone: 'Europe/Paris' } } }],
          },
        },
        sort: [{ updatedAt: 'desc' }, { id: 'asc' }],
        aggs: { tags: { terms: { field: 'tags.id', size: 20 } } },
        highlight: { fields: { title: {}, text: {} } },
        from: 20,
        size: 20,
      }),
    ).not.toThrow();
  });

  it('names the offending part of the request', () => {
    expect(errorOf(() => validateSearchRequest(cardsIndex, { query: { bool: { filter: [{ term: { nope: 1 } }] } } })).path).toBe('query.bool.filter[0].term.nope');
    expect(errorOf(() => validateSearchRequest(cardsIndex, { query: { range: { createdAt: { gte: 'now-1x' } } } })).path).toBe('query.range.createdAt.gte');
    expect(errorOf(() => validateSearchRequest(cardsIndex, { from: 10_000, size: 1 })).path).toBe('size');
    expect(errorOf(() => validateSearchRequest(cardsIndex, { query: { bool: { must: [] } } })).path).toBe('query.bool');
    expect(errorOf(() => validateSearchRequest(cardsIndex, { query: { range: { title: { gte: 1 } } } })).message).toMatch(/numbers and dates/);
    expect(errorOf(() => validateSearchRequest(cardsIndex, { query: { term: { company_id: 'acme' } } })).message).toMatch(/not a number/);
    expect(errorOf(() => validateSearchRequest(cardsIndex, { aggs: { d: { date_histogram: { field: 'updatedAt', calendar_interval: '3d' as never } } } })).message).toMatch(/calendar_interval/);
  });

  it('validates suggest requests', () => {
    expect(() => validateSuggestRequest(cardsIndex, { s: { prefix: 'ac', completion: { field: 'suggest', contexts: { scope: ['1:all'] } } } })).not.toThrow();
    expect(() => validateSuggestRequest(cardsIndex, { s: { prefix: 'ac', completion: { field: 'title' } } })).toThrow(EngineQueryError);
    expect(() => validateSuggestRequest(cardsIndex, { s: { prefix: 'ac', completion: { field: 'suggest', contexts: { company: ['1'] } } } })).toThrow(EngineQueryError);
  });

  it('resolves minimum_should_match like OpenSearch', () => {
    expect(resolveMinimumShouldMatch(2, 3)).toBe(2);
    expect(resolveMinimumShouldMatch(-1, 3)).toBe(2);
    expect(resolveMinimumShouldMatch('75%', 3)).toBe(2);
    expect(resolveMinimumShouldMatch('-25%', 4)).toBe(3);
    expect(resolveMinimumShouldMatch(5, 3)).toBe(3);
    expect(resolveMinimumShouldMatch(5, 3, 'minimum_should_match', false)).toBe(5);
    expect(resolveMinimumShouldMatch(-5, 3, 'minimum_should_match', false)).toBe(0);
  });

  it('accepts multi_match cross_fields over text and keyword fields, without fuzziness', () => {
    const mm = (more: object) => ({ query: { multi_match: { query: 'acme', fields: ['title^2', 'text', 'title.keyword'], type: 'cross_fields' as const, ...more } } });
    expect(() => validateSearchRequest(cardsIndex, mm({ operator: 'and', tie_breaker: 0.3, minimum_should_match: '50%' }))).not.toThrow();
    const fuzzy = errorOf(() => validateSearchRequest(cardsIndex, mm({ fuzziness: 0 })));
    expect(fuzzy.message).toMatch(/^Fuzziness not allowed for type \[cross_fields\]/);
    expect(fuzzy.path).toBe('query.multi_match.fuzziness');
    const numeric = { query: { multi_match: { query: '3', fields: ['title', 'sourcesCount'], type: 'cross_fields' as const } } };
    expect(errorOf(() => validateSearchRequest(cardsIndex, numeric)).path).toBe('query.multi_match.fields[1]');
    expect(errorOf(() => validateSearchRequest(cardsIndex, { query: { multi_match: { query: 'x', fields: ['title'], type: 'most_fields' as never } } })).path).toBe('query.multi_match.type');
  });
});
