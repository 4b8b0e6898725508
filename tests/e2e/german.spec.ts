// Rivalscope in German, end to end. A seller picks Deutsch in their profile: the interface switches at once, stays
// German after a reload and on the next sign-in in an English browser (the saved language wins), and switches back.
// The sign-in page speaks German with ?lng=de. German users then walk the main screens — a seller the dashboard,
// search, a card, a rival's profile and battlecard and Ask; a curator alerts, insights and notifications; an admin
// reports and company settings — and each screen shows German text (from web/src/i18n/locales/de), <html lang="de">,
// and no sideways scroll at 390 px. Full-page screenshots at 1440 and 390 px go to test-results/german/ for a person
// to look at.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { csrfHeaders, saveLanguage, signIn } from './session.ts';

const SHOTS = 'test-results/german';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ locale: 'en-US', viewport: DESKTOP });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

// The other specs share this server and read the demo users in English: give them back their language.
test.afterEach(async ({ page }) => {
  if ((await page.request.get('/api/users/me.json')).ok()) await saveLanguage(page, 'en');
});

/** Signs in as a demo user whose saved language is German. */
async function signInGerman(page: Page, email: string) {
  await signIn(page, email, { app: true });
  await saveLanguage(page, 'de');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

/** The page's horizontal overflow in px: how far the document is wider than the window. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Looks at the current screen at 1440 and at 390 px: the page is German (`<html lang="de">`, the top navigation's
 * German name when signed in, and the given German texts), does not scroll sideways on the phone, and is saved as
 * test-results/german/<name>-<width>.png. Leaves the window at 1440 px.
 */
async function inGerman(page: Page, name: string, texts: Locator[], { signedIn = true } = {}) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    if (signedIn) await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    for (const text of texts) await expect(text).toBeVisible();
    // Soft: one run names every screen that scrolls sideways, and still saves the screenshots to look at.
    if (size === PHONE) await expect.soft.poll(() => overflow(page), { message: `${name} scrolls sideways at 390 px` }).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * The top bar names a menu in German: on a menu of its own, or as a section of the one menu a curator's bar collapses
 * into at laptop widths (tests/e2e/top-bar.spec.ts).
 */
async function expectNavSection(page: Page, menu: string, label: string) {
  const own = page.getByTestId(`nav-menu-${menu}`);
  if (await own.isVisible()) return expect(own).toHaveText(label);
  const collapsed = page.getByTestId('nav-menu-more');
  await expect(collapsed).toHaveText('Menü');
  await collapsed.click();
  await expect(page.getByRole('menu').getByText(label, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Picks a mode of the top bar's search box by its (German) label. */
async function searchMode(page: Page, label: string, mode: string) {
  const modes = page.getByTestId('unified-search-mode');
  await modes.getByText(label, { exact: true }).click();
  await expect(modes).toHaveAttribute('data-mode', mode);
}

test('a seller switches to German in their profile: at once, after a reload, on the next sign-in, and back', async ({ page, browser }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  await saveLanguage(page, 'en');
  await page.goto('/settings/profile');
  const html = page.locator('html');
  const language = page.getByRole('textbox', { name: 'Language' });
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('nav-menu-share')).toHaveText('Share');

  await language.click();
  // Each language is named in itself, so a reader finds theirs whatever the page speaks.
  await page.getByRole('option', { name: 'Deutsch', exact: true }).click();
  await expect(language).toHaveValue('Deutsch');
  await page.getByTestId('profile-save').click();

  // At once, without a reload: the page, its labels and the top navigation are German.
  const german = async () => {
    await expect(html).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Ihr Profil' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Sprache' })).toHaveValue('Deutsch');
    await expect(page.getByTestId('profile-save')).toHaveText('Speichern');
    await expect(page.getByTestId('nav-menu-share')).toHaveText('Teilen');
    await expect(page.getByTestId('submit-intel')).toHaveText('Intel melden');
    await expect(page).toHaveTitle('Ihr Profil · Rivalscope');
  };
  await german();
  await inGerman(page, 'profile-settings', [page.getByText('E-Mail-Digests')]);
  await page.reload();
  await german();

  // The next sign-in, in a browser that asks for English and has no remembered language: the saved one wins.
  const other = await browser.newContext({ locale: 'en-US' });
  try {
    const next = await other.newPage();
    await next.goto('/account/signin');
    await expect(next.getByRole('heading', { name: 'Sign in to Rivalscope' })).toBeVisible();
    await expect(next.locator('html')).toHaveAttribute('lang', 'en');
    await signIn(next, 'seller@demo.test', { app: true });
    await expect(next.locator('html')).toHaveAttribute('lang', 'de');
    await expect(next.getByTestId('nav-menu-share')).toHaveText('Teilen');
    await expect(next.getByTestId('unified-search-mode')).toContainText('Karten');
  } finally {
    await other.close();
  }

  // And back to English, again at once.
  await page.getByRole('textbox', { name: 'Sprache' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.getByTestId('profile-save').click();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Language' })).toHaveValue('English');
  await expect(page.getByTestId('nav-menu-share')).toHaveText('Share');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
});

test('the sign-in page speaks German with ?lng=de', async ({ page }) => {
  await page.goto('/account/signin?lng=de');
  await expect(page.getByRole('heading', { name: 'Bei Rivalscope anmelden' })).toBeVisible();
  await expect(page).toHaveTitle('Anmelden · Rivalscope');
  // The email comes first; the password field appears once its domain signs in with a password.
  await expect(page.getByTestId('signin-submit')).toHaveText('Weiter');
  await inGerman(page, 'signin', [page.getByText('Wettbewerbsanalyse für Vertriebs- und Produktteams').first()], { signedIn: false });

  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('signin-error')).toHaveText('Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.');
  await page.getByTestId('signin-email').fill('seller@demo.test');
  await expect(page.getByLabel('Passwort')).toBeVisible();
  await expect(page.getByTestId('signin-submit')).toHaveText('Anmelden');
  await page.getByTestId('signin-password').fill('not-the-password');
  await page.getByTestId('signin-submit').click();
  // The server refuses the password: the page says so in German, not in the server's English.
  await expect(page.getByTestId('signin-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
  await inGerman(page, 'signin-failed', [page.getByRole('alert', { name: 'Anmeldung fehlgeschlagen' })], { signedIn: false });
});

test('a German seller walks the dashboard, search, a card, a rival and Ask', async ({ page }) => {
  await signInGerman(page, 'seller@demo.test');

  await page.goto('/dashboard');
  const tileCards = page.getByTestId('rival-tile-cards').first();
  await expect(tileCards).toHaveText(/^\d+ Karten?$/);
  await expect(page.getByTestId('nav-menu-share')).toHaveText('Teilen');
  // The Ask bar's suggestions are the prompt library's first templates, worded in German.
  const suggestion = page.getByTestId('ask-bar').getByTestId('ask-suggestion').first();
  await expect(suggestion).toHaveText(/^Warum wir gegen .+ gewinnen$/);
  await inGerman(page, 'dashboard', [page.getByText('Sortieren nach', { exact: true }), tileCards]);

  // Search for a common term from the top bar.
  await searchMode(page, 'Karten', 'cards');
  await page.getByTestId('unified-search-input').fill('pricing');
  await page.getByTestId('unified-search-input').press('Enter');
  await expect(page).toHaveURL(/\/search\/pricing$/);
  const count = page.getByTestId('results-count');
  await expect(count).toHaveAttribute('data-count', /^\d+$/);
  await expect(count).toHaveText(/^\d{1,3}(\.\d{3})* Ergebnisse$/);
  await inGerman(page, 'search', [page.getByRole('heading', { name: 'Ergebnisse für „pricing“' }), count]);

  // A card opened from the results.
  await page.getByTestId('search-result-title').first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByTestId('card-viewer-body')).toBeVisible();
  await expect(viewer.getByTestId('card-viewer-breadcrumb')).toHaveAttribute('aria-label', 'Wo sich diese Karte befindet');
  await inGerman(page, 'card', [viewer.getByText('Feedback geben'), viewer.getByRole('group', { name: 'War diese Karte hilfreich?' })]);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // A rival's profile and its battlecard.
  const { firstProfileId } = (await (await page.request.get('/api/company.json')).json()) as { firstProfileId: number };
  await page.goto(`/profile/${firstProfileId}`);
  await expect(page.getByTestId('lane-card').first()).toBeVisible();
  await expect(page.getByTestId('lane-nav-position')).toHaveText(/^Spalten \d+–\d+ von \d+$/);
  await inGerman(page, 'profile', [page.getByText(/^Zu .+ fragen$/).first()]);

  await page.goto(`/profile/${firstProfileId}/battlecard/view`);
  await expect(page.getByTestId('battlecard-card').first()).toBeVisible();
  await expect(page.getByTestId('battlecard-layout')).toContainText('Mobil');
  await inGerman(page, 'battlecard', [page.getByText('Feedback geben').first()]);

  // Ask, from the top bar: the answer comes back, framed in German.
  await searchMode(page, 'Fragen', 'ask');
  await page.getByTestId('unified-search-input').fill('How does Lumenary pricing work?');
  await page.getByTestId('unified-search-input').press('Enter');
  await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
  await expect(page.getByTestId('ask-answer').first()).not.toBeEmpty();
  await expect(page.getByTestId('ask-source').first()).toBeVisible();
  const banner = page.getByTestId('ask-fallback-banner');
  await expect(banner).toHaveText('Es ist kein KI-Modell konfiguriert, daher zitiert diese Antwort die relevantesten Sätze Ihrer Inhalte.');
  await inGerman(page, 'ask', [banner, page.getByTestId('page-ask').getByText('Rivalscope fragen', { exact: true })]);
});

test('a German curator walks alerts, review insights and notifications', async ({ page }) => {
  await signInGerman(page, 'curator@demo.test');
  await expectNavSection(page, 'discover', 'Entdecken');

  await page.goto('/alerts');
  const count = page.getByTestId('intel-count');
  await expect(count).toHaveAttribute('data-count', /^\d+$/);
  await expect(count).toHaveText(/^\d{1,3}(\.\d{3})* Meldungen? in dieser Ansicht$/);
  await inGerman(page, 'alerts', [count, page.getByText('Nach Thema und Quelle aufschlüsseln').first()]);

  await page.goto('/insights');
  await expect(page).toHaveURL(/\/insights\/\d+$/);
  const insight = page.getByTestId('insight-card').first();
  await expect(insight).toContainText(/Basiert auf \d+ Bewertungen?/);
  // The summary the server writes from the insight's figures reads German too.
  await expect(insight.getByTestId('insight-summary')).toHaveText(/^[\d.]+ Bewertungen (loben|kritisieren) diesen Aspekt: \d+\s%/);
  // …as does the line the aspect chart says of its aspect's counts.
  await expect(page.getByTestId('aspect-chart-summary')).toHaveText(/^[\d.]+ Bewertungen beurteilen .+, \d+\s% davon (positiv|negativ)\.$/);
  await inGerman(page, 'insights', [page.getByRole('heading', { name: 'Erkenntnisse aus Bewertungen' }), page.getByText('Stärken und Schwächen'), insight]);

  // Notifications: the demo curator has some (new intel on the rivals he curates), worded in German around the rivals'
  // names; counts group thousands the German way.
  await page.goto('/notifications');
  await expect(page.getByTestId('notification').first()).toBeVisible();
  await expect(page.locator('[data-testid="notification"][data-kind="intel"]').first().getByTestId('notification-title')).toHaveText(/^Neue Intel zu \S/);
  await expect(page.getByTestId('notifications-unread')).toHaveText(/^\d{1,3}(\.\d{3})* ungelesen$|^Nichts Ungelesenes$/);
  await inGerman(page, 'notifications', [page.getByRole('heading', { name: 'Benachrichtigungen', exact: true }), page.getByText('Posteingang')]);
});

test('a German admin walks reports and company settings', async ({ page }) => {
  await signInGerman(page, 'admin@demo.test');
  await expectNavSection(page, 'measure', 'Auswerten');

  await page.goto('/reports/consumer-usage/overview');
  const kpi = page.getByTestId('report-kpi').first();
  const exportCsv = page.getByTestId('report-table-export').first();
  await expect(kpi).toContainText('ggü. Vorzeitraum');
  await expect(page.getByTestId('report-eyebrow')).toHaveText('Berichte');
  await expect(page.getByTestId('report-tab')).toHaveText(['Übersicht', 'Ranglisten']);
  await expect(exportCsv).toHaveText('CSV exportieren');
  await inGerman(page, 'reports', [kpi, exportCsv]);

  await page.goto('/settings');
  await expect(page.getByTestId('company-section')).toBeVisible();
  await expect(page.getByTestId('company-save')).toHaveText('Änderungen speichern');
  await inGerman(page, 'company-settings', [page.getByRole('heading', { name: 'Unternehmenseinstellungen' }), page.getByLabel('Unternehmensname')]);
});

test('a German admin reads the server’s refusal in German, while the API keeps its English message and code', async ({ page }) => {
  await signInGerman(page, 'admin@demo.test');
  const groups = (await (await page.request.get('/api/visibility_groups.json')).json()) as { name: string }[];
  const taken = groups[0].name;

  // The wire: the spec's English words, with the code and values the web words in the reader's language.
  const refused = await page.request.post('/api/visibility_groups.json', { headers: await csrfHeaders(page), data: { name: taken.toUpperCase() } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    error: `Invalid body: name "${taken.toUpperCase()}" is already a visibility group`,
    code: 'visibility_group_taken',
    params: { name: taken.toUpperCase() },
  });

  // The screen: the same refusal under the field, in German.
  await page.goto('/settings/visibility-groups');
  await page.getByTestId('visibility-group-create-name').fill(taken.toUpperCase());
  await page.getByTestId('visibility-group-create-submit').click();
  await expect(page.getByTestId('visibility-group-create')).toContainText('Name: ist bereits vergeben');
  await expect(page.getByTestId('visibility-group-create')).not.toContainText('already');
});
