// The board creation wizard (issue #7; part 3 §5 Board wizard, §4.8, §7.5). A curator opens it from the
// dashboard, cannot submit until the category, a valid website and a name are there, creates a board
// (the URL gets https://), the wizard follows the job to completion, a success notice shows and the new
// board is on the dashboard and in the API with its default lanes. A consumer has no "New board".
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';


test('a curator creates a board through the wizard and sees it on the dashboard', async ({ page }) => {
  // Tall enough for every tile of one grid to render (tiles render near the viewport, part 3 §9).
  await page.setViewportSize({ width: 1400, height: 3000 });
  await signIn(page, 'curator@demo.test', { to: '/dashboard' });
  await expect(page.getByTestId('rival-grid').first()).toBeVisible();
  // The curator's saved group filter may be any group (other specs change it): show all companies.
  await page.getByTestId('dashboard-group-filter').selectOption({ label: 'All companies' });
  // With dynamic boards on (the demo), New is a menu: Board opens the wizard.
  await page.getByTestId('dashboard-new-board').click();
  await page.getByTestId('new-menu-board').click();
  const wizard = page.getByRole('dialog');
  const submit = page.getByTestId('board-wizard-submit');
  await expect(submit).toBeDisabled();

  // Blank boards are not allowed for this company: only company and product.
  await page.getByTestId('board-wizard-category').click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Company', 'Product']);
  await page.getByRole('listbox').getByRole('option', { name: 'Company' }).click();
  const name = `Wizard Rival ${Date.now().toString(36)}`;
  await page.getByTestId('board-wizard-name').fill(name);
  await expect(submit).toBeDisabled();
  await page.getByTestId('board-wizard-url').fill('no-dot');
  await page.getByTestId('board-wizard-name').focus();
  await expect(wizard).toContainText('Enter a valid website');
  await expect(submit).toBeDisabled();
  await page.getByTestId('board-wizard-url').fill('wizard-rival.test');
  await expect(submit).toBeEnabled();

  const created = page.waitForResponse((r) => r.url().endsWith('/api/rivals.json') && r.request().method() === 'POST');
  const polled = page.waitForResponse((r) => /\/api\/job_statuses\/\d+\.json$/.test(r.url()));
  await submit.click();
  const body = (await created).request().postDataJSON();
  expect(body).toEqual({ name, category: 'company', url: 'https://wizard-rival.test' });
  expect((await (await polled).json()).completedAt).not.toBeNull();

  await expect(page.getByText(`Board "${name}" created`)).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect(page.getByTestId('rival-grid').getByText(name, { exact: true })).toBeVisible();

  // The server has it, with the best-practice lanes.
  const rivals: { name: string; profileId: number }[] = await (await page.request.get('/api/rivals.json')).json();
  const mine = rivals.find((r) => r.name === name);
  expect(mine).toBeDefined();
  const profile = await (await page.request.get(`/api/profiles/${mine!.profileId}.json`)).json();
  expect(profile.boards.map((b: { name: string }) => b.name)).toContain('Overview');
});

test('a consumer has no New board button', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { to: '/dashboard' });
  await expect(page.getByTestId('rival-grid').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-new-board')).toHaveCount(0);
});
