import { describe, expect, it } from 'vitest';
import { admin, consumer, curator, makeCompany, staff } from '../test/fixtures.ts';
import {
  ASK_PATH,
  BUILT_SCREENS,
  companyTail,
  ENRICHER_PARAM,
  finalScreen,
  homeRoute,
  isEmbedPath,
  isPositiveId,
  isSafeInternalPath,
  isSignInExempt,
  LEGACY_PATHS,
  legacyInsightsPath,
  matchPattern,
  normalizePath,
  opensScreen,
  resolvePublicRoute,
  resolveRoute,
  rootRedirect,
  ROUTE_KEYS,
  ROUTES,
  searchPath,
  signInPath,
  viewType,
  type BuiltSet,
  type Resolution,
  type RouteCompany,
  type RouteKey,
  type RouteUser,
} from './routes.ts';

const company = makeCompany();
/** Every area of the route table built: the rules of the areas still to come, as they will apply. */
const EVERY_AREA: BuiltSet = new Set(ROUTE_KEYS);
const go = (path: string, user: RouteUser = consumer(), c: RouteCompany = company, built?: BuiltSet): Resolution => {
  const [pathname, search = ''] = path.split('?');
  return resolveRoute(pathname, search ? `?${search}` : '', user, c, built);
};
/** What a path will show once every area is built. */
const built = (path: string, user: RouteUser = consumer(), c: RouteCompany = company) => go(path, user, c, EVERY_AREA);
const renders = (r: Resolution) => ('render' in r ? r.render : `redirect:${r.redirect}`);
const hatch = (over = {}) => consumer({ userData: { isHatchExclusive: true }, ...over });
const NOT_BUILT = [...EVERY_AREA].filter((k) => !(BUILT_SCREENS as readonly RouteKey[]).includes(k));

describe('path helpers', () => {
  it('normalizes slashes', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/dashboard/')).toBe('/dashboard');
    expect(normalizePath('//profile///3/')).toBe('/profile/3');
    expect(normalizePath('alerts')).toBe('/alerts');
  });

  it('matches patterns with params and a rest segment', () => {
    expect(matchPattern('/profile/:profileId/*', '/profile/3')).toEqual({ profileId: '3', '*': '' });
    expect(matchPattern('/profile/:profileId/*', '/profile/3/battlecard/view/9')).toEqual({ profileId: '3', '*': 'battlecard/view/9' });
    expect(matchPattern('/profile/:profileId/*', '/profile')).toBeNull();
    expect(matchPattern('/dashboard', '/dashboard/x')).toBeNull();
    expect(matchPattern('/dashboard', '/dashboard/')).toEqual({});
    expect(matchPattern('/users/:userId', '/users/a%20b')).toEqual({ userId: 'a b' });
    expect(matchPattern('/users/:userId', '/users/%E0%A4%A')).toEqual({ userId: '%E0%A4%A' });
    expect(matchPattern('/alerts/*', '/alertsx')).toBeNull();
  });

  it('checks positive ids and internal paths', () => {
    expect(isPositiveId('1')).toBe(true);
    expect(isPositiveId('0')).toBe(false);
    expect(isPositiveId('01')).toBe(false);
    expect(isPositiveId('-3')).toBe(false);
    expect(isPositiveId('3.5')).toBe(false);
    expect(isPositiveId(undefined)).toBe(false);
    expect(isSafeInternalPath('/alerts?x=1')).toBe(true);
    expect(isSafeInternalPath('//evil.test')).toBe(false);
    expect(isSafeInternalPath('https://evil.test')).toBe(false);
    expect(isSafeInternalPath('/\\evil')).toBe(false);
    expect(isSafeInternalPath(null)).toBe(false);
  });

  it('URL-encodes search terms and ignores blank ones', () => {
    expect(searchPath('  acme corp ')).toBe('/search/acme%20corp');
    expect(searchPath('a/b?c#d')).toBe('/search/a%2Fb%3Fc%23d');
    expect(searchPath('   ')).toBeNull();
  });

  it('builds the sign-in URL with redirectTo', () => {
    expect(signInPath('/alerts?view=published')).toBe('/account/signin?redirectTo=%2Falerts%3Fview%3Dpublished');
    expect(signInPath('/')).toBe('/account/signin');
    expect(signInPath(null)).toBe('/account/signin');
    expect(signInPath('//evil.test')).toBe('/account/signin');
    expect(signInPath('/account/signin?redirectTo=/x')).toBe('/account/signin');
  });

  it('exempts the public win/loss path and sign-in from the sign-in redirect', () => {
    expect(isSignInExempt('/win-loss/p')).toBe(true);
    expect(isSignInExempt('/win-loss/p/survey/4')).toBe(true);
    expect(isSignInExempt('/win-loss/pricing')).toBe(false);
    expect(isSignInExempt('/win-loss')).toBe(false);
    expect(isSignInExempt('/account/signin')).toBe(true);
    expect(isSignInExempt('/dashboard')).toBe(false);
  });
});

