// The company landing page in the browser (issue #28, part 3 §2.3, §2.4, §4.5, §4.6, §4.6b, §8): a seller opens a
// rival's page, reads the written sections once the job has made them, follows their citations (a card opens in the
// viewer, an insight is scrolled to), folds a section (still folded after a reload), stars the rival and undoes it,
// and copies the share link (its use reported once per 5 s), which opens the same page. A curator's settings save
// only after a change, and they change the key cards. On a phone the page is one column with What's new folded. With
// landing pages in Ask, an answer about one rival shows its overview and leads to its page; a company whose
// consumers land on the landing page sends them there. While sections are written the page polls every 3 s and says
// so after 15 s; a failed section stops the polling and offers Retry.
import { expect, test, type Browser, type Page } from './fixtures.ts';
import type { LandingPage } from '../../contracts/landing.ts';
import { csrfHeaders, signIn } from './session.ts';

type Rival = { id: number; name: string; profileId: number; battlecardsCount: number };

const getJson = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
};

/** A rival of the demo with battlecards, as the signed-in user sees it. */
async function rivalWithBattlecards(page: Page): Promise<Rival> {
  const rivals = await getJson<Rival[]>(page, '/api/rivals.json');
  const rival = rivals.find((r) => r.battlecardsCount > 0);
  expect(rival, 'the demo has a rival with battlecards').toBeTruthy();
  return rival!;
}

/** Sets a company setting as the admin, in a browser context of its own, for the length of `body`. */
async function withCompanySetting(browser: Browser, featureFlag: string, value: unknown, reset: unknown, body: () => Promise<void>) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin@demo.test');
  const set = async (v: unknown) => {
    const res = await admin.request.put('/api/company.json', { headers: await csrfHeaders(admin), data: { featureFlag, value: v } });
    expect(res.status(), `${featureFlag} = ${String(v)}`).toBe(200);
  };
  await set(value);
  try {
    await body();
  } finally {
    await set(reset);
    await context.close();
  }
}

/** The written sections are made by a job: wait until the section shows its content with citations. */
async function expectWritten(page: Page, section: string) {
  const body = page.getByTestId(`section-${section}`).getByTestId('landing-generated');
  await expect(body).toHaveAttribute('data-view', 'ready', { timeout: 45_000 });
  await expect(body.getByTestId('landing-citation').first()).toBeVisible();
}

