// Company settings › Search synonyms (/settings). A curator sees the default vocabulary, adds a two-way
// entry and saves it: searching one word then finds a card that holds only the other, and a reload shows
// the entry. Invalid entries (a two-way entry with one term, a one-way cycle) show their error on the row
// and are never sent; a 400 from the server lands on the entry it names. Restore defaults brings the
// default vocabulary back, and the search stops matching.
import { expect, test, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';

const SYNONYMS = '/api/company/synonyms.json';

type Entry = { terms: string[]; mapsTo: string[] };
type Synonyms = { synonyms: Entry[]; isDefault: boolean; updatedAt: string | null; updatedBy: { name: string } | null };

async function readSynonyms(page: Page): Promise<Synonyms> {
  const res = await page.request.get(SYNONYMS);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Card ids a search of the cards index finds for these terms. */
async function searchIds(page: Page, terms: string): Promise<number[]> {
  const res = await page.request.get(`/api/search.json?index=cards&query=${encodeURIComponent(terms)}&size=50`);
  expect(res.status()).toBe(200);
  return ((await res.json()).results as { id: number | string }[]).map((r) => Number(r.id));
}

/** Adds an entry through the editor dialog (terms typed one by one, Enter after each). */
async function addEntry(page: Page, terms: string[], mapsTo: string[] = []) {
  await page.getByTestId('synonyms-add').click();
  const editor = page.getByRole('dialog');
  await expect(editor).toBeVisible();
  if (mapsTo.length) await editor.getByTestId('synonym-editor-kind').getByText('One-way', { exact: true }).click();
  for (const term of terms) {
    await editor.getByTestId('synonym-editor-terms').fill(term);
    await editor.getByTestId('synonym-editor-terms').press('Enter');
  }
  for (const term of mapsTo) {
    await editor.getByTestId('synonym-editor-maps-to').fill(term);
    await editor.getByTestId('synonym-editor-maps-to').press('Enter');
  }
  await editor.getByTestId('synonym-editor-apply').click();
  await expect(editor).toHaveCount(0);
}

/** The row whose chips are exactly these terms. */
const row = (page: Page, text: string) => page.getByTestId('synonym-entry').filter({ has: page.getByTestId('synonym-chips').getByText(text, { exact: true }) });

test('a curator edits the search synonyms: save, search, reload, invalid entries, restore defaults', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const headers = await csrfHeaders(page);
  // Start from the default vocabulary, whatever an earlier run left.
  expect((await page.request.delete(SYNONYMS, { headers })).status()).toBe(200);

  // A card that holds "quintal" and never "zorbex".
  await expect(page.getByTestId('lane').first()).toBeVisible();
  const laneId = Number(await page.getByTestId('lane').first().getAttribute('data-id'));
  const stamp = Date.now().toString(36);
  const title = `E2E synonyms ${stamp}`;
  const created = await page.request.post('/api/cards.json?v=2', {
    headers,
    data: { data: { name: title, textHtml: '<p>Their quintal tier undercuts us on volume deals.</p>' }, boardId: laneId },
  });
  expect(created.status()).toBe(201);
  const cardId = Number((await created.json()).id);
  await expect.poll(() => searchIds(page, 'quintal'), { timeout: 20_000 }).toContain(cardId);
  expect(await searchIds(page, 'zorbex')).not.toContain(cardId);

  // The screen: the default vocabulary, nothing to save yet.
  await page.goto('/settings/synonyms');
  const section = page.getByTestId('synonyms-section');
  await expect(section).toBeVisible();
  await expect(page.getByTestId('synonyms-default-badge')).toHaveText('Default vocabulary');
  const defaults = await readSynonyms(page);
  expect(defaults.isDefault).toBe(true);
  await expect(page.getByTestId('synonym-entry')).toHaveCount(defaults.synonyms.length);
  await expect(page.getByTestId('synonyms-save')).toBeDisabled();
  await expect(page.getByTestId('synonyms-restore')).toBeDisabled();

  // The filter finds an entry by part of a term, hyphens as spaces.
  await page.getByTestId('synonyms-filter').fill('Sign-On');
  await expect(page.getByTestId('synonym-entry')).toHaveCount(1);
  await expect(row(page, 'saml')).toHaveAttribute('data-kind', 'two-way');
  await page.getByTestId('synonyms-filter').fill('');

  // Add "zorbex, quintal" (two-way) and save.
  await addEntry(page, ['zorbex', 'quintal']);
  const added = row(page, 'zorbex');
  await expect(added).toHaveAttribute('data-status', 'new');
  await expect(added.getByTestId('synonym-term')).toHaveText(['zorbex', 'quintal']);
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('1 unsaved change');
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === SYNONYMS);
  await page.getByTestId('synonyms-save').click();
  expect((await put).status()).toBe(200);
  await expect(page.getByText('Synonyms saved. Search and Ask use them now.')).toBeVisible();
  await expect(page.getByTestId('synonyms-default-badge')).toHaveCount(0);
  await expect(page.getByTestId('synonyms-last-changed')).toContainText('Last changed by');
  await expect(page.getByTestId('synonyms-save')).toBeDisabled();
  const saved = await readSynonyms(page);
  expect(saved.isDefault).toBe(false);
  expect(saved.synonyms).toContainEqual({ terms: ['zorbex', 'quintal'], mapsTo: [] });
  expect(saved.synonyms).toHaveLength(defaults.synonyms.length + 1);

  // Searching the one word finds the card that holds only the other.
  await page.goto(`/search/zorbex`);
  await expect(page.locator(`[data-testid="search-result"][data-card-id="${cardId}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="search-result"][data-card-id="${cardId}"]`).getByTestId('search-result-title')).toHaveText(title);

  // A reload of the screen shows the saved entry.
  await page.goto('/settings/synonyms');
  await page.getByTestId('synonyms-filter').fill('zorbex');
  await expect(page.getByTestId('synonym-entry')).toHaveCount(1);
  await expect(row(page, 'zorbex').getByTestId('synonym-term')).toHaveText(['zorbex', 'quintal']);
  await expect(row(page, 'zorbex')).not.toHaveAttribute('data-status', /./);
  await expect(page.getByTestId('synonyms-last-changed')).toBeVisible();
  await page.getByTestId('synonyms-filter').fill('');

  // Invalid entries: a two-way entry with one term, and a one-way cycle. Each shows its error; nothing is sent.
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === SYNONYMS) puts++;
  });
  await addEntry(page, ['lonelyterm']);
  const lonely = row(page, 'lonelyterm');
  await expect(lonely).toHaveAttribute('data-invalid', 'true');
  await expect(lonely.getByTestId('synonym-entry-error')).toHaveText('Terms: a two-way entry needs at least two terms');
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('Fix 1 problem to save');
  await expect(page.getByTestId('synonyms-save')).toBeDisabled();

  await addEntry(page, ['gizmoa'], ['gizmob']);
  await addEntry(page, ['gizmob'], ['gizmoa']);
  const cycle = page.getByTestId('synonym-entry').filter({ has: page.locator('[data-testid="synonym-term"][data-side="terms"]', { hasText: /^gizmob$/ }) });
  await expect(cycle).toHaveAttribute('data-kind', 'one-way');
  await expect(cycle.getByTestId('synonym-entry-error')).toHaveText('Finds: makes a cycle: "gizmoa" leads back to "gizmob"');
  // The term at fault says so in words, not only in red.
  await expect(cycle.locator('[data-testid="synonym-term"][data-invalid]')).toHaveText('Problem: gizmoa');
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('Fix 2 problems to save');
  await expect(page.getByTestId('synonyms-save')).toBeDisabled();

  // Fixing the lonely entry in the dialog (a second term) leaves only the cycle.
  await lonely.getByTestId('synonym-entry-edit').click();
  await page.getByRole('dialog').getByTestId('synonym-editor-terms').fill('lonelyterm2');
  await page.getByRole('dialog').getByTestId('synonym-editor-terms').press('Enter');
  await page.getByRole('dialog').getByTestId('synonym-editor-apply').click();
  await expect(lonely).not.toHaveAttribute('data-invalid', /./);
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('Fix 1 problem to save');
  // Deleting the entry that closes the cycle clears the last problem (undo brings it back, with it).
  await cycle.getByTestId('synonym-entry-delete').click();
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('2 unsaved changes');
  await page.getByTestId('synonyms-undo').click();
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('Fix 1 problem to save');
  await cycle.getByTestId('synonym-entry-delete').click();
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('2 unsaved changes');
  await expect(page.getByTestId('synonyms-save')).toBeEnabled();
  expect(puts).toBe(0);
  expect(await readSynonyms(page)).toEqual(saved);

  // The server's 400 details land on the entry they name, and nothing is saved.
  await page.route(SYNONYMS, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Invalid body', details: [{ field: `synonyms.${saved.synonyms.length}.terms.0`, message: 'is not allowed here' }] }),
        })
      : route.continue(),
  );
  await page.getByTestId('synonyms-save').click();
  await expect(page.getByTestId('synonyms-general-error')).toContainText('nothing was saved');
  await expect(lonely.getByTestId('synonym-entry-error')).toHaveText('Terms: is not allowed here');
  await expect(lonely.locator('[data-testid="synonym-term"][data-invalid]')).toHaveText('Problem: lonelyterm');
  await expect(page.getByTestId('synonyms-save')).toBeDisabled();
  await page.unroute(SYNONYMS);
  expect(await readSynonyms(page)).toEqual(saved);

  // Discard goes back to the saved list.
  await page.getByTestId('synonyms-discard').click();
  await expect(page.getByTestId('synonyms-bar-status')).toHaveText('No unsaved changes');
  await expect(row(page, 'lonelyterm')).toHaveCount(0);
  await expect(page.getByTestId('synonym-entry')).toHaveCount(saved.synonyms.length);

  // Restore defaults, confirmed: the default vocabulary is back, and "zorbex" no longer finds the card.
  await page.getByTestId('synonyms-restore').click();
  await expect(page.getByRole('dialog')).toContainText('Restore the default vocabulary?');
  await page.getByTestId('synonyms-restore-confirm').click();
  await expect(page.getByText('Default vocabulary restored')).toBeVisible();
  await expect(page.getByTestId('synonyms-default-badge')).toBeVisible();
  await expect(page.getByTestId('synonym-entry')).toHaveCount(defaults.synonyms.length);
  await expect(row(page, 'zorbex')).toHaveCount(0);
  expect(await readSynonyms(page)).toEqual(defaults);
  expect(await searchIds(page, 'zorbex')).not.toContain(cardId);
  expect(await searchIds(page, 'quintal')).toContain(cardId);
});

