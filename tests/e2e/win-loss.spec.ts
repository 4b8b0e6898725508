// Win/loss in the browser (issue #56): an admin imports a CSV of deals through the dialog (one column mapped by hand),
// opens the overview, filters by a rival and then an industry and sees the win rate follow, drills into the deals
// behind a loss reason and opens one; the reports tab groups the same deals by industry.
import { expect, test } from './fixtures.ts';
import { putUserData, signIn } from './session.ts';

// Six deals of a product of their own: four decided against Lumenary (two in banking), two against DataHarbor, one still open.
const CSV = [
  'Opportunity ID,Opportunity Name,Account Name,Owner Email,Amount,Currency,Stage,Outcome,Opened,Close Date,Competitors,Win Reasons,Loss Reasons,Industry,Region,Product',
  'E2E-1,Alpha renewal,Alpha Inc,admin@demo.test,10000,USD,Closed Won,won,2026-01-05,2026-02-10,Lumenary,Better support,,Banking,EMEA,E2E Suite',
  'E2E-2,Beta expansion,Beta Bank,admin@demo.test,20000,USD,Closed Lost,lost,2026-01-06,2026-02-11,Lumenary,,Price,Banking,EMEA,E2E Suite',
  'E2E-3,Gamma rollout,Gamma Shops,admin@demo.test,30000,USD,Closed Won,won,2026-01-07,2026-04-12,DataHarbor,Better support,,Retail,NA,E2E Suite',
  'E2E-4,Delta pilot,Delta Stores,admin@demo.test,40000,USD,Closed Lost,lost,2026-01-08,2026-04-13,DataHarbor,,Price,Retail,NA,E2E Suite',
  'E2E-5,Epsilon deal,Epsilon Retail,admin@demo.test,50000,USD,Closed Lost,lost,2026-01-09,2026-05-14,Lumenary,,Price,Retail,EMEA,E2E Suite',
  'E2E-6,Zeta open,Zeta Corp,admin@demo.test,60000,USD,Negotiation,,2026-01-10,,Lumenary,,,Banking,EMEA,E2E Suite',
].join('\n');

test('an admin imports deals, filters win/loss by a rival and an industry, and drills into the deals behind a reason', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { app: true });
  await putUserData(page, 'isWinLossEnabled', true);
  await page.goto('/win-loss');
  await expect(page.getByTestId('win-loss-overview')).toBeVisible();

  // Import: the file's "Opened" column (the created date) is like no field's header, so it is mapped by hand.
  await page.getByTestId('win-loss-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'e2e-deals.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByTestId('import-preview')).toContainText('Alpha renewal');
  await expect(page.getByTestId('import-missing')).toContainText('Created date');
  await page.getByTestId('import-map-createdOn').selectOption('Opened');
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toHaveText('Imported: 6 deals created, 0 updated.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The demo company has deals of its own: the product filter (kept in the address) leaves these six.
  await page.goto('/win-loss?product=E2E+Suite');
  // All decided deals: 2 wins, 3 losses.
  const rate = page.getByTestId('kpi-win-rate-value');
  await expect(rate).toHaveText('40%');
  await expect(page.getByTestId('kpi-open-value')).toHaveText('1');

  // Against Lumenary: 1 win, 2 losses; the filter is in the address.
  await page.getByTestId('filter-rival').click();
  await page.getByRole('option', { name: 'Lumenary' }).click();
  await expect(rate).toHaveText('33%');
  await expect(page).toHaveURL(/rivalId=\d+/);
  // And in banking: 1 win, 1 loss.
  await page.getByTestId('filter-industry').click();
  await page.getByRole('option', { name: 'Banking' }).click();
  await expect(rate).toHaveText('50%');
  await expect(page).toHaveURL(/industry=Banking/);

  // The deals behind the loss reason "Price" under these filters: Beta's.
  await page.getByTestId('win-loss-reasons-loss').getByTestId('reason-open').filter({ hasText: 'Price' }).click();
  const drawer = page.getByTestId('deals-drawer');
  await expect(drawer.getByTestId('deal-row')).toHaveCount(1);
  await expect(drawer.getByTestId('deal-outcome')).toHaveText('Lost');
  await drawer.getByTestId('deal-open').click();
  await expect(drawer.getByTestId('deal-name')).toHaveText('Beta expansion');
  await expect(drawer.getByTestId('deal-reasons-rep')).toContainText('Price');
  await expect(drawer.getByTestId('deal-amount')).toHaveText('$20,000');
  await page.keyboard.press('Escape');

  // The reports tab keeps the filters and groups by industry on request.
  await page.getByTestId('win-loss-tab-reports').click();
  await expect(page).toHaveURL(/\/win-loss\/reports\?.*industry=Banking/);
  await page.getByTestId('report-dimension').selectOption('industry');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expect(page.getByTestId('report-rate')).toHaveText('50%');
  await putUserData(page, 'isWinLossEnabled', null);
});
