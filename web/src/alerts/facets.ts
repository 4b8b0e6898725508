// The filter sidebar model (part 1 §2 Alerts): the values of each facet with their counts from the
// aggregations and their criterion mode from the filters in force. A selected value stays listed even
// when the current results hold none of it. Pure; see facets.test.ts.
import { INTEL_PRIORITIES, INTEL_STATES, type FilterValue, type IntelAggregations, type IntelBucket, type IntelListParam } from '../../../contracts/intel.ts';
import { sameValue } from './alertsState.ts';

export type FacetId = 'states' | 'priorities' | 'rivals' | 'topics' | 'sources' | 'contentTypes';
/** Facets whose every value is always offered (the aggregation only counts what the filters let through). */
export type Facet = { id: FacetId; param: IntelListParam; known?: readonly string[] };

/** The sidebar's facets in order, each with the aggregation it counts with and the parameter it filters. */
export const FACETS: readonly Facet[] = [
  { id: 'states', param: 'states', known: INTEL_STATES },
  { id: 'priorities', param: 'priorities', known: INTEL_PRIORITIES },
  { id: 'rivals', param: 'rivalIds' },
  { id: 'topics', param: 'topics' },
  { id: 'sources', param: 'sources' },
  { id: 'contentTypes', param: 'contentTypes' },
];

export type FacetItem = { value: string | number | null; name: string; count: number; type: FilterValue['type'] | null };

export function facetItems(
  buckets: readonly IntelBucket[] | undefined,
  selected: readonly FilterValue[] | undefined,
  nameOf: (v: FilterValue['value']) => string,
  known: readonly string[] = [],
): FacetItem[] {
  const items: FacetItem[] = (buckets ?? []).map((b) => ({
    value: b.key,
    name: b.name || String(b.key),
    count: b.count,
    type: selected?.find((f) => sameValue(f.value, b.key))?.type ?? null,
  }));
  const add = (value: FilterValue['value'], type: FacetItem['type']) => {
    if (!items.some((i) => sameValue(i.value, value))) items.push({ value, name: nameOf(value), count: 0, type });
  };
  for (const f of selected ?? []) add(f.value, f.type);
  for (const value of known) add(value, null);
  return items.sort((a, b) => Number(b.type !== null) - Number(a.type !== null) || b.count - a.count || a.name.localeCompare(b.name));
}

/** Names learnt from aggregations (rival names, mostly), so a chip or a selected value keeps its name. */
export function learnNames(book: ReadonlyMap<string, string>, aggs: IntelAggregations | undefined): Map<string, string> {
  const out = new Map(book);
  for (const [id, buckets] of Object.entries(aggs ?? {})) {
    if (!Array.isArray(buckets)) continue;
    for (const b of buckets as IntelBucket[]) out.set(`${id}:${String(b.key)}`, b.name);
  }
  return out;
}