describe('view type rule', () => {
  it('tells search, battlecard, embed and board views apart', () => {
    expect(viewType('/search')).toBe('search');
    expect(viewType('/search/acme')).toBe('search');
    expect(viewType('/profile/3/battlecard/view')).toBe('battlecard');
    expect(viewType('/profile/3/battlecard/view/8')).toBe('battlecard');
    expect(viewType('/card/embed/5')).toBe('embed');
    expect(viewType('/profile/3/battlecard/embed')).toBe('embed');
    expect(viewType('/profile/3')).toBe('board');
    expect(viewType('/dashboard')).toBe('board');
    expect(viewType('/searchable')).toBe('board');
  });

  it('detects embedded views', () => {
    expect(isEmbedPath('/card/embed/5')).toBe(true);
    expect(isEmbedPath('/profile/3/battlecard/embed')).toBe(true);
    expect(isEmbedPath('/profile/3/battlecard/view')).toBe(false);
  });
});

describe('homeRoute', () => {
  it('uses the forced home first', () => {
    const c = makeCompany({}, { companyData: { forceHome: '/alerts?view=published' } });
    expect(homeRoute(curator(), c)).toBe('/alerts?view=published');
    expect(homeRoute(consumer(), c)).toBe('/alerts?view=published');
  });

  it('ignores a forced home that is not a safe path or is the root', () => {
    expect(homeRoute(consumer(), makeCompany({}, { companyData: { forceHome: 'https://evil.test' } }))).toBe('/dashboard');
    expect(homeRoute(consumer(), makeCompany({}, { companyData: { forceHome: '/' } }))).toBe('/dashboard');
    expect(homeRoute(consumer(), makeCompany({}, { companyData: { forceHome: '/?x=1' } }))).toBe('/dashboard');
    expect(homeRoute(consumer(), makeCompany({}, { companyData: { forceHome: null } }))).toBe('/dashboard');
  });

  it('sends curators and admins to the first profile, or the dashboard without one', () => {
    expect(homeRoute(curator(), company)).toBe('/profile/11');
    expect(homeRoute(admin(), company)).toBe('/profile/11');
    expect(homeRoute(curator(), makeCompany({}, { firstProfileId: null }))).toBe('/dashboard');
  });

  it('sends consumers by the consumer home', () => {
    const home = (consumerHome: RouteCompany['companyData']['consumerHome'], first: number | null = 11) =>
      homeRoute(consumer(), makeCompany({}, { firstProfileId: first, firstRivalId: first && first + 10, companyData: { consumerHome } }));
    expect(home(undefined)).toBe('/dashboard');
    expect(home('dashboard')).toBe('/dashboard');
    expect(home('landing')).toBe('/company/21');
    expect(home('battlecard')).toBe('/profile/11/battlecard/view');
    expect(home('profile')).toBe('/profile/11');
    expect(home('landing', null)).toBe('/dashboard');
    expect(home('battlecard', null)).toBe('/dashboard');
    expect(home('profile', null)).toBe('/dashboard');
  });
});

describe('the root route', () => {
  it('goes to the Ask page when the ask-page feature is on', () => {
    const c = makeCompany({ askPage: true });
    expect(ASK_PATH).toBe('/ask-rivalscope');
    expect(rootRedirect(consumer(), c)).toBe('/ask-rivalscope');
    expect(go('/', curator(), c)).toEqual({ redirect: '/ask-rivalscope' });
  });

  it('goes home otherwise', () => {
    expect(go('/', consumer())).toEqual({ redirect: '/dashboard' });
    expect(go('/', curator())).toEqual({ redirect: '/profile/11' });
  });
});

