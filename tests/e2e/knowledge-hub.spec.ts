// The knowledge hub in the browser (issue #58): a curator uploads a PDF as approved from the files step, watches it
// read and the step leave generating, finds a word of its second page in search's Files section cited "…, page 2",
// and asks Ask a question only that file answers, which cites it. A seller has no way into the hub; the demo's
// checklist shows its progress and the dashboard widget shows for the curator.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

/** A word no demo content has, different on every run (letters only, so search reads it as one word). */
const uniqueWord = () => `zorblat${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A two-page PDF built here; its second page carries the word. */
async function twoPagePdf(word: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = ['Northwind field guide. General notes on meetings and follow-ups.', `The ${word} bundle includes priority onboarding and a named architect.`];
  for (const text of pages) doc.addPage([595, 842]).drawText(text, { x: 50, y: 760, size: 12, font });
  return Buffer.from(await doc.save());
}

test('a curator uploads a PDF, finds its page in search and sees Ask cite it', async ({ page }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const title = `Field guide ${word.slice(-6)}`;
  await signIn(page, 'curator@demo.test', { app: true, to: '/knowledge-hub' });
  await expect(page.getByTestId('page-knowledge-hub')).toBeVisible();
  await page.getByTestId('hub-step-files').getByRole('link').click();
  const step = page.getByTestId('hub-page-files');
  await expect(step).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/knowledge-hub/files');

  await page.getByTestId('hub-file-input').setInputFiles({ name: 'field-guide.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf(word) });
  await expect(page.getByTestId('hub-file-chosen')).toContainText('field-guide.pdf');
  const upload = step.locator('section[aria-labelledby="hub-upload-title"]');
  await upload.getByRole('textbox', { name: 'Title' }).fill(title);
  await upload.getByText('Approved', { exact: true }).click();
  await expect(upload.getByRole('radio', { name: 'Approved' })).toBeChecked();
  await page.getByTestId('hub-upload').click();

  // The upload's reading goes to done with its passages, and the step stops generating once every file is read.
  const status = page.getByTestId('upload-status');
  await expect(status.getByTestId('file-extraction')).toHaveAttribute('data-extraction', 'done', { timeout: 60_000 });
  await expect(status).toContainText(/\d+ passages?/);
  await expect(step.getByTestId('step-status').first()).not.toHaveAttribute('data-status', 'generating', { timeout: 60_000 });
  await expect(page.getByTestId('hub-file-row').filter({ hasText: title })).toContainText('Approved');

  // Search: the Files section finds the word on page 2; the curator's hit opens the file's passages in the hub.
  await page.goto(`/search/${word}`);
  const hit = page.getByTestId('file-results').getByTestId('file-result').filter({ hasText: title });
  await expect(hit).toHaveCount(1);
  await expect(hit.getByTestId('file-result-citation')).toHaveText(`${title}, page 2`);
  await expect(hit.locator('mark')).toHaveText(word);
  await expect(hit).toContainText('PDF');
  await hit.getByTestId('file-result-link').click();
  await expect(page.getByTestId('hub-file-view')).toBeVisible();
  await expect(page.getByTestId('hub-passage').filter({ hasText: word })).toHaveCount(1);

  // Ask: only this file says what the bundle includes, so its answer cites the file's page.
  await page.goto('/ask-rivalscope');
  await page.getByTestId('ask-input').fill(`What does the ${word} bundle include?`);
  await page.getByTestId('ask-input').press('Enter');
  await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered', { timeout: 60_000 });
  await expect(page.locator(`[data-testid="ask-source"][data-title="${title}, page 2"]`)).toHaveCount(1);
});

test('a seller has no knowledge-hub entry and is not let into the hub', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu').locator('a[href]').first()).toBeVisible();
  await expect(page.getByRole('menu').locator('a[href^="/knowledge-hub"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('a[href^="/knowledge-hub"]')).toHaveCount(0);
  await page.goto('/knowledge-hub');
  await expect(page.getByTestId('page-not-authorized')).toBeVisible();
  await expect(page.getByTestId('page-knowledge-hub')).toHaveCount(0);
  await page.goto('/knowledge-hub/files');
  await expect(page.getByTestId('page-not-authorized')).toBeVisible();
});

test("the demo's checklist shows its progress, and the dashboard widget shows for the curator", async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true, to: '/knowledge-hub' });
  // The demo confirmed variables and products; positioning waits.
  await expect(page.getByTestId('hub-step-variables').getByTestId('step-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('hub-step-products').getByTestId('step-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('hub-step-positioning').getByTestId('step-status')).not.toHaveAttribute('data-status', 'done');
  const progress = page.getByTestId('hub-progress');
  const percent = Number(await progress.getAttribute('data-percent'));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100);
  await expect(page.getByTestId('page-knowledge-hub')).toContainText(`${percent} % done`);

  await page.goto('/dashboard');
  const widget = page.getByTestId('knowledge-hub-widget');
  await expect(widget).toBeVisible();
  await expect(widget.getByTestId('hub-progress')).toHaveAttribute('data-percent', String(percent));
  await widget.getByRole('link').click();
  await expect(page).toHaveURL(/\/knowledge-hub\/\w+/);
  await expect(page.getByTestId('page-knowledge-hub')).toBeVisible();
});