test('a curator adds a synonym for a search that found nothing, from what reps searched next', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  // The demo's reps search "okta", find nothing, and search "sso" next (db/seed/usage.ts).
  await page.goto('/settings/synonyms?add=okta');
  await expect(page).toHaveURL('/settings/synonyms');
  const editor = page.getByRole('dialog', { name: 'Add an entry' });
  await expect(editor.getByTestId('synonym-editor-query')).toContainText('Searches for “okta” found nothing.');
  const next = editor.getByTestId('synonym-next-search');
  await expect(next.first()).toContainText(/^sso\d+ people$/);
  await next.first().click();
  await expect(editor.getByTestId('synonym-next-search').filter({ hasText: /^sso/ })).toHaveCount(0);
  // "sso" is a term of the default vocabulary's SSO entry: the new entry is one-way, okta → sso.
  await expect(editor.getByRole('radio', { name: 'One-way' })).toBeChecked();
  await expect(editor.locator('.mantine-TagsInput-pill')).toHaveText(['okta', 'sso']);
  await expect(editor.getByTestId('synonym-next-searches')).toContainText('All of them are in this entry.');
  await editor.getByTestId('synonym-editor-apply').click();
  await expect(editor).toHaveCount(0);
  // In the list, not saved yet: Discard leaves the saved vocabulary as it was.
  await expect(row(page, 'okta')).toHaveCount(1);
  await expect(row(page, 'okta').getByTestId('synonym-chips')).toContainText('sso');
  await expect(page.getByTestId('synonyms-bar-status')).not.toContainText(/problem/i);
  await page.getByTestId('synonyms-discard').click();
  await expect(row(page, 'okta')).toHaveCount(0);
});

test('/settings is for curators: a seller is not authorized', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { to: '/settings/synonyms' });
  await expect(page.getByTestId('synonyms-section')).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/synonyms$/);
  expect((await page.request.get(SYNONYMS)).status()).toBe(403);
});