describe('redirect rules', () => {
  it('sends /research and /composer to the dashboard', () => {
    for (const user of [consumer(), curator(), admin()]) {
      expect(go('/research', user)).toEqual({ redirect: '/dashboard' });
      expect(go('/research/x/y', user)).toEqual({ redirect: '/dashboard' });
      expect(go('/composer', user)).toEqual({ redirect: '/dashboard' });
      expect(go('/composer/42', user)).toEqual({ redirect: '/dashboard' });
    }
  });

  it('sends /review-insights to /insights, keeping the query, once insights are built', () => {
    expect(built('/review-insights', curator())).toEqual({ redirect: '/insights' });
    expect(built('/review-insights?id=3', curator())).toEqual({ redirect: '/insights?id=3' });
  });

  it('keeps /alerts for curators and sends everyone else to the dashboard', () => {
    expect(renders(go('/alerts', curator()))).toBe('alerts');
    expect(renders(go('/alerts?view=triage', admin()))).toBe('alerts');
    expect(go('/alerts', consumer())).toEqual({ redirect: '/dashboard' });
    expect(go('/alerts/x', consumer())).toEqual({ redirect: '/dashboard' });
  });

  it('lets admins, curators and impersonators into /insights only, once insights are built', () => {
    expect(renders(built('/insights', curator()))).toBe('insights');
    expect(renders(built('/insights', admin()))).toBe('insights');
    expect(renders(built('/insights/abc', consumer({ isImpersonating: true })))).toBe('insights');
    expect(built('/insights', consumer())).toEqual({ redirect: '/dashboard' });
    expect(built('/insights/x', staff())).toEqual({ redirect: '/dashboard' });
  });

  it('maps the newer sub-application (/next) to the same screens here', () => {
    expect(go('/next')).toEqual({ redirect: '/dashboard' });
    expect(go('/next/home')).toEqual({ redirect: '/dashboard' });
    expect(go('/next/win-loss?tab=1')).toEqual({ redirect: '/win-loss?tab=1' });
    expect(go('/next/not-authorized')).toEqual({ redirect: '/not-authorized' });
  });
});

