// Call insights in Chromium (issue #57): a curator imports a sales call's WebVTT export, finds the rival it names on
// the rival's page among the passages that mention it, and opens the call at that passage.
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

const vtt = (rival: string) => `WEBVTT

00:00:01.000 --> 00:00:05.000
<v Sam Seller>Thanks for the time today. Who else is on your shortlist?

00:00:05.500 --> 00:00:12.000
<v Jordan Buyer>Honestly, ${rival} is cheaper, but their reporting kept breaking in our trial and support never answered.

00:00:12.500 --> 00:00:15.000
<v Sam Seller>That is useful to hear, thank you.
`;

test('a curator imports a call transcript and opens a rival’s mention in it', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/call-insights' });
  const { firstRivalId } = (await (await page.request.get('/api/company.json')).json()) as { firstRivalId: number };
  const rival = (await (await page.request.get(`/api/call-insights/mentions?rivalId=${firstRivalId}`)).json()) as { rival: { name: string } };
  const title = `E2E discovery call ${test.info().workerIndex}`;

  await page.getByTestId('call-import-open').click();
  const dialog = page.getByTestId('call-import-dialog');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'discovery.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt(rival.rival.name)) });
  await dialog.getByTestId('call-import-title').fill(title);
  await dialog.getByTestId('call-import-date').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByTestId('call-import-rep-email').fill('seller@demo.test');
  await dialog.getByTestId('call-import-start').click();
  await expect(dialog.getByTestId('call-import-done')).toBeVisible();
  await page.keyboard.press('Escape');

  // The rival's page lists the passage that names it, latest first; it opens the call at that passage.
  await page.goto(`/call-insights/rivals/${firstRivalId}`);
  const passage = page.getByTestId('rival-passage').filter({ hasText: 'reporting kept breaking' });
  await expect(passage).toHaveCount(1);
  await passage.getByTestId('passage-open').click();
  const drawer = page.getByTestId('call-drawer');
  await expect(drawer).toContainText(title);
  const opened = drawer.getByTestId('call-passage').filter({ hasText: 'reporting kept breaking' });
  await expect(opened).toHaveAttribute('data-current', 'true');
  await expect(opened.getByTestId('rival-name').first()).toHaveText(rival.rival.name);
  await expect(page).toHaveURL(/[?&]call=\d+/);
});
