// The dashboard tools in the browser (part 3 §2.4, §6, §9): a curator stars a rival (it joins the
// favorites and stays after a reload), unstars it and undoes that; saves the sort as the company default,
// which a seller then lands on; views the dashboard as the Sales group (the preview banner, counts and
// tiles as Sales sees them) and exits; tiles far below the viewport wait as placeholders; the board
// wizard's company picker finds a seeded company and fills the name and website; a curator unpublishes
// a rival (the seller loses it) and publishes it back, and removes a rival from a group through the
// tile menu, which sellers and "view as" previews never show.
import { expect, test, type Browser, type Page, type Response } from './fixtures.ts';
import { signIn } from './session.ts';

type Rival = { id: number; name: string; isDraft: boolean; cardsCount: number };
type RivalGroup = { id: number; name: string; rivals: number[] };

const favorites = (page: Page) => page.getByTestId('favorites-grid').getByTestId('rival-tile');
const groupTile = (page: Page, id: number | string) => page.locator(`[data-testid="rival-grid"] [data-testid="rival-tile"][data-id="${id}"]`);

async function openDashboard(page: Page, query = '') {
  await page.goto(`/dashboard${query}`);
  await expect(page.getByTestId('rival-grid').first()).toBeVisible();
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** The group filter and the sort are native selects (the first screen loads no option list of its own). */
async function choose(page: Page, testId: 'dashboard-group-filter' | 'dashboard-sort', option: string) {
  await page.getByTestId(testId).selectOption({ label: option });
}

/** The label of the option a native select shows. */
function chosen(page: Page, testId: string) {
  return page.getByTestId(testId).locator('option:checked');
}

type OwnView = { activeGroupId: number; sortBy: string };

/** The (debounced) save of the user's own view that matches `want`. */
function ownViewSaved(page: Page, want: Partial<OwnView>): Promise<Response> {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/users/me.json') || r.request().method() !== 'PUT') return false;
    const body = r.request().postDataJSON() as { featureFlag: string; value: OwnView };
    return body.featureFlag === 'dashboard' && Object.entries(want).every(([k, v]) => body.value[k as keyof OwnView] === v);
  });
}

async function saveDefaultGroup(page: Page, group: string) {
  await openDashboard(page);
  await choose(page, 'dashboard-group-filter', group);
  await page.getByTestId('dashboard-save-defaults').click();
  await expect(page.getByTestId('save-defaults-success')).toContainText('Consumers now land on this group filter and sort');
  await page.getByTestId('save-defaults-close').click();
}

/** The one section shown, named after its group, with the tiles of that group the seller can see. */
async function expectOnlyGroup(page: Page, group: { name: string; rivals: number[] }, visible: Set<number>) {
  const sections = page.getByTestId('dashboard-section');
  await expect(sections).toHaveCount(1);
  await expect(sections).toHaveAttribute('aria-label', group.name);
  const expected = group.rivals.filter((id) => visible.has(id)).sort();
  // The section is named before its tiles arrive: wait for them.
  await expect(sections.getByTestId('rival-tile')).toHaveCount(expected.length);
  const ids = await sections.getByTestId('rival-tile').evaluateAll((tiles) => tiles.map((t) => Number(t.getAttribute('data-id'))));
  expect(ids.sort()).toEqual(expected);
}

