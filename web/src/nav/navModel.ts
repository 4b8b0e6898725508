// What the top navigation and the user menu offer to whom (part 2 §2 Top navigation bar, §6), as pure
// functions of the user and the company, so the React components only lay them out. An item shows only
// when its path opens a screen for this user (routes.ts opensScreen): areas not built yet are absent.
import type { Company, User } from '../../../contracts/account.ts';
import { ASK_PATH, isDealsExclusive, opensScreen, type BuiltSet } from '../core/routes.ts';
import {
  canImpersonate,
  canSeeInsights,
  reportPathFor,
  canUseDigest,
  canUseKnowledgeHub,
  flag,
  isAdmin,
  isCurator,
  isFeedHidden,
  isWinLossEnabled,
  isWinLossExclusive,
} from '../user/permissions.ts';
import { hasUnreadNotes } from '../whatsNew/seen.ts';

type NavUser = Pick<User, 'id' | 'username' | 'roles' | 'isImpersonating' | 'isStaff' | 'canImpersonate' | 'userData'>;
type NavCompany = Pick<Company, 'companyData' | 'firstProfileId' | 'firstRivalId' | 'usageReports' | 'reviewRole'>;

export type NavItem = { id: string; labelKey: string; to: string; badge?: 'new' };
export type NavMenuId = 'discover' | 'share' | 'measure';
export type NavMenu = { id: NavMenuId; labelKey: string; items: NavItem[] };

const item = (id: string, to: string, extra: Partial<NavItem> = {}): NavItem => ({ id, labelKey: `nav.items.${id}`, to, ...extra });

/** The items whose screens exist and this user may open. */
const openable = (items: NavItem[], user: NavUser, company: NavCompany, built?: BuiltSet) =>
  items.filter((i) => opensScreen(i.to, user, company, built));

/** Discover, Share and Measure with the items this user may use; empty menus are left out. */
export function navMenus(user: NavUser, company: NavCompany, built?: BuiltSet): NavMenu[] {
  if (isDealsExclusive(user, built)) return [];
  const curator = isCurator(user);
  const wlExclusive = isWinLossExclusive(company);

  const discover: NavItem[] = [];
  if (curator && !wlExclusive) discover.push(item('ask', ASK_PATH));
  if (curator) discover.push(item('alerts', '/alerts'));
  if (canSeeInsights(user)) discover.push(item('insights', '/insights'));
  if (curator) discover.push(item('monitors', '/monitors'));
  if (curator) discover.push(item('salesCalls', '/call-insights'));
  discover.push(item('winLoss', '/win-loss', isWinLossEnabled(user, company) ? {} : { badge: 'new' }));

  const share: NavItem[] = [item('boards', '/dashboard')];
  if (canUseDigest(user, company)) share.push(item('digest', '/digest'));
  // The feed is the sellers' news; curators read and publish intel in /alerts (their /feed leads there).
  if (!curator && !wlExclusive && !isFeedHidden(user, company)) share.push(item('feed', '/feed'));
  share.push(item('integrations', '/integrations'));

  const measure: NavItem[] = [];
  const reports = [['consumerUsage', 'consumer-usage'], ['curatorActivity', 'curator'], ['searchAnalytics', 'search-analytics'], ['competitiveAnalytics', 'competitive-analytics']] as const;
  for (const [key, id] of reports) {
    const path = reportPathFor(user, company, id);
    if (path) measure.push(item(key, path));
  }

  const menus: NavMenu[] = [
    { id: 'discover', labelKey: 'nav.discover', items: openable(discover, user, company, built) },
    { id: 'share', labelKey: 'nav.share', items: openable(share, user, company, built) },
    { id: 'measure', labelKey: 'nav.measure', items: openable(measure, user, company, built) },
  ];
  return menus.filter((m) => m.items.length > 0);
}

export type UserMenuModel = {
  profile: { to: string; username: string };
  editProfileTo: string;
  notificationsTo: string;
  roleSection: { heading: 'admin' | 'curators'; items: NavItem[] } | null;
  tips: NavItem[];
  staff: 'revert' | 'switch' | null;
};

/**
 * The browser extension's guide: contracts/extension.ts EXTENSION_GUIDE_PATH (navModel.test.ts checks they agree),
 * not imported, so that the contract's request schemas stay out of every first screen.
 */
export const EXTENSION_GUIDE = '/extension/guide';

const menuItem = (id: string, to: string, extra: Partial<NavItem> = {}): NavItem => ({ id, labelKey: `userMenu.${id}`, to, ...extra });

export function userMenuModel(user: NavUser, company: NavCompany, built?: BuiltSet): UserMenuModel {
  const curator = isCurator(user);
  const wlExclusive = isWinLossExclusive(company);
  let roleSection: UserMenuModel['roleSection'] = null;
  if (curator) {
    const items: NavItem[] = [];
    if (canUseKnowledgeHub(user, company)) items.push(menuItem('knowledgeHub', '/knowledge-hub'));
    if (isAdmin(user)) items.push(menuItem('manageUsers', '/settings/users'));
    if (!wlExclusive) items.push(menuItem('companySettings', '/settings'));
    if (flag(company, 'reports') && !wlExclusive) items.push(menuItem('reports', '/reports'));
    roleSection = { heading: isAdmin(user) ? 'admin' : 'curators', items: openable(items, user, company, built) };
  }
  return {
    profile: { to: `/users/${user.id}`, username: user.username },
    editProfileTo: '/settings/profile',
    notificationsTo: '/notifications',
    roleSection,
    // What's new is marked until the user has opened it since the newest release note.
    tips: openable(
      [
        menuItem('appsAndIntegrations', '/integrations'),
        menuItem('browserExtension', EXTENSION_GUIDE),
        menuItem('faqs', '/help'),
        menuItem('whatsNew', '/whats-new', hasUnreadNotes(user.userData) ? { badge: 'new' } : {}),
      ],
      user,
      company,
      built,
    ),
    staff: user.isImpersonating ? 'revert' : canImpersonate(user) ? 'switch' : null,
  };
}

/** The submit-intel button is for users who are neither curator nor admin. */
export const showsSubmitIntel = (user: Pick<User, 'roles'>) => !isCurator(user);

/** Where the avatar leads: a consumer's own user page; curators' notifications. */
export const avatarLink = (user: Pick<User, 'id' | 'roles'>) => (isCurator(user) ? '/notifications' : `/users/${user.id}`);

/** A path of this app, opened in place; anything else (another site) opens in a new tab. // and /\ lead to other hosts. */
export const isAppPath = (url: string) => /^\/(?![/\\])/.test(url);

/** The name a new bookmark of the current page starts with: the page's title ("Lumenary · Rivalscope") without the product. */
export function bookmarkName(documentTitle: string, productName: string): string {
  const suffix = ` · ${productName}`;
  const name = (documentTitle.endsWith(suffix) ? documentTitle.slice(0, -suffix.length) : documentTitle).trim();
  return name || productName;
}

/** ctrl+shift+d, or cmd+shift+d on a Mac, opens the left quick switcher. */
export function isQuickSwitcherShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return e.shiftKey && !e.altKey && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'd';
}
