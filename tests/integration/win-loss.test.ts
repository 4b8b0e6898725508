// Win/loss (issue #56): the reports' counts and rates over fixed deals (a deal counts for every rival it met; churn,
// other and open deals are in no rate), each rate's Wilson interval worked out here on its own, the overview's totals,
// trend and top reasons with the rep/buyer split, the facets, and the reason taxonomy's writes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertDeals, type DealRow } from '../../db/deals.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
let companyId: number;
let curator: Awaited<ReturnType<typeof signIn>>;
let one1: number;
let two: number;
let price: number;
let integrations: number;
let ownerId: number;
const { one } = sqlReads(() => t.db);
const PRODUCT = 'product=WLFixture';

/** Wilson's 95 % interval, written out independently of contracts/deals.ts. */
function wilson(wins: number, n: number) {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [centre - half, centre + half];
}

beforeAll(async () => {
  t = await testApp();
  companyId = await northwindId(t.db);
  await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": true}') WHERE id = ${companyId}`);
  curator = await signIn(t.app, 'curator@demo.test');
  ownerId = curator.me.id;
  one1 = (await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, 'WL Alpha') RETURNING id`)).id;
  two = (await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, 'WL Beta') RETURNING id`)).id;
  price = (await one<{ id: number }>(sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, 'win', 'WL Price') RETURNING id`)).id;
  integrations = (await one<{ id: number }>(sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, 'loss', 'WL Integrations') RETURNING id`)).id;
  let n = 0;
  const deal = (outcome: DealRow['outcome'], rivalIds: number[], over: Partial<DealRow> = {}): DealRow => ({
    crmId: `WL-${++n}`, source: 'csv', name: `WL deal ${n}`, accountName: null, accountCrmId: null, ownerEmail: null, ownerName: null,
    ownerUserId: ownerId, amount: 1000, currency: 'USD', stage: outcome ? `Closed ${outcome}` : 'Discovery', outcome,
    createdOn: '2025-01-01', closedOn: outcome ? '2025-05-10' : null, rivalIds, primaryRivalId: rivalIds[0] ?? null,
    buyerPersona: null, industry: 'Retail', region: null, segment: 'Enterprise', technology: null, useCase: null, product: 'WLFixture',
    notes: null, crmModifiedAt: null, ...over,
  });
  const rows: DealRow[] = [
    // Alpha: 8 wins (4 cite price by the rep, 2 of those and 1 more by the buyer), 2 losses, a churn, an open deal.
    ...Array.from({ length: 8 }, (_, i) =>
      deal('win', [one1], {
        closedOn: i < 4 ? '2025-02-10' : '2025-05-10',
        amount: i === 0 ? 500 : 1000,
        currency: i === 7 ? 'EUR' : 'USD',
        reasons: [...(i < 4 ? [{ reasonId: price, saidBy: 'rep' as const }] : []), ...(i === 2 || i === 3 || i === 4 ? [{ reasonId: price, saidBy: 'buyer' as const }] : [])],
      }),
    ),
    deal('loss', [one1], { industry: 'Banking', reasons: [{ reasonId: integrations, saidBy: 'rep' }] }),
    deal('loss', [one1], { industry: 'Banking' }),
    deal('churn', [one1]),
    deal(null, [one1]),
    // Beta: 1 win and 3 losses of its own, and one loss that met both.
    deal('win', [two], { segment: 'SMB' }),
    ...Array.from({ length: 3 }, () => deal('loss', [two], { segment: 'SMB', reasons: [{ reasonId: integrations, saidBy: 'buyer' }] })),
    deal('loss', [two, one1], { segment: 'SMB' }),
  ];
  await upsertDeals(t.db, companyId, rows);
});
afterAll(() => t.drop());

type Row = { key: string; label: string; deals: number; wins: number; losses: number; winRate: number; low: number; high: number; amountWon: number };

