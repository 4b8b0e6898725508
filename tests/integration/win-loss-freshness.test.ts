// Win/loss answers from an in-memory model of the company's deals (search-api/winLoss/facts.ts); every write to
// deals or deal_reasons bumps the company's deal_versions row (migration 0036), so the next overview reloads and
// shows it: a new deal, a changed reason, a deleted deal.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upsertDeals, type DealRow } from '../../db/deals.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
let companyId: number;
let curator: Awaited<ReturnType<typeof signIn>>;
let rival: number;
let reason: number;
const { one } = sqlReads(() => t.db);
const PRODUCT = 'product=WLFresh';

const deal = (crmId: string, outcome: DealRow['outcome'], over: Partial<DealRow> = {}): DealRow => ({
  crmId, source: 'csv', name: crmId, accountName: null, accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: 'Closed', outcome, createdOn: '2025-01-01', closedOn: '2025-05-10',
  rivalIds: [rival], primaryRivalId: rival, buyerPersona: null, industry: null, region: null, segment: null, technology: null,
  useCase: null, product: 'WLFresh', notes: null, crmModifiedAt: null, ...over,
});
const overview = async () => (await curator.get(`/api/win-loss/overview.json?${PRODUCT}`)).body;
const version = async () => (await one<{ v: string }>(sql`SELECT version::text AS v FROM deal_versions WHERE company_id = ${companyId}`)).v;

beforeAll(async () => {
  t = await testApp();
  companyId = await northwindId(t.db);
  await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": true}') WHERE id = ${companyId}`);
  curator = await signIn(t.app, 'curator@demo.test');
  rival = (await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, 'WL Fresh') RETURNING id`)).id;
  reason = (await one<{ id: number }>(sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, 'win', 'WL Speed') RETURNING id`)).id;
  await upsertDeals(t.db, companyId, [deal('F-1', 'win'), deal('F-2', 'loss')]);
});
afterAll(() => t.drop());

it('shows each write to the deals or their reasons in the next overview', async () => {
  expect((await overview()).totals).toMatchObject({ deals: 2, wins: 1, losses: 1 });

  const before = await version();
  await upsertDeals(t.db, companyId, [deal('F-3', 'win', { amount: 500 })]);
  expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
  const added = await overview();
  expect(added.totals).toMatchObject({ deals: 3, wins: 2, losses: 1, amountWon: 1500 });
  expect(added.topWinReasons).toEqual([]);

  // A reason given on an existing deal (deal_reasons alone is written).
  await upsertDeals(t.db, companyId, [deal('F-3', 'win', { amount: 500, reasons: [{ reasonId: reason, saidBy: 'buyer' }] })]);
  expect((await overview()).topWinReasons).toEqual([{ reasonId: reason, name: 'WL Speed', kind: 'win', deals: 1, rep: 0, buyer: 1, share: 1 / 2 }]);
  await t.db.execute(sql`DELETE FROM deal_reasons WHERE reason_id = ${reason}`);
  expect((await overview()).topWinReasons).toEqual([]);

  await t.db.execute(sql`DELETE FROM deals WHERE company_id = ${companyId} AND crm_id = 'F-1'`);
  const removed = await overview();
  expect(removed.totals).toMatchObject({ deals: 2, wins: 1, losses: 1 });
  expect(removed.byRival).toEqual([expect.objectContaining({ key: String(rival), deals: 2 })]);
});
