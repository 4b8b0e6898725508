// Company settings › Visibility groups, Rival groups and Audit log (/settings). An admin creates a
// visibility group (a name taken in another case is refused on the field), adds the seller through the
// people picker, renames it, moves it up from the keyboard (the order survives a reload) and deletes it
// once a card is shared only with it, after reading that only curators will see that card: the seller
// saw it before and not after. A curator creates a rival group, adds two rivals, moves it up (a move the
// server refuses goes back) and deletes it (the rivals stay), and is not let into the audit log; the admin finds all of it there, by search
// and by kind, with the rename's before and after.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { csrfHeaders, pickUpByKeyboard, signIn } from './session.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const PARTNERS = `E2E Partners ${stamp}`;
const CHANNEL = `E2E Channel ${stamp}`;
const RIVAL_GROUP = `E2E Rival group ${stamp}`;
const RIVALS = ['Beaconly', 'Metricforge'];

const names = (rows: Locator) => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));

/**
 * Moves the row one place up from the keyboard (focus the handle, Space, ArrowUp, Space), waiting for
 * the pick-up and the announced move; `status` waits for the answer to the PUT the drop sends.
 */
async function moveUpByKeyboard(page: Page, row: Locator, name: string, position: number, total: number, orderPath: string) {
  await pickUpByKeyboard(page, row.getByTestId('drag-handle'));
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`${name} is over position ${position - 1} of ${total}.`)).toBeAttached();
  const put = page.waitForResponse((r) => r.url().endsWith(orderPath) && r.request().method() === 'PUT');
  await page.keyboard.press('Space');
  return { status: async () => (await put).status() };
}

test('an admin creates a visibility group, adds the seller, renames, reorders and deletes it', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.test');
  const headers = await csrfHeaders(page);
  const groupsNow = async () => (await (await page.request.get('/api/visibility_groups.json?usage=true')).json()) as { id: number; name: string }[];

  await page.goto('/settings/visibility-groups');
  await expect(page.getByTestId('visibility-groups-section')).toContainText('curators see every card');
  const rows = page.getByTestId('visibility-group');
  await expect(rows).toHaveCount((await groupsNow()).length);

  // Create: the group comes last.
  const nameInput = page.getByTestId('visibility-group-create-name');
  await nameInput.fill(PARTNERS);
  await page.getByTestId('visibility-group-create-submit').click();
  const partners = page.locator(`[data-testid="visibility-group"][data-name="${PARTNERS}"]`);
  await expect(partners).toBeVisible();
  await expect(nameInput).toHaveValue('');
  expect((await names(rows)).at(-1)).toBe(PARTNERS);

  // The same name in capitals: the server's 400 on `name` shows under the field, and nothing is created.
  const count = (await groupsNow()).length;
  await nameInput.fill(PARTNERS.toUpperCase());
  await page.getByTestId('visibility-group-create-submit').click();
  await expect(page.getByTestId('visibility-group-create')).toContainText('Name is already taken');
  expect((await groupsNow()).length).toBe(count);
  await nameInput.fill('');

  // Members: the seller, found by email in the picker.
  await partners.getByTestId('visibility-group-members').click();
  const drawer = page.getByRole('dialog', { name: `People in ${PARTNERS}` });
  await expect(drawer.getByTestId('members-empty')).toBeVisible();
  await drawer.getByTestId('people-picker-search').fill('seller@demo');
  await page.getByTestId('people-picker-option').filter({ hasText: 'seller@demo.test' }).click();
  await expect(drawer.getByTestId('people-picker')).toContainText('Sam Seller');
  await drawer.getByTestId('members-add').click();
  await expect(drawer.getByTestId('member')).toHaveCount(1);
  await expect(drawer.getByTestId('member')).toHaveAttribute('data-email', 'seller@demo.test');
  const id = Number(await partners.getAttribute('data-id'));
  const members = (await (await page.request.get(`/api/visibility_groups/${id}/members.json`)).json()) as { email: string }[];
  expect(members.map((m) => m.email)).toEqual(['seller@demo.test']);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(partners.getByTestId('visibility-group-members')).toHaveText('1 person');

  // Rename.
  await partners.getByTestId('group-rename').click();
  const rename = page.getByRole('dialog', { name: `Rename ${PARTNERS}` });
  await rename.getByTestId('rename-group-name').fill(CHANNEL);
  await rename.getByTestId('rename-group-save').click();
  await expect(rename).toHaveCount(0);
  const channel = page.locator(`[data-testid="visibility-group"][data-name="${CHANNEL}"]`);
  await expect(channel).toBeVisible();
  await expect(partners).toHaveCount(0);
  expect((await groupsNow()).find((g) => g.id === id)?.name).toBe(CHANNEL);

  // Reorder from the keyboard: up one place, saved, and still so after a reload.
  const before = await names(rows);
  const expected = [...before.slice(0, -2), CHANNEL, before.at(-2)];
  expect(await (await moveUpByKeyboard(page, channel, CHANNEL, before.length, before.length, '/api/visibility_groups/order.json')).status()).toBe(200);
  await expect.poll(() => names(rows)).toEqual(expected);
  expect((await groupsNow()).map((g) => g.name)).toEqual(expected);
  await page.reload();
  await expect.poll(() => names(rows)).toEqual(expected);

  // A card shared with this group only, which the seller (a member) sees.
  const rival = ((await (await page.request.get('/api/rivals.json?minimal=true')).json()) as { profileId: number; isDraft: boolean }[]).find((r) => !r.isDraft)!;
  const profile = (await (await page.request.get(`/api/profiles/${rival.profileId}.json`)).json()) as { boards: { id: number }[] };
  const created = await page.request.post('/api/cards.json?v=2', {
    headers,
    data: { data: { name: `E2E channel pricing ${stamp}`, textHtml: '<p>Partner discounts.</p>' }, boardId: profile.boards[0].id, allAccess: false, visibilityGroups: [id] },
  });
  expect(created.status()).toBe(201);
  const cardId = Number((await created.json()).id);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, 'seller@demo.test');
  expect((await seller.request.get(`/api/cards/${cardId}.json`)).status()).toBe(200);

  // Delete: the dialog states what happens, and wants the name typed.
  await page.reload();
  await expect(channel.getByTestId('visibility-group-only-here')).toHaveText('1 card only here');
  await channel.getByTestId('group-delete').click();
  const dialog = page.getByRole('dialog', { name: `Delete ${CHANNEL}?` });
  await expect(dialog.getByTestId('delete-group-consequence').first()).toHaveText(`1 card is shared only with ${CHANNEL}: after deleting, only curators will see it.`);
  await expect(dialog).toContainText('1 person leaves the group');
  const confirm = dialog.getByTestId('delete-group-confirm');
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('delete-group-type-name').fill('Channel');
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('delete-group-type-name').fill(CHANNEL.toLowerCase());
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(channel).toHaveCount(0);
  expect((await groupsNow()).some((g) => g.id === id)).toBe(false);
  // As stated: only curators see the card now.
  expect((await seller.request.get(`/api/cards/${cardId}.json`)).status()).toBe(404);
  expect((await page.request.get(`/api/cards/${cardId}.json`)).status()).toBe(200);
  await sellerContext.close();
});

