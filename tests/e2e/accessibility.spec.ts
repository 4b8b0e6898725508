// axe on every screen of every role, at desktop and phone width: no serious or critical violation of WCAG 2.1
// A and AA. Each role walks the screens it reaches; a screen is checked once its content has loaded.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { putUserData, signIn } from './session.ts';

// A role walks a dozen screens, each audited at two widths: longer than one test's usual minute.
test.describe.configure({ timeout: 180_000 });

const WIDTHS = [1440, 390] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Finding = { screen: string; width: number; rule: string; impact: string; nodes: string[] };

/** The serious and critical violations on the page as it stands, at each width. */
async function audit(page: Page, screen: string, findings: Finding[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('screen-loading')).toHaveCount(0);
    // A drawer or dialog still sliding in blends its colours with the overlay's: audit what the reader ends up seeing.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))));
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const v of violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      // The element as written and what is wrong with it, enough to find it in the code.
      findings.push({ screen, width, rule: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`) });
    }
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

/** A screen: its name, its path, and the test id of what shows once its content has loaded. */
type Screen = [name: string, path: string, ready: string];

/** Opens each screen, waits for its content, and audits it. */
async function walk(page: Page, screens: Screen[], findings: Finding[]) {
  for (const [name, path, ready] of screens) {
    // The screen before may still be changing its own address (a search, Ask), which aborts this navigation: go once
    // more, as session.ts's signIn does.
    await page.goto(path).catch(() => page.goto(path));
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await audit(page, name, findings);
  }
}

test('signed out: the sign-in page', async ({ page }) => {
  const findings: Finding[] = [];
  await walk(page, [['sign-in', '/account/signin', 'signin-submit']], findings);
  expect(findings).toEqual([]);
});

test('a seller: dashboard, search, a card, a rival, its battlecard and landing page, news, Ask, notifications, profile, the tips, integrations, the extension guide', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'seller@demo.test', { app: true });
  const { firstProfileId, firstRivalId } = (await (await page.request.get('/api/company.json')).json()) as { firstProfileId: number; firstRivalId: number };
  const me = (await (await page.request.get('/api/users/me.json')).json()) as { id: number };

  await walk(page, [['dashboard', '/dashboard', 'rival-tile-cards'], ['search', '/search/pricing', 'search-result-title']], findings);
  // A card, opened from the results.
  await page.getByTestId('search-result-title').first().click();
  await expect(page.getByRole('dialog').getByTestId('card-viewer-body')).toBeVisible();
  await audit(page, 'card viewer', findings);
  await page.keyboard.press('Escape');
  await walk(
    page,
    [
      ['profile', `/profile/${firstProfileId}`, 'lane-card'],
      ['battlecard', `/profile/${firstProfileId}/battlecard/view`, 'battlecard-card'],
      ['landing page', `/company/${firstRivalId}`, 'page-landing'],
      ['news', '/feed', 'page-feed'],
      ['ask', '/ask-rivalscope', 'page-ask'],
      ['notifications', '/notifications', 'page-notifications'],
      ['your profile', '/settings/profile', 'profile-save'],
      ['person page', `/users/${me.id}`, 'page-user'],
      // The user menu's tips: a question opened from its link, and the release notes.
      ['FAQs and guides', '/help#what-you-see', 'help-question'],
      ["what's new", '/whats-new', 'release-note'],
      ['integrations', '/integrations', 'integration-teams'],
      // The extension's guide, once it has found out the extension is not installed.
      ['extension guide', '/extension/guide', 'extension-status-reason'],
    ],
    findings,
  );
  // Search's Files section: the knowledge hub's passages (the demo's files, once read) beside the cards.
  await expect.poll(async () => ((await (await page.request.get('/api/search.json?index=files&query=pricing')).json()) as { nr_results: number }).nr_results, { timeout: 60_000 }).toBeGreaterThan(0);
  await walk(page, [['search with files', '/search/pricing', 'file-result']], findings);
  expect(findings).toEqual([]);
});

test('a curator: alerts (list, triage, analyst), insights, digest, monitors, rival groups, synonyms, the extension guide', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'curator@demo.test', { app: true });
  await walk(
    page,
    [
      ['alerts', '/alerts', 'intel-count'],
      ['triage', '/alerts?action=triage', 'page-alerts'],
      ['analyst panel', '/alerts?aggregate=timeline&sliceBy=topics', 'analyst-panel'],
      ['insights', '/insights', 'insight-card'],
      ['digest', '/digest', 'page-digest-list'],
      ['monitors', '/monitors', 'page-monitors'],
      ['rival groups', '/settings/rival-groups', 'page-company-settings'],
      ['synonyms', '/settings/synonyms', 'page-company-settings'],
      // The extension's guide with where badges appear.
      ['extension guide', '/extension/guide', 'sites-table'],
    ],
    findings,
  );
  expect(findings).toEqual([]);
});

test('a curator: the knowledge hub — its checklist, each step page and a file read into passages', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'curator@demo.test', { app: true });
  // A file of the demo's, once it has been read.
  const readFile = async () => ((await (await page.request.get('/api/knowledge_hub/files?page=1')).json()) as { items: { id: number; extraction: string; passageCount: number }[] }).items.find((f) => f.extraction === 'done' && f.passageCount > 0);
  await expect.poll(async () => (await readFile()) !== undefined, { timeout: 60_000 }).toBe(true);
  const file = (await readFile())!;
  await walk(
    page,
    [
      ['knowledge hub checklist', '/knowledge-hub', 'hub-step-files'],
      ['hub files', '/knowledge-hub/files', 'hub-file-row'],
      ['a hub file', `/knowledge-hub/files/${file.id}`, 'hub-passage'],
      ['hub variables', '/knowledge-hub/variables', 'hub-variables'],
      ['hub products', '/knowledge-hub/products', 'hub-products'],
      ['hub positioning', '/knowledge-hub/positioning', 'hub-statement'],
      ['hub done', '/knowledge-hub/done', 'hub-page-done'],
    ],
    findings,
  );
  expect(findings).toEqual([]);
});

test('an admin: company settings, users, single sign-on, provisioning, visibility groups, features, Ask, digest, audit log, reports, integrations', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'admin@demo.test', { app: true });
  const settings = ['company', 'users', 'single-sign-on', 'provisioning', 'visibility-groups', 'features', 'ask', 'digest', 'api-tokens', 'audit-log'].map((s): Screen => [`settings ${s}`, `/settings/${s}`, 'page-company-settings']);
  const reports = ['consumer-usage', 'curator', 'search-analytics', 'competitive-analytics'].map((r): Screen => [`report ${r}`, `/reports/${r}/overview`, 'report-eyebrow']);
  await walk(page, [...settings, ...reports, ['integrations', '/integrations', 'integration-webhooks']], findings);
  expect(findings).toEqual([]);
});

test('a curator: win/loss overview, reports, interviews, the quote library and surveys, the import dialog, call insights', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, 'curator@demo.test', { app: true });
  await putUserData(page, 'isWinLossEnabled', true);
  try {
    const interview = ((await (await page.request.get('/api/win-loss/interviews?page=1')).json()) as { items: { id: number }[] }).items[0];
    const survey = ((await (await page.request.get('/api/win-loss/surveys')).json()) as { id: number; state: string }[]).find((s) => s.state !== 'draft')!;
    const rival = ((await (await page.request.get('/api/call-insights/overview.json')).json()) as { rivals: { id: number }[] }).rivals[0];
    await walk(
      page,
      [
        ['win/loss overview', '/win-loss', 'win-loss-overview'],
        ['win/loss reports', '/win-loss/reports', 'win-loss-reports'],
        ['win/loss interviews', '/win-loss/interviews', 'interview-row'],
        ['an interview', `/win-loss/interviews/${interview.id}`, 'passage'],
        ['the quote library', '/win-loss/interviews?view=quotes', 'quote'],
        ['win/loss surveys', '/win-loss/surveys', 'survey-row'],
        ['a sent survey', `/win-loss/surveys/${survey.id}`, 'survey-recipient-state'],
        ['a new survey', '/win-loss/surveys/new', 'survey-builder'],
        ['call insights', '/call-insights', 'overview-row'],
        ['a rival in calls', `/call-insights/rivals/${rival.id}`, 'rival-passage'],
        ['sales calls', '/call-insights/calls', 'call-row'],
      ],
      findings,
    );
    await page.getByTestId('call-open').first().click();
    await expect(page.getByTestId('call-passage').first()).toBeVisible();
    await audit(page, 'a call', findings);
    await page.goto('/win-loss');
    await page.getByTestId('win-loss-import').click();
    await expect(page.getByTestId('import-file')).toBeVisible();
    await audit(page, 'win/loss import dialog', findings);
  } finally {
    await putUserData(page, 'isWinLossEnabled', null);
  }
  expect(findings).toEqual([]);
});

test('signed out: the public survey page and its closed link', async ({ page }) => {
  const findings: Finding[] = [];
  // The page as a contact's link opens it; an unknown token shows the page's not-found state.
  await walk(page, [['public survey, unknown link', '/win-loss/p/not-a-real-token-0000000000000000000000000', 'survey-notFound']], findings);
  expect(findings).toEqual([]);
});
