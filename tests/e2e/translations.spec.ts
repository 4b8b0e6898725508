// No screen shows a translation key as itself. Every browser test fails on one (fixtures.ts); these walk the
// two places where keys showed: the quick switcher's shortcut line and the search box's hint in Reviews mode.
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

test('the quick switcher and the search hint of every mode read as words, not keys', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });

  await page.getByTestId('nav-hamburger').click();
  const switcher = page.getByTestId('quick-switcher');
  await expect(switcher).toContainText('Shortcut: Ctrl/⌘ + Shift + D');
  await page.keyboard.press('Escape');
  await expect(switcher).toBeHidden();

  const mode = page.getByTestId('unified-search-mode');
  const input = page.getByTestId('unified-search-input');
  const hints = { Cards: 'Enter to search “pricing”', Alerts: 'Enter to search alerts for “pricing”', Reviews: 'Enter to search reviews for “pricing”' };
  for (const [label, hint] of Object.entries(hints)) {
    await mode.getByText(label, { exact: true }).click();
    await input.fill('pricing');
    await expect(page.getByTestId('suggestions')).toContainText(hint);
    await input.press('Escape');
  }
});
