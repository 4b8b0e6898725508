// Keyboard-only walks of the main flows (issue #51): a seller searches from the top bar and opens a card (at desktop
// and phone width), a curator triages an intel item, a curator writes a card on a board, a seller reads a battlecard,
// a seller asks a question and reaches the answer's cited cards. Sign-in (and the API's reset of the search box's
// mode) are the only steps not taken with the keyboard: from there on, only keys are pressed, and no element is
// focused from the test. At every step focus is on the element the step expects and shows a visible focus
// indicator; so does every element Tab stops on on the way. No trap: a dialog or menu closes with Escape and gives
// focus back to the control that opened it, and Tab moves on from wherever it is.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectFocus, expectFocusWithin, focusNow, hasFocus, tabTo, tabWithin, watchFocus } from './focus.ts';
import { forgetPickedMode } from './searchMode.ts';
import { signIn } from './session.ts';

// A walk tabs through whole pages, checking every stop: longer than a test's usual minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.beforeEach(({ page }) => watchFocus(page));

/** The single card viewer, opened from `opener` with Enter: focus moves in, Tab moves within, Escape closes it and gives focus back. */
async function readCardAndClose(page: Page, opener: Locator) {
  await expectFocus(opener);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('card-viewer-body') });
  await expect(viewer).toBeVisible();
  await expectFocusWithin(viewer);
  await tabWithin(page, viewer, 3);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);
  await expectFocus(opener);
}

/** The suggestions of the terms typed last, which can be picked (older ones stay on screen, unpickable, while new ones load). */
const freshSuggestions = (page: Page) => page.locator('[data-testid="suggestion"]:not([data-stale])');

for (const viewport of [DESKTOP, PHONE]) {
  test(`a seller searches from the top bar and opens a card by keyboard, at ${viewport.width} px`, async ({ page }) => {
    await signIn(page, 'seller@demo.test', { app: true });
    // The box follows what is typed (terms search cards) rather than a mode picked by an earlier test.
    await forgetPickedMode(page);
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('rival-tile-cards').first()).toBeVisible();
    const input = page.getByRole('searchbox', { name: /^Search/ });

    if (viewport === DESKTOP) {
      // The mode switch is one stop; an arrow picks the next mode and leaves focus in the box to type.
      await tabTo(page, page.getByRole('radio', { name: 'Ask', exact: true }));
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('unified-search-mode')).toHaveAttribute('data-mode', 'cards');
      await expectFocus(input);
    } else {
      // On a phone the box opens across the bar from its button; Escape closes it and gives focus back to the button.
      const open = page.getByRole('button', { name: 'Search', exact: true });
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      await expectFocus(input);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('phone-search-close')).toHaveCount(0);
      await expectFocus(open);
      await page.keyboard.press('Enter');
      await expectFocus(input);
    }

    // Suggestions while typing: the arrow selects the first (a tag), focus stays in the box, Enter picks it.
    await page.keyboard.type('pricing');
    await expect(freshSuggestions(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const first = freshSuggestions(page).first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expectFocus(input);
    // The selected suggestion is set apart from the others.
    const [selectedBg, otherBg] = await Promise.all([first.evaluate((el) => getComputedStyle(el).backgroundColor), freshSuggestions(page).nth(1).evaluate((el) => getComputedStyle(el).backgroundColor)]);
    expect(selectedBg).not.toBe(otherBg);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\/pricing\?tags=\d+$/);
    await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', /^[1-9]\d*$/);

    // Tab reaches the first result; Enter opens it in the viewer, Escape closes it and focus is back on the result.
    const title = page.getByTestId('search-result').first().getByTestId('search-result-title');
    await tabTo(page, title);
    await readCardAndClose(page, title);
    // And on from there: the next stop is the next result's.
    await tabTo(page, page.getByTestId('search-result').nth(1).getByRole('link').first(), { max: 8 });
  });
}

