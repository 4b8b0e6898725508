// News for sellers in the browser (issue #30; part 1 §2 /feed, §6 unread state; part 2 §2 /profile/{id}/news): with
// unread badges on, a seller has read a rival's news; a curator publishes an intel item about that rival; the seller
// finds it in /feed by the words of its title and opens its detail, sees one unread item on the rival's dashboard
// tile, follows it to the rival's news where the item is marked new, and after that visit the badge is gone.
import { expect, test, type Browser, type Page, type Response } from './fixtures.ts';
import type { IntelListResponse } from '../../contracts/intel.ts';
import { closesWithoutFlash, csrfHeaders, signIn } from './session.ts';

type Rival = { id: number; name: string; profileId: number };

const TITLE = 'Quillbeam slashes enterprise seat pricing';

/** Turns a company flag on as the admin, in a browser context of its own, for the length of `body`; then puts it back. */
async function withCompanyFlag(browser: Browser, name: string, body: () => Promise<void>) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin@demo.test');
  const before = ((await (await admin.request.get('/api/company.json')).json()) as { companyData: { flags?: Record<string, boolean> } }).companyData.flags?.[name] === true;
  const set = async (value: boolean) => {
    const res = await admin.request.put('/api/company.json', { headers: await csrfHeaders(admin), data: { featureFlag: `flags.${name}`, value } });
    expect(res.status(), `${name} = ${value}`).toBe(200);
  };
  await set(true);
  try {
    await body();
  } finally {
    await set(before);
    await context.close();
  }
}

/** The seller's visit of a rival's news, as the page records it. */
const visitRecorded = (page: Page, profileId: number): Promise<Response> =>
  page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/users/me.json') || r.request().method() !== 'PUT') return false;
    const body = r.request().postDataJSON() as { featureFlag: unknown };
    return JSON.stringify(body.featureFlag) === JSON.stringify(['boardNewsVisits', String(profileId)]);
  });

const tileOf = (page: Page, rival: Rival) => page.locator(`[data-testid="rival-grid"] [data-testid="rival-tile"][data-id="${rival.id}"]`);

test('a seller finds a newly published item in the feed and in the rival’s news, unread until read', async ({ browser, page }) => {
  await withCompanyFlag(browser, 'unreadBadges', async () => {
    await signIn(page, 'seller@demo.test');
    // The rival of the first tile the seller's dashboard shows (tiles further down render only when scrolled to).
    await page.goto('/dashboard');
    const firstTile = page.getByTestId('rival-grid').first().getByTestId('rival-tile').first();
    await expect(firstTile).toBeVisible();
    const rivalId = Number(await firstTile.getAttribute('data-id'));
    const rivals = (await (await page.request.get('/api/rivals.json')).json()) as Rival[];
    const rival = rivals.find((r) => r.id === rivalId)!;

    // The seller reads the rival's news: from now on only newer news counts as unread.
    const firstVisit = visitRecorded(page, rival.profileId);
    await page.goto(`/profile/${rival.profileId}/news`);
    await expect(page.getByTestId('profile-news-rival')).toContainText(rival.name);
    expect((await firstVisit).status()).toBe(200);
    await page.goto('/dashboard');
    await expect(tileOf(page, rival)).toBeVisible();
    await expect(tileOf(page, rival).getByTestId('rival-tile-unread')).toHaveCount(0);

    // A curator publishes an unpublished item about that rival under a curated title.
    const curatorContext = await browser.newContext();
    const curator = await curatorContext.newPage();
    await signIn(curator, 'curator@demo.test');
    const list = (await (await curator.request.get(`/api/intel/v1?view=allIntel&states=unprocessed,working&published=false&rivalIds=${rival.id}&size=5`)).json()) as IntelListResponse;
    expect(list.hits.length, `an unpublished item about ${rival.name}`).toBeGreaterThan(0);
    const itemId = list.hits[0].id;
    const published = await curator.request.patch(`/api/intel/v1/${itemId}`, { headers: await csrfHeaders(curator), data: { publishIntel: true, curatedTitle: TITLE } });
    expect(published.status(), await published.text()).toBe(200);
    await curatorContext.close();

    // The feed finds it by the words of its title (once indexed); its row opens the detail.
    await page.goto('/feed');
    await expect(page.getByTestId('feed-item').first()).toBeVisible();
    const row = page.locator(`[data-testid="feed-item"][data-id="${itemId}"]`);
    await expect(async () => {
      await page.getByTestId('feed-search').fill('');
      await page.getByTestId('feed-search').fill('quillbeam seat pricing');
      await page.getByTestId('feed-search').press('Enter');
      await expect(page).toHaveURL(/[?&]q=quillbeam\+seat\+pricing/);
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('feed-matched-any')).toHaveCount(0);
    await expect(row.getByTestId('feed-item-title').locator('em').first()).toBeVisible();
    await expect(row.getByTestId('feed-item-rival')).toContainText([rival.name]);
    await expect(row.getByTestId('feed-item-rival').filter({ hasText: rival.name })).toHaveAttribute('href', `/profile/${rival.profileId}/news`);
    await row.getByTestId('feed-item-title').click();
    await expect(page).toHaveURL(new RegExp(`[?&]item=${itemId}`));
    const drawer = page.getByTestId('news-detail');
    await expect(drawer).toHaveAttribute('data-id', String(itemId));
    await expect(page.getByTestId('news-detail-title')).toHaveText(TITLE);
    const rivalNews = drawer.getByTestId('news-detail-rival').filter({ hasText: rival.name });
    await expect(rivalNews).toHaveAttribute('href', `/profile/${rival.profileId}/news`);
    // Closing the detail goes back to the search it was opened from; the item stays in the drawer while it slides out.
    expect(await closesWithoutFlash(page, 'news-drawer', '[data-testid="news-detail"]')).toBe(true);
    await expect(page.getByTestId('news-detail')).toHaveCount(0);
    await expect(page).toHaveURL(/\/feed\?q=quillbeam\+seat\+pricing$/);

    // The dashboard tile counts one unread item; its badge leads to the rival's news.
    await page.goto('/dashboard');
    const badge = tileOf(page, rival).getByTestId('rival-tile-unread');
    await expect(badge).toHaveText('1');
    const secondVisit = visitRecorded(page, rival.profileId);
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${rival.profileId}/news$`));
    const entry = page.locator(`[data-testid="profile-news-item"][data-kind="intel"][data-id="${itemId}"]`);
    await expect(entry.getByTestId('profile-news-title')).toContainText(TITLE);
    await expect(entry.getByTestId('profile-news-new')).toBeVisible();
    // Only what came since the first visit is new.
    await expect(page.getByTestId('profile-news-new')).toHaveCount(1);
    expect((await secondVisit).status()).toBe(200);

    // Read: the badge is gone from the tile, and from the profile header's News button.
    await page.getByTestId('profile-news-board').click();
    await expect(page.getByTestId('profile-news-link')).toBeVisible();
    await expect(page.getByTestId('profile-news-unread')).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(tileOf(page, rival)).toBeVisible();
    await expect(tileOf(page, rival).getByTestId('rival-tile-unread')).toHaveCount(0);
  });
});
