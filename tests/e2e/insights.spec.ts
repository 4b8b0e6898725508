// Review insights in the browser (issue #27, part 3 §2.3, §2.4, §4.6): a curator imports a small CSV file of
// reviews and sees it succeed, opens a rival's insights, filters its reviews by an aspect and by rating, pins
// one (still pinned after a reload), opens an insight's sources and creates a card from that insight onto a
// board, then finds the card. A legacy path leads to the new screen; a seller is sent away from /insights.
import { expect, test, type Page } from './fixtures.ts';
import type { InsightListResponse, SupportedRivalsResponse } from '../../contracts/insights.ts';
import { closesWithoutFlash, signIn } from './session.ts';

const getJson = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
};

/** A rival of the demo with more strengths than a column shows at first, and weaknesses. */
async function rivalWithInsights(page: Page) {
  const { supportedRivals } = await getJson<SupportedRivalsResponse>(page, '/api/insights/v2/insights/supported-rivals');
  const rival = supportedRivals.find((r) => r.insights.strengths > 6 && r.insights.weaknesses > 0);
  expect(rival, 'the demo has a rival with many strengths').toBeTruthy();
  return rival!;
}

/** Three reviews of a rival as a review site's CSV export; the permalinks are new on every run. */
function csvOf(rivalSlug: string) {
  const stamp = Date.now().toString(36);
  const rows = [
    ['source', 'permalink', 'title', 'rating', 'publishedAt', 'text', 'reviewerRole', 'companySize'],
    ['G2', `https://www.g2.com/products/${rivalSlug}/reviews/e2e-${stamp}-1`, 'Great dashboards', '5', '2026-01-10', 'The dashboards are fast and the support team answers within hours.', 'Data Analyst', '51-200 employees'],
    ['Capterra', `https://www.capterra.com/p/1/${rivalSlug}/reviews/e2e-${stamp}-2/`, 'Pricey', '2', '2026-01-12', 'Pricing is confusing and the renewal went up by 30 percent.', 'CFO', 'Mid-Market'],
    ['TrustRadius', `https://www.trustradius.com/reviews/${rivalSlug}-e2e-${stamp}-3`, '"Solid, with caveats"', '3.5', '2026-01-15', 'Onboarding was smooth, but the mobile app crashes, often.', '', ''],
  ];
  return rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');
}

