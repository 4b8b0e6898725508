// db/deals.ts: a batch of deals lands by CRM id (a second write updates, never duplicates), each sayer's reasons
// replace only that sayer's, and reasons a file names that the taxonomy lacks are added to it. Buyer-said reasons from
// interviews and survey answers (syncVoiceReasons) are written again from their sources and survive a re-import.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonIdsByName, syncVoiceReasons, upsertDeals, type DealRow } from '../../db/deals.ts';
import { rowsOf } from '../../db/client.ts';
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

describe('buyer-said reasons from the buyer\'s own voice', () => {
  it('come from confirmed buyer passages and survey answers, and leave when their source does', async () => {
    const db = t.db;
    const loss = await reasonIdsByName(db, companyId, 'loss', ['Voice price', 'Voice integrations']);
    const win = await reasonIdsByName(db, companyId, 'win', ['Voice ease']);
    const [price, integrations, ease] = [loss.get('voice price')!, loss.get('voice integrations')!, win.get('voice ease')!];
    await upsertDeals(db, companyId, [row('voice-1', { outcome: 'loss', stage: 'Closed Lost', reasons: [{ reasonId: integrations, saidBy: 'rep' }] })]);
    const [{ id: dealId }] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM deals WHERE company_id = ${companyId} AND crm_id = 'voice-1'`);
    const [{ id: interviewId }] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO interviews (company_id, deal_id, interviewed_on, interviewer) VALUES (${companyId}, ${dealId}, '2026-03-10', 'Priya') RETURNING id`,
    );
    // A confirmed buyer passage, an unconfirmed one, an interviewer's confirmed one, and a win reason on a lost deal.
    await db.execute(sql`INSERT INTO interview_passages (company_id, interview_id, seq, is_buyer, text, reason_ids, suggested_reason_ids) VALUES
      (${companyId}, ${interviewId}, 0, true, 'It was simply too expensive.', ARRAY[${price}, ${ease}]::int[], '{}'),
      (${companyId}, ${interviewId}, 1, true, 'The connector was missing.', NULL, ARRAY[${integrations}]::int[]),
      (${companyId}, ${interviewId}, 2, false, 'So it was the price?', ARRAY[${integrations}]::int[], '{}')`);
    await syncVoiceReasons(db, companyId, [dealId]);
    const reasons = () =>
      rowsOf<{ reason: number; saidBy: string; quote: string | null; fromVoice: boolean }>(
        db,
        sql`SELECT reason_id AS reason, said_by AS "saidBy", quote, from_voice AS "fromVoice" FROM deal_reasons WHERE deal_id = ${dealId} ORDER BY said_by, reason_id`,
      );
    expect(await reasons()).toEqual([
      { reason: price, saidBy: 'buyer', quote: 'It was simply too expensive.', fromVoice: true },
      { reason: integrations, saidBy: 'rep', quote: null, fromVoice: false },
    ]);

    // A survey answer adds its reason with the contact's words.
    const answer = { answers: {}, reasonIds: [integrations], quote: 'Your Salesforce sync was not ready.' };
    const [{ id: surveyId }] = await rowsOf<{ id: number }>(db, sql`INSERT INTO surveys (company_id, name, questions) VALUES (${companyId}, 'Voice', '[]') RETURNING id`);
    await db.execute(sql`INSERT INTO survey_recipients (company_id, survey_id, deal_id, email, token_hash, expires_at, answered_at, answer)
      VALUES (${companyId}, ${surveyId}, ${dealId}, 'buyer@northwind.example', 'voice-hash', now() + interval '1 day', now(), ${JSON.stringify(answer)}::jsonb)`);
    await syncVoiceReasons(db, companyId, [dealId]);
    expect((await reasons()).filter((r) => r.saidBy === 'buyer')).toEqual([
      { reason: price, saidBy: 'buyer', quote: 'It was simply too expensive.', fromVoice: true },
      { reason: integrations, saidBy: 'buyer', quote: 'Your Salesforce sync was not ready.', fromVoice: true },
    ]);

    // A CRM re-import replaces the CRM's reasons and keeps the voice's.
    await upsertDeals(db, companyId, [row('voice-1', { outcome: 'loss', stage: 'Closed Lost', reasons: [{ reasonId: price, saidBy: 'rep' }] })]);
    expect((await reasons()).map((r) => [r.reason, r.saidBy, r.fromVoice])).toEqual([
      [price, 'buyer', true],
      [integrations, 'buyer', true],
      [price, 'rep', false],
    ]);

    // The curator un-confirms the passage: its reason leaves the deal.
    await db.execute(sql`UPDATE interview_passages SET reason_ids = '{}' WHERE interview_id = ${interviewId} AND seq = 0`);
    await syncVoiceReasons(db, companyId, [dealId]);
    expect((await reasons()).map((r) => [r.reason, r.saidBy])).toEqual([
      [integrations, 'buyer'],
      [price, 'rep'],
    ]);
  });
});
