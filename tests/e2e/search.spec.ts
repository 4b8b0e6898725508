// Unified search in the browser (part 2 §2 Search, §4, §5): suggestions while typing, the results page
// with its filters (boards, tags and their should → must → must_not cycle), infinite scroll, the single
// card viewer; and visibility: the seed's Executives-only cards never reach a seller, in results or
// suggestions, while a curator sees them; the alerts mode is not offered to a seller.
import { expect, test, type Page } from './fixtures.ts';
import { forgetPickedMode } from './searchMode.ts';
import { signIn } from './session.ts';


/** Switches the unified search box to a mode (the default is ask: the demo company has the dashboard Ask flag). */
async function useMode(page: Page, label: 'Ask' | 'Cards' | 'Alerts') {
  const mode = page.getByTestId('unified-search-mode');
  await mode.getByText(label, { exact: true }).click();
  await expect(mode).toHaveAttribute('data-mode', label.toLowerCase());
}

/** Types terms and waits for the suggestions call they cause. */
async function typeForSuggestions(page: Page, terms: string) {
  const input = page.getByTestId('unified-search-input');
  const answered = page.waitForResponse((r) => r.url().includes('/api/suggest.json') && new URL(r.url()).searchParams.get('query') === terms);
  await input.fill(terms);
  const res = await answered;
  expect(res.status()).toBe(200);
}

/**
 * The count the page shows once the current results have loaded. While results of a changed search
 * load, the previous ones stay on screen without data-count; call this after the page shows the change.
 */
async function resultCount(page: Page): Promise<number> {
  const count = page.getByTestId('results-count');
  await expect(count).toHaveAttribute('data-count', /^\d+$/);
  return Number(await count.getAttribute('data-count'));
}

