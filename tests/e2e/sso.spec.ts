// Single sign-on in Chromium (issue #53): an admin sets up OIDC against a real provider on 127.0.0.1 and sees the
// redirect URL to give it; a person of that domain types their email on the sign-in page, is sent to the provider,
// signs in there and lands in Rivalscope with an account made just in time with the mapped role and group. Once
// deactivated, the same sign-in is refused with the reason on the sign-in page; with SSO required, so is a password.
import { startOidcProvider } from '../helpers/oidcProvider.ts';
import { expect, test } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';

test('an SSO domain signs in through its provider, just in time, until deactivated', async ({ page, browser, baseURL }) => {
  const idp = await startOidcProvider(`${baseURL}/auth/oidc/callback`);
  idp.accounts.set('dana@sso-e2e.test', { email: 'dana@sso-e2e.test', name: 'Dana Ruiz', groups: ['rs-curators', 'rs-sales'] });
  try {
    await signIn(page, 'admin@demo.test');
    const groups = (await (await page.request.get('/api/visibility_groups.json')).json()) as { id: number; name: string }[];
    const sales = groups.find((g) => g.name === 'Sales')!;
    const saved = await page.request.put('/api/company/sso', {
      headers: await csrfHeaders(page),
      data: {
        protocol: 'oidc',
        oidc: { issuer: idp.issuer, clientId: idp.client.client_id, clientSecret: idp.client.client_secret },
        domains: ['sso-e2e.test'],
        groupMappings: [
          { providerGroup: 'rs-curators', role: 'curator' },
          { providerGroup: 'rs-sales', visibilityGroupId: sales.id },
        ],
      },
    });
    expect(saved.status()).toBe(200);
    await page.goto('/settings/single-sign-on');
    await expect(page.getByTestId('sso-oidc-redirect')).toHaveValue(`${baseURL}/auth/oidc/callback`);
    await expect(page.getByTestId('sso-issuer')).toHaveValue(idp.issuer);

    const dana = await (await browser.newContext({ baseURL })).newPage();
    const viaProvider = async () => {
      // Once her cookies are cleared, the page left open may be sending itself to sign-in, aborting this navigation: go once more.
      await dana.goto('/account/signin?redirectTo=/feed').catch(() => dana.goto('/account/signin?redirectTo=/feed'));
      await dana.getByTestId('signin-email').fill('dana@sso-e2e.test');
      await expect(dana.getByTestId('signin-submit')).toHaveText('Continue with single sign-on');
      await expect(dana.getByTestId('signin-password')).toHaveCount(0);
      await dana.getByTestId('signin-submit').click();
      // oidc-provider's own login form, the email given as login hint.
      await expect(dana.locator('input[name=login]')).toHaveValue('dana@sso-e2e.test');
      await dana.locator('input[name=password]').fill('any');
      await dana.locator('button[type=submit]').click();
    };

    await viaProvider();
    await expect(dana).toHaveURL(/\/feed$/);
    const me = (await (await dana.request.get('/api/users/me.json')).json()) as { id: number; name: string; roles: string[]; visibilityGroupIds: number[] };
    expect(me).toMatchObject({ name: 'Dana Ruiz', roles: ['curator'], visibilityGroupIds: [sales.id] });

    expect((await page.request.post(`/api/users/${me.id}/deactivate.json`, { headers: await csrfHeaders(page) })).status()).toBe(200);
    await dana.context().clearCookies();
    await viaProvider();
    await expect(dana).toHaveURL(/\/account\/signin\?/);
    await expect(dana.getByTestId('signin-error')).toContainText('deactivated');

    // Required SSO: a colleague's right password is refused with the reason; the break-glass admin still gets in.
    const admin = (await (await page.request.get('/api/users/me.json')).json()) as { id: number };
    const required = await page.request.put('/api/company/sso', {
      headers: await csrfHeaders(page),
      data: { protocol: 'oidc', oidc: { issuer: idp.issuer, clientId: idp.client.client_id }, domains: ['sso-e2e.test'], requireSso: true, breakGlassUserId: admin.id },
    });
    expect(required.status()).toBe(200);
    await dana.goto('/account/signin');
    await dana.getByTestId('signin-email').fill('seller@demo.test');
    await dana.getByTestId('signin-password').fill('demo-password');
    await dana.getByTestId('signin-submit').click();
    await expect(dana.getByTestId('signin-error')).toContainText('single sign-on');
  } finally {
    // The worker's server goes on to other specs: no SSO left required there.
    await page.request.delete('/api/company/sso', { headers: await csrfHeaders(page) });
    await idp.close();
  }
});
