// The user menu's tips (part 2 §2): FAQs and guides (/help) and What's new (/whats-new), opened from the menu. Help
// groups its questions by role, narrows them as a filter is typed, opens them from the keyboard and from a link
// (/help#<question>). What's new lists the release notes newest first, dates in the reader's language, and the menu
// marks it "New" until the user has opened it since the newest note; it remembers that per user, on the server.
// Apps and integrations leads the section and opens /integrations (tests/e2e/integrations.spec.ts reads that page).
import fs from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { putUserData, saveLanguage, signIn } from './session.ts';

const WHATS_NEW_SEEN = 'whatsNewSeen';
/** Screenshots of the pages and the menu, for a person to look at. */
const SHOTS = 'test-results/tips';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

async function openTip(page: Page, id: 'faqs' | 'whatsNew') {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`user-menu-${id}`).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test.afterEach(async ({ page }) => {
  if ((await page.request.get('/api/users/me.json')).ok()) await saveLanguage(page, 'en');
});

test('a seller opens FAQs and guides from the user menu, filters it, and opens questions by keyboard and by link', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'seller@demo.test', { app: true });
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Tips', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-menu-faqs')).toHaveText('FAQs and guides');
  await expect(page.getByTestId('user-menu-appsAndIntegrations')).toHaveText('Apps and integrations');
  await page.keyboard.press('Escape');

  await openTip(page, 'faqs');
  await expect(page).toHaveURL('/help');
  await expect(page).toHaveTitle(/^FAQs and guides · Rivalscope$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQs and guides');
  await expect(page.getByTestId('help-group')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['For sellers, and everyone', 'For curators', 'For admins']);
  const questions = page.getByTestId('help-question');
  const total = await questions.count();
  expect(total).toBeGreaterThan(20);

  // The filter narrows as it is typed, and says how many match.
  const filter = page.getByRole('searchbox', { name: 'Filter the questions' });
  await filter.fill('digest');
  await expect(page.locator('[data-question="digests"]')).toBeVisible();
  await expect(page.locator('[data-question="find-cards"]')).toHaveCount(0);
  const narrowed = await questions.count();
  expect(narrowed).toBeGreaterThan(1);
  expect(narrowed).toBeLessThan(total);
  await expect(page.getByTestId('help-count')).toHaveText(`${narrowed} questions match`);
  await filter.pressSequentially(' stop');
  await expect(questions).toHaveCount(1);
  await expect(page.getByTestId('help-count')).toHaveText('1 question matches');
  await filter.fill('wormhole');
  await expect(page.getByTestId('help-empty')).toContainText('No question matches “wormhole”');
  await page.getByRole('button', { name: 'Clear the filter' }).click();
  await expect(questions).toHaveCount(total);

  // Keyboard: each question is a button in a heading; Enter opens it, the arrow keys move between them.
  const first = page.getByRole('button', { name: 'How does search find the right card?' });
  await expect(page.getByRole('heading', { level: 3, name: 'How does search find the right card?' })).toBeVisible();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-question="find-cards"]').getByText('Typos are forgiven', { exact: false })).toBeVisible();
  // Opening a question puts its link in the address bar.
  await expect(page).toHaveURL('/help#find-cards');
  await page.keyboard.press('ArrowDown');
  const second = page.getByRole('button', { name: 'What do Ask, Cards, Alerts and Reviews next to the search box do?' });
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'false');

  // A link to a question, opened anew, opens that one, in view, and no other.
  await page.goto('/dashboard');
  await page.goto('/help#shortcuts');
  const shortcuts = page.locator('[data-question="shortcuts"]');
  await expect(shortcuts.getByRole('button', { name: 'Which keyboard shortcuts are there?' })).toHaveAttribute('aria-expanded', 'true');
  await expect(shortcuts.locator('kbd').first()).toBeInViewport();
  await expect(page.locator('[data-question] button[aria-expanded="true"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/help-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/help-390.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A curator’s question opens from a link too, for anyone.
  await page.goto('/help#card-permissions');
  await expect(page.getByRole('button', { name: 'Who sees a card I write?' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-question="card-permissions"]').getByText('Curators only (draft)')).toBeInViewport();
});

test('FAQs and guides in German', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  await saveLanguage(page, 'de');
  await page.goto('/help#what-you-see');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQs und Anleitungen');
  await expect(page.getByRole('button', { name: 'Warum finde ich eine Karte nicht, die ein Kollege erwähnt hat?' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('searchbox', { name: 'Fragen filtern' }).fill('prufen');
  await expect(page.getByTestId('help-count')).toHaveText(/^\d+ Fragen? pass(t|en)$/);
  await expect(page.locator('[data-question="submit-intel"]')).toBeVisible();
});

test('What’s new is marked in the user menu until it is opened, lists the release notes newest first, and marks what came since the last visit', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'seller@demo.test', { app: true });
  // Someone who never opened it.
  await putUserData(page, WHATS_NEW_SEEN, null);
  await page.reload();
  await page.getByTestId('user-menu').click();
  const item = page.getByTestId('user-menu-whatsNew');
  await expect(item).toHaveAttribute('data-badge', 'new');
  await expect(item).toHaveText(/What's new\s*New/);
  await page.screenshot({ path: `${SHOTS}/user-menu-new.png` });
  await item.click();

  await expect(page).toHaveURL('/whats-new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("What's new");
  const days = page.getByTestId('release-day');
  const dayValues = await days.evaluateAll((els) => els.map((e) => e.getAttribute('data-day')!));
  expect(dayValues.length).toBeGreaterThan(3);
  expect(dayValues).toEqual([...dayValues].sort().reverse());
  // Days read in the reader's language.
  const newest = dayValues[0];
  const english = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${newest}T00:00:00Z`));
  await expect(days.first().getByRole('heading', { level: 2 })).toHaveText(english);
  await expect(page.getByRole('heading', { level: 3, name: 'Rivalscope speaks German' })).toBeVisible();
  // A first visit marks nothing as new: everything is.
  await expect(page.locator('[data-testid="release-note"][data-new]')).toHaveCount(0);

  // Opened: the mark is gone, and stays gone after a reload (kept on the server for this user).
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-whatsNew')).not.toHaveAttribute('data-badge');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-whatsNew')).not.toHaveAttribute('data-badge');
  await expect(page.getByTestId('user-menu-whatsNew')).toHaveText("What's new");
  await page.keyboard.press('Escape');

  // Someone who last looked before the newest notes: the mark comes back, and the page marks what is new to them.
  await putUserData(page, WHATS_NEW_SEEN, '2026-11-25');
  await page.goto('/dashboard');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-whatsNew')).toHaveAttribute('data-badge', 'new');
  await page.getByTestId('user-menu-whatsNew').click();
  await expect(page.getByTestId('page-whats-new')).toBeVisible();
  const fresh = page.locator('[data-testid="release-note"][data-new]');
  const expectedNotes = await page.locator('[data-testid="release-day"]').evaluateAll(
    (els, since) => els.filter((e) => e.getAttribute('data-day')! > since).reduce((n, e) => n + e.querySelectorAll('[data-testid="release-note"]').length, 0),
    '2026-11-25',
  );
  expect(expectedNotes).toBeGreaterThan(0);
  await expect(fresh).toHaveCount(expectedNotes);
  await expect(page.getByTestId('whats-new-fresh')).toHaveText(`${expectedNotes} changes since your last visit`);
  await expect(page.locator('[data-day="2026-11-25"] [data-testid="release-note"][data-new]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/whats-new-1440.png`, fullPage: true });

  // In German: the page, its days and the menu.
  await saveLanguage(page, 'de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neuigkeiten');
  const german = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${newest}T00:00:00Z`));
  await expect(days.first().getByRole('heading', { level: 2 })).toHaveText(german);
  await expect(page.getByRole('heading', { level: 3, name: 'Rivalscope spricht Deutsch' })).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu').getByText('Tipps', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-menu-faqs')).toHaveText('FAQs und Anleitungen');
  await expect(page.getByTestId('user-menu-whatsNew')).toHaveText('Neuigkeiten');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/whats-new-de-390.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