describe('gated screens (the areas still to come as they will apply once built)', () => {
  it('shows not-authorized on /reports without the reports feature', () => {
    expect(renders(built('/reports', admin(), makeCompany({ reports: false })))).toBe('notAuthorized');
    expect(renders(built('/reports/competitive-analytics/overview', admin(), makeCompany()))).toBe('notAuthorized');
    expect(renders(built('/reports/1/overview/user/9', admin(), makeCompany({ reports: true })))).toBe('reports');
    expect(renders(built('/reports', consumer(), makeCompany({ reports: true })))).toBe('reports');
    expect(renders(built('/reports/not-authorized', admin(), makeCompany({ reports: true })))).toBe('notAuthorized');
  });

  it('keeps /call-insights for curators', () => {
    expect(renders(built('/call-insights', curator()))).toBe('callInsights');
    expect(renders(built('/call-insights/calls/3', admin()))).toBe('callInsights');
    expect(renders(built('/call-insights', consumer()))).toBe('notAuthorized');
  });

  it('keeps /monitors for curators', () => {
    expect(renders(built('/monitors', curator()))).toBe('monitors');
    expect(renders(built('/monitors', consumer()))).toBe('notAuthorized');
  });

  it('reaches /knowledge-hub only with the knowledge hub feature, for curators', () => {
    expect(renders(built('/knowledge-hub', admin(), makeCompany({ knowledgeHub: true })))).toBe('knowledgeHub');
    expect(renders(built('/knowledge-hub/files', curator(), makeCompany({ knowledgeHub: true })))).toBe('knowledgeHub');
    expect(renders(built('/knowledge-hub/files', consumer(), makeCompany({ knowledgeHub: true })))).toBe('notAuthorized');
    expect(renders(built('/knowledge-hub', admin(), makeCompany()))).toBe('notFound');
  });

  it('shows the full win/loss area when enabled, otherwise the promotional one', () => {
    expect(renders(built('/win-loss', curator(), makeCompany({ winLoss: true })))).toBe('winLoss');
    expect(renders(built('/win-loss/reports', curator(), makeCompany()))).toBe('winLossPromo');
    expect(renders(built('/win-loss', consumer(), makeCompany({ winLoss: true })))).toBe('winLossPromo');
    expect(renders(built('/win-loss', consumer(), makeCompany({ winLoss: true, winLossConsumerAccess: true })))).toBe('winLoss');
    expect(renders(built('/win-loss', curator({ userData: { isWinLossEnabled: true } }), makeCompany()))).toBe('winLoss');
  });

  it('needs positive integer ids in profile, card, company and user paths', () => {
    expect(go('/profile/12/battlecard/view/3')).toMatchObject({ render: 'profile', params: { profileId: '12' }, layout: 'main' });
    expect(renders(go('/profile/abc'))).toBe('notFound');
    expect(renders(go('/profile/0'))).toBe('notFound');
    expect(renders(go('/card/embed/x'))).toBe('notFound');
    expect(renders(built('/company/3/profile/4'))).toBe('company');
    expect(renders(built('/company/zz'))).toBe('notFound');
    expect(renders(go('/users/5'))).toBe('userPage');
    expect(renders(go('/users/me'))).toBe('notFound');
  });

  it('lays embeds out without the main layout', () => {
    expect(go('/card/embed/5')).toMatchObject({ render: 'cardEmbed', layout: 'bare' });
    expect(go('/profile/3/battlecard/embed')).toMatchObject({ render: 'battlecardEmbed', layout: 'bare' });
    expect(go(`${ASK_PATH}/embed`)).toMatchObject({ render: 'askEmbed', layout: 'bare' });
    expect(go(ASK_PATH)).toMatchObject({ render: 'ask', layout: 'main' });
  });

  it('offers the quick switcher on home, dashboard, Ask, profile, search and company routes only', () => {
    const qs = (p: string) => {
      const r = built(p, curator(), makeCompany({ reports: true }));
      return 'render' in r && r.quickSwitcher;
    };
    for (const p of ['/dashboard', ASK_PATH, '/profile/3', '/profile/3/battlecard/view', '/search', '/search/acme', '/company/4']) {
      expect(qs(p), p).toBe(true);
    }
    for (const p of ['/alerts', '/insights', '/reports', '/integrations', '/nope', '/card/embed/3', '/settings']) {
      expect(qs(p), p).toBe(false);
    }
  });

  it('renders everything unknown as not found', () => {
    expect(go('/nope')).toMatchObject({ render: 'notFound', layout: 'main' });
    expect(renders(go('/dashboard/extra'))).toBe('notFound');
  });
});

describe('deals rules', () => {
  it('forces exclusive accounts into the deals area, once it is built', () => {
    expect(built('/', hatch())).toEqual({ redirect: '/deals' });
    expect(built('/dashboard', hatch())).toEqual({ redirect: '/deals' });
    expect(built('/alerts', hatch({ roles: ['admin'] }))).toEqual({ redirect: '/deals' });
    expect(renders(built('/deals', hatch()))).toBe('deals');
    expect(renders(built('/deals/77', hatch()))).toBe('deals');
  });

  it('lets exclusive admins use /integrations', () => {
    expect(renders(built('/integrations/slack', hatch({ roles: ['admin'] })))).toBe('integrations');
    expect(built('/integrations', hatch())).toEqual({ redirect: '/deals' });
  });

  it('sends an exclusive user with an enricher id to that deal; a blank id is ignored', () => {
    expect(ENRICHER_PARAM).toBe('askRivalscopeEnricherId');
    expect(built('/dashboard?askRivalscopeEnricherId=42', hatch())).toEqual({ redirect: '/deals/42' });
    expect(built('/deals?askRivalscopeEnricherId=42', hatch())).toEqual({ redirect: '/deals/42' });
    expect(built('/dashboard?askRivalscopeEnricherId=%20', hatch())).toEqual({ redirect: '/deals' });
    expect(renders(built('/deals/42?askRivalscopeEnricherId=', hatch()))).toBe('deals');
  });

  it('leaves exclusive accounts in the rest of the app while the deals area is not built', () => {
    expect(go('/', hatch())).toEqual({ redirect: '/dashboard' });
    expect(renders(go('/dashboard', hatch()))).toBe('dashboard');
    expect(renders(go('/alerts', hatch({ roles: ['admin'] })))).toBe('alerts');
    expect(go('/deals/42', hatch())).toEqual({ redirect: '/dashboard?askRivalscopeEnricherId=42&previewing=0' });
  });

  it('sends non-exclusive accounts out of the deals area', () => {
    expect(go('/deals', consumer())).toEqual({ redirect: '/dashboard' });
    expect(go('/deals/', curator())).toEqual({ redirect: '/dashboard' });
    expect(go('/deals/42', consumer())).toEqual({ redirect: '/dashboard?askRivalscopeEnricherId=42&previewing=0' });
    expect(go('/deals/42/notes', consumer())).toEqual({ redirect: '/dashboard?askRivalscopeEnricherId=42&previewing=0' });
    expect(go('/deals/%20', consumer())).toEqual({ redirect: '/dashboard' });
    expect(go('/dashboard?askRivalscopeEnricherId=42', consumer())).toMatchObject({ render: 'dashboard' });
  });
});

