// Card and battlecard screens (issue #7, web side). A curator creates a card in a lane, sets its
// permissions, tags it, adds sources, assigns it to a new battlecard, moves, duplicates and deletes it,
// and bulk-edits permissions; a seller reads a battlecard, gives sentiment (kept after a reload), sends
// feedback, and never sees a draft card. Every step is checked in the UI and through the API.
import { expect, test, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';


/** The signed-in browser's own API calls, with its CSRF token. */
async function apiOf(page: Page) {
  const headers = await csrfHeaders(page);
  return {
    get: async (url: string) => {
      const res = await page.request.get(url);
      return { status: res.status(), body: res.ok() ? await res.json() : null };
    },
    post: async (url: string, data: object) => (await page.request.post(url, { data, headers })).json(),
  };
}

const cardIn = (page: Page, laneId: string | number, name: string) =>
  page.locator(`[data-testid="lane"][data-id="${laneId}"] [data-testid="lane-card"]`).filter({ has: page.getByTestId('lane-card-title').getByText(name, { exact: true }) });

/** Opens a card's menu with the card just below the sticky header, so the whole menu fits below it: a menu
 * that runs off the screen is scrolled to by the click, which moves it under the pointer, and Mantine hides
 * it once its button has scrolled out of view. */
async function openMenu(page: Page, cardId: string | number, item: string) {
  const button = page.locator(`[data-testid="lane-card"][data-id="${cardId}"] [data-testid="card-menu"]`);
  await button.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -160);
  });
  await button.click();
  const entry = page.getByTestId(`card-menu-${item}`);
  await expect(entry).toBeInViewport();
  await entry.click();
}

