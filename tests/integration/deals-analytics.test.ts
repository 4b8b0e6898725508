// What deals feed outside win/loss (issue #56): the rep performance and impact reports over a small hand-made company
// whose deals and usage events are known (the 90-day window's edge included), who may open them, and the CRM card
// formulas (provider own) from real deals: the 6-month window, the condition, empty data, and deal names only for
// readers of win/loss.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TOP_ROWS, ReportQuery, type Report, type ReportTable } from '../../contracts/reports.ts';
import { reasonIdsByName, upsertDeals, type DealRow } from '../../db/deals.ts';
import { askAnswers, askSessions, companies, profiles, rivals, users } from '../../db/schema.ts';
import { competitiveReports } from '../../search-api/reports/competitive/index.ts';
import { resolvePeriod, type ReportContext } from '../../search-api/reports/context.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

let t: TestApp;
const { one } = sqlReads(() => t.db);
const NOW = new Date('2026-03-15T12:00:00Z');
const DAY = 86_400_000;
let company: number;
let other: number;
const id = {} as Record<'alpha' | 'beta' | 'ann' | 'bob' | 'otherRival', number>;

function ctxFor(query: Partial<Record<string, unknown>> = {}, language: 'en' | 'de' = 'en'): ReportContext {
  const q = ReportQuery.parse({ dateRange: 'last90Days', ...query });
  return { db: t.db, companyId: company, query: q, period: resolvePeriod(q, NOW, new Date('2025-01-01T00:00:00Z')), now: NOW, rows: REPORT_TOP_ROWS, language };
}
const table = (r: Report, key: string): ReportTable => {
  const found = r.tables.find((x) => x.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
};
const kpis = (r: Report) => Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));

const deal = (crmId: string, over: Partial<DealRow>): DealRow => ({
  crmId, source: 'csv', name: `Deal ${crmId}`, accountName: `Account ${crmId}`, accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: 'Closed Won', outcome: 'win', createdOn: '2025-10-01',
  closedOn: '2026-03-01', rivalIds: [], primaryRivalId: null, buyerPersona: null, industry: null, region: null,
  segment: null, technology: null, useCase: null, product: null, notes: null, crmModifiedAt: null, ...over,
});
/** Noon UTC of a day, or that many days before it. */
const noonOf = (day: string, daysBefore = 0) => new Date(Date.parse(`${day}T12:00:00Z`) - daysBefore * DAY);
async function event(companyId: number, userId: number, kind: string, at: Date, extra: { rivalId?: number; query?: string; subjectId?: number } = {}) {
  await t.db.execute(sql`INSERT INTO usage_events (company_id, user_id, role, kind, occurred_at, rival_id, query, subject_id)
    VALUES (${companyId}, ${userId}, 'consumer', ${kind}, ${at.toISOString()}::timestamptz, ${extra.rivalId ?? null}, ${extra.query ?? null}, ${extra.subjectId ?? null})`);
}