test('a curator stars a rival, keeps it after a reload, unstars it and undoes that', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await openDashboard(page);
  await expect(page.getByTestId('dashboard-favorites')).toHaveCount(0);

  // Pin the tile by its id: the grid may still re-sort once the saved view applies.
  const id = (await page.getByTestId('rival-grid').first().getByTestId('rival-tile').first().getAttribute('data-id'))!;
  const tile = groupTile(page, id);
  const name = (await tile.getByTestId('rival-tile-name').textContent())!.trim();
  await tile.getByTestId('rival-tile-star').click();
  await expect(page.getByTestId('favorite-notice')).toContainText(`${name} favorited`);
  await expect(favorites(page)).toHaveCount(1);
  await expect(favorites(page).first()).toHaveAttribute('data-id', id);
  await expect(groupTile(page, id).getByTestId('rival-tile-star')).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(favorites(page)).toHaveCount(1);
  await expect(favorites(page).first().getByTestId('rival-tile-name')).toHaveText(name);

  // Unstar from the favorites grid: it leaves; Undo brings it back, as the server confirms.
  await favorites(page).first().getByTestId('rival-tile-star').click();
  await expect(page.getByTestId('dashboard-favorites')).toHaveCount(0);
  await expect(page.getByTestId('favorite-notice')).toContainText(`${name} unfavorited`);
  await page.getByTestId('favorite-undo').click();
  await expect(favorites(page)).toHaveCount(1);
  await expect(page.getByTestId('favorite-notice')).toHaveCount(0);
  expect(((await (await page.request.get('/api/favorited_companies.json')).json()) as Rival[]).map((f) => String(f.id))).toEqual([id]);
});

test('a curator saves the sort as the default and a seller lands on it', async ({ page, browser }) => {
  await signIn(page, 'curator@demo.test');
  await openDashboard(page);
  await choose(page, 'dashboard-sort', 'Name (Z–A)');
  await page.getByTestId('dashboard-save-defaults').click();
  await expect(page.getByTestId('save-defaults-success')).toContainText('Consumers now land on this group filter and sort');
  await page.getByTestId('save-defaults-close').click();

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  try {
    await signIn(seller, 'seller@demo.test');
    await expect(seller).toHaveURL(/\/dashboard$/);
    await expect(chosen(seller, 'dashboard-sort')).toHaveText('Name (Z–A)');
    await expect(seller.getByTestId('dashboard-save-defaults')).toHaveCount(0);
    await expect(seller.getByTestId('dashboard-view-as')).toHaveCount(0);
    // The tiles follow that order: names of the first section descend.
    const names = seller.getByTestId('rival-grid').first().getByTestId('rival-tile-name');
    await expect(names.first()).toBeVisible();
    const shown = (await names.allTextContents()).map((n) => n.toLowerCase());
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort().reverse());
  } finally {
    await sellerContext.close();
  }
});

test('a curator views the dashboard as Sales, sees what Sales sees, and exits', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 2400 });
  await signIn(page, 'curator@demo.test');
  const groups = (await (await page.request.get('/api/visibility_groups.json')).json()) as { id: number; name: string }[];
  const sales = groups.find((g) => g.name === 'Sales')!;
  const mine = (await (await page.request.get('/api/rivals.json?cardsCount=true')).json()) as Rival[];
  const theirs = (await (await page.request.get(`/api/rivals.json?cardsCount=true&previewing=${sales.id}`)).json()) as Rival[];
  const draft = mine.find((r) => r.isDraft)!;
  const changed = mine.find((r) => !r.isDraft && theirs.find((x) => x.id === r.id)!.cardsCount < r.cardsCount)!;
  const salesCount = theirs.find((x) => x.id === changed.id)!.cardsCount;

  await openDashboard(page);
  await expect(groupTile(page, draft.id)).toBeVisible();
  const cards = groupTile(page, changed.id).getByTestId('rival-tile-cards');
  await expect(cards).toHaveAttribute('data-count', String(changed.cardsCount));
  await expect(page.getByTestId('preview-banner')).toHaveCount(0);

  await pick(page, 'dashboard-view-as', 'Sales');
  await expect(page).toHaveURL(new RegExp(`previewing=${sales.id}`));
  await expect(page.getByTestId('preview-banner')).toContainText('Previewing as Sales');
  await expect(cards).toHaveAttribute('data-count', String(salesCount));
  await expect(groupTile(page, draft.id)).toHaveCount(0);
  await expect(page.getByTestId('rival-tile-menu')).toHaveCount(0);

  await page.getByTestId('preview-exit').click();
  await expect(page.getByTestId('preview-banner')).toHaveCount(0);
  await expect(cards).toHaveAttribute('data-count', String(changed.cardsCount));
  await expect(groupTile(page, draft.id)).toBeVisible();

  // "Everyone" is offered too, with its own exit.
  await pick(page, 'dashboard-view-as', 'Everyone');
  await expect(page).toHaveURL(/previewing=0/);
  await expect(groupTile(page, draft.id)).toHaveCount(0);
  await page.getByTestId('dashboard-view-as-exit').click();
  await expect(groupTile(page, draft.id)).toBeVisible();
});