describe('the feed (part 1 §2 /feed, §6 feed hidden in consumer nav)', () => {
  it('is the consumers’ screen unless the company hides it from them; curators go to /alerts either way', () => {
    const hidden = makeCompany({ feedHiddenInConsumerNav: true });
    expect(go('/feed', consumer())).toMatchObject({ render: 'feed', layout: 'main' });
    expect(go('/feed', consumer(), hidden)).toMatchObject({ render: 'notAuthorized', layout: 'main' });
    expect(opensScreen('/feed', consumer(), hidden)).toBe(false);
    expect(go('/feed', curator(), hidden)).toEqual({ redirect: '/alerts' });
    expect(go('/feed', admin(), hidden)).toEqual({ redirect: '/alerts' });
  });
});

describe('dynamic boards (part 3 §2.1 /dynamic-board/*, §6 dynamic boards flag)', () => {
  it('opens a board by its id for everyone when the company turned dynamic boards on, and is not found otherwise', () => {
    const on = makeCompany({ dynamicBoards: true });
    expect(go('/dynamic-board/12', consumer(), on)).toMatchObject({ render: 'dynamicBoard', layout: 'main' });
    expect(go('/dynamic-board/12', curator(), on)).toMatchObject({ render: 'dynamicBoard', layout: 'main' });
    expect(renders(go('/dynamic-board/12', curator()))).toBe('notFound');
    expect(renders(go('/dynamic-board/abc', consumer(), on))).toBe('notFound');
  });
});

describe('legacy-application paths', () => {
  it('maps each to a screen of this app', () => {
    const c = makeCompany({ reports: true });
    expect(go('/admin', admin(), c)).toEqual({ redirect: '/settings' });
    expect(go('/admin/users/3', admin(), c)).toEqual({ redirect: '/settings' });
    expect(renders(go('/settings', admin(), c))).toBe('companySettings');
    expect(renders(go('/settings/users', curator(), c))).toBe('companySettings');
    expect(renders(go('/settings', consumer(), c))).toBe('notAuthorized');
    expect(renders(go('/settings/profile', consumer(), c))).toBe('editProfile');
    expect(go('/settings/alerts', curator(), c)).toEqual({ redirect: '/alerts' });
    expect(renders(go('/search', consumer(), c))).toBe('search');
    expect(go('/users', admin(), c)).toEqual({ redirect: '/settings/users' });
    expect(renders(go('/users/9', consumer(), c))).toBe('userPage');
    expect(renders(go('/notifications', curator(), c))).toBe('notifications');
    // Sellers follow cards too: the page is every signed-in user's.
    expect(renders(go('/notifications', consumer(), c))).toBe('notifications');
    expect(go('/digest/overview', curator(), c)).toEqual({ redirect: '/alerts?view=published' });
    expect(go('/feed', curator(), c)).toEqual({ redirect: '/alerts' });
    expect(renders(go('/feed', consumer(), c))).toBe('feed');
    expect(built('/winloss/survey', consumer(), c)).toEqual({ redirect: '/win-loss/surveys' });
    expect(renders(go('/impersonate', staff(), c))).toBe('impersonate');
    expect(renders(go('/impersonate', staff({ isImpersonating: true }), c))).toBe('notAuthorized');
    expect(renders(go('/impersonate', admin(), c))).toBe('notAuthorized');
    expect(renders(go('/impersonate', consumer({ isStaff: true }), c))).toBe('notAuthorized');
  });

  it('documents every legacy path the spec lists', () => {
    const documented = LEGACY_PATHS.map((l) => l.path);
    for (const p of ['/admin', '/settings/alerts', '/search', '/users', '/users/{id}', '/notifications', '/settings', '/digest/overview', '/feed', '/impersonate', '/winloss/survey']) {
      expect(documented).toContain(p);
    }
  });
});

