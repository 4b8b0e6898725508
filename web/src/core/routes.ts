// The route table of the web app (part 1 §2, part 2 §2, part 3 §2.1–§2.2) as data plus pure functions.
// The router renders whatever `resolveRoute` answers: a redirect, or a screen key with its layout.
// Nothing here touches the DOM or React, so every rule is unit-tested (routes.test.ts).
import type { Company, User } from '../../../contracts/account.ts';
import {
  canImpersonate,
  canSeeInsights,
  flag,
  isAdmin,
  isCurator,
  isFeedHidden,
  isHatchExclusive,
  isWinLossEnabled,
} from '../user/permissions.ts';

export const PRODUCT_SLUG = 'rivalscope';
export const ASK_PATH = `/ask-${PRODUCT_SLUG}`;
/** The query parameter naming a deal to enrich (ask{product}EnricherId). */
export const ENRICHER_PARAM = `ask${PRODUCT_SLUG[0].toUpperCase()}${PRODUCT_SLUG.slice(1)}EnricherId`;
export const SIGNIN_PATH = '/account/signin';
/** Asking for a password reset link; the link itself is this path and its token (contracts/account.ts passwordResetPath). */
export const PASSWORD_RESET_PATH = '/account/password_reset';
export const DEALS_PATH = '/deals';

export type RouteUser = Pick<User, 'roles' | 'isImpersonating' | 'isStaff' | 'canImpersonate' | 'userData'>;
export type RouteCompany = Pick<Company, 'companyData' | 'firstProfileId' | 'firstRivalId' | 'usageReports' | 'reviewRole'>;

/** Every key of the route table, built or not. */
export const ROUTE_KEYS = [
  'signin',
  'invitation',
  'passwordResetRequest',
  'passwordReset',
  'winLossPublic',
  'cardEmbed',
  'battlecardEmbed',
  'askEmbed',
  'ask',
  'dashboard',
  'profile',
  'company',
  'search',
  'alerts',
  'insights',
  'monitors',
  'callInsights',
  'winLoss',
  'winLossPromo',
  'integrations',
  'reports',
  'knowledgeHub',
  'extensionGuide',
  'dynamicBoard',
  'deals',
  'digest',
  'feed',
  'editProfile',
  'companySettings',
  'userPage',
  'notifications',
  'impersonate',
  'help',
  'whatsNew',
  'notAuthorized',
  'notFound',
] as const;
export type RouteKey = (typeof ROUTE_KEYS)[number];

/**
 * The screens that exist. A route whose key is not listed answers not found, and no menu item, link or
 * redirect leads to it: an area not built yet is absent, never a placeholder. Building an area means
 * adding its key here and its screen in shell/Screen.tsx; its route, guard and redirects are already below.
 */
export const BUILT_SCREENS = [
  'signin',
  'invitation',
  'passwordResetRequest',
  'passwordReset',
  'cardEmbed',
  'battlecardEmbed',
  'askEmbed',
  'ask',
  'dashboard',
  'profile',
  'company',
  'search',
  'alerts',
  'insights',
  'monitors',
  'callInsights',
  'winLoss',
  'winLossPromo',
  'integrations',
  'extensionGuide',
  'digest',
  'dynamicBoard',
  'feed',
  'reports',
  'knowledgeHub',
  'editProfile',
  'companySettings',
  'userPage',
  'notifications',
  'impersonate',
  'help',
  'whatsNew',
  'notAuthorized',
  'notFound',
] as const satisfies readonly RouteKey[];
export type BuiltKey = (typeof BUILT_SCREENS)[number];
export type BuiltSet = ReadonlySet<RouteKey>;
const BUILT: BuiltSet = new Set(BUILT_SCREENS);
export const isBuilt = (key: RouteKey): key is BuiltKey => BUILT.has(key);

/** public: no sign-in needed; bare: signed in, without the main layout (embeds); main: the product shell. */
export type Layout = 'public' | 'bare' | 'main';

export type RouteContext = {
  pathname: string;
  query: URLSearchParams;
  params: Record<string, string>;
  user: RouteUser;
  company: RouteCompany;
};

/** What a guard lets through: the entry itself, a fallback page, or another screen. */
export type GuardResult = 'allow' | 'notFound' | 'notAuthorized' | { render: RouteKey };

