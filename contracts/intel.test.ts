// The /alerts URL is the page's state: canonical URLs come back unchanged from parse + serialize, list values
// keep their criterion modes and types, and values outside the allowed lists are ignored (part 1 §5).
import { describe, expect, it } from 'vitest';
import {
  IntelListQuery,
  customViewId,
  parseAlertsUrl,
  parseFilterList,
  serializeAlertsUrl,
  viewDefaults,
} from './intel.ts';

const roundTrip = (qs: string) => serializeAlertsUrl(parseAlertsUrl(new URLSearchParams(qs))).toString();

describe('alerts URL round trip', () => {
  const canonical = [
    'view=myNewIntel',
    'view=custom-12&action=triage',
    'action=bulkEdit',
    'states=unprocessed%2Cnot%3Adeleted',
    'priorities=important%2Cnull',
    'rivalIds=3%2Cmust%3A5%2Cnot%3A7%2Cnull',
    'boardGroups=2%2Cnot%3A4',
    'contentTypes=article%2Cmust%3Apress_release',
    'topics=pricing%2Cnot%3Ahiring',
    'sources=techcrunch.com',
    'intelIds=10%2C11%2C12',
    'actionedBy=4%2Cnull',
    'q=soc+2+pricing',
    'offset=50&size=100',
    'size=0',
    'sort=newest', 'sort=oldest', 'sort=relevance', 'sort=recommendation',
    'dateRange=allTime', 'dateRange=today', 'dateRange=yesterday', 'dateRange=last2Days', 'dateRange=last7Days',
    'dateRange=last30Days', 'dateRange=last90Days',
    'dateRange=customDateRange&createdAfter=2026-10-01&createdBefore=now-7d%2Fd',
    'aggregate=states%2Ctopics%2Ctimeline&interval=week&sliceBy=rivals',
    'interval=month', 'sliceBy=contentTypes',
    'published=true', 'published=false', 'actionedByMe=true', 'relatedAlerts=false',
    'tz=Europe%2FParis',
    'listDensity=compact', 'listDensity=comfortable',
    'view=allIntel&action=triage&states=working&rivalIds=1&q=x&offset=0&size=50&sort=oldest&dateRange=last7Days&aggregate=sources&published=false&relatedAlerts=true&tz=UTC&listDensity=compact',
  ];
  it.each(canonical)('%s comes back unchanged', (qs) => {
    expect(roundTrip(qs)).toBe(qs);
  });

  it('puts parameters in the canonical order', () => {
    expect(roundTrip('q=a&view=published&states=working')).toBe('view=published&states=working&q=a');
  });

  it('ignores an invalid sort, period or other enumerated value', () => {
    expect(parseAlertsUrl(new URLSearchParams('sort=sideways&dateRange=lastCentury&interval=hour&listDensity=huge&action=fly'))).toEqual({});
    expect(roundTrip('sort=sideways&dateRange=last7Days')).toBe('dateRange=last7Days');
    expect(parseAlertsUrl(new URLSearchParams('size=900&offset=-1&published=maybe')).size).toBeUndefined();
    expect(parseAlertsUrl(new URLSearchParams('aggregate=topics,colours')).aggregate).toEqual(['topics']);
  });

  it('parses list values: numbers, null and undefined, criterion prefixes', () => {
    expect(parseFilterList('5,must:abc,not:null,undefined,1.5')).toEqual([
      { value: 5, type: 'should' },
      { value: 'abc', type: 'must' },
      { value: null, type: 'must_not' },
      { value: null, type: 'should' },
      { value: 1.5, type: 'should' },
    ]);
  });
});

describe('views', () => {
  it('myNewIntel: unprocessed, last 2 days, newest, limited to curating rivals when there are any', () => {
    expect(viewDefaults('myNewIntel', { curatingRivalIds: [] })).toEqual({
      states: [{ value: 'unprocessed', type: 'should' }],
      dateRange: 'last2Days',
      sort: 'newest',
    });
    expect(viewDefaults('myNewIntel', { curatingRivalIds: [3, 4] }).rivalIds).toEqual([
      { value: 3, type: 'should' },
      { value: 4, type: 'should' },
    ]);
    expect(viewDefaults('important', { curatingRivalIds: [] })).toEqual({ priorities: [{ value: 'important', type: 'should' }] });
    expect(viewDefaults('allIntel', { curatingRivalIds: [1] })).toEqual({});
  });

  it('custom views are custom-{positive id}', () => {
    expect(customViewId('custom-42')).toBe(42);
    expect(customViewId('custom-0')).toBeNull();
    expect(customViewId('custom-x')).toBeNull();
  });
});

describe('IntelListQuery (the API, strict)', () => {
  const issues = (raw: Record<string, string>) => {
    const r = IntelListQuery.safeParse(raw);
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };
  it('names each invalid parameter', () => {
    expect(issues({ sort: 'sideways' })).toEqual(['sort']);
    expect(issues({ dateRange: 'x', tz: 'Nowhere/Place', view: 'nope', colour: 'red' }).sort()).toEqual(['colour', 'dateRange', 'tz', 'view']);
    expect(issues({ aggregate: 'topics,colours' })).toEqual(['aggregate']);
    expect(issues({ offset: '9990', size: '50' })).toEqual(['offset']);
  });
  it('accepts a canonical URL', () => {
    expect(issues({ view: 'custom-3', states: 'working,not:deleted', tz: 'America/New_York', sort: 'recommendation', size: '0' })).toEqual([]);
  });
});