describe('review insights routes (part 3 §2.3)', () => {
  it('shows the insights screen to admins, curators and impersonators, and sends everyone else to the dashboard', () => {
    expect(go('/insights', curator())).toMatchObject({ render: 'insights', layout: 'main', params: { '*': '' } });
    expect(go('/insights/4/reviews?aspectId=9', admin())).toMatchObject({ render: 'insights', params: { '*': '4/reviews' } });
    expect(renders(go('/insights/4', consumer({ isImpersonating: true })))).toBe('insights');
    expect(go('/insights/4/reviews', consumer())).toEqual({ redirect: '/dashboard' });
    expect(go('/review-insights', curator())).toEqual({ redirect: '/insights' });
    expect(finalScreen('/review_insights/4/aspects', consumer(), company)).toBe('dashboard');
  });

  it('keeps the reviews tab and sends any other tab to the base path, with the query', () => {
    expect(renders(go('/insights/4/reviews', curator()))).toBe('insights');
    expect(go('/insights/4/aspects', curator())).toEqual({ redirect: '/insights/4' });
    expect(go('/insights/4/reviews/12?sort=negative', curator())).toEqual({ redirect: '/insights/4?sort=negative' });
    expect(go('/insights/4/summary', curator())).toEqual({ redirect: '/insights/4' });
  });

  it('leaves a rival id that is not an integer to the screen, which ignores it', () => {
    expect(renders(go('/insights/abc', curator()))).toBe('insights');
    expect(renders(go('/insights/abc/other', curator()))).toBe('insights');
    expect(renders(go('/insights/0/aspects', curator()))).toBe('insights');
  });

  it('redirects the legacy /review_insights paths to the matching new ones', () => {
    expect(go('/review_insights/4/aspects', curator())).toEqual({ redirect: '/insights/4' });
    expect(go('/review_insights/4/aspects/17', curator())).toEqual({ redirect: '/insights/4/reviews?aspectId=17' });
    expect(go('/review_insights/4/reviews', curator())).toEqual({ redirect: '/insights/4/reviews' });
    expect(go('/review_insights/4/reviews/88', curator())).toEqual({ redirect: '/insights/4/reviews' });
    expect(go('/review_insights/4/summary/17', admin())).toEqual({ redirect: '/insights/4/reviews?aspectId=17' });
    expect(go('/review_insights/4', curator())).toEqual({ redirect: '/insights/4' });
    expect(go('/review_insights', curator())).toEqual({ redirect: '/insights' });
    expect(go('/review_insights/x/aspects/17', curator())).toEqual({ redirect: '/insights' });
    expect(finalScreen('/review_insights/4/summary/17', curator(), company)).toBe('insights');
  });

  it('maps a legacy aspect id that is not an integer to the tab without a filter', () => {
    expect(legacyInsightsPath('4/aspects/x')).toBe('/insights/4');
    expect(legacyInsightsPath('4/summary/')).toBe('/insights/4');
    expect(legacyInsightsPath('4/reviews/x')).toBe('/insights/4/reviews');
  });
});

describe('company landing page routes (part 3 §2.3)', () => {
  it('shows the landing page, its reviews tab and the profile share link to everyone', () => {
    for (const user of [consumer(), curator()]) {
      expect(go('/company/4', user)).toMatchObject({ render: 'company', layout: 'main', params: { supportedRivalId: '4', '*': '' } });
      expect(go('/company/4/reviews', user)).toMatchObject({ render: 'company', params: { '*': 'reviews' } });
      expect(go('/company/4/profile/9', user)).toMatchObject({ render: 'company', params: { '*': 'profile/9' } });
    }
  });

  it('sends any other tail to the base path, with the query', () => {
    expect(go('/company/4/aspects')).toEqual({ redirect: '/company/4' });
    expect(go('/company/4/reviews/12?x=1')).toEqual({ redirect: '/company/4?x=1' });
    expect(go('/company/4/profile')).toEqual({ redirect: '/company/4' });
    expect(go('/company/4/profile/0')).toEqual({ redirect: '/company/4' });
    expect(go('/company/4/profile/9/more')).toEqual({ redirect: '/company/4' });
  });

  it('answers not found for a rival id that is not a positive integer', () => {
    expect(renders(go('/company/abc/profile/9'))).toBe('notFound');
    expect(renders(go('/company/0/x'))).toBe('notFound');
  });

  it('reads the tail the landing page renders', () => {
    expect(companyTail('')).toEqual({ tab: null, profileId: null });
    expect(companyTail('reviews')).toEqual({ tab: 'reviews', profileId: null });
    expect(companyTail('profile/9')).toEqual({ tab: null, profileId: 9 });
    expect(companyTail('profile/09')).toBeNull();
    expect(companyTail('overview')).toBeNull();
  });

  it('is the home of consumers of a landing-page company', () => {
    const landing = makeCompany({}, { companyData: { consumerHome: 'landing' } });
    expect(go('/', consumer(), landing)).toEqual({ redirect: '/company/21' });
    expect(go('/', curator(), landing)).toEqual({ redirect: '/profile/11' });
  });
});

