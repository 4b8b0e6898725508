// Notifications and bookmarks in the browser (part 1 §2 /notifications, §3 Bookmark, §7): the bell's unread count
// drops to nothing after "Mark all read"; a seller follows a card, a curator edits it, and the seller finds the
// notification in the bell and opens the card from it; a bookmark of the current page is added, renamed, opened
// and deleted. Run with E2E_PORT=3220.
import { expect, test } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';

test('the bell shows the unread count, which drops to nothing after "Mark all read"', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  // The demo curator has new intel on the rivals he curates.
  const bell = page.getByTestId('bell-badge');
  await expect(bell).toHaveAttribute('data-count', /^[1-9]\d*$/);
  const unread = Number(await bell.getAttribute('data-count'));
  await expect(bell).toContainText(unread > 99 ? '99+' : String(unread));

  await page.getByTestId('notification-bell').click();
  const popover = page.getByTestId('bell-popover');
  await expect(popover.getByTestId('notification').first()).toBeVisible();
  await expect(popover.locator('[data-testid="notification"][data-unread]').first()).toBeVisible();
  await popover.getByTestId('notifications-mark-all').click();
  await expect(page.getByText(new RegExp(`^${unread.toLocaleString('en-US')} notifications? marked as read$`))).toBeVisible();
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(popover.locator('[data-testid="notification"][data-unread]')).toHaveCount(0);

  // The page agrees, and survives a reload.
  await popover.getByTestId('bell-see-all').click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.reload();
  await expect(page.getByTestId('notifications-unread')).toHaveAttribute('data-count', '0');
  await expect(page.locator('[data-testid="notification"][data-kind="intel"]').first().getByTestId('notification-title')).toHaveText(/^New intel about \S/);
  await page.getByTestId('notifications-filter').getByText('Unread').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await expect(page.getByTestId('bell-badge')).toHaveAttribute('data-count', '0');
});

test('a seller follows a card, a curator edits it, and the seller opens it from the notification', async ({ page, browser }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  const { firstProfileId } = (await (await page.request.get('/api/company.json')).json()) as { firstProfileId: number };
  await page.goto(`/profile/${firstProfileId}`);
  // One card, pinned by its id (the lanes may still re-render as they load): its header's menu follows it.
  await expect(page.getByTestId('lane-card').first()).toBeVisible();
  const cardId = Number(await page.getByTestId('lane-card').first().getAttribute('data-id'));
  const header = page.locator(`[data-testid="lane-card"][data-id="${cardId}"]`).getByTestId('lane-card-header');
  await header.getByTestId('card-menu').click();
  const follow = page.getByTestId('card-menu-follow');
  await expect(follow).toHaveAttribute('data-following', 'false');
  await follow.click();
  await expect(page.getByText('You’ll be notified when this card changes')).toBeVisible();
  await header.getByTestId('card-menu').click();
  await expect(page.getByTestId('card-menu-follow')).toHaveAttribute('data-following', 'true');
  await expect(page.getByTestId('card-menu-follow')).toHaveText('Unfollow');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bell-badge')).toHaveAttribute('data-count', '0');

  // A curator renames the card, in another browser.
  const curatorContext = await browser.newContext();
  const curator = await curatorContext.newPage();
  await signIn(curator, 'curator@demo.test');
  const renamed = await curator.request.put(`/api/cards/${cardId}.json`, {
    headers: await csrfHeaders(curator),
    data: { data: { name: 'Renamed by the curator' } },
  });
  expect(renamed.status()).toBe(200);
  await curatorContext.close();

  // The seller's bell counts it after a reload (the counts poll also runs when the window gets focus): the
  // notification was written by a trigger in the edit's own transaction.
  await page.reload();
  await expect(page.getByTestId('bell-badge')).toHaveAttribute('data-count', '1');
  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('bell-popover').locator('[data-testid="notification"][data-kind="card"]');
  await expect(item.getByTestId('notification-title')).toHaveText('Renamed by the curator was updated');
  await expect(item).toContainText('Edited by Cory Curator');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`\\?viewCard=${cardId}$`));
  await expect(page.getByTestId('card-viewer-title')).toHaveText('Renamed by the curator');
  await expect(page.getByTestId('bell-badge')).toHaveAttribute('data-count', '0');
});

test('a bookmark of the current page is added, renamed, opened and deleted', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true, to: '/search?q=pricing' });
  await expect(page).toHaveTitle(/Rivalscope/);

  // Add: named after the page, at its path and query.
  await page.getByTestId('bookmarks-menu').click();
  await page.getByTestId('bookmark-add').click();
  const dialog = page.getByTestId('bookmark-dialog');
  await expect(dialog.getByTestId('bookmark-url')).toHaveText('/search?q=pricing');
  await expect(dialog.getByTestId('bookmark-name')).not.toHaveValue('');
  await dialog.getByTestId('bookmark-name').fill('Pricing search');
  await dialog.getByTestId('bookmark-save').click();
  await expect(page.getByText('Bookmarked “Pricing search”')).toBeVisible();

  // The menu now says the page is bookmarked; rename from the list.
  await page.getByTestId('bookmarks-menu').click();
  await expect(page.getByTestId('bookmark-current')).toBeVisible();
  const row = page.getByTestId('bookmark').filter({ hasText: 'Pricing search' });
  await row.getByTestId('bookmark-rename').click();
  await dialog.getByTestId('bookmark-name').fill('');
  await dialog.getByTestId('bookmark-save').click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await dialog.getByTestId('bookmark-name').fill('Pricing, everywhere');
  await dialog.getByTestId('bookmark-save').click();
  await expect(page.getByText('Bookmark renamed')).toBeVisible();

  // Open it from another page.
  await page.goto('/dashboard');
  await page.getByTestId('bookmarks-menu').click();
  await page.getByTestId('bookmark').filter({ hasText: 'Pricing, everywhere' }).getByTestId('bookmark-open').click();
  await expect(page).toHaveURL(/\/search\?q=pricing$/);

  // Delete, after a confirmation; it is gone after a reload.
  await page.getByTestId('bookmarks-menu').click();
  await page.getByTestId('bookmark').filter({ hasText: 'Pricing, everywhere' }).getByTestId('bookmark-delete').click();
  await page.getByTestId('bookmark-delete-confirm').click();
  await expect(page.getByText('Bookmark deleted')).toBeVisible();
  await page.reload();
  await page.getByTestId('bookmarks-menu').click();
  await expect(page.getByTestId('bookmarks-list')).toBeVisible();
  await expect(page.getByTestId('bookmark').filter({ hasText: 'Pricing, everywhere' })).toHaveCount(0);
  await expect(page.getByTestId('bookmark-add')).toBeVisible();
});