test('a curator imports reviews, filters and pins them, opens an insight’s sources and makes a card of it', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const rival = await rivalWithInsights(page);

  // /insights opens the first supported rival.
  await page.goto('/insights');
  await expect(page).toHaveURL(/\/insights\/\d+$/);
  await page.goto(`/insights/${rival.id}`);
  await expect(page.getByTestId('page-insights')).toHaveAttribute('data-rival-id', String(rival.id));

  // Import three reviews of this rival; the dialog follows the analysis to its end.
  await page.getByTestId('import-reviews').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-columns')).toContainText('permalink');
  await expect(dialog.getByTestId('import-rival')).toHaveValue(rival.name);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'g2-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(`e2e-${rival.id}`)) });
  await dialog.getByTestId('import-submit').click();
  await expect(dialog.getByTestId('import-succeeded')).toHaveText('3 reviews imported, 0 already there.', { timeout: 30_000 });
  await dialog.getByTestId('import-close').click();

  // Strengths beside weaknesses, the strongest first, each column folded after six.
  const insights = await getJson<InsightListResponse>(page, `/api/insights/v2/insights/supported-rivals/${rival.id}?type=strengths,weaknesses`);
  const strengths = insights.insights.strengths ?? [];
  expect(strengths.length).toBeGreaterThan(6);
  const strengthCards = page.getByTestId('insights-strengths').getByTestId('insight-card');
  await expect(strengthCards).toHaveCount(6);
  await expect(strengthCards.getByTestId('insight-title')).toHaveText(strengths.slice(0, 6).map((i) => i.title));
  await page.getByTestId('insights-strengths').getByTestId('insights-show-all').click();
  await expect(strengthCards).toHaveCount(strengths.length);
  await expect(page.getByTestId('insights-weaknesses').getByTestId('insight-card').first()).toBeVisible();

  // Reviews: filter by the most discussed aspect; every review shown judges it.
  await page.getByTestId('tab-reviews').click();
  await expect(page).toHaveURL(new RegExp(`/insights/${rival.id}/reviews$`));
  await expect(page.getByTestId('reviews-count')).toHaveAttribute('data-count', /^\d+$/);
  expect(Number(await page.getByTestId('reviews-count').getAttribute('data-count'))).toBeGreaterThan(25);
  const aspect = page.getByTestId('filter-aspect').first();
  await expect(aspect).toBeVisible();
  const aspectId = (await aspect.getAttribute('data-aspect-id'))!;
  const aspectCount = Number(await aspect.getAttribute('data-count'));
  await aspect.click();
  await expect(page).toHaveURL(new RegExp(`aspectId=${aspectId}`));
  await expect(page.getByTestId('reviews-count')).toHaveAttribute('data-count', String(aspectCount));
  const cards = page.getByTestId('review-card');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card.locator(`[data-testid="review-aspect"][data-aspect-id="${aspectId}"]`)).toHaveCount(1);

  // And by rating: from 4 stars up (the slider's lower thumb, eight half steps to the right).
  const lower = page.getByTestId('filter-rating').getByRole('slider').first();
  await lower.focus();
  for (let i = 0; i < 8; i++) await lower.press('ArrowRight');
  await expect(page).toHaveURL(/minRating=4(&|$)/);
  await expect(page.getByTestId('filter-rating-value')).toHaveText('4 to 5 stars');
  // The URL moves first and the page follows within a transition, through the values the thumb passed: wait
  // until the list shows 4 stars and up.
  const lowestShown = () => cards.evaluateAll((els) => Math.min(...els.map((e) => Number(e.getAttribute('data-rating')))));
  await expect.poll(lowestShown).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('reviews-count')).toHaveAttribute('data-count', /^\d+$/);
  const narrowed = Number(await page.getByTestId('reviews-count').getAttribute('data-count'));
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(aspectCount);

  // Pin the first review: at once, and still after a reload; "pinned only" lists it.
  const first = cards.first();
  const reviewId = (await first.getAttribute('data-review-id'))!;
  const pinned = page.locator(`[data-testid="review-card"][data-review-id="${reviewId}"]`);
  await expect(pinned).toHaveAttribute('data-bookmarked', 'false');
  await pinned.getByTestId('review-pin').click();
  await expect(pinned).toHaveAttribute('data-bookmarked', 'true');
  await page.reload();
  await expect(pinned).toHaveAttribute('data-bookmarked', 'true');

  // A pin the server refuses is undone, with the generic error.
  await page.route('**/api/insights/v2/reviews/*', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Server error"}' }) : route.fallback(),
  );
  const other = cards.nth(1);
  await expect(other).toHaveAttribute('data-bookmarked', 'false');
  await other.getByTestId('review-pin').click();
  await expect(page.getByText('Review insights could not be loaded or saved. Try again in a moment.')).toBeVisible();
  await expect(other).toHaveAttribute('data-bookmarked', 'false');
  await page.unroute('**/api/insights/v2/reviews/*');
  await page.getByTestId('filter-pinned').click();
  await expect(page).toHaveURL(/bookmarked=true/);
  await expect(pinned).toBeVisible();

  // An insight's sources, in the drawer.
  await page.getByTestId('tab-insights').click();
  const insight = page.getByTestId('insights-strengths').getByTestId('insight-card').first();
  const title = (await insight.getByTestId('insight-title').textContent())!;
  await insight.getByTestId('insight-sources').click();
  await expect(page).toHaveURL(/insightId=\d+/);
  const drawer = page.getByTestId('insight-drawer-body');
  await expect(drawer.getByTestId('insight-drawer-title')).toHaveText(title);
  await expect(drawer.getByTestId('insight-sources-list').getByTestId('review-card').first()).toBeVisible();
  expect(await closesWithoutFlash(page, 'insight-drawer', '[data-testid="insight-drawer-title"]')).toBe(true);
  await expect(page).not.toHaveURL(/insightId=/);

  // A card from that insight, on the rival's first board.
  await insight.getByTestId('insight-create-card').click();
  const form = page.getByTestId('insight-card-form');
  await expect(form.getByTestId('insight-card-name')).not.toHaveValue('');
  const cardName = `E2E insight ${Date.now().toString(36)}`;
  await form.getByTestId('insight-card-name').fill(cardName);
  await expect(form.getByTestId('insight-card-board')).not.toHaveValue('');
  await form.getByTestId('insight-card-submit').click();
  await expect(page.getByTestId('insight-card-created')).toBeVisible();
  await page.getByTestId('insight-card-link').click();
  await expect(page).toHaveURL(/\/profile\/\d+\?viewCard=\d+/);
  const cardId = Number(new URL(page.url()).searchParams.get('viewCard'));
  const card = await getJson<{ data: { name: string }; rival: { id: number }; sourcesCount?: number }>(page, `/api/cards/${cardId}.json`);
  expect(card.data.name).toBe(cardName);
  expect(card.rival.id).toBe(rival.id);
  const sources = await getJson<{ permalink: string }[]>(page, `/api/cards/${cardId}/sources.json`);
  expect(sources.length).toBeGreaterThan(0);
});

test('legacy insight paths lead to the new screens, and a seller is sent to the dashboard', async ({ page, browser }) => {
  await signIn(page, 'curator@demo.test');
  const rival = await rivalWithInsights(page);
  await page.goto(`/review_insights/${rival.id}/aspects`);
  await expect(page).toHaveURL(new RegExp(`/insights/${rival.id}$`));
  await page.goto(`/insights/${rival.id}/summary`);
  await expect(page).toHaveURL(new RegExp(`/insights/${rival.id}$`));
  await page.goto('/insights/not-a-rival');
  await expect(page).toHaveURL(/\/insights\/\d+$/);

  const seller = await browser.newPage();
  await signIn(seller, 'seller@demo.test');
  await seller.goto(`/insights/${rival.id}/reviews`);
  await expect(seller).toHaveURL(/\/dashboard$/);
  expect((await seller.request.get('/api/insights/v2/insights/supported-rivals')).status()).toBe(403);
  await seller.close();
});