test('tiles far below the viewport wait as fixed-height placeholders and render when scrolled near', async ({ page }) => {
  await page.setViewportSize({ width: 560, height: 400 });
  await signIn(page, 'curator@demo.test');
  await openDashboard(page);
  // The tiles near the top have rendered; the last ones, far below, have not.
  await expect(page.getByTestId('rival-tile').first()).toBeVisible();
  const placeholders = page.getByTestId('rival-tile-placeholder');
  await expect(placeholders.last()).toBeAttached();
  expect((await placeholders.last().boundingBox())?.height).toBe(165);
  const total = (await page.getByTestId('rival-tile').count()) + (await placeholders.count());
  // Scrolling down step by step brings each one within the margin, and it renders in its place.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 300);
      return placeholders.count();
    })
    .toBe(0);
  await expect(page.getByTestId('rival-tile')).toHaveCount(total);
});

test('the board wizard’s company picker finds a seeded company and fills the name and website', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await openDashboard(page);
  // With dynamic boards on (the demo), New is a menu: Board opens the wizard.
  await page.getByTestId('dashboard-new-board').click();
  await page.getByTestId('new-menu-board').click();
  await pick(page, 'board-wizard-category', 'Company');
  const answered = page.waitForResponse((r) => r.url().includes('/api/discover/companies.json') && r.status() === 200);
  await page.getByTestId('board-wizard-company').fill('lumen');
  await answered;
  const suggestion = page.getByTestId('company-suggestion').filter({ hasText: 'lumenary.test' });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page.getByTestId('board-wizard-name')).toHaveValue('Lumenary');
  await expect(page.getByTestId('board-wizard-url')).toHaveValue('https://lumenary.test');
  await expect(page.getByTestId('board-wizard-company')).toHaveValue('Lumenary');
  await expect(page.getByTestId('board-wizard-submit')).toBeEnabled();
});

test('a seller picks Company default and sees the group the curator saved, and later defaults win', async ({ page, browser }) => {
  await signIn(page, 'curator@demo.test');
  await saveDefaultGroup(page, 'Emerging');

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  try {
    await signIn(seller, 'seller@demo.test');
    const groups = (await (await seller.request.get('/api/rival_groups.json')).json()) as { id: number; name: string; rivals: number[] }[];
    const visible = new Set(((await (await seller.request.get('/api/rivals.json')).json()) as Rival[]).map((r) => r.id));
    const emerging = groups.find((g) => g.name === 'Emerging')!;
    const filter = chosen(seller, 'dashboard-group-filter');
    await expect(filter).toHaveText('Emerging');

    await choose(seller, 'dashboard-group-filter', 'All companies');
    await expect(seller.getByTestId('dashboard-section')).toHaveAttribute('aria-label', 'Competitors');
    const saved = ownViewSaved(seller, { activeGroupId: -2 });
    await choose(seller, 'dashboard-group-filter', 'Company default');
    await expect(filter).toHaveText('Company default');
    await expectOnlyGroup(seller, emerging, visible);
    expect((await saved).ok()).toBe(true);

    // Their choice is kept as company default, which still shows the curator's group.
    await seller.reload();
    await expect(filter).toHaveText('Company default');
    await expectOnlyGroup(seller, emerging, visible);

    // Defaults saved after that choice win: the seller lands on the new group.
    await saveDefaultGroup(page, 'Legacy vendors');
    await seller.reload();
    await expect(filter).toHaveText('Legacy vendors');
    await expectOnlyGroup(seller, groups.find((g) => g.name === 'Legacy vendors')!, visible);
  } finally {
    await sellerContext.close();
  }
});