test('a curator triages an intel item in the feed by keyboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'curator@demo.test', { app: true });

  // From the bar's alert count to the feed, and down the filters to the first item's edit button.
  await tabTo(page, page.getByRole('link', { name: /^Alerts: / }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('intel-count')).toHaveAttribute('data-count', /^[1-9]\d*$/);
  const item = page.getByTestId('intel-item').first();
  const id = (await item.getAttribute('data-id'))!;
  const row = page.locator(`[data-testid="intel-item"][data-id="${id}"]`);
  const edit = row.getByTestId('intel-edit');
  await tabTo(page, edit, { max: 150 });

  // Open it: the editor takes focus, Tab goes through it to Done and on round inside it, Escape closes it and gives
  // focus back to Edit. (Escape in the rival picker would close the picker's list first: Done is where to press it.)
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit intel item' });
  await expect(dialog.getByTestId('intel-edit-title')).toBeVisible();
  await expectFocusWithin(dialog);
  await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { max: 10 });
  await tabWithin(page, dialog, 2);
  await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { back: true, max: 2 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocus(edit);

  // Its menu: Enter opens it with focus on the first action (Mark important, or Remove “Important” on one marked so),
  // Escape closes it and focus is back on the button.
  const more = row.getByTestId('intel-more');
  await tabTo(page, more, { max: 4 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const important = menu.getByRole('menuitem', { name: /^(Mark important|Remove “Important”)$/ });
  await expectFocus(important);
  const opened = await focusNow(page);
  expect(opened.indicator, `${opened.where} shows its focus`).not.toBeNull();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expectFocus(more);

  // Mark it important (or unmark it) from the menu: it stays in the list, and focus is back on the menu's button.
  const wasImportant = (await row.getByTestId('intel-priority').filter({ hasText: 'Important' }).count()) > 0;
  await page.keyboard.press('Enter');
  await expectFocus(important);
  await page.keyboard.press('Enter');
  // The row is redrawn from the search engine once the change is indexed: give a busy machine's indexer time.
  await expect(row.getByTestId('intel-priority').filter({ hasText: 'Important' })).toHaveCount(wasImportant ? 0 : 1, { timeout: 30_000 });
  await expectFocus(more);

  // Publish it: arrows down the menu to Publish, Enter. Published, it is archived and leaves this view of new items;
  // focus goes to the item that takes its place.
  await page.keyboard.press('Enter');
  await expectFocusWithin(menu);
  const publish = menu.getByRole('menuitem', { name: 'Publish', exact: true });
  for (let i = 0; i < 8 && !(await hasFocus(publish)); i++) await page.keyboard.press('ArrowDown');
  await expectFocus(publish);
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  const next = page.getByTestId('intel-item').first();
  await expect.poll(() => next.evaluate((el) => el.contains(document.activeElement)), { message: 'focus on the item that took its place' }).toBe(true);
  const now = await focusNow(page);
  expect(now.indicator, `${now.where} shows its focus`).not.toBeNull();
});

test('a curator writes a card on a board by keyboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'curator@demo.test', { app: true });
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const lane = page.getByTestId('lane').first();
  await expect(lane.getByTestId('lane-card').first()).toBeVisible();
  const newCard = lane.getByRole('button', { name: 'New card' });
  await tabTo(page, newCard, { max: 200 });

  // The editor opens with focus on the title; Escape (nothing typed yet) closes it and focus is back on New card.
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'New card' });
  const title = editor.getByRole('textbox', { name: 'Title' });
  await expectFocus(title);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expectFocus(newCard);

  // Again: type the title, Tab over the toolbar to the text, type it, Tab to Create card, Enter.
  await page.keyboard.press('Enter');
  await expectFocus(title);
  const name = `Keyboard card ${Date.now().toString(36)}`;
  await page.keyboard.type(name);
  const body = editor.getByRole('textbox', { name: 'Card text' });
  await tabTo(page, body, { max: 25 });
  await page.keyboard.type('Written without a mouse.');
  await tabTo(page, editor.getByRole('button', { name: 'Create card' }), { max: 4 });
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cards.json');
  await page.keyboard.press('Enter');
  expect((await created).status()).toBe(201);
  await expect(editor).toHaveCount(0);

  // The card is on the board, and focus is back on New card.
  const card = lane.getByTestId('lane-card').filter({ has: page.getByTestId('lane-card-title').getByText(name, { exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('lane-card-body')).toContainText('Written without a mouse.');
  await expectFocus(newCard);
});

test('a seller reads a battlecard by keyboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'seller@demo.test', { app: true });

  // From the dashboard, a rival's battlecards (one with two of them).
  await tabTo(page, page.getByRole('link', { name: '2 battlecards' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('battlecard-card').first()).toBeVisible();

  // The battlecards are tabs: one stop, arrows move between them and show each.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(2);
  await tabTo(page, tabs.nth(0));
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  const firstPath = new URL(page.url()).pathname;
  await page.keyboard.press('ArrowRight');
  await expectFocus(tabs.nth(1));
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page).not.toHaveURL(new RegExp(`${firstPath}$`));
  await expect(page.getByTestId('battlecard-card').first()).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expectFocus(tabs.nth(0));
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  // Tab leaves the tabs for the battlecard's first card: its menu opens and closes by keyboard, its title opens it.
  const card = page.getByTestId('battlecard-card').first();
  const cardTitle = card.getByTestId('battlecard-card-title');
  await tabTo(page, cardTitle, { max: 3 });
  const menuButton = card.getByRole('button', { name: /^Actions for / });
  await tabTo(page, menuButton, { max: 2 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectFocus(menu.getByRole('menuitem').first());
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expectFocus(menuButton);
  await tabTo(page, cardTitle, { back: true, max: 2 });
  await readCardAndClose(page, cardTitle);

  // The layout switch before the tabs: arrows pick another layout, and focus stays on the switch.
  const layout = page.getByRole('radio', { name: 'Desktop', exact: true });
  await tabTo(page, layout, { back: true, max: 6 });
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/layout=tablet/);
  await expectFocus(page.getByRole('radio', { name: 'Tablet', exact: true }));
});

test('a seller asks a question and reaches the answer and its cited cards by keyboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'seller@demo.test', { app: true });
  await forgetPickedMode(page);

  // A question typed in the top bar goes to Ask.
  const input = page.getByRole('searchbox', { name: /^Search/ });
  await expect(input).toBeVisible();
  await tabTo(page, input);
  await page.keyboard.type('How does Lumenary pricing work?');
  await expect(page.getByTestId('unified-search-mode')).toHaveAttribute('data-mode', 'ask');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-ask')).toBeVisible();
  await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');

  // Focus waits in the question box for the next question; back from there, the answer's sources, then its citations.
  await expectFocus(page.getByRole('textbox', { name: 'Your question' }));
  // A card's source and citation (a knowledge-hub passage a seller is shown is named, without a link to follow).
  const source = page.locator('[data-testid="ask-source"][href]').first();
  await tabTo(page, source, { back: true, max: 12 });
  await readCardAndClose(page, source);
  const citation = page.getByTestId('ask-answer').getByRole('link', { name: /^\d+$/ }).first();
  await tabTo(page, citation, { back: true, max: 12 });
  await readCardAndClose(page, citation);
});

test('the first Tab reaches the skip link, which takes focus past the top bar to the page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'seller@demo.test', { app: true, to: '/dashboard' });
  await expect(page.locator('#main')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expectFocus(skip);
  await expect(skip).toBeInViewport();
  await expect(skip).toHaveText('Skip to the page’s content');
  await page.keyboard.press('Enter');
  // The page itself takes focus (without a ring around all of it).
  await expect.poll(() => hasFocus(page.locator('#main'))).toBe(true);
  // The next Tab goes on inside the page, not back to the top bar.
  await page.keyboard.press('Tab');
  await expectFocusWithin(page.locator('#main'));
});
