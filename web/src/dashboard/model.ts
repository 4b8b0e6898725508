// Pure rules of the dashboard (part 3 §2.4 Dashboard, §9 Display): sort options per role, the
// group filter (-1 every group in sections, 0 all companies in one grid, else one group), initials.
import type { RivalGroupItem, RivalItem } from '../../../contracts/competitors.ts';

export const DASHBOARD_MAX_WIDTH = 1500;
export const TILE_COLUMN_WIDTH = 215;
export const TILE_HEIGHT = 165;

export const ALL_GROUPS = -1;
export const ALL_COMPANIES = 0;

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

/** A saved or asked-for group that still exists, else all groups. */
export function effectiveGroup(value: unknown, groups: readonly Pick<RivalGroupData, 'id'>[]): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === ALL_GROUPS || n === ALL_COMPANIES) return n;
  return typeof n === 'number' && groups.some((g) => g.id === n) ? n : ALL_GROUPS;
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
