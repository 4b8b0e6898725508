// The card editor (issue #7, part 2 §2–§5): a curator writes a card with bold text, a link, a table with
// an image and a revenue block for the card's rival; the board renders the block from provider data;
// re-opened, the block is still a block; a comparison with one company is flagged in the editor until a
// second company is added; closing with unsaved changes asks first and a failed save shows in the
// dialog. Tiptap runs under the product's CSP in Chromium without a violation.
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

const editorText = (page: Page) => page.locator('[data-testid="card-editor"] .ProseMirror');

async function pickFormula(page: Page, type: string) {
  await page.getByTestId('card-editor-formula').click();
  await page.getByTestId('formula-form-type').click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

test('a curator writes a card with rich text and dynamic data blocks', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const profileId = Number(new URL(page.url()).pathname.split('/')[2]);
  const lane = page.getByTestId('lane').first();
  await expect(lane).toBeVisible();
  const name = `Editor card ${Date.now().toString(36)}`;

  // Bold text and a link (only http/https) through the toolbar.
  await lane.getByTestId('lane-new-card').click();
  await page.getByTestId('card-editor-name').fill(name);
  await editorText(page).click();
  await page.keyboard.type('Win with ');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('speed');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(' and price.');
  await page.keyboard.press('Enter');
  await page.getByTestId('card-editor-link').click();
  await page.getByTestId('card-editor-link-url').fill('javascript:alert(1)');
  await page.getByTestId('card-editor-link-apply').click();
  await expect(page.getByText('Use a full address starting with http:// or https://')).toBeVisible();
  await page.getByTestId('card-editor-link-url').fill('https://acme.example.com/pricing');
  await page.getByTestId('card-editor-link-apply').click();
  await expect(editorText(page).locator('a[href="https://acme.example.com/pricing"]')).toHaveText('https://acme.example.com/pricing');
  await expect(editorText(page).locator('strong')).toHaveText('speed');
  // A table, then an image by URL in its first cell.
  await page.getByTestId('card-editor-table').click();
  await page.getByTestId('card-editor-table-insert').click();
  await page.keyboard.type('Price');
  await page.getByTestId('card-editor-image').click();
  await page.getByTestId('card-editor-image-url').fill('https://acme.example.com/logo.png');
  await page.getByTestId('card-editor-image-alt').fill('Acme logo');
  await page.getByTestId('card-editor-image-apply').click();
  await expect(editorText(page).locator('table img')).toHaveAttribute('alt', 'Acme logo');

  // A revenue block for the card's own rival.
  await pickFormula(page, 'Revenue');
  await expect(page.getByTestId('formula-form-issue')).toHaveCount(0);
  await page.getByTestId('formula-form-submit').click();
  const revenue = page.getByTestId('formula-block');
  await expect(revenue).toHaveAttribute('data-valid', 'true');
  await expect(revenue.getByTestId('formula-block-name')).toHaveText('Revenue');
  await expect(revenue.getByTestId('formula-block-companies')).toHaveText("This card's rival");

  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cards.json');
  await page.getByTestId('card-editor-save').click();
  const saved = await (await created).json();
  await expect(page.getByText('Card created')).toBeVisible();
  const card = page.locator('[data-testid="lane-card"]').filter({ has: page.getByTestId('lane-card-title').getByText(name, { exact: true }) });
  await expect(card).toHaveCount(1);
  const cardId = Number(await card.getAttribute('data-id'));
  const body = card.getByTestId('lane-card-body');
  await expect(body).toContainText('Win with speed and price.');
  await expect(body.locator('a[href="https://acme.example.com/pricing"]')).toHaveAttribute('target', '_blank');
  await expect(body.locator('table img[alt="Acme logo"]')).toHaveAttribute('src', 'https://acme.example.com/logo.png');
  await expect(body.locator('[data-testid="dynamic-block"][data-formula="revenue"]')).toHaveAttribute('data-state', 'data');

  // What the editor made survived the server's sanitizing: the text, then the block as its placeholder.
  const html = '<p>Win with <strong>speed</strong> and price.</p><p><a href="https://acme.example.com/pricing">https://acme.example.com/pricing</a></p><table>';
  expect(saved.textHtml.startsWith(html)).toBe(true);
  expect(saved.textHtml).toContain('<th><p>Price</p><img src="https://acme.example.com/logo.png" alt="Acme logo"></th>');
  expect(saved.textHtml.endsWith('</table><p>{{revenue(rival)}}</p>')).toBe(true);
  expect(saved.textJson).toEqual([
    { type: 'html', value: saved.textHtml.slice(0, -'<p>{{revenue(rival)}}</p>'.length) },
    { type: 'formula', value: '{{revenue(rival)}}' },
  ]);
  expect(saved.hasDynamicBlocks).toBe(true);

  // Re-opened, the block is still a block; a comparison with only the card's rival is flagged.
  await card.getByTestId('card-menu').click();
  await page.getByTestId('card-menu-edit').click();
  await expect(page).toHaveURL(new RegExp(`/profile/${profileId}/edit/card/${cardId}$`));
  await expect(page.getByTestId('formula-block')).toHaveCount(1);
  await expect(page.getByTestId('formula-block').getByTestId('formula-block-name')).toHaveText('Revenue');
  await expect(editorText(page).locator('strong')).toHaveText('speed');
  await pickFormula(page, 'Revenue comparison');
  await expect(page.getByTestId('formula-form-issue')).toHaveText('A comparison needs two different companies.');
  await page.getByTestId('formula-form-submit').click();
  const comparison = page.locator('[data-testid="formula-block"][data-formula="revenueComparison"]');
  await expect(comparison).toHaveAttribute('data-valid', 'false');
  await expect(comparison.getByTestId('formula-block-issue')).toHaveText('Not set up correctly: A comparison needs two different companies.');
  await expect(page.getByTestId('card-editor-invalid-blocks')).toContainText('1 dynamic data block is not set up correctly');

  // A second company makes it valid.
  await comparison.getByTestId('formula-block-edit').click();
  await page.getByTestId('formula-form-companies').click();
  await page.getByRole('option').nth(1).click();
  await page.getByText('Edit the dynamic data block').click();
  await expect(page.getByTestId('formula-form-issue')).toHaveCount(0);
  await page.getByTestId('formula-form-submit').click();
  await expect(comparison).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('card-editor-invalid-blocks')).toHaveCount(0);
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/cards/${cardId}.json`);
  await page.getByTestId('card-editor-save').click();
  const edited = await (await put).json();
  await expect(page.getByText('Card saved')).toBeVisible();
  await expect(body.locator('[data-testid="dynamic-block"]')).toHaveCount(2);
  expect(edited.textHtml).toContain('<p>{{revenue(rival)}}</p>');
  expect(edited.textHtml).toMatch(/<p>\{\{revenueComparison\(rival, \d+\)\}\}<\/p>/);
  expect(edited.textJson.map((b: { type: string }) => b.type)).toEqual(['html', 'formula', 'formula']);

  // Unsaved changes ask before closing; a failed save shows in the dialog.
  await card.getByTestId('card-menu').click();
  await page.getByTestId('card-menu-edit').click();
  await editorText(page).click();
  await page.keyboard.type('Draft words');
  await page.getByTestId('card-editor-cancel').click();
  await expect(page.getByTestId('card-editor-discard')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await page.getByTestId('card-editor-name').fill('x'.repeat(501));
  await page.getByTestId('card-editor-save').click();
  await expect(page.getByTestId('card-editor-error')).toContainText('The card could not be saved');
  await page.getByTestId('card-editor-cancel').click();
  await page.getByTestId('card-editor-discard-confirm').click();
  await expect(page.getByTestId('card-editor')).toHaveCount(0);
  expect((await (await page.request.get(`/api/cards/${cardId}.json`)).json()).textHtml).toBe(edited.textHtml);

  expect(problems).toEqual([]);
});