test('a seller reads a rival’s landing page, follows its citations, folds a section, stars the rival with undo and copies the share link', async ({ browser, page, context }) => {
  await withCompanySetting(browser, 'flags.companyFavorites', true, false, async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'seller@demo.test');
    const rival = await rivalWithBattlecards(page);
    await page.goto(`/company/${rival.id}`);
    await expect(page.getByTestId('landing-title')).toHaveText(rival.name);

    // The table of contents lists the sections in the spec's order.
    const toc = page.getByTestId('landing-toc-link');
    await expect(toc.first()).toHaveText('How we compare');
    await expect(toc.nth(1)).toHaveText('Battlecards');
    await expect(toc.nth(2)).toHaveText('Strengths and weaknesses');
    await expect(toc.last()).toHaveText('Overview');

    await expectWritten(page, 'how_we_compare');
    await expectWritten(page, 'overview');
    await expect(page.getByTestId('section-battlecards').getByTestId('landing-battlecard')).toHaveCount(rival.battlecardsCount);

    // A citation names its source on hover; a card citation opens the card in the viewer over the page.
    const written = await getJson<LandingPage>(page, `/api/overviews/${rival.id}/landing_page.json`);
    const overview = written.generated.sections.find((s) => s.sectionType === 'overview')!.data!;
    const card = overview.citations.find((c) => c.type === 'card')!;
    const cardChip = page.getByTestId('section-overview').locator(`[data-testid="landing-citation"][data-ref="${card.n}"]`).first();
    await cardChip.hover();
    await expect(page.getByRole('tooltip')).toContainText(card.title);
    await cardChip.click();
    await expect(page).toHaveURL(new RegExp(`/company/${rival.id}\\?viewCard=${card.id}$`));
    await expect(page.getByTestId('card-viewer-body')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('card-viewer-body')).toBeHidden();

    // An insight citation scrolls to that insight, on the page.
    const insight = overview.citations.find((c) => c.type === 'insight');
    expect(insight, 'the overview cites what reviewers say').toBeTruthy();
    await page.getByTestId('section-overview').locator(`[data-testid="landing-citation"][data-ref="${insight!.n}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/company/${rival.id}#insight-${insight!.id}$`));
    await expect(page.locator(`#insight-${insight!.id}`)).toBeInViewport();

    // Folding a section hides its content, and it stays folded after a reload.
    const battlecards = page.getByTestId('section-battlecards');
    await battlecards.getByTestId('section-toggle').click();
    await expect(battlecards).toHaveAttribute('data-open', 'false');
    await expect(battlecards.getByTestId('landing-battlecard').first()).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('section-battlecards')).toHaveAttribute('data-open', 'false');
    await page.getByTestId('section-battlecards').getByTestId('section-toggle').click();
    await expect(page.getByTestId('section-battlecards').getByTestId('landing-battlecard').first()).toBeVisible();

    // The star: on at once, said in a notice whose Undo takes it back, on the server too.
    const star = page.getByTestId('landing-favorite');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('favorite-notice')).toContainText(`${rival.name} favorited`);
    const favorites = async () => (await getJson<{ id: number }[]>(page, '/api/favorited_companies.json')).map((f) => f.id);
    await expect.poll(favorites).toContain(rival.id);
    await page.getByTestId('favorite-undo').click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(favorites).not.toContain(rival.id);

    // The share link goes to the clipboard; its use is reported once however often it is copied within 5 s.
    const reports: string[] = [];
    page.on('request', (r) => r.url().endsWith(`/api/profiles/${written.profileId}/share.json`) && reports.push(r.method()));
    await page.getByTestId('landing-share').click();
    await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${new URL(page.url()).origin}/company/${rival.id}/profile/${written.profileId}`);
    await expect.poll(() => reports).toEqual(['POST']);
    await page.getByTestId('landing-share').click();
    // The second copy's notice shows once its handler has run; a request the page sends after that reaches the
    // test after any report the handler sent.
    await expect(page.getByText('Link copied to the clipboard')).toHaveCount(2);
    await page.evaluate(() => fetch('/api/health'));
    expect(reports).toEqual(['POST']);

    // The link opens the same page, by its profile.
    await page.goto(link);
    await expect(page.getByTestId('page-landing')).toHaveAttribute('data-profile-id', String(written.profileId));
    await expect(page.getByTestId('landing-title')).toHaveText(rival.name);
    // Any other tail is sent to the base path.
    await page.goto(`/company/${rival.id}/elsewhere`);
    await expect(page).toHaveURL(new RegExp(`/company/${rival.id}$`));
  });
});

test('a curator saves the page settings only after a change, and changes the key cards', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const rival = await rivalWithBattlecards(page);
  await page.goto(`/company/${rival.id}`);
  const profileId = Number(await page.getByTestId('page-landing').getAttribute('data-profile-id'));

  await page.getByTestId('landing-settings-open').click();
  const settings = page.getByTestId('landing-settings');
  const save = settings.getByTestId('landing-settings-save');
  const publicSources = settings.getByRole('switch');
  await expect(save).toBeDisabled();
  await publicSources.click();
  await expect(save).toBeEnabled();
  // Back as it was: nothing to save.
  await publicSources.click();
  await expect(save).toBeDisabled();

  // The product filter offers the company's own products.
  await settings.getByTestId('landing-settings-products').click();
  await page.getByRole('option', { name: 'Northwind Embed' }).click();
  // Escape closes the product list, not the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: 'Northwind Embed' })).toBeHidden();
  await expect(save).toBeEnabled();
  const { products } = await getJson<{ products: { id: number; name: string }[] }>(
    page,
    `/api/organizations/${(await getJson<{ ownOrganizationId: number }>(page, '/api/company.json')).ownOrganizationId}/products`,
  );
  const embed = products.find((p) => p.name === 'Northwind Embed')!;
  const saved = page.waitForRequest((r) => r.url().endsWith(`/api/profiles/${profileId}`) && r.method() === 'PUT');
  await save.click();
  expect((await saved).postDataJSON()).toEqual({ publicSourcesEnabled: true, products: [embed.id] });
  await expect(settings).toBeHidden();
  // The sections are written again for the new settings, and show up once made.
  await expectWritten(page, 'how_we_compare');

  // Cancel puts the saved settings back.
  await page.getByTestId('landing-settings-open').click();
  await expect(settings.getByTestId('landing-settings-products')).toBeVisible();
  await expect(settings.locator('.mantine-Pill-root')).toHaveText(['Northwind Embed']);
  await publicSources.click();
  await settings.getByTestId('landing-settings-cancel').click();
  await page.getByTestId('landing-settings-open').click();
  await expect(publicSources).toBeChecked();
  await expect(save).toBeDisabled();
  await settings.getByTestId('landing-settings-cancel').click();

  // Key cards: the curator swaps the first card picked for the rival's strengths for another card of the rival.
  const before = (await getJson<LandingPage>(page, `/api/profiles/${profileId}/landing_page.json`)).curated.sections.find((c) => c.sectionType === 'strengths')!.cardIds;
  const strengths = page.getByTestId('landing-curated-strengths');
  await expect(strengths.getByTestId('landing-curated-card')).toHaveCount(before.length);
  await strengths.getByTestId('landing-curated-edit').click();
  const picker = page.getByTestId('battlecard-picker');
  const card = (id: number | string) => picker.locator(`[data-testid="battlecard-picker-card"][data-card-id="${id}"]`);
  await expect(card(before[0])).toBeChecked();
  const unpicked = picker.locator('[data-testid="battlecard-picker-card"]:not(:checked)').first();
  const added = Number(await unpicked.getAttribute('data-card-id'));
  await card(before[0]).click();
  await card(added).click();
  const put = page.waitForRequest((r) => r.url().endsWith(`/api/profiles/${profileId}/landing_page/curated/strengths`) && r.method() === 'PUT');
  await picker.getByTestId('battlecard-picker-done').click();
  const picked = [...before.slice(1), added];
  expect((await put).postDataJSON()).toEqual({ cardIds: picked });
  await expect(strengths.getByTestId('landing-curated-card')).toHaveCount(picked.length);
  expect(await strengths.getByTestId('landing-curated-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-card-id'))))).toEqual(picked);

  // Leave the page as the demo has it.
  const headers = await csrfHeaders(page);
  expect((await page.request.put(`/api/profiles/${profileId}`, { headers, data: { products: [] } })).ok()).toBe(true);
  expect((await page.request.put(`/api/profiles/${profileId}/landing_page/curated/strengths`, { headers, data: { cardIds: before } })).ok()).toBe(true);
});

test('on a phone the landing page is one column, with What’s new folded above the sections', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'seller@demo.test');
  const rival = await rivalWithBattlecards(page);
  await page.goto(`/company/${rival.id}`);
  const whatsNew = page.getByTestId('landing-whats-new');
  await expect(whatsNew).toHaveAttribute('data-open', 'false');
  const panel = (await whatsNew.boundingBox())!;
  const section = (await page.getByTestId('section-how_we_compare').boundingBox())!;
  // Above the sections, as wide as they are: one column.
  expect(panel.y + panel.height).toBeLessThan(section.y);
  expect(Math.abs(panel.width - (await page.getByTestId('section-how_we_compare').locator('xpath=..').boundingBox())!.width)).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await whatsNew.getByTestId('landing-whats-new-toggle').click();
  await expect(whatsNew).toHaveAttribute('data-open', 'true');
  await context.close();
});

test('with landing pages in Ask, an answer about one rival shows its overview and leads to its page', async ({ browser, page }) => {
  await withCompanySetting(browser, 'flags.companyLandingPage', true, false, async () => {
    await signIn(page, 'seller@demo.test', { to: '/ask-rivalscope' });
    await page.getByTestId('ask-input').fill('How does Lumenary pricing work?');
    await page.getByTestId('ask-input').press('Enter');
    await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
    const overview = page.getByTestId('ask-overview');
    await expect(overview).toHaveAttribute('data-view', 'ready', { timeout: 45_000 });
    await expect(overview.getByTestId('landing-citation').first()).toBeVisible();
    await overview.getByTestId('ask-overview-link').click();
    await expect(page).toHaveURL(/\/company\/\d+$/);
    await expect(page.getByTestId('landing-title')).toHaveText('Lumenary');
  });
});

test('consumers of a company whose home is the landing page land on its first rival’s page', async ({ browser, page }) => {
  await withCompanySetting(browser, 'consumerHome', 'landing', 'dashboard', async () => {
    await signIn(page, 'seller@demo.test');
    await expect(page).toHaveURL(/\/company\/\d+$/);
    const { firstRivalId } = await getJson<{ firstRivalId: number }>(page, '/api/company.json');
    expect(page.url()).toMatch(new RegExp(`/company/${firstRivalId}$`));
    await expect(page.getByTestId('page-landing')).toHaveAttribute('data-rival-id', String(firstRivalId));
  });
});

test('while sections are written the page polls every 3 s, says so after 15 s, and offers Retry once one failed', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  const rival = await rivalWithBattlecards(page);
  // The server's own answers, with the sections' statuses set by the test: it cannot make a real generation slow or fail.
  let status: 'queued' | 'failed' | null = 'queued';
  const asked: string[] = [];
  await page.route(`**/api/overviews/${rival.id}/landing_page.json*`, async (route) => {
    asked.push(route.request().url());
    const real = await route.fetch();
    const body = (await real.json()) as LandingPage;
    if (status) for (const s of body.generated.sections) Object.assign(s, { status, data: null, error: status === 'failed' ? 'boom' : null });
    await route.fulfill({ response: real, json: body });
  });
  await page.clock.install();
  await page.goto(`/company/${rival.id}`);
  const overview = page.getByTestId('section-overview').getByTestId('landing-generated');
  await expect(overview).toHaveAttribute('data-view', 'fetching');
  await expect(page.getByTestId('landing-delay').first()).toBeHidden();
  const first = asked.length;
  await page.clock.runFor(9_000);
  await expect.poll(() => asked.length - first).toBeGreaterThanOrEqual(3);
  await page.clock.runFor(6_500);
  await expect(page.getByTestId('landing-delay').first()).toBeVisible();

  // A failed section stops the polling and offers Retry, which asks again with retryFailed.
  status = 'failed';
  await page.clock.runFor(3_000);
  await expect(overview).toHaveAttribute('data-view', 'failed');
  const afterFailure = asked.length;
  await page.clock.runFor(9_000);
  expect(asked.length).toBe(afterFailure);
  status = null;
  await page.getByTestId('section-overview').getByTestId('landing-retry').click();
  await expect.poll(() => asked.at(-1)).toContain('retryFailed=true');
  await page.clock.runFor(3_000);
  await expect(overview).toHaveAttribute('data-view', 'ready', { timeout: 30_000 });
});
