import { describe, expect, it } from 'vitest';
import { MONITOR_ERRORS, MONITOR_INTERVAL, MonitorsQuery } from '../../../contracts/monitors.ts';
import enMonitors from '../i18n/locales/en/monitors.ts';
import deMonitors from '../i18n/locales/de/monitors.ts';
import {
  apiQuery,
  DEFAULT_FILTERS,
  errorReasonKey,
  failureReason,
  filtersFromSearch,
  hostOf,
  intelHref,
  intervalChoices,
  intervalWords,
  INTERVALS,
  isFiltered,
  isWebLink,
  monitorsPath,
  namesField,
  pageCount,
  searchFromFilters,
  sparkline,
  withFilter,
  withScheme,
} from './model.ts';

const search = (s: string) => new URLSearchParams(s);

describe('the list filters in the URL', () => {
  it('opens on the default list of part 2 §9 with no parameters', () => {
    expect(filtersFromSearch(search(''))).toEqual({ page: 1, sort: 'last_change_at', hasChanged: true });
    expect(searchFromFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads every parameter the API takes', () => {
    expect(filtersFromSearch(search('page=3&sort=name&hasChanged=false&rivalId=12&kind=feed&failing=true'))).toEqual({
      page: 3,
      sort: 'name',
      hasChanged: false,
      rivalId: 12,
      kind: 'feed',
      failing: true,
    });
  });

  it('falls back to the default of a parameter that is wrong, keeping the others', () => {
    expect(filtersFromSearch(search('page=0&sort=size&hasChanged=maybe&rivalId=-4&kind=video&failing=yes'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch(search('page=abc&kind=page'))).toEqual({ ...DEFAULT_FILTERS, kind: 'page' });
    expect(filtersFromSearch(search('failing=false'))).toEqual(DEFAULT_FILTERS);
  });

  it('writes only what differs from the default, in a fixed order, and keeps parameters that are not its own', () => {
    const filters = { page: 2, sort: 'created', hasChanged: false, rivalId: 7, kind: 'page', failing: true } as const;
    expect(searchFromFilters(filters).toString()).toBe('page=2&sort=created&hasChanged=false&rivalId=7&kind=page&failing=true');
    expect(searchFromFilters({ ...DEFAULT_FILTERS, kind: 'feed' }, search('lng=de&page=4&kind=page')).toString()).toBe('lng=de&kind=feed');
  });

  it('reads back what it writes', () => {
    const cases = [DEFAULT_FILTERS, { page: 5, sort: 'name' as const, hasChanged: false }, { page: 1, sort: 'last_change_at' as const, hasChanged: true, rivalId: 3, failing: true }];
    for (const f of cases) expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
  });

  it('goes back to the first page on any change but the page’s, and drops a cleared filter', () => {
    const on3 = { ...DEFAULT_FILTERS, page: 3, kind: 'feed' as const };
    expect(withFilter(on3, 'sort', 'name')).toEqual({ page: 1, sort: 'name', hasChanged: true, kind: 'feed' });
    expect(withFilter(on3, 'page', 4)).toEqual({ ...on3, page: 4 });
    const cleared = withFilter(on3, 'kind', undefined);
    expect(cleared).toEqual({ page: 1, sort: 'last_change_at', hasChanged: true });
    expect('kind' in cleared).toBe(false);
  });

  it('sends the API every value, which its own query schema accepts as the same filters', () => {
    const filters = { page: 2, sort: 'name' as const, hasChanged: false, rivalId: 9, kind: 'feed' as const, failing: true };
    const query = apiQuery(filters);
    expect(query).toEqual({ page: 2, sort: 'name', hasChanged: 'false', rivalId: 9, kind: 'feed', failing: 'true' });
    const asStrings = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    expect(MonitorsQuery.parse(asStrings)).toEqual(filters);
    expect(MonitorsQuery.parse(Object.fromEntries(Object.entries(apiQuery(DEFAULT_FILTERS)).map(([k, v]) => [k, String(v)])))).toEqual(DEFAULT_FILTERS);
  });

  it('tells a narrowed list from the default one', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, hasChanged: false })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, failing: true })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, rivalId: 1 })).toBe(true);
  });

  it('counts pages of 20, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('the sparkline', () => {
  it('runs from the first day at the left to the last at the right, the busiest day at the top', () => {
    const s = sparkline([0, 2, 4], 100, 20, 0);
    expect(s.line).toBe('M0 20 L50 10 L100 0');
    expect(s.area).toBe('M0 20 L50 10 L100 0 L100 20 L0 20 Z');
    expect(s.total).toBe(6);
    expect(s.max).toBe(4);
  });

  it('keeps the padding at the top and bottom', () => {
    expect(sparkline([1, 0], 10, 10, 2).line).toBe('M0 2 L10 8');
  });

  it('lies flat on the bottom without changes, and counts nothing that is not a positive number', () => {
    expect(sparkline(Array(30).fill(0), 84, 22, 2).line.split(' L').every((p) => p.endsWith(' 20'))).toBe(true);
    expect(sparkline([3, -1, Number.NaN], 20, 10, 0)).toMatchObject({ total: 3, line: 'M0 0 L10 10 L20 10' });
    expect(sparkline([], 20, 10, 0)).toMatchObject({ total: 0, line: 'M0 10 L20 10' });
    expect(sparkline([5], 20, 10, 0).line).toBe('M0 0 L20 0');
  });

  it('has 30 points for 30 days', () => {
    expect(sparkline(Array.from({ length: 30 }, (_, i) => i % 3), 84, 22).line.split(/[ML]/).filter(Boolean)).toHaveLength(30);
  });
});