test('a user’s group and sort choice survives a reload and reaches another device', async ({ page, browser }) => {
  await signIn(page, 'seller@demo.test');
  await openDashboard(page);
  const sort = chosen(page, 'dashboard-sort');
  const [label, sortBy] = (await sort.textContent()) === 'Name (A–Z)' ? ['Name (Z–A)', 'alpha-rev'] : ['Name (A–Z)', 'alpha'];
  // Both choices in quick succession go out as one save.
  const saved = ownViewSaved(page, { sortBy, activeGroupId: 0 });
  await choose(page, 'dashboard-group-filter', 'All companies');
  await choose(page, 'dashboard-sort', label);
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(sort).toHaveText(label);
  await expect(chosen(page, 'dashboard-group-filter')).toHaveText('All companies');
  const names = page.getByTestId('rival-grid').first().getByTestId('rival-tile-name');
  await expect(names.first()).toBeVisible();
  const shown = (await names.allTextContents()).map((n) => n.toLowerCase());
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual(sortBy === 'alpha' ? [...shown].sort() : [...shown].sort().reverse());

  const otherDevice = await browser.newContext();
  try {
    const other = await otherDevice.newPage();
    await signIn(other, 'seller@demo.test');
    await expect(chosen(other, 'dashboard-sort')).toHaveText(label);
    await expect(chosen(other, 'dashboard-group-filter')).toHaveText('All companies');
  } finally {
    await otherDevice.close();
  }
});

const getJson = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;

/** A published rival of the group "Top competitors" that the seller can see, as the curator's API lists it. */
async function publishedTopRival(page: Page, sellerIds: Set<number>, skip: number[] = []) {
  const top = (await getJson<RivalGroup[]>(page, '/api/rival_groups.json')).find((g) => g.name === 'Top competitors')!;
  const rivals = await getJson<Rival[]>(page, '/api/rivals.json');
  const rival = rivals.find((r) => top.rivals.includes(r.id) && !r.isDraft && sellerIds.has(r.id) && !skip.includes(r.id))!;
  return { top, rival };
}

/** A signed-in seller in a browser of their own, with the ids of the rivals they can see. */
async function sellerSession(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 2400 } });
  const page = await context.newPage();
  await signIn(page, 'seller@demo.test');
  const ids = async () => new Set((await getJson<Rival[]>(page, '/api/rivals.json')).map((r) => r.id));
  /** Whether the seller's dashboard (all companies in one grid) shows the rival's tile. */
  const seesTile = async (id: number) => {
    await openDashboard(page);
    await choose(page, 'dashboard-group-filter', 'All companies');
    await expect(page.getByTestId('dashboard-section')).toHaveAttribute('aria-label', 'Competitors');
    await expect(page.getByTestId('rival-tile').first()).toBeVisible();
    return (await groupTile(page, id).count()) === 1;
  };
  return { page, context, ids, seesTile };
}

