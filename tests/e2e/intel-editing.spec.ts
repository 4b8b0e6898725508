// Editing an intel item on /alerts in the browser (part 1 §3 Intel item, §4, §7): a curator gives an item a new
// title, adds a rival and removes one, deletes one of its related alerts after a confirmation, reloads and finds
// all of it, in the feed (served by the search engine) and in the item. Run with E2E_PORT=3220.
import { expect, test, type APIRequestContext } from './fixtures.ts';
import type { IntelDetail, IntelListResponse } from '../../contracts/intel.ts';
import { signIn } from './session.ts';

/** An item with a related alert that is not deleted, and one rival of the company it is not about. */
async function pickItem(request: APIRequestContext) {
  const list = (await (await request.get('/api/intel/v1?view=allIntel&states=unprocessed,working,archived&size=200')).json()) as IntelListResponse;
  for (const hit of list.hits.filter((h) => h.relatedAlerts.length > 0 && h.rivals.length > 0)) {
    const detail = (await (await request.get(`/api/intel/v1/${hit.id}`)).json()) as IntelDetail;
    const alert = detail.related.find((r) => r.state !== 'deleted');
    if (!alert) continue;
    const rivals = (await (await request.get('/api/rivals.json?minimal=true')).json()) as { id: number; name: string }[];
    const other = rivals.find((r) => !detail.rivals.some((x) => x.id === r.id))!;
    return { item: detail, alert, add: other, remove: detail.rivals[0] };
  }
  throw new Error('the demo data has no item with a related alert');
}

test('a curator edits an item’s title and rivals and deletes a related alert; all of it survives a reload', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const { item, alert, add, remove } = await pickItem(page.request);
  const feed = `/alerts?view=allIntel&intelIds=${item.id}`;
  await page.goto(feed);
  const row = page.locator(`[data-testid="intel-item"][data-id="${item.id}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('intel-edit').click();
  const dialog = page.getByTestId('intel-edit-dialog');
  await expect(dialog.getByTestId('intel-edit-title')).toHaveValue(item.curatedTitle ?? item.title);

  // The title: an empty one is refused in place; a new one is saved.
  const title = dialog.getByTestId('intel-edit-title');
  await title.fill('   ');
  await expect(dialog.getByText('Enter a title, or use the original one')).toBeVisible();
  await expect(dialog.getByTestId('intel-edit-title-save')).toBeDisabled();
  await title.fill('Edited in the browser: pricing overhaul');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/intel/${item.id}`));
  await dialog.getByTestId('intel-edit-title-save').click();
  expect((await saved).status()).toBe(200);
  await expect(dialog.getByTestId('intel-edit-title-original')).toBeVisible();

  // Rivals: one added with the picker, one removed.
  await dialog.getByTestId('intel-edit-rival-add').click();
  await dialog.getByTestId('intel-edit-rival-add').fill(add.name);
  await page.getByRole('option', { name: add.name, exact: true }).click();
  const rivals = dialog.getByTestId('intel-edit-rival');
  await expect(rivals.filter({ hasText: add.name })).toBeVisible();
  await rivals.filter({ hasText: remove.name }).getByTestId('intel-edit-rival-remove').click();
  await expect(rivals.filter({ hasText: remove.name })).toHaveCount(0);

  // A related alert, deleted after a confirmation.
  const related = dialog.locator(`[data-testid="intel-related-alert"][data-id="${alert.id}"]`);
  await related.getByTestId('intel-related-delete').click();
  await page.getByTestId('intel-related-confirm-delete').click();
  await expect(related).toHaveAttribute('data-state', 'deleted');
  await dialog.getByTestId('intel-edit-done').click();
  await expect(dialog).toBeHidden();

  // After a reload the feed (the search engine) shows the new title and rivals.
  await expect
    .poll(async () => {
      await page.reload();
      await expect(row).toBeVisible();
      return [await row.getByTestId('intel-title').innerText(), await row.getByTestId('intel-rival').allInnerTexts()];
    })
    .toEqual(['Edited in the browser: pricing overhaul', expect.arrayContaining([add.name])]);
  await expect(row.getByTestId('intel-rival').filter({ hasText: new RegExp(`^${remove.name}$`) })).toHaveCount(0);

  // And the item itself, reopened.
  await row.getByTestId('intel-edit').click();
  await expect(dialog.getByTestId('intel-edit-title')).toHaveValue('Edited in the browser: pricing overhaul');
  await expect(dialog.locator(`[data-testid="intel-related-alert"][data-id="${alert.id}"]`)).toHaveAttribute('data-state', 'deleted');
  const stored = (await (await page.request.get(`/api/intel/v1/${item.id}`)).json()) as IntelDetail;
  expect(stored.curatedTitle).toBe('Edited in the browser: pricing overhaul');
  expect(stored.rivals.map((r) => r.id)).toContain(add.id);
  expect(stored.rivals.map((r) => r.id)).not.toContain(remove.id);
});
