// The /alerts page state (part 1 §2 Alerts, §4 Views and presets, §5): the URL is the state. The page
// reads it with parseAlertsUrl, shows the view's defaults overridden by explicit parameters, and every
// change writes explicit parameters back with serializeAlertsUrl. Pure functions; see alertsState.test.ts.
import {
  customViewId,
  INTEL_LIST_PARAMS,
  INTEL_OTHER_VIEWS,
  isKnownView,
  serializeAlertsUrl,
  viewDefaults,
  type AlertsUrlState,
  type FilterValue,
  type IntelAggregation,
  type IntelListParam,
  type IntelView,
} from '../../../contracts/intel.ts';
import { nextCriterionType } from '../../../contracts/search.ts';
import { DEFAULT_VIEW, SIDEBAR_AGGREGATIONS } from './constants.ts';

export type Layout = 'list' | 'triage' | 'analyst';

/** Parameters of the page alone, never sent to the API nor saved in a view. */
const PAGE_ONLY = ['action', 'listDensity'] as const;
/** Parameters that are not filters: a saved view keeps none of them. */
const NOT_FILTERS = ['view', 'offset', 'size', 'aggregate', 'interval', 'sliceBy', 'tz', ...PAGE_ONLY] as const;

export const viewOf = (s: AlertsUrlState): string => s.view ?? DEFAULT_VIEW;

/**
 * The spec's other views of the page as the screens this page has: `insights` is the analyst panel (the
 * timeline sliced by topic), `search` is every item, for a query across all states; `custom` and `settings`
 * name the saved views and how they are kept, which the views panel holds, so they open the default view. The
 * URL's other parameters stay. Null when the URL names a view this page shows as itself.
 */
export function withoutOtherView(s: AlertsUrlState): AlertsUrlState | null {
  if (!s.view || !(INTEL_OTHER_VIEWS as readonly string[]).includes(s.view)) return null;
  const { view, ...rest } = s;
  if (view === 'insights') return withLayout(rest, 'analyst');
  if (view === 'search') return { ...rest, view: 'allIntel' };
  return rest;
}

/** The layout: triage (action=triage), the analyst panel (the timeline aggregation asked for), or the list. */
export function layoutOf(s: AlertsUrlState): Layout {
  if (s.action === 'triage') return 'triage';
  if (s.aggregate?.includes('timeline')) return 'analyst';
  return 'list';
}

export function withLayout(s: AlertsUrlState, layout: Layout): AlertsUrlState {
  const { action: _a, aggregate: _g, interval: _i, sliceBy: _s, ...rest } = s;
  if (layout === 'triage') return { ...rest, action: 'triage' };
  if (layout === 'analyst') return { ...rest, aggregate: ['timeline'], interval: s.interval, sliceBy: s.sliceBy ?? 'topics' };
  return s.action === 'bulkEdit' ? { ...rest, action: 'bulkEdit' } : rest;
}

/** What a view stands for before explicit parameters: a preset's defaults, or a saved view's filters. */
export function viewBase(view: string, user: { curatingRivalIds: number[] }, customViews: readonly IntelView[] | undefined): AlertsUrlState {
  const id = customViewId(view);
  if (id !== null) return customViews?.find((v) => v.id === id)?.filters ?? {};
  return viewDefaults(view, user);
}