test('a curator creates a rival group, adds two rivals, reorders and deletes it, and cannot open the audit log', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  type Group = { id: number; name: string; rivals: number[] };
  const groupsNow = async () => (await (await page.request.get('/api/rival_groups.json')).json()) as Group[];
  const rivals = (await (await page.request.get('/api/rivals.json?minimal=true')).json()) as { id: number; name: string }[];
  const rivalIds = RIVALS.map((n) => rivals.find((r) => r.name === n)!.id);

  await page.goto('/settings/rival-groups');
  await expect(page.getByTestId('rival-groups-section')).toContainText('on the dashboard and in filters');
  const rows = page.getByTestId('rival-group');
  await expect(rows).toHaveCount((await groupsNow()).length);
  await page.getByTestId('rival-group-create-name').fill(RIVAL_GROUP);
  await page.getByTestId('rival-group-create-submit').click();
  const row = page.locator(`[data-testid="rival-group"][data-name="${RIVAL_GROUP}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('rival-group-count')).toHaveText('No rivals');

  // Two rivals at once, picked by name.
  await row.getByTestId('rival-group-add').click();
  const select = row.getByLabel(`Add rivals to ${RIVAL_GROUP}`);
  for (const name of RIVALS) {
    await select.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await row.getByTestId('add-rivals-confirm').click();
  await expect(row.getByTestId('rival-chip')).toHaveCount(2);
  expect(await names(row.getByTestId('rival-chip'))).toEqual(RIVALS);
  await expect(row.getByTestId('rival-group-count')).toHaveText('2 rivals');
  const id = Number(await row.getAttribute('data-id'));
  expect((await groupsNow()).find((g) => g.id === id)?.rivals).toEqual(rivalIds);

  // Reorder: a refused move puts the list back and says so; then up one place for real.
  const before = await names(rows);
  const expected = [...before.slice(0, -2), RIVAL_GROUP, before.at(-2)];
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/rival_groups/order.json', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Server error"}' });
  });
  const refused = await moveUpByKeyboard(page, row, RIVAL_GROUP, before.length, before.length, '/api/rival_groups/order.json');
  // The list moves before the server answers…
  await expect.poll(() => names(rows)).toEqual(expected);
  answer();
  expect(await refused.status()).toBe(500);
  // …and moves back when it refuses.
  await expect(page.getByText('The new order could not be saved; the groups are back in their previous order')).toBeVisible();
  await expect.poll(() => names(rows)).toEqual(before);
  await page.unroute('**/api/rival_groups/order.json');
  expect(await (await moveUpByKeyboard(page, row, RIVAL_GROUP, before.length, before.length, '/api/rival_groups/order.json')).status()).toBe(200);
  await expect.poll(() => names(rows)).toEqual(expected);
  expect((await groupsNow()).map((g) => g.name)).toEqual(expected);

  // Delete: the rivals stay.
  await row.getByTestId('group-delete').click();
  const dialog = page.getByRole('dialog', { name: `Delete ${RIVAL_GROUP}?` });
  await expect(dialog).toContainText('its 2 rivals stay');
  await dialog.getByTestId('delete-group-confirm').click();
  await expect(row).toHaveCount(0);
  expect((await groupsNow()).some((g) => g.id === id)).toBe(false);
  const after = (await (await page.request.get('/api/rivals.json?minimal=true')).json()) as { id: number }[];
  expect(rivalIds.every((r) => after.some((a) => a.id === r))).toBe(true);

  // The audit log is for admins.
  await page.goto('/settings/audit-log');
  await expect(page.getByTestId('page-not-authorized')).toBeVisible();
  await expect(page.getByTestId('audit-section')).toHaveCount(0);
});

test('an admin sees those changes in the audit log, finds one by search and filters by kind', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings/audit-log' });
  const entries = page.getByTestId('audit-entry');
  const summaries = () => entries.getByTestId('audit-summary').allTextContents();
  const entry = (summary: string) => entries.filter({ has: page.getByTestId('audit-summary').getByText(summary, { exact: true }) });

  const renamed = `Renamed the visibility group ${PARTNERS} to ${CHANNEL}`;
  await expect(entry(renamed)).toBeVisible();
  await expect(entry(`Created the visibility group ${PARTNERS}`)).toBeVisible();
  const rivalCreated = entry(`Created the rival group ${RIVAL_GROUP}`);
  await expect(rivalCreated).toBeVisible();
  await expect(rivalCreated.getByTestId('audit-actor')).toHaveText('Cory Curator');
  await expect(entry(renamed).getByTestId('audit-actor')).toHaveText('Ada Admin');
  // Relative, with the exact time on hover.
  await expect(rivalCreated.getByTestId('audit-when')).toHaveText(/ago|now/);
  await rivalCreated.getByTestId('audit-when').hover();
  await expect(page.getByRole('tooltip')).toContainText(String(new Date().getFullYear()));

  // Search (as typed): the entries that name the renamed group.
  await page.getByTestId('audit-search').fill(CHANNEL);
  await expect.poll(summaries).toEqual([`Deleted the visibility group ${CHANNEL} (1 member; 1 card now for curators only)`, renamed]);
  await expect(page.getByTestId('audit-count')).toHaveText('1–2 of 2 entries');
  await entry(renamed).getByTestId('audit-toggle').click();
  const detail = entry(renamed).getByTestId('audit-detail');
  await expect(detail.getByTestId('audit-before')).toHaveText(PARTNERS);
  await expect(detail.getByTestId('audit-after')).toHaveText(CHANNEL);

  // Nothing matches: the empty state clears the search.
  await page.getByTestId('audit-search').fill(`no such change ${stamp}`);
  await expect(page.getByTestId('audit-no-match')).toBeVisible();
  await page.getByTestId('audit-no-match').getByRole('button').click();
  await expect(page.getByTestId('audit-search')).toHaveValue('');

  // By kind: rival groups only, the curator's changes among them.
  await page.getByTestId('audit-kind-filter').click();
  await page.getByRole('option', { name: 'Rival groups', exact: true }).click();
  await expect.poll(async () => new Set(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-target'))))).toEqual(new Set(['rivalGroup']));
  await expect(entry(`Created the rival group ${RIVAL_GROUP}`)).toBeVisible();
  await expect(entry(`Deleted the rival group ${RIVAL_GROUP}`)).toBeVisible();
  await expect(entry(renamed)).toHaveCount(0);
});