export type RouteEntry = {
  key: RouteKey;
  /** Segments; `:name` captures one segment, a final `*` captures the rest (possibly empty). */
  pattern: string;
  layout: Layout;
  /** Params that must be positive integers, or the page is not found (part 1 §5). */
  positiveIds?: string[];
  guard?: (ctx: RouteContext) => GuardResult;
  /** The hamburger and left quick switcher show on home, dashboard, Ask, profile, search and company routes. */
  quickSwitcher?: boolean;
};

const curatorsOnly = (ctx: RouteContext): GuardResult => (isCurator(ctx.user) ? 'allow' : 'notAuthorized');

/** The render table, most specific first. The first pattern that matches decides. */
export const ROUTES: readonly RouteEntry[] = [
  { key: 'signin', pattern: SIGNIN_PATH, layout: 'public' },
  { key: 'invitation', pattern: '/account/invitation/:token', layout: 'public' },
  { key: 'passwordResetRequest', pattern: PASSWORD_RESET_PATH, layout: 'public' },
  { key: 'passwordReset', pattern: `${PASSWORD_RESET_PATH}/:token`, layout: 'public' },
  { key: 'winLossPublic', pattern: '/win-loss/p/*', layout: 'public' },
  { key: 'cardEmbed', pattern: '/card/embed/:cardId', layout: 'bare', positiveIds: ['cardId'] },
  { key: 'battlecardEmbed', pattern: '/profile/:profileId/battlecard/embed', layout: 'bare', positiveIds: ['profileId'] },
  { key: 'askEmbed', pattern: `${ASK_PATH}/embed`, layout: 'bare' },
  { key: 'ask', pattern: `${ASK_PATH}/*`, layout: 'main', quickSwitcher: true },
  { key: 'dashboard', pattern: '/dashboard', layout: 'main', quickSwitcher: true },
  { key: 'profile', pattern: '/profile/:profileId/*', layout: 'main', positiveIds: ['profileId'], quickSwitcher: true },
  { key: 'company', pattern: '/company/:supportedRivalId/*', layout: 'main', positiveIds: ['supportedRivalId'], quickSwitcher: true },
  { key: 'search', pattern: '/search/*', layout: 'main', quickSwitcher: true },
  { key: 'alerts', pattern: '/alerts/*', layout: 'main', guard: curatorsOnly },
  { key: 'insights', pattern: '/insights/*', layout: 'main' },
  { key: 'monitors', pattern: '/monitors/*', layout: 'main', guard: curatorsOnly },
  { key: 'callInsights', pattern: '/call-insights/*', layout: 'main', guard: curatorsOnly },
  {
    key: 'winLoss',
    pattern: '/win-loss/*',
    layout: 'main',
    guard: (ctx) => (isWinLossEnabled(ctx.user, ctx.company) ? 'allow' : { render: 'winLossPromo' }),
  },
  { key: 'integrations', pattern: '/integrations/*', layout: 'main' },
  { key: 'notAuthorized', pattern: '/reports/not-authorized', layout: 'main' },
  { key: 'reports', pattern: '/reports/*', layout: 'main', guard: (ctx) => (flag(ctx.company, 'reports') ? 'allow' : 'notAuthorized') },
  // Part 1 §6: the hub is for curators (and staff who are curators) of a company with the flag.
  {
    key: 'knowledgeHub',
    pattern: '/knowledge-hub/*',
    layout: 'main',
    guard: (ctx) => (!flag(ctx.company, 'knowledgeHub') ? 'notFound' : curatorsOnly(ctx)),
  },
  { key: 'extensionGuide', pattern: '/extension/guide/*', layout: 'main' },
  {
    key: 'dynamicBoard',
    pattern: '/dynamic-board/:dynamicBoardId',
    layout: 'main',
    positiveIds: ['dynamicBoardId'],
    guard: (ctx) => (flag(ctx.company, 'dynamicBoards') ? 'allow' : 'notFound'),
  },
  { key: 'deals', pattern: `${DEALS_PATH}/*`, layout: 'main' },
  { key: 'digest', pattern: '/digest/*', layout: 'main', guard: curatorsOnly },
  { key: 'feed', pattern: '/feed', layout: 'main', guard: (ctx) => (isFeedHidden(ctx.user, ctx.company) ? 'notAuthorized' : 'allow') },
  { key: 'editProfile', pattern: '/settings/profile', layout: 'main' },
  { key: 'companySettings', pattern: '/settings/*', layout: 'main', guard: curatorsOnly },
  { key: 'userPage', pattern: '/users/:userId', layout: 'main', positiveIds: ['userId'] },
  { key: 'notifications', pattern: '/notifications', layout: 'main' },
  {
    key: 'impersonate',
    pattern: '/impersonate',
    layout: 'main',
    guard: (ctx) => (canImpersonate(ctx.user) ? 'allow' : 'notAuthorized'),
  },
  { key: 'help', pattern: '/help', layout: 'main' },
  { key: 'whatsNew', pattern: '/whats-new', layout: 'main' },
  { key: 'notAuthorized', pattern: '/not-authorized', layout: 'main' },
];

