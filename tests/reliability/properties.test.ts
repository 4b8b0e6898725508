// Property-based tests (fast-check) of the grammars hostile input reaches first: the URL filter grammar of
// search and of the intel feed, date math, and query validation. Each property holds for every generated
// input, not for a handful of examples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INTEL_AGGREGATIONS,
  INTEL_DATE_RANGES,
  INTEL_LIST_PARAMS,
  INTEL_SORTS,
  IntelListQuery,
  parseAlertsUrl,
  serializeAlertsUrl,
  type AlertsUrlState,
  type FilterValue,
} from '../../contracts/intel.ts';
import { formatCriterion, nextCriterionType, parseCriterion, SearchQuery, type Criterion } from '../../contracts/search.ts';
import { evalDateMath } from '../../engine/datemath.ts';
import { EngineQueryError } from '../../engine/errors.ts';
import type { Query } from '../../engine/port.ts';
import { validateSearchRequest } from '../../engine/validate.ts';
import { cardsIndex } from '../../documents/cards.ts';

const RUNS = { numRuns: 500 };
const criterionType = fc.constantFrom('should', 'must', 'must_not') as fc.Arbitrary<Criterion['type']>;

describe('search filter grammar', () => {
  it('formats and parses every criterion back to itself', () => {
    const criterion = fc.record({
      field: fc.constantFrom('board', 'tag', 'rival') as fc.Arbitrary<Criterion['field']>,
      value: fc.integer({ min: 1, max: 2_147_483_647 }),
      type: criterionType,
    });
    fc.assert(fc.property(criterion, (c) => {
          expect(parseCriterion(formatCriterion(c))).toEqual(c);
        }), RUNS);
  });

  it('cycles should → must → must_not → should from any mode', () => {
    fc.assert(fc.property(criterionType, (t) => {
          expect(nextCriterionType(nextCriterionType(nextCriterionType(t)))).toBe(t);
        }), RUNS);
  });

  it('answers arbitrary query parameters with a parse or a validation error, never a crash', () => {
    const params = fc.dictionary(
      fc.constantFrom('query', 'size', 'offset', 'sort', 'filters', 'updated_start', 'rivals', 'lanes', 'countersFor', 'allTags', 'x'),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(params, (p) => {
        const r = SearchQuery.safeParse(p);
        if (r.success) expect(r.data.offset + r.data.size).toBeLessThanOrEqual(10_000);
        else expect(r.error.issues.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});

describe('intel URL state', () => {
  const filterValue: fc.Arbitrary<FilterValue> = fc.record({
    value: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constant(null), fc.stringMatching(/^[a-z][a-z_ ]{0,15}[a-z]$/).filter((v) => v !== 'null' && v !== 'undefined')),
    type: criterionType,
  });
  const state: fc.Arbitrary<AlertsUrlState> = fc.record(
    {
      ...Object.fromEntries(INTEL_LIST_PARAMS.map((p) => [p, fc.array(filterValue, { minLength: 1, maxLength: 4 })])),
      view: fc.constantFrom('myNewIntel', 'allIntel', 'published', 'custom-12', 'search'),
      q: fc.string({ minLength: 1, maxLength: 30 }),
      offset: fc.integer({ min: 0, max: 9_000 }),
      size: fc.integer({ min: 1, max: 200 }),
      sort: fc.constantFrom(...INTEL_SORTS),
      dateRange: fc.constantFrom(...INTEL_DATE_RANGES),
      createdAfter: fc.constantFrom('2026-10-01', 'now-7d/d'),
      aggregate: fc.uniqueArray(fc.constantFrom(...INTEL_AGGREGATIONS), { minLength: 1 }),
      published: fc.boolean(),
      actionedByMe: fc.boolean(),
      relatedAlerts: fc.boolean(),
      action: fc.constantFrom('triage', 'bulkEdit'),
      listDensity: fc.constantFrom('comfortable', 'compact'),
    } as Record<keyof AlertsUrlState, fc.Arbitrary<unknown>>,
    { requiredKeys: [] },
  ) as fc.Arbitrary<AlertsUrlState>;

  it('parses every serialized state back to itself', () => {
    fc.assert(fc.property(state, (s) => {
          expect(parseAlertsUrl(serializeAlertsUrl(s))).toEqual(s);
        }), RUNS);
  });

  it('reads any query string without throwing, and its serialization is stable', () => {
    const raw = fc.dictionary(
      fc.constantFrom(...INTEL_LIST_PARAMS, 'sort', 'dateRange', 'offset', 'size', 'aggregate', 'published', 'q', 'view', 'zzz'),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(raw, (r) => {
        const once = serializeAlertsUrl(parseAlertsUrl(new URLSearchParams(r)));
        expect(serializeAlertsUrl(parseAlertsUrl(once)).toString()).toBe(once.toString());
      }),
      RUNS,
    );
  });

  it('ignores sort and period values outside the allowed lists', () => {
    const notAllowed = fc.string({ maxLength: 20 }).filter((v) => !(INTEL_SORTS as readonly string[]).includes(v) && !(INTEL_DATE_RANGES as readonly string[]).includes(v));
    fc.assert(
      fc.property(notAllowed, (v) => {
        const s = parseAlertsUrl(new URLSearchParams({ sort: v, dateRange: v }));
        expect(s.sort).toBeUndefined();
        expect(s.dateRange).toBeUndefined();
        // The API is strict where the page is lenient.
        if (v !== '') expect(IntelListQuery.safeParse({ sort: v }).success).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('date math', () => {
  const now = Date.UTC(2026, 10, 22, 15, 30);
  const unit = fc.constantFrom('y', 'M', 'w', 'd', 'h', 'm', 's');

  it('rounds now-N<unit>/d down to a midnight at or before now - N units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), (n) => {
        const t = evalDateMath(`now-${n}d/d`, { now });
        expect(t % 86_400_000).toBe(0);
        expect(t).toBeLessThanOrEqual(now - n * 86_400_000);
        expect(now - n * 86_400_000 - t).toBeLessThan(86_400_000);
      }),
      RUNS,
    );
  });

  it('adding then subtracting the same amount returns to the start for fixed-length units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom('w', 'd', 'h', 'm', 's'), (n, u) => {
        expect(evalDateMath(`now+${n}${u}-${n}${u}`, { now })).toBe(now);
      }),
      RUNS,
    );
  });

  it('rejects any malformed expression with a typed error, never another exception', () => {
    const expr = fc.oneof(
      fc.string({ maxLength: 20 }).map((s) => `now${s}`),
      fc.tuple(fc.constantFrom('+', '-', '/', '*', ''), fc.nat(99), fc.oneof(unit, fc.string({ minLength: 1, maxLength: 1 }))).map(([op, n, u]) => `now${op}${n}${u}`),
    );
    fc.assert(
      fc.property(expr, (e) => {
        try {
          expect(Number.isFinite(evalDateMath(e, { now }))).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(EngineQueryError);
        }
      }),
      RUNS,
    );
  });
});

describe('query validation', () => {
  const field = fc.constantFrom('title', 'text', 'company_id', 'tags.id', 'updatedAt', 'nope', 'board.id', '');
  const leaf: fc.Arbitrary<Query> = fc.oneof(
    fc.record({ term: fc.dictionary(field, fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { minKeys: 1, maxKeys: 1 }) }),
    fc.record({ match: fc.dictionary(field, fc.string({ maxLength: 12 }), { minKeys: 1, maxKeys: 1 }) }),
    fc.record({ range: fc.dictionary(field, fc.record({ gte: fc.oneof(fc.constant('now-7d/d'), fc.string({ maxLength: 8 }), fc.integer()) }), { minKeys: 1, maxKeys: 1 }) }),
    fc.record({ prefix: fc.dictionary(field, fc.string({ maxLength: 6 }), { minKeys: 1, maxKeys: 1 }) }),
    fc.record({ exists: fc.record({ field }) }),
  ) as fc.Arbitrary<Query>;
  const query = fc.letrec<{ q: Query }>((tie) => ({
    q: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.record({ bool: fc.record({ must: fc.array(tie('q'), { maxLength: 3 }), must_not: fc.array(tie('q'), { maxLength: 2 }) }, { requiredKeys: [] }) }) as fc.Arbitrary<Query>,
    ),
  })).q;

  it('accepts a request or refuses it with a typed error, for any query tree', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: -5, max: 20_000 }), (q, size) => {
        try {
          validateSearchRequest(cardsIndex, { query: q, size });
        } catch (err) {
          expect(err).toBeInstanceOf(EngineQueryError);
        }
      }),
      RUNS,
    );
  });
});