test('a curator searches with suggestions, filters, scrolls and opens a card', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  await useMode(page, 'Cards');

  // Suggestions while typing, grouped with tags first; ↓ then Enter picks the first (a tag).
  await typeForSuggestions(page, 'pricing');
  const suggestions = page.locator('[data-testid="suggestion"]:not([data-stale])');
  await expect(suggestions.first()).toBeVisible();
  await expect(page.locator('[data-testid="suggestion"][data-kind="tag"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="suggestion"][data-kind="completion"]').first()).toBeVisible();
  await expect(suggestions.first()).toHaveAttribute('data-kind', 'tag');
  await page.getByTestId('unified-search-input').press('ArrowDown');
  await page.getByTestId('unified-search-input').press('Enter');

  // Landed on the results of "pricing" within that tag.
  await expect(page).toHaveURL(/\/search\/pricing\?tags=\d+$/);
  const pricingTag = new URL(page.url()).searchParams.get('tags')!;
  await expect(page.getByTestId('search-results')).toBeVisible();
  const all = await resultCount(page);
  expect(all).toBeGreaterThan(10);
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  await expect(page.locator(`[data-testid="applied-filter"][data-field="tag"][data-id="${pricingTag}"]`)).toHaveAttribute('data-mode', 'should');

  // Filter by a board (competitors start folded: open the first): the results narrow to it and the count is the board's counter.
  await page.getByTestId('rival-boards-toggle').first().click();
  const board = page.getByTestId('filter-board').first();
  const boardId = await board.getAttribute('data-id');
  const boardCount = Number(await board.getAttribute('data-count'));
  expect(boardCount).toBeGreaterThan(0);
  expect(boardCount).toBeLessThan(all);
  await board.click();
  await expect(page).toHaveURL(new RegExp(`filters=[^&]*board-${boardId}`));
  await expect(page.locator(`[data-testid="filter-board"][data-id="${boardId}"]`)).toHaveAttribute('data-mode', 'should');
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', String(boardCount));
  const shown = page.getByTestId('search-result');
  await expect(shown).toHaveCount(Math.min(boardCount, 10));
  for (const id of await shown.evaluateAll((els) => els.map((e) => e.getAttribute('data-board-id')))) expect(id).toBe(boardId);

  // Cycle a tag that the visible results carry (not the Pricing tag) to must_not: it disappears from them.
  const tagIds = await page.getByTestId('result-tag').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-id')))]);
  const tagId = tagIds.find((id) => id !== pricingTag && id !== null);
  expect(tagId, 'a second tag on the visible results').toBeTruthy();
  const tag = page.locator(`[data-testid="filter-tag"][data-id="${tagId}"]`);
  // The sidebar lists the most frequent tags first; the others are behind "Show all".
  if (!(await tag.count())) await page.getByTestId('tag-filters').getByRole('button', { name: /^Show all/ }).click();
  await expect(tag).toHaveAttribute('data-mode', 'off');
  for (const mode of ['should', 'must', 'must_not']) {
    await tag.click();
    await expect(tag).toHaveAttribute('data-mode', mode);
    await expect(page.locator(`[data-testid="applied-filter"][data-field="tag"][data-id="${tagId}"]`)).toHaveAttribute('data-mode', mode);
  }
  await expect(page).toHaveURL(new RegExp(`not:tag-${tagId}`));
  await resultCount(page);
  await expect(page.locator(`[data-testid="search-results"] [data-testid="result-tag"][data-id="${tagId}"]`)).toHaveCount(0);

  // Clear all filters, then scroll: more than 10 results appear.
  await page.getByTestId('clear-filters').click();
  await expect(page).toHaveURL(/\/search\/pricing$/);
  await expect(page.getByTestId('applied-filter')).toHaveCount(0);
  expect(await resultCount(page)).toBeGreaterThan(10);
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  await page.getByTestId('search-result').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(10);

  // Open a card: the viewer shows its title; close it.
  const first = page.getByTestId('search-result').first();
  const cardId = await first.getAttribute('data-card-id');
  const title = (await first.getByTestId('search-result-title').innerText()).trim();
  await first.getByTestId('search-result-title').click();
  await expect(page).toHaveURL(new RegExp(`viewCard=${cardId}`));
  await expect(page.getByTestId('card-viewer')).toBeVisible();
  await expect(page.getByTestId('card-viewer-title')).toHaveText(title);
  await expect(page.getByTestId('card-viewer-edit')).toBeVisible();
  await page.getByTestId('card-viewer-close').click();
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);
  await expect(page).not.toHaveURL(/viewCard=/);
});

test('a card link that does not load shows the failure, which closes on click', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true, to: '/search/pricing?viewCard=999999' });
  await expect(page.getByTestId('card-viewer-failed')).toBeVisible();
  await page.getByTestId('card-viewer-failed').click();
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);
  await expect(page).toHaveURL(/\/search\/pricing$/);
});

const EXEC_TITLE = 'Executive pricing strategy';

test('a curator finds the Executives-only cards in results and suggestions', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  await useMode(page, 'Cards');
  await typeForSuggestions(page, 'Executive pricing');
  await expect(page.getByTestId('suggestion').filter({ hasText: EXEC_TITLE }).first()).toBeVisible();
  await page.getByTestId('unified-search-input').fill(EXEC_TITLE);
  await page.getByTestId('unified-search-input').press('Enter');
  await expect(page).toHaveURL(/\/search\/Executive%20pricing%20strategy$/);
  expect(await resultCount(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('search-result').filter({ hasText: EXEC_TITLE }).first()).toBeVisible();
});