/** How each key is laid out when it is reached through a guard rather than its own entry. */
const LAYOUT_OF: Partial<Record<RouteKey, Layout>> = { notFound: 'main', notAuthorized: 'main', winLossPromo: 'main' };

export type RedirectRule = {
  /** Where the rule comes from, for readers of this table. */
  source: string;
  from: string;
  when?: (ctx: RouteContext) => boolean;
  /** The target; a function may answer null to let the path through. */
  to: string | ((ctx: RouteContext) => string | null);
  /** Carry the query string over to the target (targets that have their own query never do). */
  keepSearch?: boolean;
  /** The area the rule belongs to: it applies only once that area is built. */
  area?: RouteKey;
};

/**
 * Redirects, in order; the first that matches and applies wins. Rules marked "legacy" map the paths
 * the spec sends to an older application: this product has no older application, so each one goes
 * to this app's own screen for the same purpose (see also LEGACY_PATHS below).
 */
export const REDIRECTS: readonly RedirectRule[] = [
  { source: 'part 2 §2 /next (newer sub-application)', from: '/next', to: '/dashboard' },
  { source: 'part 2 §2 /next (newer sub-application)', from: '/next/home', to: '/dashboard' },
  {
    source: 'part 2 §2 /next (newer sub-application): the same screens live at the top level here',
    from: '/next/*',
    to: (ctx) => `/${ctx.params['*']}`,
    keepSearch: true,
  },
  { source: 'part 3 §2.2 /research', from: '/research/*', to: '/dashboard' },
  { source: 'part 3 §2.2 /composer', from: '/composer/*', to: '/dashboard' },
  { source: 'part 3 §2.2 /review-insights', from: '/review-insights/*', to: '/insights', keepSearch: true, area: 'insights' },
  { source: 'part 1 §2 /alerts for non-curators', from: '/alerts/*', when: (ctx) => !isCurator(ctx.user), to: '/dashboard' },
  {
    source: 'part 3 §2.2 /insights for non admin, curator or impersonating',
    from: '/insights/*',
    when: (ctx) => !canSeeInsights(ctx.user),
    to: '/dashboard',
    area: 'insights',
  },
  {
    source: 'part 3 §2.3 /insights/:supportedRivalId/:tab: the only tab is reviews, any other goes to the base path',
    from: '/insights/:supportedRivalId/*',
    to: (ctx) => {
      const tab = ctx.params['*'];
      return isPositiveId(ctx.params.supportedRivalId) && tab !== '' && tab !== 'reviews' ? `/insights/${ctx.params.supportedRivalId}` : null;
    },
    keepSearch: true,
    area: 'insights',
  },
  {
    source: 'part 3 §2.3 /company/:supportedRivalId/:tab: the reviews tab and the profile share link stay, anything else goes to the base path',
    from: '/company/:supportedRivalId/*',
    to: (ctx) => (isPositiveId(ctx.params.supportedRivalId) && !companyTail(ctx.params['*']) ? `/company/${ctx.params.supportedRivalId}` : null),
    keepSearch: true,
    area: 'company',
  },
  {
    source: 'part 3 §2.3 legacy insight paths (/review_insights/:supportedRivalId/...)',
    from: '/review_insights/*',
    to: (ctx) => legacyInsightsPath(ctx.params['*']),
    area: 'insights',
  },
  // Legacy-application paths.
  { source: 'legacy /admin → company settings', from: '/admin/*', to: '/settings' },
  { source: 'legacy /settings/alerts → the alerts page (this app has no alert settings view)', from: '/settings/alerts', to: '/alerts' },
  { source: 'legacy /users → manage users', from: '/users', to: '/settings/users' },
  { source: 'legacy /digest/overview → published intel', from: '/digest/overview', to: '/alerts?view=published' },
  {
    source: 'legacy /feed → alerts, for curators (consumers get the feed screen)',
    from: '/feed',
    when: (ctx) => isCurator(ctx.user),
    to: '/alerts',
    area: 'feed',
  },
  { source: 'legacy /winloss/survey → win/loss surveys tab', from: '/winloss/survey/*', to: '/win-loss/surveys', area: 'winLoss' },
];

