// HTTP contracts of the dashboard tools (part 3 §2.4 Dashboard, §3, §6, §7.5, §9):
//   GET  /api/favorited_companies.json                        → FavoritedCompany[] (the user's favorites, in the order starred)
//   POST /api/rivals/{rivalId}/favorite.json                  → FavoritedCompany[] (idempotent; 404 for a rival the user cannot see)
//   POST /api/rivals/{rivalId}/unfavorite.json                → FavoritedCompany[] (idempotent)
//   PUT  /api/dashboard/defaults.json {sortBy, activeGroupId}  → DashboardDefaults (curators; what consumers land on)
//   GET  /api/discover/companies.json?name=                   → {items: DiscoverCompany[]} (at most DISCOVER_LIMIT)
// Favorites are kept in userData.favoritedCompanies as rival ids; curators always have them, other
// users when the company flag FAVORITES_FLAG is on (part 1 §6). Dashboard defaults are kept in
// companyData.defaults.dashboard; a user's own view (group filter and sort, chosen on the dashboard) in
// userData.dashboard, written through PUT /api/users/me.json {featureFlag: DASHBOARD_VIEW_KEY, value}.
import { z } from 'zod';
import { RIVAL_ORDERS, type RivalOrder } from './competitors.ts';

/** The company flag that gives favorites to non-curators (part 1 §6 "company favorites"). */
export const FAVORITES_FLAG = 'companyFavorites';
/** The userData key holding the favorite rival ids (part 1 §3). */
export const FAVORITES_KEY = 'favoritedCompanies';

/** The userData key holding the user's own dashboard view (part 1 §3 preferences dashboard.activeGroupId, dashboard.sortBy). */
export const DASHBOARD_VIEW_KEY = 'dashboard';

/**
 * Group filter values besides a rival group id (part 2 §9): every group in sections, all companies in
 * one grid, or whichever group the company's saved defaults name. The defaults themselves never hold
 * COMPANY_DEFAULT (it would point at itself), which DashboardDefaultsBody's minimum enforces.
 */
export const ALL_GROUPS = -1;
export const ALL_COMPANIES = 0;
export const COMPANY_DEFAULT = -2;

export const DISCOVER_NAME_MIN = 2;
export const DISCOVER_NAME_MAX = 100;
export const DISCOVER_LIMIT = 10;

/** A favorited company (part 3 §3): the rival, with the domain of its website. */
export type FavoritedCompany = { id: number; name: string; domain: string | null; iconUrl: string | null; profileId: number };

export const DashboardDefaultsBody = z
  .object({
    sortBy: z.enum(RIVAL_ORDERS),
    activeGroupId: z.number().int().min(ALL_GROUPS).max(2_147_483_647),
  })
  .strict();

/** Saved dashboard defaults (part 3 §3): who saved them and when. */
export type DashboardDefaults = { sortBy: RivalOrder; activeGroupId: number; curatorId?: number; updatedAt?: string };

/** A user's own dashboard view (userData.dashboard): when it was chosen, by the server's clock, decides whether it beats the defaults. */
export type DashboardView = { sortBy: RivalOrder; activeGroupId: number; updatedAt: string };

export const DiscoverQuery = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(DISCOVER_NAME_MIN, `must be at least ${DISCOVER_NAME_MIN} characters`)
    .max(DISCOVER_NAME_MAX),
});

/** A discover company suggestion (part 3 §3). */
export type DiscoverCompany = { name: string; domain: string; logo: string | null };
export type DiscoverCompanies = { items: DiscoverCompany[] };
