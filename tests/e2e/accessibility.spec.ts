// axe on every screen of every role, at desktop and phone width: no serious or critical violation of WCAG 2.1
// A and AA. Each role walks the screens it reaches; a screen is checked once its content has loaded.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

const WIDTHS = [1440, 390] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Finding = { screen: string; width: number; rule: string; impact: string; nodes: string[] };

/** The serious and critical violations on the page as it stands, at each width. */
async function audit(page: Page, screen: string, findings: Finding[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('screen-loading')).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const v of violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      // The element as written and what is wrong with it, enough to find it in the code.
      findings.push({ screen, width, rule: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`) });
    }
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

/** Opens a path and waits for the element that says its content is there. */
async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible();
}

test('signed out: the sign-in page', async ({ page }) => {
  const findings: Finding[] = [];
  await open(page, '/account/signin', 'signin-submit');
  await audit(page, 'sign-in', findings);
  expect(findings).toEqual([]);
});

test('a seller: dashboard, search, a card, a rival, its battlecard and landing page, news, Ask, notifications, profile', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'seller@demo.test', { app: true });
  const { firstProfileId, firstRivalId } = (await (await page.request.get('/api/company.json')).json()) as { firstProfileId: number; firstRivalId: number };
  const me = (await (await page.request.get('/api/users/me.json')).json()) as { id: number };

  await open(page, '/dashboard', 'rival-tile-cards');
  await audit(page, 'dashboard', findings);
  await open(page, '/search/pricing', 'search-result-title');
  await audit(page, 'search', findings);
  await page.getByTestId('search-result-title').first().click();
  await expect(page.getByRole('dialog').getByTestId('card-viewer-body')).toBeVisible();
  await audit(page, 'card viewer', findings);
  await page.keyboard.press('Escape');
  await open(page, `/profile/${firstProfileId}`, 'lane-card');
  await audit(page, 'profile', findings);
  await open(page, `/profile/${firstProfileId}/battlecard/view`, 'battlecard-card');
  await audit(page, 'battlecard', findings);
  await open(page, `/company/${firstRivalId}`, 'page-landing');
  await audit(page, 'landing page', findings);
  await open(page, '/feed', 'page-feed');
  await audit(page, 'news', findings);
  await open(page, '/ask-rivalscope', 'page-ask');
  await audit(page, 'ask', findings);
  await open(page, '/notifications', 'page-notifications');
  await audit(page, 'notifications', findings);
  await open(page, '/settings/profile', 'profile-save');
  await audit(page, 'your profile', findings);
  await open(page, `/users/${me.id}`, 'page-user');
  await audit(page, 'person page', findings);
  expect(findings).toEqual([]);
});

test('a curator: alerts (list, triage, analyst), insights, digest, rival groups, synonyms', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'curator@demo.test', { app: true });
  await open(page, '/alerts', 'intel-count');
  await audit(page, 'alerts', findings);
  await open(page, '/alerts?action=triage', 'page-alerts');
  await audit(page, 'triage', findings);
  await open(page, '/alerts?aggregate=timeline&sliceBy=topics', 'analyst-panel');
  await audit(page, 'analyst panel', findings);
  await open(page, '/insights', 'insight-card');
  await audit(page, 'insights', findings);
  await open(page, '/digest', 'page-digest-list');
  await audit(page, 'digest', findings);
  await open(page, '/settings/rival-groups', 'page-company-settings');
  await audit(page, 'rival groups', findings);
  await open(page, '/settings/synonyms', 'page-company-settings');
  await audit(page, 'synonyms', findings);
  expect(findings).toEqual([]);
});

test('an admin: company settings, users, visibility groups, features, Ask, digest, audit log, reports', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'admin@demo.test', { app: true });
  for (const section of ['company', 'users', 'visibility-groups', 'features', 'ask', 'digest', 'audit-log']) {
    await open(page, `/settings/${section}`, 'page-company-settings');
    await audit(page, `settings ${section}`, findings);
  }
  for (const report of ['consumer-usage/overview', 'curator/overview', 'search-analytics/overview', 'competitive-analytics/overview']) {
    await open(page, `/reports/${report}`, 'report-eyebrow');
    await audit(page, `report ${report}`, findings);
  }
  expect(findings).toEqual([]);
});