test('a curator unpublishes a rival, which the seller then no longer sees, and publishes it back', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1400, height: 2400 });
  const seller = await sellerSession(browser);
  try {
    await signIn(page, 'curator@demo.test');
    const { top, rival } = await publishedTopRival(page, await seller.ids());
    expect(await seller.seesTile(rival.id)).toBe(true);

    await openDashboard(page);
    await choose(page, 'dashboard-group-filter', top.name);
    const tile = groupTile(page, rival.id);
    await expect(tile.getByTestId('rival-tile-draft')).toHaveCount(0);
    await tile.getByRole('button', { name: `Actions for ${rival.name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Publish', exact: true })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Remove from group' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Unpublish' }).click();
    await expect(page.getByText(`${rival.name} unpublished`)).toBeVisible();
    await expect(tile.getByTestId('rival-tile-draft')).toBeVisible();
    expect(await seller.seesTile(rival.id)).toBe(false);
    expect((await seller.ids()).has(rival.id)).toBe(false);

    // Back again, from the keyboard: Enter opens the menu, the arrow reaches Publish, Enter runs it.
    const menu = tile.getByTestId('rival-tile-menu');
    await menu.focus();
    await page.keyboard.press('Enter');
    const publish = page.getByRole('menuitem', { name: 'Publish', exact: true });
    // The menu opens with focus on its first item.
    await expect(publish).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${rival.name} published`)).toBeVisible();
    await expect(tile.getByTestId('rival-tile-draft')).toHaveCount(0);
    expect(await seller.seesTile(rival.id)).toBe(true);
  } finally {
    await seller.context.close();
  }
});

test('a curator removes a rival from a group: it leaves that section, stays out after a reload, and remains a rival', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 2400 });
  await signIn(page, 'curator@demo.test');
  const rivals = await getJson<Rival[]>(page, '/api/rivals.json');
  const { top, rival } = await publishedTopRival(page, new Set(rivals.map((r) => r.id)));
  const stays = top.rivals.find((id) => id !== rival.id)!;

  await openDashboard(page);
  await choose(page, 'dashboard-group-filter', top.name);
  await groupTile(page, rival.id).getByTestId('rival-tile-menu').click();
  await page.getByRole('menuitem', { name: 'Remove from group' }).click();
  await expect(page.getByText(`${rival.name} removed from ${top.name}`)).toBeVisible();
  await expect(groupTile(page, rival.id)).toHaveCount(0);
  await expect(page.getByTestId('dashboard-section')).toHaveAttribute('aria-label', top.name);
  await expect(groupTile(page, stays)).toBeVisible();

  await page.reload();
  await choose(page, 'dashboard-group-filter', top.name);
  await expect(groupTile(page, stays)).toBeVisible();
  await expect(groupTile(page, rival.id)).toHaveCount(0);
  const after = (await getJson<RivalGroup[]>(page, '/api/rival_groups.json')).find((g) => g.id === top.id)!;
  expect(after.rivals).not.toContain(rival.id);

  // Still a rival under all companies, where the menu has no group to remove it from.
  await choose(page, 'dashboard-group-filter', 'All companies');
  const tile = groupTile(page, rival.id);
  await expect(tile).toBeVisible();
  await tile.getByTestId('rival-tile-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Unpublish' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Remove from group' })).toHaveCount(0);
});

test('a seller sees no tile menu', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await openDashboard(page);
  await expect(page.getByTestId('rival-tile').first()).toBeVisible();
  await expect(page.getByTestId('rival-tile-menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
});

// On a phone the page's controls and the Ask box leave the competitors on the first screen.
for (const email of ['seller@demo.test', 'curator@demo.test']) {
  test(`on a phone the ${email.split('@')[0]}'s first competitor tile starts on the first screen, below the Ask box`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email, { to: '/dashboard' });
    // What loads after the tiles and takes room above them: the Ask box's chips and, for curators, their toolbar.
    await expect(page.getByTestId('ask-bar').getByTestId('ask-suggestion').first()).toBeVisible();
    if (email.startsWith('curator')) await expect(page.getByTestId('curator-toolbar')).toBeVisible();
    const tile = await page.getByTestId('rival-tile').first().boundingBox();
    expect(tile!.y).toBeLessThan(844 - 40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test('on a phone no "Submit intel" tooltip stays over the page after a search', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'seller@demo.test');
  await page.getByTestId('phone-search-open').click();
  // A tap in the box: the bar that comes back after the search has the Submit intel button where the finger was.
  const input = page.getByTestId('unified-search-input');
  await input.click();
  await input.fill('pricing');
  await input.press('Enter');
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit intel' })).toBeVisible();
  await expect(page.locator('.mantine-Tooltip-tooltip')).toHaveCount(0);
});
