// db/deals.ts: a batch of deals lands by CRM id (a second write updates, never duplicates), each sayer's reasons
// replace only that sayer's, and reasons a file names that the taxonomy lacks are added to it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonIdsByName, upsertDeals, type DealRow } from '../../db/deals.ts';
import { testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

let t: TestApp;
let companyId: number;
let rivalId: number;
const { one, rows: all } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp();
  ({ companyId, id: rivalId } = await one<{ companyId: number; id: number }>(sql`SELECT company_id AS "companyId", id FROM rivals WHERE name = 'Lumenary'`));
});
afterAll(() => t.drop());

const row = (crmId: string, over: Partial<DealRow> = {}): DealRow => ({
  crmId, source: 'csv', name: `Deal ${crmId}`, accountName: 'Acme', accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: 'Closed Won', outcome: 'win', createdOn: '2026-01-02',
  closedOn: '2026-03-04', rivalIds: [rivalId], primaryRivalId: rivalId, buyerPersona: null, industry: 'Retail', region: 'EMEA',
  segment: null, technology: null, useCase: null, product: null, notes: null, crmModifiedAt: null, ...over,
});

describe('upsertDeals', () => {
  it('creates, then updates by CRM id, and replaces only the same sayer’s reasons', async () => {
    const reasons = await reasonIdsByName(t.db, companyId, 'win', ['Store Test Price', 'store test price', ' Store Test Support ']);
    expect(reasons.size).toBe(2);
    const price = reasons.get('store test price')!;
    const support = reasons.get('store test support')!;
    const first = await upsertDeals(t.db, companyId, [
      row('ST-1', { reasons: [{ reasonId: price, saidBy: 'rep' }, { reasonId: support, saidBy: 'buyer', quote: 'They answered fast' }] }),
      row('ST-2', { outcome: 'loss', rivalIds: [] , primaryRivalId: null}),
    ]);
    expect(first).toMatchObject({ created: 2, updated: 0 });
    const again = await upsertDeals(t.db, companyId, [row('ST-1', { amount: 2500, reasons: [{ reasonId: support, saidBy: 'rep' }] })]);
    expect(again).toMatchObject({ created: 0, updated: 1 });
    const deal = await one<{ amount: number; n: number }>(sql`SELECT amount, (SELECT count(*)::int FROM deals WHERE crm_id = 'ST-1' AND company_id = ${companyId}) AS n FROM deals WHERE crm_id = 'ST-1' AND company_id = ${companyId}`);
    expect(deal).toEqual({ amount: 2500, n: 1 });
    const rs = await all<{ reason_id: number; said_by: string; quote: string | null }>(
      sql`SELECT reason_id, said_by, quote FROM deal_reasons WHERE deal_id = ${first.ids[0]} ORDER BY said_by, reason_id`,
    );
    expect(rs).toEqual([
      { reason_id: support, said_by: 'buyer', quote: 'They answered fast' },
      { reason_id: support, said_by: 'rep', quote: null },
    ]);
  });
});
