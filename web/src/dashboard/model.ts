// Pure rules of the dashboard (part 3 §2.4 Dashboard, §6, §9 Display; part 2 §9): sort options per
// role, the group filter (-1 every group in sections, 0 all companies in one grid, -2 the company
// default's group, else one group), the view a user lands on, who has favorites, the "view as" choice,
// initials.
import type { RivalGroupItem, RivalItem } from '../../../contracts/competitors.ts';
import { previewGroupOf } from '../cards/model.ts';
import { ALL_COMPANIES, ALL_GROUPS, COMPANY_DEFAULT, FAVORITES_FLAG, type DashboardDefaults } from '../../../contracts/dashboard.ts';

export { ALL_COMPANIES, ALL_GROUPS, COMPANY_DEFAULT };

export const DASHBOARD_MAX_WIDTH = 1500;
export const TILE_COLUMN_WIDTH = 215;
export const FAVORITES_MIN_COLUMN = 286;
export const TILE_HEIGHT = 165;
/** Tiles render their content once within this distance of the viewport. */
export const LAZY_TILE_MARGIN = 500;
/** A user's group filter and sort are saved this long after their last change (ours: the spec names none). */
export const SAVE_VIEW_DEBOUNCE_MS = 800;

export const DASHBOARD_SORTS = ['alpha', 'alpha-rev', 'cards', 'battlecards', 'created', 'created-rev'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
const CONSUMER_SORTS: readonly DashboardSort[] = ['alpha', 'alpha-rev'];

/** A rival tile: a rival of GET /api/rivals.json with its counts. */
export type RivalTileData = Required<RivalItem>;
export type RivalGroupData = RivalGroupItem;
export type Section = { key: string; groupId: number | null; name: string | null; rivals: RivalTileData[] };

export function sortOptions(curator: boolean): readonly DashboardSort[] {
  return curator ? DASHBOARD_SORTS : CONSUMER_SORTS;
}

/** A saved or asked-for sort the role may use, else alpha. */
export function effectiveSort(value: unknown, curator: boolean): DashboardSort {
  return sortOptions(curator).includes(value as DashboardSort) ? (value as DashboardSort) : 'alpha';
}

/** A saved dashboard view: the user's own (userData.dashboard) or the company's defaults. */
export type SavedView = { activeGroupId?: unknown; sortBy?: unknown; updatedAt?: unknown };
const savedAt = (v: SavedView | undefined) => (typeof v?.updatedAt === 'string' ? Date.parse(v.updatedAt) || 0 : 0);

/**
 * The group filter and sort a user lands on: their own saved view, unless the company's defaults were
 * saved by a curator after it (a view without a date counts as the oldest). Raw values: the caller
 * still checks them with effectiveSort and effectiveGroup, then resolves the group with shownGroup.
 *
 * Company default (-2) within this precedence: a user who picks it saves -2 as their own view, dated
 * then, so it beats the defaults saved before; at every load shownGroup resolves it to the group the
 * defaults name at that moment, so a curator's later change of the group reaches the user without
 * their choosing again. Once a curator saves defaults after the user's choice, the defaults win as
 * usual: the user lands on the defaults' group (the one -2 would have shown) and the defaults' sort.
 */
export function landingView(own: SavedView | undefined, company: Partial<DashboardDefaults> | undefined): SavedView {
  if (!company) return own ?? {};
  if (!own) return company;
  return savedAt(company) > savedAt(own) ? company : own;
}

/** Favorites: curators always, everyone else with the company flag (part 1 §6). */
export const hasFavorites = (curator: boolean, flags: Record<string, boolean> | undefined) => curator || flags?.[FAVORITES_FLAG] === true;

/** "View as" everyone: a consumer in no visibility group (the server's previewing=0). */
export const EVERYONE = 0;

/** The favorites among the rivals shown (so a "view as" group's view leaves out what it cannot see), in the order starred. */
export function favoriteTiles(rivals: readonly RivalTileData[], ids: readonly number[]): RivalTileData[] {
  const byId = new Map(rivals.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The "view as" choice of a curator (?previewing=): a visibility group id, 0 for everyone, or null for their own view. */
export function viewAsOf(search: string): number | null {
  return new URLSearchParams(search).get('previewing') === String(EVERYONE) ? EVERYONE : previewGroupOf(search);
}

/** A saved or asked-for group filter value: all groups, all companies, company default, or a group that still exists; else all groups. */
export function effectiveGroup(value: unknown, groups: readonly Pick<RivalGroupData, 'id'>[]): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === ALL_GROUPS || n === ALL_COMPANIES || n === COMPANY_DEFAULT) return n;
  return typeof n === 'number' && groups.some((g) => g.id === n) ? n : ALL_GROUPS;
}

/**
 * The group a filter value shows: company default stands for the group the company's saved defaults
 * name (all groups, all companies or one group), and for all groups when none are saved or their group
 * no longer exists; any other value shows itself.
 */
export function shownGroup(
  filter: number,
  companyDefaults: Partial<DashboardDefaults> | undefined,
  groups: readonly Pick<RivalGroupData, 'id'>[],
): number {
  if (filter !== COMPANY_DEFAULT) return filter;
  const named = effectiveGroup(companyDefaults?.activeGroupId, groups);
  return named === COMPANY_DEFAULT ? ALL_GROUPS : named;
}

/**
 * The sections to show. Rivals keep the server's order (the chosen sort). With all groups, one
 * section per non-empty group plus one for rivals in no group; with all companies, one unnamed
 * section; with a group, only that group.
 */
export function dashboardSections(rivals: readonly RivalTileData[], groups: readonly RivalGroupData[], groupId: number): Section[] {
  const inGroup = (g: RivalGroupData) => {
    const ids = new Set(g.rivals);
    return rivals.filter((r) => ids.has(r.id));
  };
  if (groupId === ALL_COMPANIES) return [{ key: 'all', groupId: null, name: null, rivals: [...rivals] }];
  if (groupId !== ALL_GROUPS) {
    const g = groups.find((x) => x.id === groupId);
    return g ? [{ key: `g${g.id}`, groupId: g.id, name: g.name, rivals: inGroup(g) }] : [];
  }
  const sections: Section[] = [];
  const grouped = new Set<number>();
  for (const g of [...groups].sort((a, b) => a.viewOrder - b.viewOrder || a.id - b.id)) {
    const list = inGroup(g);
    list.forEach((r) => grouped.add(r.id));
    if (list.length) sections.push({ key: `g${g.id}`, groupId: g.id, name: g.name, rivals: list });
  }
  const rest = rivals.filter((r) => !grouped.has(r.id));
  if (rest.length) sections.push({ key: 'ungrouped', groupId: null, name: sections.length ? '' : null, rivals: rest });
  return sections;
}

/** Up to two initials of a name, for a rival without an icon. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[1]][0]];
  return letters.join('').toUpperCase();
}

/** A count link is disabled when there is nothing behind it, for everyone but curators (who may add). */
export const countDisabled = (count: number, curator: boolean) => count === 0 && !curator;

/** The board creation job is polled this often until it completes (part 3 §9). */
export const JOB_POLL_MS = 10_000;
/** Success notices last this long (part 3 §9). */
export const NOTICE_MS = 5000;
