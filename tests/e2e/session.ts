// Signing in from a browser test, and the CSRF header the signed-in page's own API calls need.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Signs in as the sign-in form does (its POST, into the page's own cookies) and opens `to` (the home route by default),
 * waiting to be past sign-in (and, with `app`, for the product shell). The form itself is tested by smoke.spec.ts;
 * posting it here spares every other test loading the sign-in page first.
 */
export async function signIn(page: Page, email: string, opts: { app?: boolean; to?: string } = {}) {
  // A signed-in page left open whose cookies were cleared would answer its next 401 by signing out, which could
  // clear the session this sign-in sets: leave it first.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const res = await page.request.post('/account/signin', { data: { email, password: 'demo-password' } });
  expect(res.status(), `signing in ${email}`).toBe(200);
  expect(((await res.json()) as { ok: boolean }).ok, `signing in ${email} needs no second step`).toBe(true);
  // A signed-in page left open may be changing its own address right now (a search, Ask), which aborts this
  // navigation: go once more.
  const to = opts.to ?? '/';
  await page.goto(to).catch(() => page.goto(to));
  await expect(page).not.toHaveURL(/\/account\/signin/);
  if (opts.app) await expect(page.getByTestId('unified-search-input')).toBeVisible();
}

/** The X-CSRF-Token header of the page's session, for page.request calls that change something. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const me = await page.request.get('/api/users/me.json');
  return { 'X-CSRF-Token': (await me.json()).csrfToken as string };
}

/** Saves the signed-in user's interface language, as the profile page does. */
export async function saveLanguage(page: Page, language: 'en' | 'de') {
  const me = (await (await page.request.get('/api/users/me.json')).json()) as { id: number };
  const res = await page.request.put(`/api/users/${me.id}.json`, { headers: await csrfHeaders(page), data: { language } });
  expect(res.status()).toBe(200);
}

/** Sets (or with null clears) one entry of the signed-in user's data, as the app's own settings do. */
export async function putUserData(page: Page, key: string, value: unknown) {
  const res = await page.request.put('/api/users/me.json', { headers: await csrfHeaders(page), data: { featureFlag: key, value } });
  expect(res.status()).toBe(200);
}

/**
 * Opens an entry of the top bar's Discover, Share or Measure menu, in whichever layout the bar has at this width: the
 * menu of its own, a link of its own (a menu of one entry), or a section of the one collapsed menu.
 */
export async function openNavItem(page: Page, menu: 'discover' | 'share' | 'measure', item: string) {
  const bar = page.getByTestId('top-nav');
  const collapsed = bar.getByTestId('nav-menu-more');
  if (await collapsed.isVisible()) {
    await collapsed.click();
    await page.getByTestId(`nav-more-${menu}-${item}`).click();
    return;
  }
  const own = bar.getByTestId(`nav-menu-${menu}`);
  if (await own.isVisible()) await own.click();
  await page.getByTestId(`nav-${menu}-${item}`).click();
}

/**
 * Closes a Mantine drawer with Escape and answers whether it kept its content until it was gone: every moment its
 * panel is in the page while it slides out, `keptSelector` must be inside it and nothing in it busy.
 */
export async function closesWithoutFlash(page: Page, drawerTestId: string, keptSelector: string): Promise<boolean> {
  // The drawer's root stays in the page; its panel is there only while it is open or sliding.
  const panel = `[data-testid="${drawerTestId}"] .mantine-Drawer-content`;
  await page.locator(panel).waitFor();
  await page.evaluate(
    ({ drawer, kept }) => {
      const w = window as unknown as { drawerFlashed?: boolean };
      w.drawerFlashed = false;
      new MutationObserver(() => {
        const d = document.querySelector(drawer);
        if (d && (!d.querySelector(kept) || d.querySelector('[aria-busy="true"]'))) w.drawerFlashed = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    },
    { drawer: panel, kept: keptSelector },
  );
  await page.keyboard.press('Escape');
  await page.locator(panel).waitFor({ state: 'detached' });
  return page.evaluate(() => (window as unknown as { drawerFlashed?: boolean }).drawerFlashed === false);
}

/**
 * Picks up a dnd-kit drag handle from the keyboard (focus, Space) and waits until arrow keys will move it.
 * dnd-kit starts listening for them in a timer after the pick-up and measures the drop targets in a render
 * after that, while Chromium runs queued input before timers: an arrow pressed at once on a busy machine
 * can go unheard. A timer of ours, queued after theirs, then a frame, let both happen first.
 */
export async function pickUpByKeyboard(page: Page, handle: Locator) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve))));
}
