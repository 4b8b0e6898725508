import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_STATE,
  dateRangesFor,
  effectiveState,
  isDay,
  parseReportPath,
  parseReportQuery,
  presetDays,
  reportApiPath,
  reportCsvHref,
  reportHref,
  reportSearch,
  tableDrillDown,
  withDateRange,
  withReportState,
  type ReportUrlState,
} from './urlState.ts';

const usage = { id: 'consumer-usage', type: 'overview', drill: null } as const;
const curator = { id: 'curator', type: 'overview', drill: null } as const;

describe('report paths', () => {
  it('names the index, a report’s first type, a report and its drill-downs', () => {
    expect(parseReportPath('')).toEqual({ kind: 'index' });
    expect(parseReportPath('curator')).toEqual({ kind: 'firstType', id: 'curator' });
    expect(parseReportPath('search-analytics/overview')).toEqual({ kind: 'report', id: 'search-analytics', type: 'overview', drill: null });
    expect(parseReportPath('consumer-usage/leaderboards/user/12')).toEqual({ kind: 'report', id: 'consumer-usage', type: 'leaderboards', drill: { user: 12 } });
    expect(parseReportPath('competitive-analytics/overview/rival-12')).toEqual({
      kind: 'report',
      id: 'competitive-analytics',
      type: 'overview',
      drill: { report: 'rival-12' },
    });
    expect(parseReportPath('search-analytics/overview/zero-results/')).toMatchObject({ drill: { report: 'zero-results' } });
  });

  it('finds nothing at unknown ids, types and drill-downs', () => {
    for (const rest of [
      'nope',
      'curator/leaderboards',
      'consumer-usage/threat-analysis',
      'consumer-usage/overview/user',
      'consumer-usage/overview/user/0',
      'consumer-usage/overview/user/abc',
      'consumer-usage/overview/user/5/more',
      'search-analytics/overview/Zero_Results',
      'search-analytics/overview/zero-results/extra',
    ]) {
      expect(parseReportPath(rest), rest).toEqual({ kind: 'notFound' });
    }
  });

  it('lists search analytics’ tables in full in their drill-downs', () => {
    const search = { id: 'search-analytics', type: 'overview', drill: null } as const;
    expect(tableDrillDown(search, 'zero-results')).toEqual({ ...search, drill: { report: 'zero-results' } });
    expect(tableDrillDown(search, 'nope')).toBeNull();
    expect(tableDrillDown({ ...search, drill: { report: 'top' } }, 'top')).toBeNull();
    expect(tableDrillDown(usage, 'top')).toBeNull();
  });

  it('builds the API paths of a report, a drill-down and a table’s CSV', () => {
    expect(reportApiPath(usage, 'json')).toBe('/api/reports/consumer-usage/overview.json');
    expect(reportApiPath({ ...usage, type: 'leaderboards', drill: { user: 9 } }, 'json')).toBe('/api/reports/consumer-usage/leaderboards/user/9.json');
    expect(reportApiPath({ id: 'search-analytics', type: 'overview', drill: { report: 'zero-results' } }, 'csv')).toBe(
      '/api/reports/search-analytics/overview/zero-results.csv',
    );
    expect(reportCsvHref(usage, DEFAULT_REPORT_STATE, 'pages')).toBe('/api/reports/consumer-usage/overview.csv?table=pages');
    const custom: ReportUrlState = { ...DEFAULT_REPORT_STATE, dateRange: 'customDateRange', from: '2026-01-01', to: '2026-01-31', role: 'consumer' };
    expect(reportCsvHref(usage, custom, 'users')).toBe('/api/reports/consumer-usage/overview.csv?dateRange=customDateRange&from=2026-01-01&to=2026-01-31&role=consumer&table=users');
  });
});

