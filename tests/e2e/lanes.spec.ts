// A curator's lane tools on a profile's board view (issue #26): adding a lane and dragging a card into it
// with the mouse, renaming a lane and deleting it with its cards moved to another, reordering cards with
// the keyboard (space, arrow, space), and reading the feedback sellers sent on a card and a battlecard.
// Every change is checked again after a reload and through the API.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { csrfHeaders, pickUpByKeyboard, signIn } from './session.ts';

test.use({ viewport: { width: 1440, height: 1000 } });

const lane = (page: Page, id: string | number) => page.locator(`[data-testid="lane"][data-id="${id}"]`);
const cardIdsOf = async (l: Locator) => l.getByTestId('lane-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
const laneCardsApi = async (page: Page, boardId: number | string) =>
  ((await (await page.request.get(`/api/boards/${boardId}/cards.json`)).json()) as { id: number }[]).map((c) => c.id);

async function landOnProfile(page: Page) {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByTestId('lane-card').first()).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

/** Drags by the handle with real pointer moves, in steps, to the middle of `target`. */
async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 25 });
  await page.mouse.up();
}

test('a curator adds a lane and drags a card into it; it is there after a reload', async ({ page }) => {
  await landOnProfile(page);
  const name = `E2E lane ${Date.now().toString(36)}`;

  await page.getByTestId('lane-add').click();
  await page.getByTestId('lane-name-submit').click();
  await expect(page.getByText('Give the lane a name')).toBeVisible();
  await page.getByTestId('lane-name-input').fill('scratchpad');
  await expect(page.getByText('“Scratchpad” is reserved for curators’ notes')).toBeVisible();
  await page.getByTestId('lane-name-input').fill(name);
  await page.getByTestId('lane-name-submit').click();
  await expect(page.getByText(`Lane “${name}” added`)).toBeVisible();
  const added = page.getByTestId('lane').filter({ has: page.getByTestId('lane-title').getByText(name, { exact: true }) });
  await expect(added.getByTestId('lane-empty')).toBeVisible();
  const addedId = (await added.getAttribute('data-id'))!;

  // The new lane is last: scroll the lanes to the end, where the lane before it shows too.
  await page.getByTestId('lanes').evaluate((el) => (el.scrollLeft = el.scrollWidth));
  const lanes = page.getByTestId('lane');
  const source = lanes.nth((await lanes.count()) - 2);
  const sourceId = (await source.getAttribute('data-id'))!;
  const card = source.getByTestId('lane-card').first();
  const sourceCount = await source.getByTestId('lane-card').count();
  const cardId = Number(await card.getAttribute('data-id'));
  const cardName = (await card.getByTestId('lane-card-title').textContent())!;
  // A click on a card title still opens the card: dragging starts only after the pointer moves.
  await card.getByTestId('lane-card-title').click();
  await expect(page.getByTestId('card-viewer-title')).toHaveText(cardName);
  await page.getByTestId('card-viewer-close').click();
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);

  await dragTo(page, card.getByTestId('drag-handle'), added);
  await expect(added.locator(`[data-testid="lane-card"][data-id="${cardId}"]`)).toBeVisible();
  await expect(added.getByTestId('lane-count')).toHaveText('1 card');
  await expect.poll(() => laneCardsApi(page, addedId)).toEqual([cardId]);

  await page.reload();
  await expect(lane(page, addedId).locator(`[data-testid="lane-card"][data-id="${cardId}"]`)).toBeVisible();
  await expect(lane(page, sourceId).getByTestId('lane-card')).toHaveCount(sourceCount - 1);
  await expect(lane(page, sourceId).locator(`[data-testid="lane-card"][data-id="${cardId}"]`)).toHaveCount(0);
});

test('a curator renames a lane and deletes it, moving its cards to another lane', async ({ page }) => {
  await landOnProfile(page);
  const lanes = page.getByTestId('lane');
  const doomed = lanes.nth(1);
  const doomedId = (await doomed.getAttribute('data-id'))!;
  const targetId = (await lanes.nth(2).getAttribute('data-id'))!;
  const targetName = (await lanes.nth(2).getByTestId('lane-title').textContent())!;
  const moving = await cardIdsOf(doomed);
  const before = await cardIdsOf(lanes.nth(2));
  expect(moving.length).toBeGreaterThan(1);
  const renamed = `Renamed ${Date.now().toString(36)}`;

  await doomed.getByTestId('lane-menu').click();
  await page.getByTestId('lane-menu-rename').click();
  await page.getByTestId('lane-name-input').fill(targetName.toUpperCase());
  await expect(page.getByText('This profile already has a lane with that name')).toBeVisible();
  await page.getByTestId('lane-name-input').fill(renamed);
  await page.getByTestId('lane-name-submit').click();
  await expect(page.getByText(`Lane renamed to “${renamed}”`)).toBeVisible();
  await expect(lane(page, doomedId).getByTestId('lane-title')).toHaveText(renamed);

  await lane(page, doomedId).getByTestId('lane-menu').click();
  await page.getByTestId('lane-menu-delete').click();
  const dialog = page.getByTestId('delete-lane-dialog');
  await expect(dialog.getByTestId('delete-lane-count')).toHaveText(`This lane holds ${moving.length} cards. What should happen to them?`);
  await expect(dialog.getByTestId('delete-lane-move')).toBeChecked();
  await dialog.getByTestId('delete-lane-target').click();
  await page.getByRole('option', { name: targetName, exact: true }).click();
  await dialog.getByTestId('delete-lane-confirm').click();
  await expect(page.getByText(`Lane “${renamed}” deleted; its ${moving.length} cards moved to “${targetName}”`)).toBeVisible();
  await expect(lane(page, doomedId)).toHaveCount(0);
  await expect(lane(page, targetId).getByTestId('lane-card')).toHaveCount(before.length + moving.length);

  await page.reload();
  await expect(lane(page, targetId).getByTestId('lane-card')).toHaveCount(before.length + moving.length);
  expect(await cardIdsOf(lane(page, targetId))).toEqual([...before, ...moving]);
  await expect(lane(page, doomedId)).toHaveCount(0);
  expect((await page.request.get(`/api/boards/${doomedId}/cards.json`)).status()).toBe(404);
});