describe('words', () => {
  const leaf = (tree: unknown, key: string): unknown => key.split('.').slice(1).reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);

  it('says every reason a check fails in words, in every language; an unknown reason reads as the generic one', () => {
    for (const reason of MONITOR_ERRORS) {
      const key = errorReasonKey(reason);
      expect(key).toBe(`monitors.errors.${reason}`);
      expect(typeof leaf(enMonitors, key), key).toBe('string');
      expect(typeof leaf(deMonitors, key), key).toBe('string');
      expect(leaf(deMonitors, key)).not.toBe(leaf(enMonitors, key));
    }
    expect(errorReasonKey('martian')).toBe('monitors.errors.unknown');
    expect(errorReasonKey('toString')).toBe('monitors.errors.unknown');
    expect(typeof leaf(enMonitors, 'monitors.errors.unknown')).toBe('string');
  });

  it('finds the reason a refused preview names, and whether an answer is about a field', () => {
    expect(failureReason({ params: { reason: 'robots' } })).toBe('robots');
    expect(failureReason({ params: { reason: 'martian' } })).toBeNull();
    expect(failureReason({ params: { field: 'url' } })).toBeNull();
    expect(failureReason(null)).toBeNull();
    expect(namesField({ details: [{ field: 'url', message: 'is refused' }] }, 'url')).toBe(true);
    expect(namesField({ params: { where: 'body', field: 'url', problem: 'is required' } }, 'url')).toBe(true);
    expect(namesField({ details: [{ field: 'name', message: 'is too long' }] }, 'url')).toBe(false);
    expect(namesField(new Error('boom'), 'url')).toBe(false);
  });

  it('has every status, kind, sort and skipped reason the contract names', () => {
    for (const key of ['ok', 'failing', 'paused', 'pending']) expect(typeof leaf(enMonitors, `monitors.status.${key}`)).toBe('string');
    for (const key of ['duplicate', 'refused', 'limit']) expect(typeof leaf(deMonitors, `monitors.import.reasons.${key}`)).toBe('string');
    for (const key of ['last_change_at', 'name', 'created']) expect(typeof leaf(deMonitors, `monitors.filters.sorts.${key}`)).toBe('string');
  });

  it('offers the intervals of the issue, within the contract’s bounds, 6 hours the default', () => {
    expect([...INTERVALS]).toEqual([15, 60, 360, 720, 1440, 10080]);
    for (const m of INTERVALS) expect(m >= MONITOR_INTERVAL.min && m <= MONITOR_INTERVAL.max).toBe(true);
    expect(INTERVALS).toContain(MONITOR_INTERVAL.default);
    expect(intervalChoices(90)).toEqual([15, 60, 90, 360, 720, 1440, 10080]);
    expect(intervalChoices(360)).toEqual([...INTERVALS]);
  });

  it('words an interval in its largest whole unit', () => {
    expect(intervalWords(15)).toEqual({ key: 'monitors.interval.minutes', values: { count: 15 } });
    expect(intervalWords(60)).toEqual({ key: 'monitors.interval.hours', values: { count: 1 } });
    expect(intervalWords(360)).toEqual({ key: 'monitors.interval.hours', values: { count: 6 } });
    expect(intervalWords(1440)).toEqual({ key: 'monitors.interval.days', values: { count: 1 } });
    expect(intervalWords(2880)).toEqual({ key: 'monitors.interval.days', values: { count: 2 } });
    expect(intervalWords(10080).key).toBe('monitors.interval.weekly');
    expect(intervalWords(90)).toEqual({ key: 'monitors.interval.minutes', values: { count: 90 } });
  });
});

describe('addresses', () => {
  it('shows a URL’s host, or the URL when it does not parse', () => {
    expect(hostOf('https://www.acme.com/pricing?x=1')).toBe('www.acme.com');
    expect(hostOf('http://acme.com:8080/feed')).toBe('acme.com:8080');
    expect(hostOf('not a url')).toBe('not a url');
  });

  it('puts https:// before an address typed without a scheme', () => {
    expect(withScheme(' acme.com/pricing ')).toBe('https://acme.com/pricing');
    expect(withScheme('http://acme.com')).toBe('http://acme.com');
    expect(withScheme('HTTPS://acme.com')).toBe('HTTPS://acme.com');
    expect(withScheme('//acme.com/feed')).toBe('https://acme.com/feed');
    expect(withScheme('   ')).toBe('');
  });

  it('opens only web links', () => {
    expect(isWebLink('https://acme.com')).toBe(true);
    expect(isWebLink('http://acme.com/a')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('ftp://acme.com')).toBe(false);
    expect(isWebLink(null)).toBe(false);
    expect(isWebLink('')).toBe(false);
  });

  it('opens the intel feed on the item a change made, whatever its state', () => {
    const url = new URL(intelHref(42), 'https://app.test');
    expect(url.pathname).toBe('/alerts');
    expect(url.searchParams.get('intelIds')).toBe('42');
    expect(url.searchParams.get('view')).toBe('allIntel');
    expect(url.searchParams.get('relatedAlerts')).toBe('false');
  });

  it('reads /monitors/ paths: the list, a monitor, or nothing', () => {
    expect(monitorsPath('')).toEqual({ id: null });
    expect(monitorsPath('/')).toEqual({ id: null });
    expect(monitorsPath('12')).toEqual({ id: 12 });
    expect(monitorsPath('12/')).toEqual({ id: 12 });
    expect(monitorsPath('0')).toBeNull();
    expect(monitorsPath('012')).toBeNull();
    expect(monitorsPath('12/changes')).toBeNull();
    expect(monitorsPath('9999999999')).toBeNull();
    expect(monitorsPath('abc')).toBeNull();
  });
});
