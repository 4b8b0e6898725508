// The search results page reads well (issue #31) at 1440×900 and at 390 px: snippets of table cards
// read "label — column: value" from a sentence or word start, the tag and date filters stay on screen
// beside a long list of competitors, a competitor's count is the sum of its boards, the applied-filter
// chips say what they do in words, and at 390 px the page does not scroll sideways and the filters
// open from a "Filters" button. Screenshots of each state are attached to the test's output.
import { expect, test, type Page, type TestInfo } from './fixtures.ts';
import { signIn } from './session.ts';

async function openResults(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', /^\d+$/);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
}

/** Every snippet shown: no run of bare numbers, starting at a capital, a digit, a quote or an ellipsis. */
async function expectReadableSnippets(page: Page) {
  const snippets = await page.getByTestId('search-result-snippet').allInnerTexts();
  expect(snippets.length).toBeGreaterThan(0);
  for (const s of snippets) {
    expect(s).not.toMatch(/\d\s+·\s+\d/);
    expect(s).toMatch(/^(…\S|[\p{Lu}\p{N}"“$(])/u);
  }
  return snippets;
}

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('snippets read as sentences and table rows, and the sidebar keeps tags and dates on screen', async ({ page }, info) => {
    await signIn(page, 'seller@demo.test', { app: true });
    await openResults(page, '/search/mentions%20in%20wins');
    const tableSnippets = (await expectReadableSnippets(page)).filter((s) => /Mentions in wins: \d+/.test(s));
    expect(tableSnippets.length).toBeGreaterThan(0);
    expect(tableSnippets[0]).toMatch(/^[\p{Lu}][^·]* — Mentions in wins: \d+; Mentions in losses: \d+/u);
    await shot(page, info, 'search-table-1440');

    await openResults(page, '/search/pricing');
    await expectReadableSnippets(page);
    await shot(page, info, 'search-pricing-1440');

    // The last date preset is on screen without scrolling the page or the sidebar.
    const sidebar = page.getByTestId('search-sidebar');
    expect(await sidebar.evaluate((el) => el.scrollTop)).toBe(0);
    const lastPreset = page.getByTestId('filter-updated').last();
    await expect(lastPreset).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('tag-filters')).toBeInViewport();

    // One click folds the competitors away and brings the tags up.
    const tagsTop = (await page.getByTestId('tag-filter-search').boundingBox())!.y;
    const boardsSection = page.locator('[data-testid="filter-section"][data-section="filter-boards"]');
    await boardsSection.getByTestId('filter-section-toggle').click();
    await expect(boardsSection).toHaveAttribute('data-open', 'false');
    await expect(page.getByTestId('filter-rival').first()).toBeHidden();
    await expect.poll(async () => (await page.getByTestId('tag-filter-search').boundingBox())!.y).toBeLessThan(tagsTop - 100);
    await boardsSection.getByTestId('filter-section-toggle').click();
    await expect(page.getByTestId('filter-rival').first()).toBeVisible();
  });

  test('a competitor’s count is the sum of its boards, also once a board is picked', async ({ page }, info) => {
    await signIn(page, 'seller@demo.test', { app: true });
    await openResults(page, '/search/pricing');
    // Competitors start folded; a click shows the boards of one.
    await expect(page.getByTestId('filter-board')).toHaveCount(0);
    const group = page.getByTestId('rival-group').first();
    await group.getByTestId('rival-boards-toggle').click();
    await expect(group.getByTestId('rival-boards-toggle')).toHaveAttribute('aria-expanded', 'true');
    const sumOfBoards = async () => (await group.getByTestId('filter-board').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))))).reduce((a, b) => a + b, 0);
    const showAll = group.getByRole('button', { name: /Show all \d+ boards/ });
    if (await showAll.count()) await showAll.click();
    const rival = group.getByTestId('filter-rival');
    expect(await sumOfBoards()).toBe(Number(await rival.getAttribute('data-count')));

    // Pick the competitor's smallest board: the results narrow to it, the sums still hold.
    const boards = group.getByTestId('filter-board');
    const board = boards.last();
    const boardCount = Number(await board.getAttribute('data-count'));
    await board.click();
    await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', String(boardCount));
    await expect(board).toHaveAttribute('data-mode', 'should');
    expect(await sumOfBoards()).toBe(Number(await rival.getAttribute('data-count')));
    expect(Number(await rival.getAttribute('data-count'))).toBeGreaterThan(boardCount);
    await shot(page, info, 'search-board-picked-1440');
  });

  test('applied-filter chips say what they do in words, with a tooltip', async ({ page }, info) => {
    await signIn(page, 'seller@demo.test', { app: true });
    await openResults(page, '/search/pricing');
    const tag = page.getByTestId('filter-tag').first();
    const tagId = await tag.getAttribute('data-id');
    const chipGroup = page.locator('[data-testid="applied-filter-group"][data-field="tag"]');
    const words = chipGroup.getByTestId('applied-filter-words');

    await tag.click();
    await expect(chipGroup).toHaveAttribute('data-mode', 'should');
    await expect(words).toHaveText('Tagged:');
    await words.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Shows cards that have at least one of these tags.');

    await page.locator(`[data-testid="applied-filter"][data-id="${tagId}"]`).getByRole('button').first().click();
    await expect(chipGroup).toHaveAttribute('data-mode', 'must');
    await expect(words).toHaveText('Must have tag:');
    await tag.click();
    await expect(chipGroup).toHaveAttribute('data-mode', 'must_not');
    await expect(words).toHaveText('Exclude tag:');
    await expect(tag.getByTestId('facet-mode')).toHaveText('excluded');
    await shot(page, info, 'search-chips-1440');

    // Words, not the query language.
    const bar = await page.getByTestId('applied-filters').innerText();
    expect(bar).not.toMatch(/\b(ANY|MUST|NOT|should|must_not)\b/);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('results read without sideways scrolling and the filters open from a button', async ({ page }, info) => {
    await signIn(page, 'seller@demo.test');
    await openResults(page, '/search/pricing');
    await expectReadableSnippets(page);
    await expectNoSidewaysScroll(page);
    await expect(page.getByTestId('search-sidebar')).toHaveCount(0);
    await shot(page, info, 'search-pricing-390');

    await openResults(page, '/search/mentions%20in%20wins');
    expect((await expectReadableSnippets(page)).some((s) => /Mentions in wins: \d+/.test(s))).toBe(true);
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'search-table-390');

    // The filters open in a drawer; a picked tag shows as a chip in words that fits the width.
    await page.getByTestId('open-filters').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('search-sidebar')).toBeVisible();
    await expect(drawer.getByTestId('filter-updated').last()).toBeVisible();
    await shot(page, info, 'search-filters-390');
    await drawer.getByTestId('filter-tag').first().click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('applied-filter-words').first()).toHaveText('Tagged:');
    await expect(page.getByTestId('open-filters')).toHaveText('Filters (1)');
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'search-chips-390');
  });
});