beforeAll(async () => {
  t = await testApp();
  [{ id: company }, { id: other }] = await t.db.insert(companies).values([{ name: 'Deals Co' }, { name: 'Other Co' }]).returning();
  [{ id: id.alpha }, { id: id.beta }, { id: id.otherRival }] = await t.db
    .insert(rivals)
    .values([{ companyId: company, name: 'Alpha' }, { companyId: company, name: 'Beta' }, { companyId: other, name: 'Alpha' }])
    .returning();
  [{ id: id.ann }, { id: id.bob }] = await t.db
    .insert(users)
    .values([
      { companyId: company, username: 'ann', name: 'Ann Rep', email: 'ann@deals.test' },
      { companyId: company, username: 'bob', name: 'Bob Rep', email: 'bob@deals.test' },
    ])
    .returning();
  const { alpha, beta, ann, bob } = id;
  await upsertDeals(t.db, company, [
    deal('D1', { ownerUserId: ann, rivalIds: [alpha], closedOn: '2026-03-01', amount: 1000 }),
    deal('D2', { ownerUserId: ann, rivalIds: [alpha], closedOn: '2026-03-05', amount: 500, currency: 'EUR' }),
    deal('D3', { ownerUserId: ann, rivalIds: [alpha], closedOn: '2026-01-10', outcome: 'loss', stage: 'Closed Lost', amount: 2000 }),
    deal('D4', { ownerUserId: bob, rivalIds: [alpha], closedOn: '2026-02-20', outcome: 'loss', stage: 'Closed Lost' }),
    deal('D5', { ownerUserId: bob, rivalIds: [beta], closedOn: '2026-03-10', amount: 300 }),
    deal('D6', { ownerUserId: bob, rivalIds: [alpha], closedOn: '2026-03-12', amount: 700 }),
    deal('D7', { ownerUserId: ann, rivalIds: [alpha], closedOn: '2026-03-02', outcome: 'churn', stage: 'Churned' }),
    deal('D8', { ownerUserId: ann, rivalIds: [alpha], closedOn: '2025-11-01' }),
    deal('D9', { ownerName: 'Carl Crm', rivalIds: [alpha], closedOn: '2026-03-03', outcome: 'loss', stage: 'Closed Lost' }),
    deal('D10', { ownerUserId: ann, rivalIds: [alpha], closedOn: null, outcome: null, stage: 'Negotiation' }),
  ]);
  await upsertDeals(t.db, other, [deal('X1', { rivalIds: [id.otherRival], closedOn: '2026-03-01', outcome: 'loss', stage: 'Closed Lost' })]);

  // Ann: an Alpha battlecard 28 days before D1 (within 90 days of D1 and D2; after D3's close), an Alpha search in
  // the period (after D3's close too), an Alpha card view 91 days before D3 (outside every window) and one after her last close.
  await event(company, ann, 'battlecardView', noonOf('2026-02-01'), { rivalId: alpha, subjectId: 1 });
  await event(company, ann, 'search', noonOf('2026-01-15'), { query: 'alpha vs us' });
  await event(company, ann, 'cardView', noonOf('2026-01-10', 91), { rivalId: alpha, subjectId: 2 });
  await event(company, ann, 'cardView', noonOf('2026-03-10'), { rivalId: alpha, subjectId: 2 });
  // Bob: a search naming Alpha exactly 90 days before D4 (counts), an Ask question naming Beta the day before D5,
  // and a Beta card view the day after D5 (Beta's, not Alpha's, so D6 stays not engaged).
  await event(company, bob, 'search', noonOf('2026-02-20', 90), { query: 'ALPHA pricing' });
  const [session] = await t.db.insert(askSessions).values({ companyId: company, userId: bob, title: 'Beta' }).returning();
  const [answer] = await t.db.insert(askAnswers).values({ companyId: company, sessionId: session.id, userId: bob, question: 'How does Beta price?' }).returning();
  await event(company, bob, 'askQuestion', noonOf('2026-03-09'), { subjectId: answer.id });
  await event(company, bob, 'cardView', noonOf('2026-03-11'), { rivalId: beta, subjectId: 3 });
  // Another company's usage by the same user ids never counts.
  await event(other, ann, 'battlecardView', noonOf('2026-01-09'), { rivalId: alpha, subjectId: 1 });
});
afterAll(() => t.drop());

describe('rep performance', () => {
  it('gives each rep’s win rate against each rival with its interval, amount won and content use before the closes', async () => {
    const r = await competitiveReports['rep-performance'](ctxFor());
    expect(r.needs).toBeUndefined();
    // D1–D6 and D9 are decided in the period (D7 churned, D8 before it, D10 open): 4 won, 3 lost, 3 reps.
    expect(kpis(r)).toEqual({ deals: 7, winRate: 0.5714, reps: 3 });
    const reps = table(r, 'reps');
    expect(reps.rows.map((x) => x.cells)).toEqual([
      // Wilson 95 % of 2 of 3: 20.8 % to 93.9 %; D2 is in EUR, so not in the USD amount.
      { rep: 'Ann Rep', rival: 'Alpha', deals: 3, wins: 2, losses: 1, winRate: 0.6667, low: 0.2077, high: 0.9385, amountWon: 1000, battlecardViews: 1, cardViews: 0, searches: 1, asks: 0 },
      { rep: 'Bob Rep', rival: 'Alpha', deals: 2, wins: 1, losses: 1, winRate: 0.5, low: 0.0945, high: 0.9055, amountWon: 700, battlecardViews: 0, cardViews: 0, searches: 0, asks: 0 },
      { rep: 'Bob Rep', rival: 'Beta', deals: 1, wins: 1, losses: 0, winRate: 1, low: 0.2065, high: 1, amountWon: 300, battlecardViews: 0, cardViews: 0, searches: 0, asks: 1 },
      { rep: 'Carl Crm', rival: 'Alpha', deals: 1, wins: 0, losses: 1, winRate: 0, low: 0, high: 0.7935, amountWon: 0, battlecardViews: 0, cardViews: 0, searches: 0, asks: 0 },
    ]);
    expect(reps.rows[0].links).toEqual({ rival: `/reports/competitive-analytics/rep-performance/rival-${id.alpha}`, rep: `/reports/consumer-usage/overview/user/${id.ann}` });
    expect(reps.rows[3].links).toEqual({ rival: `/reports/competitive-analytics/rep-performance/rival-${id.alpha}` });
    expect(r.charts[0].data).toEqual([
      { rep: 'Ann Rep', wins: 2, losses: 1 },
      { rep: 'Bob Rep', wins: 2, losses: 1 },
      { rep: 'Carl Crm', wins: 0, losses: 1 },
    ]);
  });

  it('follows the period: the last 7 days hold D5 and D6, both Bob’s', async () => {
    const r = await competitiveReports['rep-performance'](ctxFor({ dateRange: 'last7Days' }));
    expect(kpis(r)).toEqual({ deals: 2, winRate: 1, reps: 1 });
    expect(table(r, 'reps').rows.map((x) => [x.cells.rep, x.cells.rival, x.cells.deals, x.cells.asks])).toEqual([
      ['Bob Rep', 'Alpha', 1, 0],
      ['Bob Rep', 'Beta', 1, 1],
    ]);
  });
});

