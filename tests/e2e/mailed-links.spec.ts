// Links that arrive by mail, in Chromium: this file's own server mails through a loopback SMTP server that the tests
// read. The seller follows "Forgot password?", opens the mailed link, chooses a new password and signs in with it. A
// curator sends a win/loss survey; its contact answers on the public page on a phone, signed out, and the answer
// lands in the deal's buyer-said reasons and in the win/loss overview.
import AxeBuilder from '@axe-core/playwright';
import type { Deal } from '../../contracts/deals.ts';
import { E2E_PORT, startAppServer } from './appServer.ts';
import { expect, test as base } from './fixtures.ts';
import { signIn } from './session.ts';
import { mimePart, startInbox } from '../helpers/mail.ts';

type Inbox = Awaited<ReturnType<typeof startInbox>>;

// A server of its own (the shared ones have no SMTP), on ports and a directory no other worker uses.
const test = base.extend<object, { inbox: Inbox }>({
  inbox: [
    async ({}, use) => {
      const inbox = await startInbox();
      await use(inbox);
      await inbox.close();
    },
    { scope: 'worker' },
  ],
  appServerUrl: [
    async ({ inbox }, use, worker) => {
      const port = E2E_PORT + 20 + worker.parallelIndex;
      const server = await startAppServer(port, `.tmp/e2e-${port}-mail`, { SMTP_URL: inbox.url, APP_URL: `http://127.0.0.1:${port}` });
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
});

test('a forgotten password is reset through the mailed link', async ({ page, inbox }) => {
  await page.goto('/account/signin');
  await page.getByTestId('signin-forgot-password').click();
  await expect(page).toHaveURL(/\/account\/password_reset$/);
  await page.getByTestId('password-reset-email').fill('seller@demo.test');
  const arriving = inbox.next();
  await page.getByTestId('password-reset-send').click();
  await expect(page.getByTestId('password-reset-sent')).toContainText('seller@demo.test');

  const link = /http:\/\/\S+\/account\/password_reset\/[\w-]+/.exec(mimePart((await arriving).raw, 'text/plain'))![0];
  await page.goto(link);
  await page.getByTestId('password-reset-password').fill('seller-reset-password');
  await page.getByTestId('password-reset-confirm').fill('seller-reset-password');
  await page.getByTestId('password-reset-submit').click();
  await page.getByTestId('password-reset-signin').click();

  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill('seller-reset-password');
  await page.getByTestId('signin-submit').click();
  await expect(page).not.toHaveURL(/\/account\//);

  // The link worked once.
  await page.goto(link);
  await page.getByTestId('password-reset-password').fill('another-new-password');
  await page.getByTestId('password-reset-confirm').fill('another-new-password');
  await page.getByTestId('password-reset-submit').click();
  await expect(page.getByTestId('password-reset-error')).toHaveAttribute('data-problem', 'used');
});

test('a curator sends a survey; the buyer answers it on a phone without signing in, and the answer reaches the deal and the overview', async ({ page, browser, inbox, baseURL }) => {
  await signIn(page, 'curator@demo.test', { to: '/win-loss/surveys' });
  // A lost deal of the demo, and the loss reason the buyer will pick.
  const lost = (await (await page.request.get('/api/deals?outcome=loss&page=1')).json()) as { items: { id: number; name: string }[] };
  const deal = lost.items[0];
  await page.getByTestId('survey-new').click();
  await page.getByTestId('survey-name-input').fill('Why we lost, E2E');
  await page.getByTestId('survey-add-rating').click();
  await page.getByTestId('survey-add-reasons').click();
  await page.getByTestId('survey-add-text').click();
  const questions = page.getByTestId('survey-question-text');
  await questions.nth(0).fill('How would you rate our sales process?');
  await questions.nth(1).fill('What decided it?');
  await questions.nth(2).fill('Anything else, in your own words?');
  await page.getByTestId('survey-deal-search').fill(deal.name);
  await page.getByTestId('survey-deal-result').filter({ hasText: deal.name }).first().getByTestId('survey-deal-add').click();
  await page.getByTestId('survey-recipient-email').fill('buyer@e2e-buyer.test');
  await page.getByTestId('survey-save').click();
  await expect(page.getByTestId('survey-saved')).toBeVisible();
  const arriving = inbox.next();
  await page.getByTestId('survey-send').click();
  await page.getByTestId('survey-confirm-send').click();
  await expect(page.getByTestId('survey-sent')).toBeVisible();

  const mail = await arriving;
  expect(mail.to).toEqual(['buyer@e2e-buyer.test']);
  const link = new RegExp(`${baseURL}/win-loss/p/[\\w-]+`).exec(mimePart(mail.raw, 'text/plain'))![0];

  // The buyer: a phone, no session, nothing of the product but the survey.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const buyer = await phone.newPage();
  const requests: string[] = [];
  buyer.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await buyer.goto(link);
  const form = buyer.getByTestId('survey-form');
  await expect(form).toBeVisible();
  const fieldsets = form.getByTestId('survey-question');
  await fieldsets.nth(0).getByRole('radio', { name: '4' }).check();
  const reason = fieldsets.nth(1).getByRole('checkbox').first();
  const reasonName = (await fieldsets.nth(1).locator('label').first().textContent())!.trim();
  await reason.check();
  await fieldsets.nth(2).getByRole('textbox').fill('Your <b>connector</b> was not ready in time.');
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Accessible as accessibility.spec.ts checks every screen: no serious or critical WCAG 2.1 A/AA violation.
  const { violations } = await new AxeBuilder({ page: buyer }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await buyer.getByTestId('survey-submit').click();
  await expect(buyer.getByTestId('survey-thanks')).toBeVisible();
  expect(await phone.cookies()).toEqual([]);
  expect(requests.filter((p) => p.startsWith('/api/')).every((p) => p.startsWith('/api/win-loss/p/'))).toBe(true);
  // The link worked once.
  await buyer.reload();
  await expect(buyer.getByTestId('survey-closed')).toBeVisible();
  await phone.close();

  // The deal now holds the buyer's reason with their words, as plain text, and the overview counts it.
  const answered = (await (await page.request.get(`/api/deals/${deal.id}`)).json()) as Deal;
  const said = answered.reasons.find((r) => r.saidBy === 'buyer' && r.name === reasonName);
  expect(said?.quote).toBe('Your connector was not ready in time.');
  // The reports' drill-down: the deals whose buyer gave that reason.
  const behind = (await (await page.request.get(`/api/deals?reasonId=${said!.id}&saidBy=buyer&page=1`)).json()) as { items: { id: number }[] };
  expect(behind.items.map((d) => d.id)).toContain(deal.id);
  await page.reload();
  await expect(page.getByTestId('survey-recipient-state').first()).toHaveAttribute('data-state', 'answered');
});