describe('report query state', () => {
  it('reads the period, role and stale days', () => {
    expect(parseReportQuery('')).toEqual(DEFAULT_REPORT_STATE);
    expect(parseReportQuery('?dateRange=last7Days&role=curator&staleDays=90')).toEqual<ReportUrlState>({
      dateRange: 'last7Days',
      from: null,
      to: null,
      role: 'curator',
      staleDays: 90,
    });
    expect(parseReportQuery('?dateRange=customDateRange&from=2026-02-01&to=2026-02-28')).toMatchObject({ dateRange: 'customDateRange', from: '2026-02-01', to: '2026-02-28' });
  });

  it('ignores values the API would refuse', () => {
    expect(parseReportQuery('?dateRange=lastYear&role=owner&staleDays=0')).toEqual(DEFAULT_REPORT_STATE);
    expect(parseReportQuery('?staleDays=99999').staleDays).toBeNull();
    expect(parseReportQuery('?staleDays=1.5').staleDays).toBeNull();
    // from and to belong to a custom period only.
    expect(parseReportQuery('?dateRange=last7Days&from=2026-01-01&to=2026-01-02')).toMatchObject({ from: null, to: null });
    // A custom period without both (real) days is the default period.
    expect(parseReportQuery('?dateRange=customDateRange&from=2026-01-01')).toEqual(DEFAULT_REPORT_STATE);
    expect(parseReportQuery('?dateRange=customDateRange&from=2026-02-30&to=2026-03-02')).toEqual(DEFAULT_REPORT_STATE);
    // The wrong way round is the same period.
    expect(parseReportQuery('?dateRange=customDateRange&from=2026-03-02&to=2026-02-01')).toMatchObject({ from: '2026-02-01', to: '2026-03-02' });
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
  });

  it('writes defaults out of the URL and round-trips every state', () => {
    expect(reportSearch(DEFAULT_REPORT_STATE, usage)).toBe('');
    expect(reportHref(usage, DEFAULT_REPORT_STATE)).toBe('/reports/consumer-usage/overview');
    const states: ReportUrlState[] = [
      { ...DEFAULT_REPORT_STATE, dateRange: 'today' },
      { ...DEFAULT_REPORT_STATE, dateRange: 'allTime', role: 'admin' },
      { ...DEFAULT_REPORT_STATE, dateRange: 'customDateRange', from: '2025-12-30', to: '2026-01-05', role: 'consumer' },
    ];
    for (const state of states) {
      const href = reportHref(usage, state);
      expect(parseReportQuery(href.slice(href.indexOf('?')))).toEqual(state);
    }
    expect(reportHref({ ...usage, type: 'leaderboards', drill: { user: 3 } }, states[1])).toBe('/reports/consumer-usage/leaderboards/user/3?dateRange=allTime&role=admin');
  });

  it('leaves out what a report does not read', () => {
    const state: ReportUrlState = { ...DEFAULT_REPORT_STATE, role: 'curator', staleDays: 30 };
    expect(reportSearch(state, curator)).toBe('');
    expect(reportSearch(state, { id: 'search-analytics', type: 'overview' })).toBe('role=curator');
    expect(reportSearch(state, { id: 'competitive-analytics', type: 'data-hygiene' })).toBe('staleDays=30');
    // The impact report offers the presets of part 1 §5 only.
    expect(dateRangesFor('competitive-analytics', 'impact')).not.toContain('customDateRange');
    expect(effectiveState({ ...DEFAULT_REPORT_STATE, dateRange: 'allTime' }, { id: 'competitive-analytics', type: 'impact' }).dateRange).toBe('last30Days');
    expect(effectiveState({ ...DEFAULT_REPORT_STATE, dateRange: 'last7Days' }, { id: 'competitive-analytics', type: 'impact' }).dateRange).toBe('last7Days');
  });

  it('keeps the period on links to other reports, and leaves other links alone', () => {
    const state: ReportUrlState = { ...DEFAULT_REPORT_STATE, dateRange: 'last7Days', role: 'consumer' };
    expect(withReportState('/reports/consumer-usage/leaderboards/user/12', state)).toBe('/reports/consumer-usage/leaderboards/user/12?dateRange=last7Days&role=consumer');
    expect(withReportState('/reports/competitive-analytics/overview/rival-4', state)).toBe('/reports/competitive-analytics/overview/rival-4?dateRange=last7Days');
    expect(withReportState('/reports/curator/overview?dateRange=today', state)).toBe('/reports/curator/overview?dateRange=today');
    expect(withReportState('/search/quantum%20pricing?newCard=1', state)).toBe('/search/quantum%20pricing?newCard=1');
    expect(withReportState('/profile/3?viewCard=9', state)).toBe('/profile/3?viewCard=9');
    expect(withReportState('/reports/nope/overview', state)).toBe('/reports/nope/overview');
    expect(withReportState('/reports/curator/overview', DEFAULT_REPORT_STATE)).toBe('/reports/curator/overview');
  });

  it('changes the period, a custom one with its days', () => {
    const custom = withDateRange(DEFAULT_REPORT_STATE, 'customDateRange', { from: '2026-03-10', to: '2026-03-01' });
    expect(custom).toMatchObject({ dateRange: 'customDateRange', from: '2026-03-01', to: '2026-03-10' });
    expect(withDateRange(custom, 'last7Days')).toMatchObject({ dateRange: 'last7Days', from: null, to: null });
    expect(withDateRange(DEFAULT_REPORT_STATE, 'customDateRange')).toBe(DEFAULT_REPORT_STATE);
  });

  it('tells the days of a preset as the server counts them', () => {
    const now = new Date('2026-11-27T17:45:00Z');
    expect(presetDays('today', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetDays('yesterday', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetDays('last7Days', now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetDays('last30Days', now)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });
});