describe('public routes', () => {
  it('need no session', () => {
    expect(resolvePublicRoute('/account/signin')).toBe('signin');
    expect(resolvePublicRoute('/account/signin/')).toBe('signin');
    expect(resolvePublicRoute('/win-loss/p/survey/3')).toBe('winLossPublic');
    expect(resolvePublicRoute('/win-loss/p')).toBe('winLossPublic');
    expect(resolvePublicRoute('/win-loss')).toBeNull();
    expect(resolvePublicRoute('/dashboard')).toBeNull();
    expect(go('/account/signin')).toMatchObject({ render: 'signin', layout: 'public' });
  });

  it('include the invitation page, with a token and nothing more', () => {
    expect(resolvePublicRoute('/account/invitation/abc_DEF-123')).toBe('invitation');
    expect(resolvePublicRoute('/account/invitation')).toBeNull();
    expect(resolvePublicRoute('/account/invitation/abc/more')).toBeNull();
    expect(go('/account/invitation/abc')).toMatchObject({ render: 'invitation', layout: 'public' });
  });
});

describe('every path ends on a screen', () => {
  const users: [string, RouteUser][] = [
    ['consumer', consumer()],
    ['curator', curator()],
    ['admin', admin()],
    ['staff', staff()],
    ['impersonating', consumer({ isImpersonating: true })],
    ['hatch', hatch()],
    ['hatch admin', hatch({ roles: ['admin'] })],
  ];
  const companies: RouteCompany[] = [
    makeCompany(),
    makeCompany({ askPage: true, reports: true, knowledgeHub: true, winLoss: true }),
    makeCompany({}, { firstProfileId: null, companyData: { consumerHome: 'battlecard' } }),
    makeCompany({}, { companyData: { consumerHome: 'landing' } }),
    makeCompany({}, { firstProfileId: null, firstRivalId: null, companyData: { consumerHome: 'landing' } }),
    makeCompany({}, { companyData: { forceHome: '/research' } }),
    makeCompany({}, { companyData: { forceHome: '/next/home' } }),
    makeCompany({}, { companyData: { forceHome: '/deals/3' } }),
  ];
  const paths = [
    ...ROUTES.map((r) => r.pattern.replace(/:[a-zA-Z]+/g, '5').replace(/\/\*$/, '')),
    '/',
    '/next',
    '/next/home',
    '/next/deals/3',
    '/research',
    '/composer/1',
    '/review-insights',
    '/review_insights/5/summary/6',
    '/insights/5/other',
    '/company/5/other',
    '/company/5/profile/6',
    '/admin',
    '/users',
    '/settings/alerts',
    '/digest/overview',
    '/winloss/survey',
    '/deals/9',
    '/dashboard?askRivalscopeEnricherId=4',
    '/nope',
  ];

  it('within a few redirects, for every kind of user and company, today and once every area is built', () => {
    for (const areas of [undefined, EVERY_AREA]) {
      for (const [label, user] of users) {
        for (const c of companies) {
          for (const start of paths) {
            let path = start;
            let hops = 0;
            for (;;) {
              const r = go(path, user, c, areas);
              if ('render' in r) {
                if (!areas) expect(BUILT_SCREENS, `${label}: ${start} ends on ${r.render}`).toContain(r.render);
                break;
              }
              path = r.redirect;
              hops += 1;
              expect(hops, `${label}: ${start} loops (at ${path})`).toBeLessThan(5);
            }
          }
        }
      }
    }
  });
});