/** Documentation of the legacy-application paths of part 1 §2 and part 2 §2, and what each becomes here. */
export const LEGACY_PATHS: readonly { path: string; becomes: string }[] = [
  { path: '/admin', becomes: 'redirect /settings (company settings)' },
  { path: '/settings', becomes: 'company settings screen (curators; others not-authorized)' },
  { path: '/settings/alerts', becomes: 'redirect /alerts (the alerts page; there is no alert settings view)' },
  { path: '/search', becomes: 'search results screen' },
  { path: '/users', becomes: 'redirect /settings/users (manage users)' },
  { path: '/users/{id}', becomes: 'user page' },
  { path: '/notifications', becomes: 'notifications screen (every signed-in user: sellers follow cards too)' },
  { path: '/digest/overview', becomes: 'redirect /alerts?view=published' },
  { path: '/feed', becomes: 'curators: redirect /alerts; consumers: the feed screen (not-authorized when the company hides the feed from them)' },
  { path: '/impersonate', becomes: 'staff impersonation screen (staff who can impersonate; others not-authorized)' },
  { path: '/winloss/survey', becomes: 'redirect /win-loss/surveys (once win/loss is built)' },
  { path: '/profile (curators without the new card editor)', becomes: 'the in-app profile, for everyone' },
  {
    path: '/review_insights/{id}/aspects|reviews|reviews/{reviewId}|aspects/{aspectId}|summary/{aspectId}',
    becomes: 'redirect /insights/{id} or /insights/{id}/reviews (an aspect: ?aspectId=)',
  },
];

/**
 * Where a legacy insight path (the part after /review_insights/) leads: aspects → the insights tab, reviews and
 * a review → the reviews tab, an aspect or its summary → the reviews tab filtered by that aspect. A rival id
 * that is not a positive integer is ignored (part 3 §2.3), as is what follows a known shape.
 */
export function legacyInsightsPath(rest: string): string {
  const [rival, section, id] = rest.split('/');
  if (!isPositiveId(rival)) return '/insights';
  const base = `/insights/${rival}`;
  if ((section === 'aspects' || section === 'summary') && isPositiveId(id)) return `${base}/reviews?aspectId=${id}`;
  if (section === 'reviews') return `${base}/reviews`;
  return base;
}

/**
 * What follows /company/{rivalId} (part 3 §2.3): nothing, the reviews tab, or the share link's profile/{profileId};
 * null for anything else.
 */
export function companyTail(rest: string): { tab: 'reviews' | null; profileId: number | null } | null {
  if (rest === '') return { tab: null, profileId: null };
  if (rest === 'reviews') return { tab: 'reviews', profileId: null };
  const share = /^profile\/(\d+)$/.exec(rest);
  return share && isPositiveId(share[1]) ? { tab: null, profileId: Number(share[1]) } : null;
}

export type Resolution =
  | { redirect: string }
  | { render: RouteKey; layout: Layout; params: Record<string, string>; quickSwitcher: boolean };

// ---------------------------------------------------------------------------------------------
// Path helpers

/** Collapses repeated slashes and drops a trailing slash (except for the root). */
export function normalizePath(pathname: string): string {
  let p = (pathname || '/').replace(/\/{2,}/g, '/');
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches a pattern such as /profile/:profileId/* against a normalized path; params are decoded. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const pat = pattern.split('/').filter(Boolean);
  const path = normalizePath(pathname).split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < pat.length; i++) {
    const p = pat[i];
    if (p === '*' && i === pat.length - 1) {
      params['*'] = path.slice(i).join('/');
      return params;
    }
    const seg = path[i];
    if (seg === undefined) return null;
    if (p.startsWith(':')) params[p.slice(1)] = decode(seg);
    else if (p !== seg) return null;
  }
  return path.length === pat.length ? params : null;
}

export const isPositiveId = (value: string | undefined): boolean => !!value && /^[1-9]\d{0,15}$/.test(value);

/** A same-origin path: starts with one slash, no backslashes, no scheme. */
export const isSafeInternalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !/\s/.test(value);

/** The search results path of global search; terms are URL-encoded (part 1 §5). */
export function searchPath(terms: string): string | null {
  const t = terms.trim();
  return t ? `/search/${encodeURIComponent(t)}` : null;
}

export type ViewType = 'search' | 'battlecard' | 'embed' | 'board';

/** Embedded-view detection: the card-embed and battlecard-embed paths. */
export function isEmbedPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return p.startsWith('/card/embed') || matchPattern('/profile/:profileId/battlecard/embed/*', p) !== null;
}

