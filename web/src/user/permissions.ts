// Who may do what in the browser (part 1 §6, part 2 §6). These only shape the interface; the server
// enforces every rule again on its side.
import type { Company, RecentProfile, User } from '../../../contracts/account.ts';
import { reportPath, type ReportId } from '../../../contracts/reports.ts';

export type UserLike = Pick<User, 'roles' | 'isImpersonating' | 'isStaff' | 'canImpersonate' | 'userData'>;
export type CompanyLike = Pick<Company, 'companyData' | 'firstProfileId' | 'usageReports' | 'reviewRole'>;

export const isAdmin = (u: Pick<User, 'roles'>) => u.roles.includes('admin');
/** An admin counts as a curator. */
export const isCurator = (u: Pick<User, 'roles'>) => u.roles.includes('admin') || u.roles.includes('curator');

export const flag = (c: Pick<Company, 'companyData'>, name: string): boolean => c.companyData.flags?.[name] === true;
export const userFlag = (u: Pick<User, 'userData'>, name: string): boolean => u.userData?.[name] === true;

/** Accounts marked exclusive to the deals product ("hatch"). */
export const isHatchExclusive = (u: Pick<User, 'userData'>) => userFlag(u, 'isHatchExclusive');

/** Insights: admin, curator, or anyone impersonating. */
export const canSeeInsights = (u: UserLike) => isCurator(u) || u.isImpersonating;

/** Win/loss: a company or user flag, plus the curator role or the consumer-access flag. */
export function isWinLossEnabled(u: UserLike, c: CompanyLike): boolean {
  const enabled = flag(c, 'winLoss') || userFlag(u, 'isWinLossEnabled');
  const access = isCurator(u) || flag(c, 'winLossConsumerAccess') || userFlag(u, 'isWinLossConsumerAccessEnabled');
  return enabled && access;
}

/**
 * The dashboard's competitive deal widget (part 1 §3, part 2 §6): for readers of win/loss whose widget flag does not
 * hide it (userData.isCompetitiveDealWidgetVisible), and among consumers only for sellers (userData.isSeller).
 */
export const showsCompetitiveDeals = (u: UserLike, c: CompanyLike) =>
  isWinLossEnabled(u, c) && u.userData?.isCompetitiveDealWidgetVisible !== false && (isCurator(u) || userFlag(u, 'isSeller'));

/** Companies in win/loss-exclusive mode hide Ask, feed, reports, company settings and card search. */
export const isWinLossExclusive = (c: CompanyLike) => flag(c, 'winLossExclusive');

/** The feed-hidden flag takes /feed away from consumers (part 1 §6); curators keep it (they land on /alerts). */
export const isFeedHidden = (u: Pick<User, 'roles'>, c: Pick<Company, 'companyData'>) => !isCurator(u) && flag(c, 'feedHiddenInConsumerNav');

/** The company's knowledge hub: its files are searched by everyone (part 3 §9); only curators open the hub. */
export const hasKnowledgeHub = (c: CompanyLike) => flag(c, 'knowledgeHub');
export const canUseKnowledgeHub = (u: UserLike, c: CompanyLike) => isCurator(u) && hasKnowledgeHub(c);

/** Digest: the company has no review role, or the user is an admin, or holds the review role. */
export function canUseDigest(u: UserLike, c: CompanyLike): boolean {
  if (!isCurator(u)) return false;
  return !c.reviewRole || isAdmin(u) || (u.roles as string[]).includes(c.reviewRole);
}

export const canImpersonate = (u: UserLike) => u.isStaff && u.canImpersonate && !u.isImpersonating;

/**
 * Where a Measure report leads this reader: the first of its types they may open, or null. The rule (part 1 §6) is
 * contracts/reports.ts's canOpenReport, the one the server applies.
 */
export function reportPathFor(u: UserLike, c: CompanyLike, id: ReportId): string | null {
  return reportPath({ roles: u.roles, isImpersonating: u.isImpersonating }, { flags: c.companyData.flags ?? {}, usageReports: c.usageReports ?? {} }, id);
}

export const RECENTLY_VIEWED_MENU_MAX = 5;

/** The recently viewed profiles kept in userData.recentlyViewed.profile, newest first, at most 5. */
export function recentProfiles(userData: Record<string, unknown> | null | undefined, max = RECENTLY_VIEWED_MENU_MAX): RecentProfile[] {
  const recently = userData?.recentlyViewed;
  const list = recently && typeof recently === 'object' ? (recently as { profile?: unknown }).profile : undefined;
  if (!Array.isArray(list)) return [];
  const out: RecentProfile[] = [];
  const seen = new Set<number>();
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const { id, name, logo } = entry as Partial<RecentProfile>;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, name: typeof name === 'string' && name.trim() ? name : `#${id}`, logo: typeof logo === 'string' ? logo : null });
    if (out.length >= max) break;
  }
  return out;
}

/** The notification badge caps its display at 99. */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}