describe('areas not built yet', () => {
  const users = [consumer(), curator(), admin(), staff(), consumer({ isImpersonating: true })];
  const full = makeCompany({ askPage: true, reports: true, knowledgeHub: true, winLoss: true, winLossConsumerAccess: true });

  it('are a list the route table knows', () => {
    expect(NOT_BUILT.sort()).toEqual(
      ['deals', 'winLossPublic'].sort(),
    );
  });

  it('answer not found at their own paths, for everyone and whatever the company enables', () => {
    // Accounts that are not deals-exclusive leave the deals area for the dashboard's deal preview, built or not.
    const areas = ROUTES.filter((r) => NOT_BUILT.includes(r.key) && r.key !== 'deals');
    expect(areas.length).toBeGreaterThanOrEqual(1);
    for (const entry of areas) {
      const path = entry.pattern.replace(/:[a-zA-Z]+/g, '5').replace(/\/\*$/, '/x');
      for (const user of users) expect(finalScreen(path, user, full), `${path} for ${user.username}`).toBe('notFound');
    }
    expect(go('/win-loss/p/survey/3')).toMatchObject({ render: 'notFound', layout: 'public' });
  });

  it('take no redirect into them: legacy and moved paths that lead there are not found', () => {
    // Call insights is built: the moved path leads into it for curators.
    expect(finalScreen('/next/call-insights', curator(), full)).toBe('callInsights');
    expect(finalScreen('/next/call-insights', consumer(), full)).toBe('notAuthorized');
    // Win/loss is built: the legacy survey path leads into it (whose surveys tab, another issue, answers not found).
    expect(finalScreen('/winloss/survey', curator(), full)).toBe('winLoss');
    expect(finalScreen('/next/win-loss', consumer(), makeCompany())).toBe('winLossPromo');
  });

  it('are never the home: a forced home that opens no screen for the user falls back to their own home', () => {
    const forced = (forceHome: string) => makeCompany({}, { companyData: { forceHome } });
    expect(homeRoute(consumer(), forced('/reports/curator'))).toBe('/dashboard');
    expect(homeRoute(consumer(), forced('/settings/users'))).toBe('/dashboard');
    expect(homeRoute(curator(), forced('/settings/users'))).toBe('/settings/users');
    expect(homeRoute(consumer(), forced('/alerts?view=published'))).toBe('/alerts?view=published');
    expect(homeRoute(curator(), forced('/insights'))).toBe('/insights');
    expect(go('/', consumer(), forced('/knowledge-hub'))).toEqual({ redirect: '/dashboard' });
    expect(homeRoute(curator(), makeCompany({ knowledgeHub: true }, { companyData: { forceHome: '/knowledge-hub' } }))).toBe('/knowledge-hub');
    // A built area the user may not open is no home either; a curator's is.
    expect(go('/', consumer(), forced('/call-insights'))).toEqual({ redirect: '/dashboard' });
    expect(homeRoute(curator(), forced('/call-insights'))).toBe('/call-insights');
  });

});

describe('opensScreen', () => {
  it('follows redirects to the screen a link ends on', () => {
    expect(finalScreen('/admin', admin(), company)).toBe('companySettings');
    expect(finalScreen('/users', consumer(), company)).toBe('notAuthorized');
    expect(finalScreen('/alerts?view=published', consumer(), company)).toBe('dashboard');
    expect(opensScreen('/alerts?view=published', curator(), company)).toBe(true);
    expect(opensScreen('/settings', consumer(), company)).toBe(false);
    expect(opensScreen('/nope', admin(), company)).toBe(false);
    expect(opensScreen('/knowledge-hub', admin(), company)).toBe(false);
    expect(opensScreen('/knowledge-hub', admin(), makeCompany({ knowledgeHub: true }))).toBe(true);
    expect(opensScreen('/extension/guide', admin(), company)).toBe(true);
    expect(opensScreen('/extension/guide', consumer(), company)).toBe(true);
  });

  it('treats the root as the start of redirects, not a screen', () => {
    expect(finalScreen('/', consumer(), company)).toBeNull();
    expect(finalScreen('/next/', consumer(), company)).toBe('dashboard');
  });
});
