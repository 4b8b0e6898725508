// Email digests in the browser: a curator sees the seeded digests, creates a draft, fills it with intel through
// the items API (the intel feed's "Add to digest"), reorders and removes items, edits the title, sees the mail
// preview follow every change; on this server without mail (no SMTP_URL) both sends are disabled and a notice
// says why, in words without configuration names. A seller is not offered the screen.
import { expect, test, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';


/** The signed-in browser's own API calls, with its CSRF token. */
async function apiOf(page: Page) {
  const headers = await csrfHeaders(page);
  return {
    get: async <T,>(url: string) => (await (await page.request.get(url)).json()) as T,
    post: (url: string, data: object) => page.request.post(url, { data, headers }),
  };
}

const titles = (page: Page) => page.getByTestId('digest-item-title');

test('a curator creates a digest, arranges its items and previews the mail', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/digest' });
  await expect(page.getByTestId('page-digest-list')).toBeVisible();
  // The demo's two digests: this week's draft and last week's sent one.
  await expect(page.getByTestId('digest-row')).toHaveCount(2);
  await expect(page.getByTestId('digest-row').nth(1).getByTestId('digest-state')).toHaveText('Sent');

  // Create a draft; it opens.
  await page.getByTestId('digest-new').click();
  await page.getByTestId('digest-create-title').fill('Launch week digest');
  await page.getByTestId('digest-create-intro').fill('Three things to know <before> your calls.');
  await page.getByTestId('digest-create-submit').click();
  await expect(page).toHaveURL(/\/digest\/\d+$/);
  await expect(page.getByTestId('digest-title')).toHaveText('Launch week digest');
  await expect(page.getByTestId('digest-items-empty')).toBeVisible();
  await expect(page.getByTestId('digest-send')).toBeDisabled();
  await expect(page.getByTestId('digest-no-mail')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // Add three intel items the way the intel feed does (they come from the seeded draft).
  const api = await apiOf(page);
  const list = await api.get<{ digests: { id: number; state: string }[] }>('/api/email_digests.json?filter=draft');
  const seeded = list.digests.find((d) => d.id !== id)!;
  const source = await api.get<{ posts: { intelId: number; title: string }[] }>(`/api/email_digests/${seeded.id}.json`);
  expect(source.posts.length).toBeGreaterThanOrEqual(3);
  const picked = source.posts.slice(0, 3);
  for (const p of picked) expect((await api.post(`/api/email_digests/${id}/items.json`, { intelId: p.intelId })).status()).toBe(200);
  await page.reload();
  await expect(titles(page)).toHaveText(picked.map((p) => p.title));

  // The preview shows the mail: intro escaped as text, the items in order.
  const preview = page.frameLocator('[data-testid="digest-preview"]');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Launch week digest');
  await expect(preview.getByText('Three things to know <before> your calls.')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(picked.map((p) => p.title));

  // Move the first item down, remove the last one: the list and the preview follow, and a reload keeps it.
  await page.getByTestId('digest-item').first().getByTestId('digest-item-down').click();
  await expect(titles(page)).toHaveText([picked[1].title, picked[0].title, picked[2].title]);
  await page.getByTestId('digest-item').last().getByTestId('digest-item-remove').click();
  await expect(page.getByTestId('digest-item')).toHaveCount(2);
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText([picked[1].title, picked[0].title]);
  await page.reload();
  await expect(titles(page)).toHaveText([picked[1].title, picked[0].title]);

  // Rename it.
  await page.getByTestId('digest-title-input').fill('Launch week: what changed');
  await page.getByTestId('digest-save').click();
  await expect(page.getByTestId('digest-title')).toHaveText('Launch week: what changed');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Launch week: what changed');

  // This server has no mail: with items to send, both sends stay disabled and point to the notice that says why.
  const notice = page.getByTestId('digest-no-mail');
  await expect(notice).toContainText('mail is not set up');
  await expect(notice).toContainText('administrator');
  await expect(notice).not.toContainText('SMTP_URL');
  for (const button of [page.getByTestId('digest-send'), page.getByTestId('digest-send-test')]) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/mail server/);
  }
  await page.getByTestId('digest-send').click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Send this digest?' })).toHaveCount(0);
  await expect(page.getByTestId('page-digest')).toHaveAttribute('data-state', 'draft');
});

test('a sent digest opens read-only', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/digest' });
  await page.getByTestId('digest-filter').getByText('Sent', { exact: true }).click();
  await expect(page.getByTestId('digest-row')).toHaveCount(1);
  await page.getByTestId('digest-link').click();
  await expect(page.getByTestId('page-digest')).toHaveAttribute('data-state', 'sent');
  await expect(page.getByTestId('digest-sent-notice')).toBeVisible();
  await expect(page.getByTestId('digest-send')).toHaveCount(0);
  await expect(page.getByTestId('digest-no-mail')).toHaveCount(0);
  await expect(page.getByTestId('digest-item-remove')).toHaveCount(0);
  await expect(page.frameLocator('[data-testid="digest-preview"]').getByRole('heading', { level: 2 }).first()).toBeVisible();
});

test('a seller is not offered digests', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { to: '/digest' });
  await expect(page.getByTestId('page-digest-list')).toHaveCount(0);
  expect((await page.request.get('/api/email_digests.json')).status()).toBe(403);
});