test('a curator creates a card, sets permissions, tags it, adds sources, assigns, moves, duplicates and deletes it', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const profileId = Number(new URL(page.url()).pathname.split('/')[2]);
  const api = await apiOf(page);
  const lanes = page.getByTestId('lane');
  await expect(lanes.nth(1)).toBeVisible();
  const firstLane = (await lanes.nth(0).getAttribute('data-id'))!;
  const stamp = Date.now().toString(36);
  const name = `E2E card ${stamp}`;

  // Create: "New card" on the first lane; the server strips what the allow-list refuses.
  await lanes.nth(0).getByTestId('lane-new-card').click();
  await page.getByTestId('card-editor-save').click();
  await expect(page.getByText('Give the card a title')).toBeVisible();
  await page.getByTestId('card-editor-name').fill(name);
  await page.getByTestId('card-editor-source').click();
  await page
    .getByTestId('card-editor-text')
    .fill(
      '<p>Win with <b>speed</b></p><script>alert(1)</script><p><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p>' +
        '<table><tbody><tr><td>Price</td><td>$10</td></tr></tbody></table>',
    );
  await page.getByTestId('card-editor-save').click();
  await expect(page.getByText('Card created')).toBeVisible();
  const card = cardIn(page, firstLane, name);
  await expect(card).toHaveCount(1);
  const cardId = Number(await card.getAttribute('data-id'));
  await expect(card.getByTestId('lane-card-body')).toContainText('Win with speed');
  let view = await api.get(`/api/cards/${cardId}.json`);
  expect(view.body.textHtml).not.toContain('<script');
  expect(view.body.allAccess).toBe(true);

  // In the viewer the plain video link is a player and a table opens zoomed.
  await card.getByTestId('lane-card-title').click();
  const viewer = page.getByTestId('card-viewer');
  await expect(viewer.getByTestId('card-video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await viewer.getByTestId('card-viewer-body').getByText('Price').click();
  await expect(page.getByTestId('card-zoom-table')).toContainText('$10');
  await page.goto(`/profile/${profileId}`);

  // Permissions: curators and the Sales group; "Full access users" is checked and disabled.
  await openMenu(page, cardId, 'permissions');
  await page.getByTestId('permissions-mode-2').check();
  await expect(page.getByTestId('permissions-full-access')).toBeChecked();
  await expect(page.getByTestId('permissions-full-access')).toBeDisabled();
  await page.getByTestId('permissions-dialog').getByRole('checkbox', { name: 'Sales' }).check();
  await page.getByTestId('permissions-save').click();
  await expect(page.getByText('Card permissions saved')).toBeVisible();
  view = await api.get(`/api/cards/${cardId}.json`);
  expect(view.body.allAccess).toBe(false);
  expect(view.body.isDraft).toBe(false);
  expect(view.body.visibilityGroups.map((g: { name: string }) => g.name)).toEqual(['Sales']);

  // Tags: create a new tag on the card, then see it on the lane card.
  const tag = `e2e-${stamp}`;
  await openMenu(page, cardId, 'tags');
  await page.getByTestId('tag-search').fill(tag);
  await page.getByTestId('tag-create').click();
  await expect(page.getByTestId('tags-dialog').getByTestId('card-tag').filter({ hasText: tag })).toBeVisible();
  // The tag list below the picker refreshes after a save and can move Done under a click already on its
  // way: click again until the dialog has closed.
  await expect(async () => {
    await page.getByTestId('tags-done').click({ timeout: 2_000 });
    await expect(page.getByTestId('tags-dialog')).toBeHidden({ timeout: 1_000 });
  }).toPass();
  await expect(card.getByTestId('lane-card-tag').filter({ hasText: tag })).toBeVisible();
  view = await api.get(`/api/cards/${cardId}.json`);
  expect(view.body.tags.map((t: { name: string }) => t.name)).toContain(tag);

  // Sources: an invalid URL is refused with "invalid URL"; a valid one is listed.
  await openMenu(page, cardId, 'sources');
  await page.getByTestId('source-url').fill('not a url');
  await page.getByTestId('source-add').click();
  await expect(page.getByTestId('sources-dialog').getByText('invalid URL')).toBeVisible();
  await page.getByTestId('source-url').fill('https://example.com/e2e-source');
  await page.getByTestId('source-add').click();
  await expect(page.getByTestId('source-item')).toHaveCount(1);
  await page.keyboard.press('Escape');
  expect((await api.get(`/api/cards/${cardId}/sources.json`)).body.map((s: { permalink: string }) => s.permalink)).toEqual(['https://example.com/e2e-source']);

  // Assign to battlecards: a new battlecard (name required) starts ticked; Done saves.
  await openMenu(page, cardId, 'battlecards');
  await page.getByTestId('new-battlecard-create').click();
  await expect(page.getByText('Give the battlecard a name')).toBeVisible();
  await page.getByTestId('new-battlecard-name').fill(`  E2E battlecard ${stamp}  `);
  await page.getByTestId('new-battlecard-create').click();
  await expect(page.getByTestId('assign-battlecards-dialog').getByRole('checkbox', { name: `E2E battlecard ${stamp}` })).toBeChecked();
  await page.getByTestId('assign-battlecards-done').click();
  await expect(page.getByText('Battlecards updated')).toBeVisible();
  const battlecards = (await api.get('/api/battlecards.json')).body as { id: number; title: string; cards: { desktop: number[] } }[];
  const created = battlecards.find((b) => b.title === `E2E battlecard ${stamp}`)!;
  expect(created.cards.desktop).toEqual([cardId]);
  // A battlecard already at 8 cards cannot take this one.
  const others = (await page.getByTestId('lane-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).filter((id) => id !== cardId).slice(0, 8);
  const full = await api.post(`/api/profiles/${profileId}/battlecards.json`, { title: `E2E full ${stamp}`, cardData: { desktop: others, tablet: others, mobile: others } });
  await openMenu(page, cardId, 'battlecards');
  await expect(page.locator(`[data-testid="assign-battlecard"][data-battlecard-id="${full.id}"]`)).toBeDisabled();
  await page.keyboard.press('Escape');

  // The battlecard view shows it.
  await page.goto(`/profile/${profileId}/battlecard/view/${created.id}`);
  await expect(page.getByTestId('battlecard-card')).toHaveCount(1);
  await expect(page.getByTestId('battlecard-card-title')).toHaveText(name);
  await page.goto(`/profile/${profileId}`);

  // Move to the second lane (the current lane cannot be picked).
  await openMenu(page, cardId, 'move');
  await page.getByTestId('move-card-lane').click();
  await expect(page.getByRole('option', { name: /\(current\)/ })).toHaveAttribute('data-combobox-disabled', 'true');
  const target = page.getByRole('option').filter({ hasNotText: '(current)' }).nth(0);
  const targetName = (await target.textContent())!.trim();
  await target.click();
  await page.getByTestId('move-card-submit').click();
  await expect(page.getByText(`Card moved to ${targetName}`)).toBeVisible();
  view = await api.get(`/api/cards/${cardId}.json`);
  expect(view.body.board.name).toBe(targetName);
  const targetLane = view.body.board.id;
  await expect(cardIn(page, targetLane, name)).toHaveCount(1);
  await expect(cardIn(page, firstLane, name)).toHaveCount(0);

  // Duplicate: "copy" suffix, right after the card.
  await openMenu(page, cardId, 'duplicate');
  await expect(page.getByText('Card duplicated')).toBeVisible();
  const copy = cardIn(page, targetLane, `${name} copy`);
  await expect(copy).toHaveCount(1);
  const order = await page.locator(`[data-testid="lane"][data-id="${targetLane}"] [data-testid="lane-card"]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
  const copyId = Number(await copy.getAttribute('data-id'));
  expect(order.indexOf(copyId)).toBe(order.indexOf(cardId) + 1);

  // Delete: confirm, then gone from the lane and the API.
  await openMenu(page, cardId, 'delete');
  await page.getByTestId('delete-card-confirm').click();
  await expect(page.getByText('Card deleted')).toBeVisible();
  await expect(page.locator(`[data-testid="lane-card"][data-id="${cardId}"]`)).toHaveCount(0);
  expect((await api.get(`/api/cards/${cardId}.json`)).status).toBe(404);

  // Bulk edit: select the copy and make it curators-only (a draft).
  await page.getByTestId('bulk-edit-open').click();
  await expect(page).toHaveURL(/action=bulkEdit&bulkEditOption=cardPermissions/);
  await expect(page.getByTestId('bulk-edit-apply')).toBeDisabled();
  await page.locator(`[data-testid="lane-card"][data-id="${copyId}"] [data-testid="lane-card-select"]`).check();
  await expect(page.getByTestId('bulk-edit-count')).toHaveText('1 card selected');
  await page.getByTestId('bulk-edit-panel').getByTestId('permissions-mode-0').check();
  await page.getByTestId('bulk-edit-apply').click();
  await expect(page.getByText('Changes applied to 1 card')).toBeVisible();
  expect((await api.get(`/api/cards/${copyId}.json`)).body.isDraft).toBe(true);
  await expect(page.locator(`[data-testid="lane-card"][data-id="${copyId}"] [data-testid="lane-card-draft"]`)).toBeVisible();
  await page.getByRole('dialog', { name: 'Bulk edit' }).getByRole('button', { name: 'Close bulk edit' }).click();
  await expect(page).not.toHaveURL(/action=bulkEdit/);

  // Edit from the menu: the edit route opens the editor; saving renames the card and closes it.
  await openMenu(page, copyId, 'edit');
  await expect(page).toHaveURL(new RegExp(`/profile/${profileId}/edit/card/${copyId}$`));
  await expect(page.getByTestId('card-editor-name')).toHaveValue(`${name} copy`);
  await page.getByTestId('card-editor-name').fill(`${name} edited`);
  await page.getByTestId('card-editor-save').click();
  await expect(page.getByText('Card saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${profileId}$`));
  await expect(cardIn(page, targetLane, `${name} edited`)).toHaveCount(1);
  expect((await api.get(`/api/cards/${copyId}.json`)).body.data.name).toBe(`${name} edited`);
});

test('a seller reads a battlecard, gives sentiment, sends feedback and cannot see a draft card', async ({ page }) => {
  // A curator prepares a draft card on the first lane of the first profile.
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const profileId = Number(new URL(page.url()).pathname.split('/')[2]);
  await expect(page.getByTestId('lane').first()).toBeVisible();
  const laneId = Number(await page.getByTestId('lane').first().getAttribute('data-id'));
  const curatorApi = await apiOf(page);
  const draft = await curatorApi.post('/api/cards.json?v=2', { data: { name: 'E2E secret draft', textHtml: '<p>curators only</p>' }, boardId: laneId, isDraft: true });
  expect(draft.isDraft).toBe(true);
  await page.context().clearCookies();

  await signIn(page, 'seller@demo.test');
  const api = await apiOf(page);

  // The battlecard view: tabs of the profile's battlecards, cards in order.
  await page.goto(`/profile/${profileId}/battlecard/view`);
  await expect(page.getByTestId('battlecard-tab').first()).toBeVisible();
  const battlecardId = Number(await page.getByTestId('battlecard-tab').first().getAttribute('data-id'));
  const expected = (await api.get(`/api/battlecards/${battlecardId}/cards.json?battlecardType=desktop`)).body.cards.map((c: { id: number }) => String(c.id));
  await expect.poll(async () => page.getByTestId('battlecard-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(expected);
  // The mobile layout shows its own (shorter) list.
  await page.getByTestId('battlecard-layout').getByText('Mobile').click();
  await expect(page).toHaveURL(/layout=mobile/);
  const mobile = (await api.get(`/api/battlecards/${battlecardId}/cards.json?battlecardType=mobile`)).body.cards.length;
  await expect(page.getByTestId('battlecard-card')).toHaveCount(mobile);
  await page.getByTestId('battlecard-layout').getByText('Desktop').click();

  // Sentiment: positive, kept after a reload; clicking it again removes it.
  const first = page.getByTestId('battlecard-card').first();
  const cardId = await first.getAttribute('data-id');
  await expect(first.getByTestId('card-menu')).toBeVisible();
  await first.getByTestId('sentiment-positive').click();
  await expect(first.getByTestId('card-sentiment')).toHaveAttribute('data-sentiment', '1');
  await expect.poll(async () => (await api.get('/api/users/me.json')).body.userData.cardSentiment?.[cardId!]).toBe(1);
  await page.reload();
  const again = page.locator(`[data-testid="battlecard-card"][data-id="${cardId}"]`);
  await expect(again.getByTestId('card-sentiment')).toHaveAttribute('data-sentiment', '1');
  await again.getByTestId('sentiment-negative').click();
  await expect(again.getByTestId('card-sentiment')).toHaveAttribute('data-sentiment', '2');
  await again.getByTestId('sentiment-negative').click();
  await expect(again.getByTestId('card-sentiment')).toHaveAttribute('data-sentiment', 'none');
  await expect.poll(async () => (await api.get('/api/users/me.json')).body.userData.cardSentiment?.[cardId!] ?? null).toBeNull();

  // Feedback: needs text; sent shows a message, then the box closes again.
  await again.getByTestId('feedback-open').click();
  await expect(again.getByTestId('feedback-send')).toBeDisabled();
  await again.getByTestId('feedback-text').fill('Please add the latest pricing.');
  await again.getByTestId('feedback-send').click();
  await expect(again.getByTestId('feedback-sent')).toBeVisible();
  await expect(again.getByTestId('feedback-open')).toBeVisible();
  // No curator tools for a seller.
  await again.getByTestId('card-menu').click();
  await expect(page.getByTestId('card-menu-copy-link')).toBeVisible();
  await expect(page.getByTestId('card-menu-delete')).toHaveCount(0);
  await expect(page.getByTestId('card-menu-move')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Share feedback from a card in a lane (hover toolbar): the dialog closes by itself after sending.
  await page.goto(`/profile/${profileId}`);
  const laneCard = page.getByTestId('lane-card').first();
  // The toolbar shows while the pointer is over the card; the lanes may still be laying out after
  // the first hover (the pointer then rests on another card), so hover until it shows.
  await expect(async () => {
    await laneCard.hover();
    await expect(laneCard.getByTestId('lane-card-feedback')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await laneCard.getByTestId('lane-card-feedback').click();
  await page.getByRole('dialog').getByTestId('feedback-text').fill('Is this still current?');
  await page.getByRole('dialog').getByTestId('feedback-send').click();
  await expect(page.getByRole('dialog').getByTestId('feedback-sent')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The draft card is nowhere for the seller: not in the lane, not by link, not by API.
  await page.goto(`/profile/${profileId}`);
  await expect(page.getByTestId('lane-card').first()).toBeVisible();
  await expect(page.locator(`[data-testid="lane-card"][data-id="${draft.id}"]`)).toHaveCount(0);
  await expect(page.getByTestId('lane-new-card')).toHaveCount(0);
  await expect(page.getByTestId('bulk-edit-open')).toHaveCount(0);
  expect((await api.get(`/api/cards/${draft.id}.json`)).status).toBe(404);
  await page.goto(`/profile/${profileId}?viewCard=${draft.id}`);
  await expect(page.getByTestId('card-viewer-failed')).toBeVisible();

  // The card viewer offers sentiment and feedback to the seller too.
  await page.goto(`/profile/${profileId}?viewCard=${cardId}`);
  await expect(page.getByTestId('card-viewer').getByTestId('card-sentiment')).toBeVisible();
  await expect(page.getByTestId('card-viewer').getByTestId('feedback-open')).toBeVisible();
});

test('embeds show a card or a battlecard without the main layout', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  const api = await apiOf(page);
  const battlecards = (await api.get('/api/battlecards.json')).body as { id: number; title: string; profile: { id: number }; cards: { desktop: number[] } }[];
  const bc = battlecards.find((b) => b.cards.desktop.length > 0)!;
  const cardId = bc.cards.desktop[0];
  const card = (await api.get(`/api/cards/${cardId}.json`)).body;

  await page.goto(`/card/embed/${cardId}`);
  await expect(page.getByTestId('card-embed-title')).toHaveText(card.data.name);
  await expect(page.getByTestId('top-nav')).toHaveCount(0);

  await page.goto(`/profile/${bc.profile.id}/battlecard/embed?battlecardId=${bc.id}`);
  await expect(page.getByTestId('battlecard-card')).toHaveCount(bc.cards.desktop.length);
  await expect(page.getByTestId('card-menu')).toHaveCount(0);
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
});

test('a curator previews a battlecard as a visibility group and exits preview', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const profileId = Number(new URL(page.url()).pathname.split('/')[2]);
  const api = await apiOf(page);
  const sales = ((await api.get('/api/visibility_groups.json')).body as { id: number; name: string }[]).find((g) => g.name === 'Sales')!;
  await page.goto(`/profile/${profileId}/battlecard/view?previewing=${sales.id}`);
  await expect(page.getByTestId('preview-banner')).toContainText('Previewing as Sales');
  await expect(page.getByTestId('battlecard-card').first()).toBeVisible();
  await page.getByTestId('preview-exit').click();
  await expect(page).not.toHaveURL(/previewing=/);
  await expect(page.getByTestId('preview-banner')).toHaveCount(0);
});
