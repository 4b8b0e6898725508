import { describe, expect, it } from 'vitest';
import { parseAlertsUrl, type AlertsUrlState } from '../../../contracts/intel.ts';
import {
  alertsHref,
  cycleFilter,
  cycleIn,
  effectiveState,
  hasOverrides,
  layoutOf,
  listQuery,
  openView,
  removeIn,
  resetToView,
  viewFiltersQuery,
  withLayout,
  withoutOtherView,
} from './alertsState.ts';

const curator = { curatingRivalIds: [3, 7] };
const parse = (q: string) => parseAlertsUrl(new URLSearchParams(q));

describe('criterion cycle of a sidebar value', () => {
  it('adds a new value as should, then cycles should → must → must_not → should', () => {
    let list = cycleFilter(undefined, 'pricing');
    expect(list).toEqual([{ value: 'pricing', type: 'should' }]);
    list = cycleFilter(list, 'pricing');
    expect(list[0].type).toBe('must');
    list = cycleFilter(list, 'pricing');
    expect(list[0].type).toBe('must_not');
    list = cycleFilter(list, 'pricing');
    expect(list[0].type).toBe('should');
  });

  it('matches a number by its text, keeps the order of the other values', () => {
    const list = cycleFilter(cycleFilter(cycleFilter(undefined, 3), 'x'), '3');
    expect(list).toEqual([
      { value: 3, type: 'must' },
      { value: 'x', type: 'should' },
    ]);
  });
});

describe('view defaults and explicit parameters', () => {
  it('shows myNewIntel by default, limited to the curating rivals', () => {
    const e = effectiveState({}, curator);
    expect(e.view).toBe('myNewIntel');
    expect(e.states).toEqual([{ value: 'unprocessed', type: 'should' }]);
    expect(e.dateRange).toBe('last2Days');
    expect(e.rivalIds?.map((r) => r.value)).toEqual([3, 7]);
  });

  it('lets the URL override a view default, and a saved view supply its filters', () => {
    expect(effectiveState(parse('view=archived&states=deleted'), curator).states).toEqual([{ value: 'deleted', type: 'should' }]);
    const custom = [{ id: 4, name: 'Pricing', filters: parse('topics=pricing&sort=oldest'), shared: false, userId: 1, mine: true }];
    const e = effectiveState(parse('view=custom-4'), curator, custom);
    expect(e.topics).toEqual([{ value: 'pricing', type: 'should' }]);
    expect(e.sort).toBe('oldest');
  });

  it('cycling a value keeps the default it starts from and writes the list out explicitly', () => {
    const s = parse('offset=50');
    const next = cycleIn(s, effectiveState(s, curator), 'states', 'working');
    expect(alertsHref(next)).toBe('/alerts?states=unprocessed,working');
    const removed = removeIn(next, effectiveState(next, curator), 'states', 'unprocessed');
    expect(alertsHref(removed)).toBe('/alerts?states=working');
  });

  it('reset and opening a view keep the layout only', () => {
    const s = parse('view=archived&action=triage&topics=pricing&q=x&listDensity=compact');
    expect(hasOverrides(s)).toBe(true);
    expect(resetToView(s)).toEqual({ view: 'archived', action: 'triage', listDensity: 'compact' });
    expect(openView(s, 'important')).toEqual({ view: 'important', action: 'triage', listDensity: 'compact' });
    expect(hasOverrides(resetToView(s))).toBe(false);
  });

  it('resets an unknown view, or a saved view no longer listed, to the default view', () => {
    expect(resetToView(parse('view=bogus&q=x'))).toEqual({});
    expect(resetToView(parse('view=custom-9&q=x'), [{ id: 3 }])).toEqual({});
    expect(resetToView(parse('view=custom-3&q=x'), [{ id: 3 }])).toEqual({ view: 'custom-3' });
  });
});

describe('requests and saved filters', () => {
  it('sends the page state to the API with the view named, without page-only parameters', () => {
    const s: AlertsUrlState = parse('action=triage&listDensity=compact&topics=must:pricing&q=price war&sort=oldest');
    expect(listQuery(s, { tz: 'Europe/Paris', aggregate: ['states', 'topics'], offset: 50 })).toBe(
      'view=myNewIntel&topics=must%3Apricing&q=price+war&offset=50&sort=oldest&aggregate=states%2Ctopics&tz=Europe%2FParis',
    );
  });

  it('saves every filter in force, not the view, paging or layout', () => {
    const s = parse('view=important&offset=100&action=triage&q=pricing&dateRange=last7Days');
    expect(viewFiltersQuery(effectiveState(s, curator))).toBe('priorities=important&q=pricing&dateRange=last7Days');
  });

  it('switches layouts through the URL: triage, the analyst panel (timeline), the list', () => {
    const s = parse('topics=pricing&action=bulkEdit');
    const analyst = withLayout(s, 'analyst');
    expect(layoutOf(analyst)).toBe('analyst');
    expect(alertsHref(analyst)).toBe('/alerts?topics=pricing&aggregate=timeline&sliceBy=topics');
    expect(layoutOf(withLayout(analyst, 'triage'))).toBe('triage');
    expect(alertsHref(withLayout(analyst, 'list'))).toBe('/alerts?topics=pricing');
  });
});

describe('the spec’s other views', () => {
  it('open as the screens that show them, keeping the other parameters', () => {
    expect(alertsHref(withoutOtherView(parse('view=insights&q=pricing'))!)).toBe('/alerts?q=pricing&aggregate=timeline&sliceBy=topics');
    expect(layoutOf(withoutOtherView(parse('view=insights'))!)).toBe('analyst');
    expect(withoutOtherView(parse('view=search&q=pricing&sort=oldest'))).toEqual({ view: 'allIntel', q: 'pricing', sort: 'oldest' });
    expect(withoutOtherView(parse('view=settings'))).toEqual({});
    expect(withoutOtherView(parse('view=custom&action=triage'))).toEqual({ action: 'triage' });
  });

  it('leave presets, saved views and a missing view alone', () => {
    expect(withoutOtherView(parse('view=published'))).toBeNull();
    expect(withoutOtherView(parse('view=custom-4'))).toBeNull();
    expect(withoutOtherView(parse('q=pricing'))).toBeNull();
  });
});
