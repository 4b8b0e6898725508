import { describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/account.ts';
import { EXTENSION_GUIDE_PATH } from '../../../contracts/extension.ts';
import { BUILT_SCREENS, finalScreen, homeRoute, ROUTE_KEYS, type RouteCompany } from '../core/routes.ts';
import { admin, consumer, curator, makeCompany, staff } from '../test/fixtures.ts';
import { LATEST_RELEASE_DATE, WHATS_NEW_SEEN_KEY } from '../whatsNew/seen.ts';
import { avatarLink, bookmarkName, EXTENSION_GUIDE, isAppPath, isQuickSwitcherShortcut, navMenus as menusToday, showsSubmitIntel, userMenuModel as userMenuToday } from './navModel.ts';

const ids = (menus: ReturnType<typeof menusToday>) => Object.fromEntries(menus.map((m) => [m.id, m.items.map((i) => i.id)]));
/** The menus once every area of the route table is built: the rules of part 2 §2 in full. */
const EVERY_AREA = new Set(ROUTE_KEYS);
const navMenus = (user: User, company: RouteCompany) => menusToday(user, company, EVERY_AREA);
const userMenuModel = (user: User, company: RouteCompany) => userMenuToday(user, company, EVERY_AREA);

describe('navMenus (every area built)', () => {
  it('gives consumers win-loss, boards, feed and integrations only', () => {
    expect(ids(navMenus(consumer(), makeCompany({ reports: true })))).toEqual({
      discover: ['winLoss'],
      share: ['boards', 'feed', 'integrations'],
    });
  });

  it('gives curators the discover items and the digest', () => {
    expect(ids(navMenus(curator(), makeCompany()))).toEqual({
      discover: ['ask', 'alerts', 'insights', 'monitors', 'salesCalls', 'winLoss'],
      share: ['boards', 'digest', 'integrations'],
    });
  });

  it('gives admins every measure report with the reports feature', () => {
    expect(ids(navMenus(admin(), makeCompany({ reports: true }))).measure).toEqual(['consumerUsage', 'curatorActivity', 'searchAnalytics', 'competitiveAnalytics']);
    expect(ids(navMenus(admin(), makeCompany({ reports: false }))).measure).toBeUndefined();
  });

  it('gives curators search analytics, and each other report behind its own flag', () => {
    expect(ids(navMenus(curator(), makeCompany({ reports: true }))).measure).toEqual(['searchAnalytics']);
    expect(ids(navMenus(curator(), makeCompany({ reports: false }))).measure).toBeUndefined();
    expect(ids(navMenus(curator(), makeCompany({ reports: true, curatorReportForCurators: true }))).measure).toEqual(['curatorActivity', 'searchAnalytics']);
    expect(ids(navMenus(curator(), makeCompany({ reports: true, craReportForCurators: true, consumerReportForCurators: true }))).measure).toEqual([
      'consumerUsage',
      'searchAnalytics',
      'competitiveAnalytics',
    ]);
  });

  it('leads each measure item to its report', () => {
    const links = (user: User) =>
      Object.fromEntries(
        navMenus(user, makeCompany({ reports: true, craReportForCurators: true }))
          .find((m) => m.id === 'measure')!
          .items.map((i) => [i.id, i.to]),
      );
    expect(links(admin())).toEqual({
      consumerUsage: '/reports/consumer-usage/overview',
      curatorActivity: '/reports/curator',
      searchAnalytics: '/reports/search-analytics',
      competitiveAnalytics: '/reports/competitive-analytics/overview',
    });
    // Curators with the CRA flag open threat analysis and data hygiene; the overview is for admins (part 1 §6).
    expect(links(curator())).toEqual({
      searchAnalytics: '/reports/search-analytics',
      competitiveAnalytics: '/reports/competitive-analytics/threat-analysis',
    });
  });

  it('leaves out usage reports the company switched off', () => {
    const c = makeCompany({ reports: true }, { usageReports: { consumer: false } });
    expect(ids(navMenus(admin(), c)).measure).toEqual(['curatorActivity', 'searchAnalytics', 'competitiveAnalytics']);
  });

  it('lets impersonators pass every report check and see insights', () => {
    const menus = ids(navMenus(consumer({ isImpersonating: true }), makeCompany({ reports: true })));
    expect(menus.measure).toEqual(['consumerUsage', 'curatorActivity', 'searchAnalytics', 'competitiveAnalytics']);
    expect(menus.discover).toEqual(['insights', 'winLoss']);
  });

  it('gives sellers no measure report', () => {
    expect(ids(navMenus(consumer(), makeCompany({ reports: true, consumerReportForCurators: true, craReportForCurators: true }))).measure).toBeUndefined();
  });

  it('tags win-loss as new when it is not enabled', () => {
    const winLoss = (c = makeCompany()) => navMenus(curator(), c)[0].items.find((i) => i.id === 'winLoss');
    expect(winLoss()?.badge).toBe('new');
    expect(winLoss(makeCompany({ winLoss: true }))?.badge).toBeUndefined();
  });

  it('hides the feed from consumers when the company says so', () => {
    expect(ids(navMenus(consumer(), makeCompany({ feedHiddenInConsumerNav: true }))).share).toEqual(['boards', 'integrations']);
    expect(ids(navMenus(consumer(), makeCompany({ feedHiddenInConsumerNav: false }))).share).toContain('feed');
  });

  it('keeps the digest for admins or holders of the review role when the company has one', () => {
    const c = makeCompany({}, { reviewRole: 'curator' });
    expect(ids(navMenus(curator(), c)).share).toContain('digest');
    expect(ids(navMenus(admin(), makeCompany({}, { reviewRole: 'approver' }))).share).toContain('digest');
    expect(ids(navMenus(curator(), makeCompany({}, { reviewRole: 'approver' }))).share).not.toContain('digest');
  });

  it('hides Ask, feed and reports in win/loss-exclusive mode', () => {
    const menus = ids(navMenus(admin(), makeCompany({ winLossExclusive: true, reports: true })));
    expect(menus.discover).not.toContain('ask');
    expect(menus.share).not.toContain('feed');
    expect(menus.measure).toBeUndefined();
  });

  it('offers no menus to deals-exclusive accounts', () => {
    expect(navMenus(consumer({ userData: { isHatchExclusive: true } }), makeCompany())).toEqual([]);
  });
});

describe('userMenuModel (every area built)', () => {
  it('gives consumers profile, edit profile, notifications and tips, no role section', () => {
    const m = userMenuModel(consumer(), makeCompany());
    expect(m.profile).toEqual({ to: '/users/7', username: 'sam' });
    expect(m.editProfileTo).toBe('/settings/profile');
    expect(m.notificationsTo).toBe('/notifications');
    expect(m.roleSection).toBeNull();
    expect(m.tips.map((t) => t.id)).toEqual(['appsAndIntegrations', 'browserExtension', 'faqs', 'whatsNew']);
    expect(m.staff).toBeNull();
  });

  it('marks What’s new until the user has opened it since the newest release note', () => {
    const whatsNew = (u: User) => userMenuModel(u, makeCompany()).tips.find((i) => i.id === 'whatsNew');
    expect(whatsNew(consumer())?.badge).toBe('new');
    expect(whatsNew(consumer({ userData: { [WHATS_NEW_SEEN_KEY]: '2000-01-01' } }))?.badge).toBe('new');
    expect(whatsNew(curator({ userData: { [WHATS_NEW_SEEN_KEY]: LATEST_RELEASE_DATE } }))?.badge).toBeUndefined();
    expect(userMenuModel(consumer(), makeCompany()).tips.find((i) => i.id === 'faqs')?.badge).toBeUndefined();
  });

  it('heads the section Admin for admins and Curators for curators', () => {
    const a = userMenuModel(admin(), makeCompany({ reports: true, knowledgeHub: true }));
    expect(a.roleSection?.heading).toBe('admin');
    expect(a.roleSection?.items.map((i) => i.id)).toEqual(['knowledgeHub', 'manageUsers', 'companySettings', 'reports']);
    const c = userMenuModel(curator(), makeCompany());
    expect(c.roleSection?.heading).toBe('curators');
    expect(c.roleSection?.items.map((i) => i.id)).toEqual(['companySettings']);
    expect(c.notificationsTo).toBe('/notifications');
  });

  it('offers switch instance to staff who can impersonate, revert while impersonating', () => {
    expect(userMenuModel(staff(), makeCompany()).staff).toBe('switch');
    expect(userMenuModel(staff({ canImpersonate: false }), makeCompany()).staff).toBeNull();
    expect(userMenuModel(consumer({ isImpersonating: true }), makeCompany()).staff).toBe('revert');
    expect(userMenuModel(staff({ isImpersonating: true }), makeCompany()).staff).toBe('revert');
  });
});

describe('menus today: only areas that are built', () => {
  const company = makeCompany({ reports: true, knowledgeHub: true });

  it('give a seller win/loss (its promo until it is on for them), boards, the feed, integrations and their own pages', () => {
    expect(ids(menusToday(consumer(), company))).toEqual({ discover: ['winLoss'], share: ['boards', 'feed', 'integrations'] });
    const m = userMenuToday(consumer(), company);
    expect(m.roleSection).toBeNull();
    expect(m.tips.map((i) => i.to)).toEqual(['/integrations', EXTENSION_GUIDE_PATH, '/help', '/whats-new']);
    expect(EXTENSION_GUIDE).toBe(EXTENSION_GUIDE_PATH);
  });

  it('give every role the tips: apps and integrations (/integrations is built), the browser extension, FAQs and what’s new', () => {
    for (const user of [consumer(), curator(), admin(), staff(), consumer({ isImpersonating: true }), admin({ isImpersonating: true })]) {
      const tips = userMenuToday(user, company).tips;
      expect(tips.map((i) => i.id), user.username).toEqual(['appsAndIntegrations', 'browserExtension', 'faqs', 'whatsNew']);
      expect(tips.map((i) => i.labelKey)).toEqual(['userMenu.appsAndIntegrations', 'userMenu.browserExtension', 'userMenu.faqs', 'userMenu.whatsNew']);
    }
    expect(BUILT_SCREENS).toContain('integrations');
    expect(userMenuToday(consumer(), company).tips[0].to).toBe('/integrations');
  });

  it('give a curator Ask, alerts, insights, monitors, sales calls, win/loss, boards, the digest, integrations, search analytics, the knowledge hub and company settings (their feed is /alerts)', () => {
    expect(ids(menusToday(curator(), company))).toEqual({ discover: ['ask', 'alerts', 'insights', 'monitors', 'salesCalls', 'winLoss'], share: ['boards', 'digest', 'integrations'], measure: ['searchAnalytics'] });
    expect(userMenuToday(curator(), company).roleSection?.items.map((i) => i.id)).toEqual(['knowledgeHub', 'companySettings', 'reports']);
    expect(userMenuToday(curator(), makeCompany({ reports: true })).roleSection?.items.map((i) => i.id)).toEqual(['companySettings', 'reports']);
  });

  it('give an admin the knowledge hub, reports, manage users and company settings besides', () => {
    expect(ids(menusToday(admin(), company))).toEqual({
      discover: ['ask', 'alerts', 'insights', 'monitors', 'salesCalls', 'winLoss'],
      share: ['boards', 'digest', 'integrations'],
      measure: ['consumerUsage', 'curatorActivity', 'searchAnalytics', 'competitiveAnalytics'],
    });
    expect(userMenuToday(admin(), company).roleSection?.items.map((i) => i.id)).toEqual(['knowledgeHub', 'manageUsers', 'companySettings', 'reports']);
  });

  it('give deals-exclusive accounts the usual menus while there is no deals area', () => {
    expect(ids(menusToday(consumer({ userData: { isHatchExclusive: true } }), company))).toEqual({ discover: ['winLoss'], share: ['boards', 'feed', 'integrations'] });
    expect(menusToday(consumer({ userData: { isHatchExclusive: true } }), company, EVERY_AREA)).toEqual([]);
  });
});

describe('every menu entry for every role', () => {
  const roles: [string, User][] = [
    ['seller', consumer()],
    ['curator', curator()],
    ['admin', admin()],
    ['staff', staff()],
    ['impersonating', consumer({ isImpersonating: true })],
    ['impersonating admin', admin({ isImpersonating: true })],
    ['deals-exclusive', consumer({ userData: { isHatchExclusive: true } })],
  ];
  const companies = [
    makeCompany(),
    makeCompany({ reports: true, knowledgeHub: true, winLoss: true, winLossConsumerAccess: true, askPage: true, consumerReportForCurators: true }),
    makeCompany({ winLossExclusive: true, feedHiddenInConsumerNav: true }, { reviewRole: 'approver' }),
    makeCompany({}, { companyData: { consumerHome: 'landing' } }),
    makeCompany({}, { firstProfileId: null, firstRivalId: null, companyData: { consumerHome: 'landing' } }),
  ];

  /** Every destination the top bar (its logo leads home), the user menu and the quick switcher offer. */
  function destinations(user: User, company: RouteCompany): string[] {
    const menu = userMenuToday(user, company);
    return [
      homeRoute(user, company),
      ...menusToday(user, company).flatMap((m) => m.items.map((i) => i.to)),
      menu.profile.to,
      menu.editProfileTo,
      menu.notificationsTo,
      ...(menu.roleSection?.items ?? []).map((i) => i.to),
      ...menu.tips.map((i) => i.to),
      ...(menu.staff === 'switch' ? ['/impersonate'] : []),
      avatarLink(user),
      '/dashboard',
    ];
  }

  it('opens a built screen the user may use, never a placeholder, not found or refusal', () => {
    let checked = 0;
    for (const [role, user] of roles) {
      for (const company of companies) {
        for (const to of destinations(user, company)) {
          const screen = finalScreen(to, user, company);
          expect(BUILT_SCREENS, `${role}: ${to} → ${screen}`).toContain(screen);
          expect(['notFound', 'notAuthorized'], `${role}: ${to}`).not.toContain(screen);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});

describe('top navigation rules', () => {
  it('shows submit intel only to users who are neither curator nor admin', () => {
    expect(showsSubmitIntel(consumer())).toBe(true);
    expect(showsSubmitIntel(curator())).toBe(false);
    expect(showsSubmitIntel(admin())).toBe(false);
  });

  it('links a consumer’s avatar to their own page', () => {
    expect(avatarLink(consumer())).toBe('/users/7');
    expect(avatarLink(curator())).toBe('/notifications');
  });

  it('opens the quick switcher with ctrl/cmd+shift+d', () => {
    const k = (over: Partial<KeyboardEvent>) =>
      isQuickSwitcherShortcut({ key: 'D', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false, ...over });
    expect(k({ ctrlKey: true })).toBe(true);
    expect(k({ metaKey: true, key: 'd' })).toBe(true);
    expect(k({})).toBe(false);
    expect(k({ ctrlKey: true, shiftKey: false })).toBe(false);
    expect(k({ ctrlKey: true, altKey: true })).toBe(false);
    expect(k({ ctrlKey: true, key: 'e' })).toBe(false);
  });
});

describe('bookmarks', () => {
  it('names a bookmark after the page title without the product', () => {
    expect(bookmarkName('Lumenary · Rivalscope', 'Rivalscope')).toBe('Lumenary');
    expect(bookmarkName('My new intel · Alerts · Rivalscope', 'Rivalscope')).toBe('My new intel · Alerts');
    expect(bookmarkName('Rivalscope', 'Rivalscope')).toBe('Rivalscope');
    expect(bookmarkName('  ', 'Rivalscope')).toBe('Rivalscope');
  });

  it('opens paths of the app in place and anything else as another site', () => {
    expect(isAppPath('/alerts?view=working')).toBe(true);
    expect(isAppPath('https://northwind.test/pricing')).toBe(false);
    expect(isAppPath('//evil.test')).toBe(false);
    expect(isAppPath('/\\evil.test')).toBe(false);
  });
});