/**
 * View type rule (part 2 §2): /search… is the search view, an embed path the embed view, a path
 * containing /battlecard the battlecard view, anything else the board view. Embeds are tested before
 * battlecards because the battlecard embed path contains /battlecard.
 */
export function viewType(pathname: string): ViewType {
  const p = normalizePath(pathname);
  if (p === '/search' || p.startsWith('/search/')) return 'search';
  if (isEmbedPath(p)) return 'embed';
  if (p.includes('/battlecard')) return 'battlecard';
  return 'board';
}

// ---------------------------------------------------------------------------------------------
// Home and resolution

/**
 * The user's home: the company's forced home when it leads to a screen this user can open; else curators
 * go to the first profile; else the consumer home of the company (dashboard by default; the landing page is
 * the first profile's rival's; battlecard and profile use the first profile).
 */
export function homeRoute(user: RouteUser, company: RouteCompany, built: BuiltSet = BUILT): string {
  const forced = company.companyData.forceHome;
  if (isSafeInternalPath(forced) && normalizePath(forced.split(/[?#]/)[0]) !== '/' && opensScreen(forced, user, company, built)) return forced;
  const first = company.firstProfileId;
  if (isCurator(user)) return first ? `/profile/${first}` : '/dashboard';
  switch (company.companyData.consumerHome ?? 'dashboard') {
    case 'battlecard':
      return first ? `/profile/${first}/battlecard/view` : '/dashboard';
    case 'profile':
      return first ? `/profile/${first}` : '/dashboard';
    case 'landing':
      return company.firstRivalId ? `/company/${company.firstRivalId}` : '/dashboard';
    case 'dashboard':
    default:
      return '/dashboard';
  }
}

/** `/` goes to the Ask page when the ask-page feature is on, otherwise to the user's home route. */
export function rootRedirect(user: RouteUser, company: RouteCompany, built: BuiltSet = BUILT): string {
  return flag(company, 'askPage') ? ASK_PATH : homeRoute(user, company, built);
}

const routeOf = (p: string): RouteEntry | undefined => ROUTES.find((entry) => matchPattern(entry.pattern, p));

/**
 * The screen a path names by the route table alone, before user and company are known (guards and
 * redirects may still decide otherwise): what the app starts loading while the session loads.
 */
export const screenOfPath = (pathname: string): RouteKey | null => routeOf(normalizePath(pathname))?.key ?? null;

/** The screens that need no signed-in user; the app shows them without loading user and company. */
export function resolvePublicRoute(pathname: string): RouteKey | null {
  const entry = routeOf(normalizePath(pathname));
  return entry?.layout === 'public' ? entry.key : null;
}

const under = (p: string, base: string) => p === base || p.startsWith(`${base}/`);

/** Accounts exclusive to the deals product live in the deals area, once there is one. */
export const isDealsExclusive = (user: Pick<RouteUser, 'userData'>, built: BuiltSet = BUILT) => isHatchExclusive(user) && built.has('deals');

/** Deals ("hatch") rules of part 3 §2.2; null lets the path through. */
function dealsRedirect(p: string, query: URLSearchParams, user: RouteUser, built: BuiltSet): string | null {
  const enricher = query.get(ENRICHER_PARAM)?.trim();
  if (isDealsExclusive(user, built)) {
    if (enricher) return `${DEALS_PATH}/${encodeURIComponent(enricher)}`;
    if (under(p, DEALS_PATH)) return null;
    if (isAdmin(user) && under(p, '/integrations')) return null;
    return DEALS_PATH;
  }
  if (!under(p, DEALS_PATH)) return null;
  const id = decode(p.slice(DEALS_PATH.length + 1).split('/')[0] ?? '').trim();
  if (!id) return '/dashboard';
  const q = new URLSearchParams({ [ENRICHER_PARAM]: id, previewing: '0' });
  return `/dashboard?${q}`;
}

function withSearch(target: string, search: string): string {
  if (!search || search === '?' || target.includes('?')) return target;
  return `${target}${search.startsWith('?') ? search : `?${search}`}`;
}

/**
 * Decides what a path shows for a signed-in user: a redirect, or a screen with its layout. `built` is the
 * set of screens that exist (tests pass every key to check the rules of areas still to come).
 */
export function resolveRoute(pathname: string, search: string, user: RouteUser, company: RouteCompany, built: BuiltSet = BUILT): Resolution {
  const p = normalizePath(pathname);
  const query = new URLSearchParams(search);

  const publicKey = resolvePublicRoute(p);
  if (publicKey) return { render: built.has(publicKey) ? publicKey : 'notFound', layout: 'public', params: {}, quickSwitcher: false };

  const deals = dealsRedirect(p, query, user, built);
  if (deals !== null) return { redirect: deals };

  if (p === '/') return { redirect: rootRedirect(user, company, built) };

  for (const rule of REDIRECTS) {
    if (rule.area && !built.has(rule.area)) continue;
    const params = matchPattern(rule.from, p);
    if (!params) continue;
    const ctx: RouteContext = { pathname: p, query, params, user, company };
    if (rule.when && !rule.when(ctx)) continue;
    const target = typeof rule.to === 'function' ? rule.to(ctx) : rule.to;
    if (target === null) continue;
    return { redirect: rule.keepSearch ? withSearch(target, search) : target };
  }

  for (const entry of ROUTES) {
    const params = matchPattern(entry.pattern, p);
    if (!params) continue;
    const fallback = (key: RouteKey): Resolution => ({ render: key, layout: LAYOUT_OF[key] ?? entry.layout, params, quickSwitcher: false });
    if (!built.has(entry.key)) return fallback('notFound');
    if (entry.positiveIds?.some((name) => !isPositiveId(params[name]))) return fallback('notFound');
    const verdict = entry.guard ? entry.guard({ pathname: p, query, params, user, company }) : 'allow';
    if (verdict === 'allow') return { render: entry.key, layout: entry.layout, params, quickSwitcher: entry.quickSwitcher === true };
    if (verdict === 'notFound' || verdict === 'notAuthorized') return fallback(verdict);
    return fallback(built.has(verdict.render) ? verdict.render : 'notFound');
  }
  return { render: 'notFound', layout: 'main', params: {}, quickSwitcher: false };
}

/** Redirects a path may take before it must have reached a screen; more is a loop. */
const MAX_HOPS = 5;

/**
 * The screen a path ends on after its redirects, or null when they loop. `/` is where redirects start,
 * so a path that leads back to it ends nowhere (which also keeps homeRoute from asking itself).
 */
export function finalScreen(path: string, user: RouteUser, company: RouteCompany, built: BuiltSet = BUILT): RouteKey | null {
  let next = path;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const [pathname, search = ''] = next.split(/[?#]/);
    if (normalizePath(pathname) === '/') return null;
    const r = resolveRoute(pathname, search ? `?${search}` : '', user, company, built);
    if ('render' in r) return r.render;
    next = r.redirect;
  }
  return null;
}

/** Whether a link to this path opens a screen the user may use: not a loop, not found, nor a refusal. */
export function opensScreen(path: string, user: RouteUser, company: RouteCompany, built: BuiltSet = BUILT): boolean {
  const key = finalScreen(path, user, company, built);
  return key !== null && key !== 'notFound' && key !== 'notAuthorized';
}

/** The sign-in URL that brings the user back to where they were. */
export function signInPath(redirectTo?: string | null): string {
  if (!redirectTo || !isSafeInternalPath(redirectTo) || redirectTo === '/' || redirectTo.startsWith(SIGNIN_PATH)) return SIGNIN_PATH;
  return `${SIGNIN_PATH}?${new URLSearchParams({ redirectTo })}`;
}

/** The public win/loss path is exempt from the sign-in redirect (part 1 §8). */
export const isSignInExempt = (pathname: string): boolean => {
  const p = normalizePath(pathname);
  return under(p, '/win-loss/p') || under(p, SIGNIN_PATH);
};
