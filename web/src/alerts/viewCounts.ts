// Live counts of the views list (part 1 §2, §7 Intel, §9): one POST /api/intel/v1/batch with a search
// per view, each answering pagination.total. The first fetch waits 3 s after the page opens, then every
// 600 s. Pure request building; see viewCounts.test.ts.
import { INTEL_PRESET_VIEWS, serializeAlertsUrl, type IntelBatchResponse, type IntelView } from '../../../contracts/intel.ts';

/** The view names of the list, presets first, then the saved views (custom-{id}). */
export function countedViews(customViews: readonly Pick<IntelView, 'id'>[]): string[] {
  return [...INTEL_PRESET_VIEWS, ...customViews.map((v) => `custom-${v.id}`)];
}

/** The batch body: each view alone (the server applies its defaults), one result asked for. */
export function viewCountsRequest(views: readonly string[], tz: string): { searches: string[] } {
  return { searches: views.map((view) => serializeAlertsUrl({ view, size: 1, tz }).toString()) };
}

/** Counts by view name, read back in request order. */
export function viewCountsFrom(views: readonly string[], res: IntelBatchResponse): Record<string, number> {
  const out: Record<string, number> = {};
  views.forEach((view, i) => {
    const total = res.results[i]?.pagination.total;
    if (typeof total === 'number') out[view] = total;
  });
  return out;
}

/** "1.2K" for large counts (part 1 §9: compact numbers use K, M, B, T with one decimal). */
export function compactCount(n: number): string {
  const units = ['', 'K', 'M', 'B', 'T'];
  let i = 0;
  let v = n;
  while (Math.abs(v) >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? String(n) : `${(Math.floor(v * 10) / 10).toString()}${units[i]}`;
}