test('a curator reorders a card with the keyboard: space, arrow down, space', async ({ page }) => {
  await landOnProfile(page);
  const first = page.getByTestId('lane').first();
  const boardId = (await first.getAttribute('data-id'))!;
  const [a, b, ...rest] = await cardIdsOf(first);

  const handle = first.locator(`[data-testid="lane-card"][data-id="${a}"]`).getByTestId('drag-handle');
  await expect(handle).toHaveAccessibleName(/^Move card /);
  // dnd-kit's live region is what a screen reader reads out.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await pickUpByKeyboard(page, handle);
  await expect(announced).toHaveText(/^Picked up card .+, position 1 of \d+ in lane .+\.$/);
  await page.keyboard.press('ArrowDown');
  await expect(announced).toHaveText(/would go to position 2 of/);
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(/dropped at position 2 of/);
  await expect.poll(() => cardIdsOf(first)).toEqual([b, a, ...rest]);
  await expect.poll(() => laneCardsApi(page, boardId)).toEqual([b, a, ...rest]);

  await page.reload();
  await expect.poll(() => cardIdsOf(lane(page, boardId))).toEqual([b, a, ...rest]);

  // When the server refuses, the card goes back where it was and a toast says so.
  await page.route('**/cards/rearrange.json', (route) => route.fulfill({ status: 400, json: { error: 'Invalid body: cardIds.0 is not a card of this profile’s lanes' } }));
  await pickUpByKeyboard(page, lane(page, boardId).locator(`[data-testid="lane-card"][data-id="${b}"]`).getByTestId('drag-handle'));
  await expect(announced).toHaveText(/^Picked up card /);
  await page.keyboard.press('ArrowDown');
  await expect(announced).toHaveText(/would go to position 2 of/);
  await page.keyboard.press('Space');
  await expect(page.getByText('The card could not be moved; it is back where it was')).toBeVisible();
  await expect.poll(() => cardIdsOf(lane(page, boardId))).toEqual([b, a, ...rest]);
  expect(await laneCardsApi(page, boardId)).toEqual([b, a, ...rest]);
});

test('a curator reads the feedback sellers sent on a card and on its battlecard', async ({ page, browser }) => {
  // A seller sends feedback on a card of a published battlecard.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, 'seller@demo.test');
  const battlecards = (await (await seller.request.get('/api/battlecards.json')).json()) as { id: number; profile: { id: number }; cards: { desktop: number[] } }[];
  const bc = battlecards.find((x) => x.cards.desktop.length > 1)!;
  const cardId = bc.cards.desktop[0];
  const text = `The Starter tier is $39 now, not $35 (${Date.now().toString(36)})`;
  const sent = await seller.request.post(`/api/cards/${cardId}/comments`, { data: { body: text }, headers: await csrfHeaders(seller) });
  expect(sent.status()).toBe(201);
  expect((await seller.request.get(`/api/cards/${cardId}/comments.json`)).status()).toBe(403);
  await sellerContext.close();

  await signIn(page, 'curator@demo.test', { to: `/profile/${bc.profile.id}/view/card/${cardId}#comments` });
  await expect(page).toHaveURL(new RegExp(`/profile/${bc.profile.id}\\?viewCard=${cardId}#comments$`));
  const list = page.getByTestId('card-viewer').getByTestId('feedback-list');
  const entry = list.getByTestId('feedback-entry').filter({ hasText: text });
  // The profile page behind the viewer loads every lane, and this card its live-data chart: a worker's fresh
  // server meets them cold here, so give a busy machine time.
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toBeInViewport();
  await expect(entry.getByTestId('feedback-author')).toHaveText('Sam Seller');
  await expect(entry.getByTestId('feedback-date')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  // A card nobody wrote about says so.
  let quietId = 0;
  for (const id of bc.cards.desktop.slice(1)) {
    if (((await (await page.request.get(`/api/cards/${id}/comments.json`)).json()) as unknown[]).length === 0) quietId ||= id;
  }
  expect(quietId).toBeGreaterThan(0);
  await page.goto(`/profile/${bc.profile.id}?viewCard=${quietId}`);
  await expect(page.getByTestId('card-viewer').getByTestId('feedback-empty')).toHaveText(/No feedback on this card yet/);
  await expect(page.getByTestId('card-viewer').getByTestId('feedback-entry')).toHaveCount(0);

  // The battlecard gathers its cards' feedback, each naming its card.
  await page.goto(`/profile/${bc.profile.id}/battlecard/${bc.id}#comments`);
  const onBattlecard = page.getByTestId('page-battlecard').getByTestId('feedback-entry').filter({ hasText: text });
  await expect(onBattlecard).toBeVisible();
  await expect(onBattlecard).toBeInViewport();
  await onBattlecard.getByTestId('feedback-card').click();
  await expect(page.getByTestId('card-viewer')).toHaveAttribute('data-card-id', String(cardId));
});