describe('impact', () => {
  it('compares engaged and other deals per rival over the 90 days before each close, and says it is no proof', async () => {
    const r = await competitiveReports.impact(ctxFor());
    // Alpha: D1, D2 (Ann's battlecard view) and D4 (Bob's search 90 days before) are engaged: 2 won, 1 lost. D3 (Ann's
    // card view 91 days before; her battlecard view came after its close) and D6 (Bob's Beta view) are not: 1 won, 1
    // lost. D9 has no product user as owner and is left out. Beta: D5 engaged by Bob's question naming it.
    expect(table(r, 'impact').rows.map((x) => x.cells)).toEqual([
      { rival: 'Alpha', engagedDeals: 3, engagedWinRate: 0.6667, engagedLow: 0.2077, engagedHigh: 0.9385, otherDeals: 2, otherWinRate: 0.5, otherLow: 0.0945, otherHigh: 0.9055, difference: 0.1667 },
      { rival: 'Beta', engagedDeals: 1, engagedWinRate: 1, engagedLow: 0.2065, engagedHigh: 1, otherDeals: 0, otherWinRate: null, otherLow: null, otherHigh: null, difference: null },
    ]);
    expect(kpis(r)).toEqual({ engagedWinRate: 0.75, otherWinRate: 0.5, difference: 0.25, deals: 6 });
    expect(table(r, 'impact').description).toMatch(/association, not a proof/);
    expect(r.kpis.find((k) => k.key === 'difference')?.hint).toMatch(/90 days before the close/);
    const de = await competitiveReports.impact(ctxFor({}, 'de'));
    expect(table(de, 'impact').description).toMatch(/ein Zusammenhang, kein Beweis/);
  });

  it('says how to bring deals in when the company has none', async () => {
    const empty = (await t.db.insert(companies).values({ name: 'No deals' }).returning())[0].id;
    for (const type of ['impact', 'rep-performance'] as const) {
      const r = await competitiveReports[type]({ ...ctxFor(), companyId: empty });
      expect(r.tables).toEqual([]);
      expect(r.needs?.link).toEqual({ label: 'Connect Salesforce or import deals', to: '/integrations' });
      expect(r.needs?.body).toMatch(/import a CSV export of your CRM on the Win\/Loss page/);
    }
  });
});

