import { describe, expect, it } from 'vitest';
import {
  ALL_COMPANIES,
  ALL_GROUPS,
  COMPANY_DEFAULT,
  countDisabled,
  dashboardSections,
  effectiveGroup,
  effectiveSort,
  EVERYONE,
  favoriteTiles,
  hasFavorites,
  initials,
  landingView,
  shownGroup,
  sortOptions,
  viewAsOf,
  type RivalTileData,
} from './model.ts';

const rival = (id: number, name: string): RivalTileData => ({
  id,
  name,
  iconUrl: null,
  profileId: id * 10,
  isDraft: false,
  cardsCount: 1,
  battlecardsCount: 0,
  createdAt: '2024-01-01T00:00:00Z',
});
const rivals = [rival(1, 'Alpha'), rival(2, 'Beta'), rival(3, 'Gamma'), rival(4, 'Delta')];
const groups = [
  { id: 20, name: 'Emerging', viewOrder: 2, rivals: [3] },
  { id: 10, name: 'Top', viewOrder: 1, rivals: [2, 1] },
];

describe('dashboard model', () => {
  it('offers every sort to curators and only by name to everyone else', () => {
    expect(sortOptions(true)).toHaveLength(6);
    expect(sortOptions(false)).toEqual(['alpha', 'alpha-rev']);
    expect(effectiveSort('cards', false)).toBe('alpha');
    expect(effectiveSort('cards', true)).toBe('cards');
    expect(effectiveSort(undefined, true)).toBe('alpha');
  });

  it('keeps a group that exists, else all groups', () => {
    expect(effectiveGroup(10, groups)).toBe(10);
    expect(effectiveGroup('20', groups)).toBe(20);
    expect(effectiveGroup(0, groups)).toBe(ALL_COMPANIES);
    expect(effectiveGroup(99, groups)).toBe(ALL_GROUPS);
    expect(effectiveGroup(null, groups)).toBe(ALL_GROUPS);
    expect(effectiveGroup(-2, groups)).toBe(COMPANY_DEFAULT);
    expect(effectiveGroup('-2', [])).toBe(COMPANY_DEFAULT);
    expect(effectiveGroup(-3, groups)).toBe(ALL_GROUPS);
  });

  it('shows the group the company defaults name for company default, else all groups', () => {
    const defaults = (activeGroupId: unknown) => ({ sortBy: 'alpha' as const, activeGroupId: activeGroupId as number });
    expect(shownGroup(COMPANY_DEFAULT, defaults(20), groups)).toBe(20);
    expect(shownGroup(COMPANY_DEFAULT, defaults(ALL_COMPANIES), groups)).toBe(ALL_COMPANIES);
    expect(shownGroup(COMPANY_DEFAULT, defaults(ALL_GROUPS), groups)).toBe(ALL_GROUPS);
    // Nothing saved, a group since deleted (or hidden from the viewer), or a value that names itself.
    expect(shownGroup(COMPANY_DEFAULT, undefined, groups)).toBe(ALL_GROUPS);
    expect(shownGroup(COMPANY_DEFAULT, {}, groups)).toBe(ALL_GROUPS);
    expect(shownGroup(COMPANY_DEFAULT, defaults(99), groups)).toBe(ALL_GROUPS);
    expect(shownGroup(COMPANY_DEFAULT, defaults(COMPANY_DEFAULT), groups)).toBe(ALL_GROUPS);
    expect(shownGroup(COMPANY_DEFAULT, defaults('10'), groups)).toBe(10);
    // Any other filter value shows itself, whatever the defaults say.
    expect(shownGroup(10, defaults(20), groups)).toBe(10);
    expect(shownGroup(ALL_COMPANIES, defaults(20), groups)).toBe(ALL_COMPANIES);
  });

  it('keeps a saved company default choice over older defaults, which then decide the group it shows', () => {
    const company = { sortBy: 'alpha' as const, activeGroupId: 20, updatedAt: '2026-01-02T00:00:00Z' };
    const own = { sortBy: 'alpha-rev', activeGroupId: COMPANY_DEFAULT, updatedAt: '2026-01-03T00:00:00Z' };
    const landed = landingView(own, company);
    expect(landed).toBe(own);
    expect(shownGroup(effectiveGroup(landed.activeGroupId, groups), company, groups)).toBe(20);
    // The company changes its default group later still: the defaults win, showing that same group.
    const later = { ...company, activeGroupId: 10, updatedAt: '2026-01-04T00:00:00Z' };
    expect(shownGroup(effectiveGroup(landingView(own, later).activeGroupId, groups), later, groups)).toBe(10);
  });

  it('builds sections per group in view order, keeping the sort order, plus the ungrouped', () => {
    const s = dashboardSections(rivals, groups, ALL_GROUPS);
    expect(s.map((x) => x.key)).toEqual(['g10', 'g20', 'ungrouped']);
    expect(s[0].rivals.map((r) => r.id)).toEqual([1, 2]);
    expect(s[2].rivals.map((r) => r.id)).toEqual([4]);
    expect(dashboardSections(rivals, groups, ALL_COMPANIES)[0].rivals).toHaveLength(4);
    expect(dashboardSections(rivals, groups, 20).map((x) => x.rivals.map((r) => r.id))).toEqual([[3]]);
    expect(dashboardSections(rivals, [], ALL_GROUPS)).toEqual([{ key: 'ungrouped', groupId: null, name: null, rivals }]);
  });

  it('makes initials and disables empty counts for consumers only', () => {
    expect(initials('Lumenary')).toBe('LU');
    expect(initials('Data Harbor Inc')).toBe('DH');
    expect(initials('  ')).toBe('?');
    expect(countDisabled(0, false)).toBe(true);
    expect(countDisabled(0, true)).toBe(false);
    expect(countDisabled(3, false)).toBe(false);
  });

  it('lands on the company defaults unless the user saved a view of their own after them', () => {
    const own = { sortBy: 'alpha', activeGroupId: -1 };
    const company = { sortBy: 'alpha-rev' as const, activeGroupId: 10, updatedAt: '2026-01-02T00:00:00Z' };
    expect(landingView(own, company)).toBe(company);
    expect(landingView({ ...own, updatedAt: '2026-01-03T00:00:00Z' }, company).sortBy).toBe('alpha');
    expect(landingView(own, { sortBy: 'cards', activeGroupId: 0 })).toBe(own);
    expect(landingView(undefined, company)).toBe(company);
    expect(landingView(own, undefined)).toBe(own);
    expect(landingView(undefined, undefined)).toEqual({});
  });

  it('gives favorites to curators, and to others with the company favorites flag', () => {
    expect(hasFavorites(true, {})).toBe(true);
    expect(hasFavorites(false, undefined)).toBe(false);
    expect(hasFavorites(false, { companyFavorites: true })).toBe(true);
  });

  it('reads the view-as choice: a group, everyone, or none', () => {
    expect(viewAsOf('?previewing=12&x=1')).toBe(12);
    expect(viewAsOf('?previewing=0')).toBe(EVERYONE);
    expect(viewAsOf('?previewing=-1')).toBeNull();
    expect(viewAsOf('?previewing=abc')).toBeNull();
    expect(viewAsOf('')).toBeNull();
  });

  it('lists the favorites shown in the order starred, leaving out rivals not shown', () => {
    expect(favoriteTiles(rivals, [3, 99, 1]).map((r) => r.id)).toEqual([3, 1]);
    expect(favoriteTiles([], [1])).toEqual([]);
  });
});