test('a seller never sees the Executives-only cards and is not offered alerts', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  const mode = page.getByTestId('unified-search-mode');
  await expect(mode.getByText('Ask', { exact: true })).toBeVisible();
  await expect(mode.getByText('Cards', { exact: true })).toBeVisible();
  await expect(mode.getByText('Alerts', { exact: true })).toHaveCount(0);

  await useMode(page, 'Cards');
  await typeForSuggestions(page, 'Executive pricing');
  await expect(page.getByTestId('suggestions-loading')).toHaveCount(0);
  await expect(page.getByTestId('suggestion').filter({ hasText: EXEC_TITLE })).toHaveCount(0);

  await page.getByTestId('unified-search-input').fill(EXEC_TITLE);
  await page.getByTestId('unified-search-input').press('Enter');
  await expect(page).toHaveURL(/\/search\/Executive%20pricing%20strategy$/);
  await resultCount(page);
  await expect(page.getByTestId('search-result').filter({ hasText: EXEC_TITLE })).toHaveCount(0);
  // Nor further down the list.
  await page.mouse.wheel(0, 6000);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('search-result').filter({ hasText: EXEC_TITLE })).toHaveCount(0);

  // The quick finder (3+ characters) finds competitors and links to their profiles.
  await page.getByTestId('nav-hamburger').click();
  await page.getByTestId('quick-finder-input').fill('lum');
  await expect(page.getByTestId('quick-finder-item').first()).toBeVisible();
  await page.getByTestId('quick-finder-item').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
});

test('a seller who mistypes is shown the typo matches, offered the word they meant, and follows it', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  // "pricng" is not offered "pricing": its typo matches are already every card "pricing" finds.
  await page.goto('/search/dashbord');
  const typed = await resultCount(page);
  expect(typed).toBeGreaterThan(0);
  const offer = page.getByTestId('did-you-mean');
  await expect(offer).toContainText('Did you mean dashboard?');
  await offer.getByTestId('did-you-mean-link').click();
  await expect(page).toHaveURL(/\/search\/dashboard$/);
  await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
  expect(await resultCount(page)).toBeGreaterThanOrEqual(typed);
});

test('typed terms open cards and a question opens Ask, until a seller picks a mode, which stays theirs after a reload', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  await forgetPickedMode(page);
  const input = page.getByTestId('unified-search-input');
  const mode = page.getByTestId('unified-search-mode');
  try {
    await input.fill('pricing');
    await expect(mode).toHaveAttribute('data-mode', 'cards');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\/pricing$/);
    await expect(page.getByTestId('search-result').first()).toBeVisible();

    await page.goto('/dashboard');
    await input.fill('Does Lumenary offer SSO?');
    await expect(mode).toHaveAttribute('data-mode', 'ask');
    await input.press('Enter');
    await expect(page.getByTestId('page-ask').getByTestId('ask-question')).toHaveText('Does Lumenary offer SSO?');

    // Switching to Ask makes it the seller's mode: after a reload, terms go to Ask too.
    await page.goto('/dashboard');
    await input.fill('pricing');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me.json') && r.request().method() === 'PUT');
    await mode.getByText('Ask', { exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(mode).toHaveAttribute('data-mode', 'ask');
    await input.fill('pricing');
    await expect(mode).toHaveAttribute('data-mode', 'ask');
    await input.press('Enter');
    await expect(page.getByTestId('page-ask').getByTestId('ask-question')).toHaveText('pricing');
  } finally {
    await forgetPickedMode(page);
  }
});

test('on a phone a 300-character search asks for no suggestions the server would refuse, and its heading stays two lines', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'seller@demo.test');
  await forgetPickedMode(page);
  const suggestQueries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/suggest.json')) suggestQueries.push(new URL(r.url()).searchParams.get('query') ?? '');
  });
  const long = 'pricing renewal discount security onboarding '.repeat(7).slice(0, 300);
  expect(long.length).toBe(300);

  await page.getByTestId('phone-search-open').click();
  const input = page.getByTestId('unified-search-input');
  await input.fill(long);
  await expect(page.getByTestId('suggestions')).toBeHidden();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\/pricing/);
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', /^\d+$/);
  expect(suggestQueries.filter((q) => q.length > 200)).toEqual([]);

  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveAttribute('title', long.trim());
  expect((await heading.boundingBox())!.height).toBeLessThan(844 / 8);
});
