// Dynamic data blocks (issue #7; part 2 §3, §4, §5, §8). A seeded card with formulas shows its rival's
// provider data in the card viewer and in its lane; on a new rival without provider data the same
// formula shows the empty-data notice (Salesforce wording for a CRM formula), a comparison with one
// company is flagged invalid, and an unknown company shows the load-error text.
import { expect, test, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';


async function apiOf(page: Page) {
  const headers = await csrfHeaders(page);
  return {
    get: async (url: string) => {
      const res = await page.request.get(url);
      expect(res.ok(), url).toBe(true);
      return res.json();
    },
    post: async (url: string, data: object) => {
      const res = await page.request.post(url, { data, headers });
      expect(res.ok(), url).toBe(true);
      return res.json();
    },
  };
}

type Profile = { id: number; rivalId: number; boards: { id: number; name: string }[] };
type LaneCard = { id: number; textHtml: string };

test('a seeded formula card shows provider data in the viewer and its lane', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const api = await apiOf(page);
  const rivals: { profileId: number }[] = await api.get('/api/rivals.json');
  let found: { profile: Profile; card: LaneCard } | null = null;
  for (const r of rivals) {
    const profile: Profile = await api.get(`/api/profiles/${r.profileId}.json`);
    const overview = profile.boards.find((b) => b.name === 'Overview');
    if (!overview) continue;
    const cards: LaneCard[] = await api.get(`/api/boards/${overview.id}/cards.json`);
    const card = cards.find((c) => c.textHtml.includes('{{revenue(rival)}}'));
    if (card) {
      found = { profile, card };
      break;
    }
  }
  expect(found, 'the demo data has a card with a revenue formula').not.toBeNull();
  const { profile, card } = found!;
  const firmo = await api.get(`/api/providers/firmographic.json?rivalId=${profile.rivalId}`);
  const hiring = await api.get(`/api/providers/hiring.json?rivalId=${profile.rivalId}`);

  await page.goto(`/profile/${profile.id}?viewCard=${card.id}`);
  const body = page.getByTestId('card-viewer-body');
  const revenue = body.locator('[data-testid="dynamic-block"][data-formula="revenue"]');
  // The profile page behind the viewer loads every lane at once; give a busy machine time.
  await expect(revenue).toHaveAttribute('data-state', 'data', { timeout: 30_000 });
  await expect(revenue).toContainText('Estimated revenue');
  await expect(revenue).toContainText(firmo.data.revenueRange);
  await expect(revenue).toContainText(`$${firmo.data.estimatedRevenueUsd.toLocaleString('en-US')}`);
  const jobs = body.locator('[data-testid="dynamic-block"][data-formula="jobPostings"]').first();
  await expect(jobs.getByTestId('dynamic-block-facts')).toContainText(String(hiring.data.openRoles));
  await expect(jobs.getByTestId('dynamic-block-chart')).toBeVisible();
  // The placeholder text itself is never shown.
  await expect(body).not.toContainText('{{');

  // The lane card behind the viewer renders the same block.
  await page.keyboard.press('Escape');
  await expect(page.locator(`[data-testid="lane-card"][data-id="${card.id}"] [data-testid="dynamic-block"][data-formula="revenue"]`)).toHaveAttribute('data-state', 'data');
});

test('without provider data a block shows the empty notice; bad blocks are flagged or show the load error', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const api = await apiOf(page);
  const stamp = Date.now().toString(36);
  const rival = await api.post('/api/rivals.json', { name: `Dynamic ${stamp}`, category: 'company', url: `https://dynamic-${stamp}.test` });
  const profile: Profile = await api.get(`/api/profiles/${rival.profile.id}.json`);
  const card = await api.post('/api/cards.json?v=3', {
    data: {
      name: `Dynamic blocks ${stamp}`,
      hasDynamicBlocks: true,
      textHtml:
        '<p>Revenue:</p><p>{{revenue(rival)}}</p><p>{{crmWins()}}</p><p>{{trafficComparison(rival)}}</p><p>{{employeeCount(nowhere-at-all.test)}}</p>',
    },
    boardId: profile.boards[0].id,
    templateName: 'CardHTML',
  });

  await page.goto(`/profile/${profile.id}?viewCard=${card.id}`);
  const body = page.getByTestId('card-viewer-body');
  await expect(body).toContainText('Revenue:');
  await expect(body.locator('[data-formula="revenue"]')).toHaveText(
    "We don't have this data yet. We will update this card as soon as something is available.",
  );
  await expect(body.locator('[data-formula="crmWins"]')).toHaveAttribute('data-state', 'empty');
  await expect(body.locator('[data-formula="crmWins"]')).toContainText('Salesforce');
  await expect(body.locator('[data-testid="dynamic-block-invalid"][data-formula="trafficComparison"]')).toBeVisible();
  await expect(body.locator('[data-formula="employeeCount"]')).toHaveText('This data could not be loaded. Please try again later.');
});