describe('reports', () => {
  it('by rival counts a deal for every rival it met, with the Wilson interval', async () => {
    const res = await curator.get(`/api/win-loss/reports.json?dimension=rival&${PRODUCT}`);
    expect(res.status).toBe(200);
    const rows = res.body.rows as Row[];
    const alpha = rows.find((r) => r.key === String(one1))!;
    const beta = rows.find((r) => r.key === String(two))!;
    expect(alpha).toMatchObject({ label: 'WL Alpha', deals: 13, wins: 8, losses: 3 });
    expect(alpha.winRate).toBeCloseTo(8 / 11, 10);
    const [low, high] = wilson(8, 11);
    expect(alpha.low).toBeCloseTo(low, 3);
    expect(alpha.high).toBeCloseTo(high, 3);
    // Won amounts in USD only: 500 + 6 × 1000 (the EUR win is left out).
    expect(alpha.amountWon).toBe(6500);
    expect(beta).toMatchObject({ label: 'WL Beta', deals: 5, wins: 1, losses: 4, winRate: 0.2 });
    expect(rows.map((r) => r.key)).toEqual([String(one1), String(two)]);
  });

  it('by segment, industry, owner and quarter, with filters', async () => {
    const seg = (await curator.get(`/api/win-loss/reports.json?dimension=segment&${PRODUCT}`)).body.rows as Row[];
    expect(seg.map((r) => [r.key, r.wins, r.losses])).toEqual([
      ['Enterprise', 8, 2],
      ['SMB', 1, 4],
    ]);
    const known = wilson(8, 10);
    expect(seg[0].low).toBeCloseTo(0.49, 2);
    expect(seg[0].high).toBeCloseTo(0.94, 2);
    expect(seg[0].low).toBeCloseTo(known[0], 4);
    const banking = (await curator.get(`/api/win-loss/reports.json?dimension=industry&${PRODUCT}&rivalId=${one1}`)).body.rows as Row[];
    expect(banking.find((r) => r.key === 'Banking')).toMatchObject({ wins: 0, losses: 2, winRate: 0 });
    const owner = (await curator.get(`/api/win-loss/reports.json?dimension=owner&${PRODUCT}`)).body.rows as Row[];
    expect(owner).toEqual([expect.objectContaining({ key: String(ownerId), label: curator.me.name, deals: 17, wins: 9, losses: 6 })]);
    const quarters = (await curator.get(`/api/win-loss/reports.json?dimension=quarter&${PRODUCT}`)).body.rows as Row[];
    expect(quarters.map((r) => [r.key, r.wins, r.losses])).toEqual([
      ['2025-Q1', 4, 0],
      ['2025-Q2', 5, 6],
    ]);
    const bad = await curator.get('/api/win-loss/reports.json?dimension=colour');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/dimension/);
  });
});

describe('overview', () => {
  it('totals open and closed deals, and shares each top reason of its kind, rep apart from buyer', async () => {
    const o = (await curator.get(`/api/win-loss/overview.json?${PRODUCT}`)).body;
    expect(o.totals).toMatchObject({ deals: 17, open: 1, closed: 16, wins: 9, losses: 6 });
    expect(o.totals.winRate).toBeCloseTo(9 / 15, 10);
    expect(o.byRival.map((r: Row) => r.label)).toEqual(['WL Alpha', 'WL Beta']);
    expect(o.trend.map((r: Row) => r.key)).toEqual(['2025-Q1', '2025-Q2']);
    // Price: 5 wins cite it (4 by the rep, 3 by the buyer, 2 by both), of 9 wins.
    expect(o.topWinReasons).toEqual([{ reasonId: price, name: 'WL Price', kind: 'win', deals: 5, rep: 4, buyer: 3, share: 5 / 9 }]);
    expect(o.topLossReasons).toEqual([{ reasonId: integrations, name: 'WL Integrations', kind: 'loss', deals: 4, rep: 1, buyer: 3, share: 4 / 6 }]);
    const drill = await curator.get(`/api/deals?reasonId=${price}&saidBy=buyer&${PRODUCT}`);
    expect(drill.body.total).toBe(3);
  });

  it('offers the filters’ values', async () => {
    const f = (await curator.get('/api/win-loss/facets.json')).body;
    expect(f.rivals).toEqual(expect.arrayContaining([{ id: one1, name: 'WL Alpha' }, { id: two, name: 'WL Beta' }]));
    expect(f.owners).toEqual(expect.arrayContaining([{ id: ownerId, name: curator.me.name }]));
    expect(f.products).toContain('WLFixture');
    expect(f.industry).toEqual(expect.arrayContaining(['Banking', 'Retail']));
    expect(f.reasons).toEqual(expect.arrayContaining([{ id: price, kind: 'win', name: 'WL Price' }]));
  });
});

describe('the reason taxonomy', () => {
  it('lists reasons with their deals, and lets curators add one once', async () => {
    const listed = (await curator.get('/api/win-loss/reasons')).body;
    expect(listed).toEqual(expect.arrayContaining([{ id: price, kind: 'win', name: 'WL Price', deals: 5 }]));
    const added = await curator.post('/api/win-loss/reasons', { kind: 'loss', name: 'WL Onboarding' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: 'loss', name: 'WL Onboarding', deals: 0 });
    const again = await curator.post('/api/win-loss/reasons', { kind: 'loss', name: 'wl onboarding' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('win_loss_reason_taken');
    const blank = await curator.post('/api/win-loss/reasons', { kind: 'loss', name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/name/);
  });
});
