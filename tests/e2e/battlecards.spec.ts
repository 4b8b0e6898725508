// Battlecard editing (issue #7; part 2 §3, §5, §7, §8). A curator creates a battlecard from the profile
// page, adds three cards with the picker, reorders them with the keyboard, renames and publishes it; a
// seller then reads it in that order, with the formula card's dynamic block rendered from provider data,
// and gets no editing controls; a 9th card cannot be added; a refused save is toasted and reverted;
// delete removes it.
import { expect, test, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';

type Profile = { id: number; rivalId: number; boards: { id: number; name: string }[] };
type LaneCard = { id: number; data: { name: string }; allAccess: boolean; isDraft: boolean };

async function apiOf(page: Page) {
  const headers = await csrfHeaders(page);
  /** A JSON answer, typed where used. */
  const ok = async (res: Awaited<ReturnType<Page['request']['get']>>, what: string): Promise<any> => {
    expect(res.ok(), `${what} → ${res.status()}`).toBe(true);
    return res.json();
  };
  return {
    get: async (url: string) => ok(await page.request.get(url), url),
    post: async (url: string, data: object) => ok(await page.request.post(url, { data, headers }), url),
    put: (url: string, data: object) => page.request.put(url, { data, headers }),
  };
}

const editorOrder = (page: Page) => page.getByTestId('battlecard-editor-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-card-id'))));
const shownOrder = (page: Page) => page.getByTestId('battlecard-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
/** Waits for the next battlecard save and checks it succeeded. */
const saved = (page: Page) => page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/battlecards\/\d+\.json$/.test(r.url()));

