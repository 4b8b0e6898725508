// Pure helpers of Settings › Users: the filters as a query, a user's state, and links as this browser opens them.
import type { User } from '../../../../contracts/account.ts';

export const USERS_PAGE_SIZE = 20;

export const TYPE_FILTERS = ['all', 'admins', 'curators', 'consumers'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export const STATUS_FILTERS = ['all', 'active', 'deactivated'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export type UsersFilters = { query: string; type: TypeFilter; status: StatusFilter; page: number };

/** GET /api/users.json's query for the filters ('all' sends nothing). */
export function usersQuery(f: UsersFilters): Record<string, string | number | undefined> {
  return {
    order: 'alpha',
    page: f.page,
    limit: USERS_PAGE_SIZE,
    query: f.query.trim() || undefined,
    typeFilter: f.type === 'all' ? undefined : f.type,
    status: f.status === 'all' ? undefined : f.status,
  };
}

export const isDeactivated = (u: Pick<User, 'deactivatedAt'>) => u.deactivatedAt !== null;

/** "Showing 21–27 of 27" bounds; zeros for an empty page. */
export function pageRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total) };
}

/** The invitation link as this browser reaches the app (the server's APP_URL may name another host). */
export const linkHere = (path: string, origin: string) => `${origin.replace(/\/+$/, '')}${path}`;