/** The filters in force: the view's base overridden by each parameter the URL gives. */
export function effectiveState(s: AlertsUrlState, user: { curatingRivalIds: number[] }, customViews?: readonly IntelView[]): AlertsUrlState {
  const out: AlertsUrlState = { ...viewBase(viewOf(s), user, customViews) };
  for (const [k, v] of Object.entries(s)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  out.view = viewOf(s);
  return out;
}

/** The query string of GET /api/intel/v1 for the page state: the server applies the same view defaults. */
export function listQuery(s: AlertsUrlState, extra: { tz?: string; aggregate?: readonly IntelAggregation[]; offset?: number } = {}): string {
  const q: AlertsUrlState = { ...s, view: viewOf(s) };
  for (const k of PAGE_ONLY) delete q[k];
  if (extra.offset !== undefined) q.offset = extra.offset;
  if (extra.aggregate) q.aggregate = [...extra.aggregate];
  if (extra.tz && !q.tz) q.tz = extra.tz;
  return serializeAlertsUrl(q).toString();
}

/** The aggregations the page asks for: the sidebar's counts, and the timeline when the analyst panel is open. */
export function pageAggregations(s: AlertsUrlState): IntelAggregation[] {
  return layoutOf(s) === 'analyst' ? [...SIDEBAR_AGGREGATIONS, 'timeline'] : [...SIDEBAR_AGGREGATIONS];
}

export const sameValue = (a: FilterValue['value'], b: FilterValue['value']) => a === b || (a !== null && b !== null && String(a) === String(b));

/** Filter criterion cycle (part 1 §4): a new value is added as should; a selected one goes should → must → must_not → should. */
export function cycleFilter(list: readonly FilterValue[] | undefined, value: FilterValue['value']): FilterValue[] {
  const current = list ?? [];
  const found = current.find((f) => sameValue(f.value, value));
  if (!found) return [...current, { value, type: 'should' }];
  return current.map((f) => (f === found ? { ...f, type: nextCriterionType(f.type) } : f));
}

export function removeFilter(list: readonly FilterValue[] | undefined, value: FilterValue['value']): FilterValue[] {
  return (list ?? []).filter((f) => !sameValue(f.value, value));
}

/**
 * Cycles one value of a list parameter. The new list starts from the list in force, so a view's default
 * (myNewIntel's unprocessed) is kept and written out explicitly; paging starts again.
 */
export const cycleIn = (s: AlertsUrlState, effective: AlertsUrlState, param: IntelListParam, value: FilterValue['value']) =>
  patchState(s, { [param]: cycleFilter(effective[param], value) });

export const removeIn = (s: AlertsUrlState, effective: AlertsUrlState, param: IntelListParam, value: FilterValue['value']) =>
  patchState(s, { [param]: removeFilter(effective[param], value) });

/** Any other change of a filter or the search terms starts again from the first page. */
export function patchState(s: AlertsUrlState, patch: Partial<AlertsUrlState>): AlertsUrlState {
  const { offset: _o, ...rest } = s;
  const out: AlertsUrlState = { ...rest, ...patch };
  for (const [k, v] of Object.entries(out)) if (v === undefined || v === '') delete (out as Record<string, unknown>)[k];
  return out;
}

/**
 * Reset (part 1 §8 list error): back to the view's defaults, keeping only the layout. A view that does not
 * exist (an unknown name, or a saved view no longer listed) resets to the default view instead.
 */
export function resetToView(s: AlertsUrlState, customViews?: readonly Pick<IntelView, 'id'>[]): AlertsUrlState {
  const view = viewOf(s);
  const id = customViewId(view);
  const exists = id === null ? isKnownView(view) : !customViews || customViews.some((v) => v.id === id);
  const out: AlertsUrlState = exists ? { view } : {};
  if (s.action) out.action = s.action;
  if (s.listDensity) out.listDensity = s.listDensity;
  return out;
}

/** Opening another view drops every explicit filter; the layout stays. */
export const openView = (s: AlertsUrlState, view: string): AlertsUrlState => ({ ...resetToView(s), view });

/** Whether the URL overrides anything of the view (then "Save as view" and "Reset" make sense). */
export const hasOverrides = (s: AlertsUrlState): boolean =>
  Object.entries(s).some(([k, v]) => v !== undefined && !(NOT_FILTERS as readonly string[]).includes(k));

/** The filters of a saved custom view: everything in force that is a filter, as a query string. */
export function viewFiltersQuery(effective: AlertsUrlState): string {
  const f: AlertsUrlState = { ...effective };
  for (const k of NOT_FILTERS) delete f[k];
  return serializeAlertsUrl(f).toString();
}

/** The applied filters in force, one chip per list value, in the order the URL serializes them. */
export function appliedFilters(effective: AlertsUrlState): { param: IntelListParam; filter: FilterValue }[] {
  return INTEL_LIST_PARAMS.flatMap((param) => (effective[param] ?? []).map((filter) => ({ param, filter })));
}

/** The /alerts href of a state (commas and colons kept readable). */
export function alertsHref(s: AlertsUrlState): string {
  const q = serializeAlertsUrl(s).toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return q ? `/alerts?${q}` : '/alerts';
}