test('a curator builds a battlecard that a seller reads in order with its dynamic block', async ({ page, browser }) => {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const profileId = Number(new URL(page.url()).pathname.split('/')[2]);
  const api = await apiOf(page);
  const stamp = Date.now().toString(36);
  const profile: Profile = await api.get(`/api/profiles/${profileId}.json`);
  const board = profile.boards[0];

  // A card with a formula placeholder, visible to everyone, and two more published all-access cards.
  const formula = await api.post('/api/cards.json?v=2', {
    data: { name: `Revenue snapshot ${stamp}`, textHtml: '<p>Their revenue:</p><p>{{revenue(rival)}}</p>', hasDynamicBlocks: true },
    boardId: board.id,
    allAccess: true,
  });
  const lanes: LaneCard[][] = await Promise.all(profile.boards.map((b) => api.get(`/api/boards/${b.id}/cards.json`)));
  const readable = lanes.flat().filter((c) => c.allAccess && !c.isDraft && c.id !== formula.id);
  expect(readable.length, 'enough cards a seller may read').toBeGreaterThanOrEqual(8);
  const [a, b] = readable;

  // Create from the profile page: the name is required; the new battlecard opens in edit mode as a draft.
  await page.getByTestId('battlecard-new').click();
  await page.getByTestId('battlecard-new-submit').click();
  await expect(page.getByText('Give the battlecard a name')).toBeVisible();
  await page.getByTestId('battlecard-new-name').fill(`  Draft pitch ${stamp} `);
  await page.getByTestId('battlecard-new-submit').click();
  await expect(page.getByText('Battlecard created')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${profileId}/battlecard/view/\\d+\\?edit=1$`));
  const battlecardId = Number(new URL(page.url()).pathname.split('/').pop());
  const editor = page.getByTestId('battlecard-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('battlecard-editor-name')).toHaveValue(`Draft pitch ${stamp}`);
  await expect(page.getByTestId('battlecard-publish')).not.toBeChecked();

  // Add three cards with the picker: A, B, then the formula card.
  await page.getByTestId('battlecard-add-cards').click();
  const picker = page.getByTestId('battlecard-picker');
  const pick = (id: number) => picker.locator(`[data-testid="battlecard-picker-card"][data-card-id="${id}"]`);
  for (const id of [a.id, b.id, formula.id]) await pick(id).check();
  await expect(page.getByTestId('battlecard-picker-count')).toHaveAttribute('data-count', '3');
  let put = saved(page);
  await page.getByTestId('battlecard-picker-done').click();
  expect((await put).ok()).toBe(true);
  await expect(page.getByText('Battlecard cards saved')).toBeVisible();
  await expect.poll(() => editorOrder(page)).toEqual([a.id, b.id, formula.id]);
  await expect.poll(() => shownOrder(page)).toEqual([a.id, b.id, formula.id]);

  // Reorder with the keyboard: the formula card up twice; focus follows the moved card.
  const up = editor.locator(`[data-move="up"][data-card-id="${formula.id}"]`);
  await up.focus();
  put = saved(page);
  await page.keyboard.press('Enter');
  expect((await put).ok()).toBe(true);
  await expect.poll(() => editorOrder(page)).toEqual([a.id, formula.id, b.id]);
  await expect(up).toBeFocused();
  put = saved(page);
  await page.keyboard.press('Enter');
  expect((await put).ok()).toBe(true);
  await expect.poll(() => editorOrder(page)).toEqual([formula.id, a.id, b.id]);
  await expect(page.getByTestId('battlecard-editor-status')).toContainText('moved to position 1');
  await expect.poll(() => shownOrder(page)).toEqual([formula.id, a.id, b.id]);

  // Rename (an empty name is refused) and publish.
  const title = `Winning pitch ${stamp}`;
  await page.getByTestId('battlecard-editor-name').fill('   ');
  await page.getByTestId('battlecard-rename').click();
  await expect(editor.getByText('Give the battlecard a name')).toBeVisible();
  await page.getByTestId('battlecard-editor-name').fill(title);
  put = saved(page);
  await page.getByTestId('battlecard-rename').click();
  expect((await put).ok()).toBe(true);
  await expect(page.getByText('Battlecard renamed')).toBeVisible();
  await expect(page.locator(`[data-testid="battlecard-tab"][data-id="${battlecardId}"]`)).toContainText(title);
  put = saved(page);
  await page.getByTestId('battlecard-publish').focus();
  await page.keyboard.press('Space');
  expect((await put).ok()).toBe(true);
  await expect(page.getByText('Battlecard published')).toBeVisible();
  await expect(page.locator(`[data-testid="battlecard-tab"][data-id="${battlecardId}"]`)).not.toContainText('Draft');
  const stored = (await api.get('/api/battlecards.json')).find((x: { id: number }) => x.id === battlecardId);
  expect(stored).toMatchObject({ title, isDraft: false, cards: { desktop: [formula.id, a.id, b.id] } });

  // The seller reads it in that order, with the revenue block rendered, and no editing controls.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, 'seller@demo.test');
  const firmo = await (await seller.request.get(`/api/providers/firmographic.json?rivalId=${profile.rivalId}`)).json();
  await seller.goto(`/profile/${profileId}/battlecard/view/${battlecardId}?edit=1`);
  await expect(seller.locator(`[data-testid="battlecard-tab"][data-id="${battlecardId}"]`)).toContainText(title);
  await expect.poll(() => shownOrder(seller)).toEqual([formula.id, a.id, b.id]);
  const block = seller.locator(`[data-testid="battlecard-card"][data-id="${formula.id}"] [data-testid="dynamic-block"][data-formula="revenue"]`);
  await expect(block).toHaveAttribute('data-state', 'data', { timeout: 30_000 });
  await expect(block).toContainText(firmo.data.revenueRange);
  await expect(seller.getByTestId('battlecard-card').first()).not.toContainText('{{');
  await expect(seller.getByTestId('battlecard-edit-toggle')).toHaveCount(0);
  await expect(seller.getByTestId('battlecard-new')).toHaveCount(0);
  await expect(seller.getByTestId('battlecard-editor')).toHaveCount(0);
  await sellerContext.close();

  // Fill it to 8 cards: a 9th cannot be ticked, and the limit is said.
  await page.getByTestId('battlecard-add-cards').click();
  const more = readable.slice(2, 7);
  for (const c of more) await pick(c.id).check();
  await expect(page.getByTestId('battlecard-picker-count')).toHaveAttribute('data-count', '8');
  await expect(page.getByTestId('battlecard-picker-limit')).toContainText('A battlecard holds at most 8 cards');
  await expect(pick(readable[7].id)).toBeDisabled();
  await expect(pick(a.id)).toBeEnabled();
  put = saved(page);
  await page.getByTestId('battlecard-picker-done').click();
  expect((await put).ok()).toBe(true);
  await expect(page.getByTestId('battlecard-editor-count')).toHaveAttribute('data-count', '8');
  await page.getByTestId('battlecard-add-cards').click();
  await expect(pick(readable[7].id)).toBeDisabled();
  await page.keyboard.press('Escape');

  // A save the server refuses: the formula card is deleted behind the editor's back, so moving it is
  // refused; the toast carries the server's message and the editor returns to the server's state.
  const gone = await page.request.delete(`/api/cards/${formula.id}.json`, { headers: await csrfHeaders(page) });
  expect(gone.ok()).toBe(true);
  put = saved(page);
  await editor.locator(`[data-move="down"][data-card-id="${formula.id}"]`).click();
  expect((await put).status()).toBe(400);
  await expect(page.getByText('The battlecard could not be saved.')).toBeVisible();
  await expect(page.getByText(/not on this profile/)).toBeVisible();
  await expect.poll(() => editorOrder(page)).toEqual([a.id, b.id, ...more.map((c) => c.id)]);
  await expect(page.getByTestId('battlecard-editor-count')).toHaveAttribute('data-count', '7');

  // Delete after confirmation: gone from the tabs and from the API.
  await page.getByTestId('battlecard-delete').click();
  await expect(page.getByTestId('battlecard-delete-dialog')).toContainText(title);
  await page.getByTestId('battlecard-delete-confirm').click();
  await expect(page.getByText('Battlecard deleted')).toBeVisible();
  await expect(page.locator(`[data-testid="battlecard-tab"][data-id="${battlecardId}"]`)).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(`/battlecard/view/${battlecardId}`));
  expect((await page.request.get(`/api/battlecards/${battlecardId}/cards.json`)).status()).toBe(404);
});
