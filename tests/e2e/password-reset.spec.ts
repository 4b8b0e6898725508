// Password reset in Chromium, mail included: this file's own server mails through a loopback SMTP server that the
// test reads. The seller follows "Forgot password?", asks for a link, opens the mailed link, chooses a new
// password, and signs in with it.
import { E2E_PORT, startAppServer } from './appServer.ts';
import { expect, test as base } from './fixtures.ts';
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