describe('who may open them, over HTTP', () => {
  it('admins only; impact takes its own presets; the menu marks them while there are no deals', async () => {
    const demo = (await one<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE email = 'admin@demo.test'`)).id;
    await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"reports": true, "craReportForCurators": true}'::jsonb) WHERE id = ${demo}`);
    const [admin, curator] = await Promise.all([signIn(t.app, 'admin@demo.test'), signIn(t.app, 'curator@demo.test')]);
    expect((await curator.get('/api/reports/competitive-analytics/rep-performance.json')).status).toBe(403);
    expect((await curator.get('/api/reports/competitive-analytics/impact.json?dateRange=last7Days')).status).toBe(403);
    expect((await admin.get('/api/reports/competitive-analytics/rep-performance.json?dateRange=allTime')).status).toBe(200);
    const bad = await admin.get('/api/reports/competitive-analytics/impact.json?dateRange=allTime');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('dateRange must be one of: last2Days, last7Days, last30Days, last90Days');
    expect((await admin.get('/api/reports/competitive-analytics/impact.json?dateRange=last90Days')).status).toBe(200);

    const marked = async () =>
      ((await admin.get('/api/reports.json')).body.reports as { type: string; needsData?: boolean }[]).filter((e) => e.needsData).map((e) => e.type);
    const hasDeals = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals WHERE company_id = ${demo} AND outcome IN ('win', 'loss')`)).n > 0;
    expect(await marked()).toEqual(hasDeals ? [] : ['rep-performance', 'impact']);
  });
});

describe('CRM card formulas (provider own)', () => {
  let rival: number;
  let seller: Awaited<ReturnType<typeof signIn>>;
  let curator: Awaited<ReturnType<typeof signIn>>;
  const own = async (who: typeof seller, condition?: string) => {
    const res = await who.get(`/api/providers/own.json?rivalId=${rival}${condition ? `&condition=${encodeURIComponent(condition)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    const demo = (await one<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE email = 'seller@demo.test'`)).id;
    // Win/loss on for the company; consumers have no access to it, curators do.
    await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": true, "winLossConsumerAccess": false}'::jsonb) WHERE id = ${demo}`);
    [{ id: rival }] = await t.db.insert(rivals).values({ companyId: demo, name: 'Formulaic' }).returning();
    await t.db.insert(profiles).values({ companyId: demo, rivalId: rival, name: 'Formulaic' });
    [seller, curator] = await Promise.all([signIn(t.app, 'seller@demo.test'), signIn(t.app, 'curator@demo.test')]);
    // Empty before any deal: the web shows the Salesforce empty-data notice for {}.
    expect((await own(seller)).data).toEqual({});

    const win = await reasonIdsByName(t.db, demo, 'win', ['Formula Speed', 'Formula Support']);
    const loss = await reasonIdsByName(t.db, demo, 'loss', ['Formula Price']);
    const speed = win.get('formula speed')!;
    const support = win.get('formula support')!;
    const price = loss.get('formula price')!;
    const today = NOW_REAL();
    const daysAgo = (n: number) => new Date(today - n * DAY).toISOString().slice(0, 10);
    await upsertDeals(t.db, demo, [
      deal('F1', { name: 'Fresh win', rivalIds: [rival], closedOn: daysAgo(10), amount: 10_000, reasons: [{ reasonId: speed, saidBy: 'rep' }, { reasonId: support, saidBy: 'buyer' }] }),
      deal('F2', { name: 'Second win', rivalIds: [rival], closedOn: daysAgo(40), amount: 20_000, reasons: [{ reasonId: speed, saidBy: 'rep' }] }),
      deal('F3', { name: 'A loss', rivalIds: [rival], closedOn: daysAgo(100), outcome: 'loss', stage: 'Closed Lost', amount: 30_000, reasons: [{ reasonId: price, saidBy: 'rep' }] }),
      deal('F4', { name: 'Too old', rivalIds: [rival], closedOn: daysAgo(200), outcome: 'loss', stage: 'Closed Lost', amount: 99_000 }),
      deal('F5', { name: 'Open one', rivalIds: [rival], closedOn: null, outcome: null, stage: 'Proposal', createdOn: daysAgo(5), amount: 5_000, currency: 'EUR' }),
      deal('F6', { name: 'Old open one', rivalIds: [rival], closedOn: null, outcome: null, stage: 'Proposal', createdOn: daysAgo(300), amount: 1 }),
    ]);
  });

  it('counts the last 6 months of deals against the rival: wins, losses, rate, reasons, open deals and the latest ones', async () => {
    const body = await own(curator);
    // F4 closed 200 days ago and F6 opened 300 days ago are outside; F5 is open; the average is over USD deals only.
    expect(body.data).toEqual({
      conditionName: 'Opportunities Last 6 Months',
      dealsWon: 2,
      dealsLost: 1,
      winRate: 0.667,
      mostCitedWinReason: 'Formula Speed',
      mostCitedLossReason: 'Formula Price',
      dealsOpen: 1,
      avgDealSizeUsd: 20_000,
      competitiveDeals: 4,
      opportunities: [
        { name: 'Open one', accountName: 'Account F5', stage: 'Proposal', amount: 5_000, currency: 'EUR' },
        { name: 'Fresh win', accountName: 'Account F1', stage: 'Closed Won', amount: 10_000, currency: 'USD' },
        { name: 'Second win', accountName: 'Account F2', stage: 'Closed Won', amount: 20_000, currency: 'USD' },
        { name: 'A loss', accountName: 'Account F3', stage: 'Closed Lost', amount: 30_000, currency: 'USD' },
      ],
    });
    expect(body.updatedAt).not.toBeNull();
  });

  it('takes the closed-only condition, and gives a reader without win/loss the numbers alone', async () => {
    const closed = await own(curator, 'Closed Opportunities Last 6 Months');
    expect(closed.data).toMatchObject({ conditionName: 'Closed Opportunities Last 6 Months', dealsWon: 2, dealsLost: 1, dealsOpen: 0, competitiveDeals: 3 });
    expect(closed.data.opportunities.map((o: { name: string }) => o.name)).toEqual(['Fresh win', 'Second win', 'A loss']);
    const forSeller = await own(seller);
    expect(forSeller.data).toMatchObject({ dealsWon: 2, dealsLost: 1, competitiveDeals: 4 });
    expect(forSeller.data).not.toHaveProperty('opportunities');
    expect(JSON.stringify(forSeller)).not.toMatch(/Fresh win|Account F1/);
    const bad = await seller.get(`/api/providers/own.json?rivalId=${rival}&condition=Everything`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/condition/);
  });
});

/** The wall clock's today at noon: the formulas read the last 6 months from the real today. */
function NOW_REAL() {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12);
}
