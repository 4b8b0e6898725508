// Win and loss reasons as review insights (issue #56): a rival's won and lost deals make one insight per reason they
// cite, most cited first, with the deals behind it (the rep's and the buyer's words) as its sources; only readers of
// win/loss get them, and review insights read as before.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealSourceView, InsightListResponse, InsightSourcesResponse, SupportedRival } from '../../contracts/insights.ts';
import { reasonIdsByName, upsertDeals, type DealRow } from '../../db/deals.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let companyId: number;
let lumenary: number;
/** A rival of its own (one review moved to it makes it supported), so only this file's deals name it. */
let rival: number;
let reason: Record<string, number>;
const { one } = sqlReads(() => t.db);
const V2 = '/api/insights/v2';

const setWinLossFlag = (on: boolean) =>
  t.db.execute(sql`UPDATE companies SET company_data = company_data || jsonb_build_object('flags', coalesce(company_data->'flags', '{}') || ${JSON.stringify({ winLoss: on })}::jsonb)
                   WHERE id = ${companyId}`);

const deal = (crmId: string, over: Partial<DealRow>): DealRow => ({
  crmId, source: 'csv', name: `Deal ${crmId}`, accountName: `Account ${crmId}`, accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: 'Closed Won', outcome: 'win', createdOn: '2026-01-02', closedOn: '2026-03-01',
  rivalIds: [rival], primaryRivalId: rival, buyerPersona: null, industry: null, region: null, segment: null, technology: null, useCase: null,
  product: null, notes: null, crmModifiedAt: null, ...over,
});
const rep = (name: string, quote?: string) => ({ reasonId: reason[name], saidBy: 'rep' as const, quote });
const buyer = (name: string, quote?: string) => ({ reasonId: reason[name], saidBy: 'buyer' as const, quote });

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  companyId = await northwindId(t.db);
  lumenary = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Lumenary'`)).id;
  rival = (await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, 'Quillstone') RETURNING id`)).id;
  await t.db.execute(sql`UPDATE reviews SET rival_id = ${rival} WHERE id = (SELECT min(id) FROM reviews WHERE rival_id = ${lumenary})`);
  const wins = await reasonIdsByName(t.db, companyId, 'win', ['WL Governance', 'WL Support', 'WL Stray']);
  const losses = await reasonIdsByName(t.db, companyId, 'loss', ['WL Price', 'WL Onboarding']);
  reason = Object.fromEntries([...wins, ...losses].map(([name, id]) => [name.replace('wl ', ''), id]));
  await upsertDeals(t.db, companyId, [
    deal('W1', { closedOn: '2026-03-01', reasons: [rep('governance'), buyer('governance', 'Their audit trail won it')] }),
    deal('W2', { closedOn: '2026-04-01', reasons: [rep('governance')] }),
    deal('W3', { closedOn: '2026-02-01', reasons: [buyer('governance', 'Governance decided it'), rep('support')] }),
    deal('W4', { closedOn: '2026-05-01', reasons: [rep('support')] }),
    deal('W5', { closedOn: '2026-05-02', reasons: [] }),
    // A win reason on a lost deal is not why we lost; the loss reasons count.
    deal('L1', { outcome: 'loss', stage: 'Closed Lost', reasons: [rep('price', 'Too expensive for them'), rep('governance')] }),
    deal('L2', { outcome: 'loss', stage: 'Closed Lost', reasons: [rep('price'), buyer('onboarding'), rep('stray')] }),
    // Neither another rival's deal nor an open one counts.
    deal('X1', { rivalIds: [lumenary], primaryRivalId: lumenary, reasons: [rep('governance')] }),
    deal('O1', { outcome: null, stage: 'Negotiation', closedOn: null, reasons: [rep('support')] }),
  ]);
  await setWinLossFlag(true);
});
afterAll(() => t.drop());

const list = async (query: string, s: Session = curator) => {
  const res = await s.get(`${V2}/insights/supported-rivals/${rival}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as InsightListResponse).insights;
};
const counts = async (s: Session = curator) =>
  ((await s.get(`${V2}/insights/supported-rivals`)).body.supportedRivals as SupportedRival[]).find((r) => r.id === rival)!.insights;
const sources = (reasonId: number, query = '') => curator.get(`${V2}/insights/${reasonId}/supported-rivals/${rival}/sources?sourceType=winLoss${query}`);

describe('win and loss reasons from deals', () => {
  it('makes one insight per cited reason, most cited first, with its deals counted and summed up', async () => {
    const insights = await list('type=win_reasons,loss_reasons&sourceType=winLoss');
    const brief = (kind: 'win_reasons' | 'loss_reasons') =>
      insights[kind]!.map((i) => ({ id: i.id, type: i.type, title: i.title, winLossCount: i.winLossCount, sourcesCount: i.sourcesCount, reviewCount: i.reviewCount, share: i.share }));
    expect(brief('win_reasons')).toEqual([
      { id: reason.governance, type: 'win_reasons', title: 'WL Governance', winLossCount: 3, sourcesCount: 3, reviewCount: 0, share: 0.6 },
      { id: reason.support, type: 'win_reasons', title: 'WL Support', winLossCount: 2, sourcesCount: 2, reviewCount: 0, share: 0.4 },
    ]);
    expect(brief('loss_reasons')).toEqual([
      { id: reason.price, type: 'loss_reasons', title: 'WL Price', winLossCount: 2, sourcesCount: 2, reviewCount: 0, share: 1 },
      { id: reason.onboarding, type: 'loss_reasons', title: 'WL Onboarding', winLossCount: 1, sourcesCount: 1, reviewCount: 0, share: 0.5 },
    ]);
    expect(insights.win_reasons![0].summary).toBe('Why we win against Quillstone: cited in 3 deals, 60% of our 5 wins with them. Reps cited it in 2, buyers in 2.');
    expect(insights.loss_reasons![1].summary).toBe('Why we lose to Quillstone: cited in 1 deal, 50% of our 2 losses with them. Reps cited it in 0, buyers in 1.');
    // The interval's lower bound: surer with more deals behind the same share.
    expect(insights.win_reasons![0].confidence).toBeGreaterThan(0);
    expect(insights.win_reasons![0].confidence).toBeLessThan(0.6);
    // The screen's source-type rule reads these counts.
    expect(await counts()).toEqual({ strengths: 0, weaknesses: 0, winReasons: 2, lossReasons: 2 });
  });

  it('serves them with all as well as winLoss, beside review insights, and never with review', async () => {
    const all = await list('type=strengths,win_reasons&sourceType=all');
    expect(all.strengths).toEqual([]);
    expect(all.win_reasons!.map((i) => i.title)).toEqual(['WL Governance', 'WL Support']);
    expect(await list('type=win_reasons,loss_reasons&sourceType=review')).toEqual({ win_reasons: [], loss_reasons: [] });
    // Review insights read as before, whatever the source type beside them.
    const lumenaryList = async (sourceType: string) => (await curator.get(`${V2}/insights/supported-rivals/${lumenary}?sourceType=${sourceType}`)).body.insights;
    const reviewsOnly = await lumenaryList('review');
    expect(reviewsOnly.strengths.length).toBeGreaterThan(0);
    expect(await lumenaryList('all')).toEqual(reviewsOnly);
    const lumenaryWinLoss = (await curator.get(`${V2}/insights/supported-rivals/${lumenary}?type=win_reasons&sourceType=all`)).body.insights;
    expect(lumenaryWinLoss.win_reasons.map((i: { title: string; winLossCount: number }) => [i.title, i.winLossCount])).toContainEqual(['WL Governance', 1]);
  });

  it('lists the deals behind an insight, quoted ones first, with who said it, in pages', async () => {
    const first = await sources(reason.governance, '&size=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const page = first.body as InsightSourcesResponse;
    expect(page.pagination).toEqual({ total: 3, total_pages: 2, current_page: 1 });
    expect(page.sources).toEqual([
      {
        type: 'deal', id: expect.any(Number), name: 'Deal W1', accountName: 'Account W1', outcome: 'win', closedOn: '2026-03-01', amount: 1000, currency: 'USD',
        said: [{ saidBy: 'buyer', quote: 'Their audit trail won it' }, { saidBy: 'rep', quote: null }],
      },
      {
        type: 'deal', id: expect.any(Number), name: 'Deal W3', accountName: 'Account W3', outcome: 'win', closedOn: '2026-02-01', amount: 1000, currency: 'USD',
        said: [{ saidBy: 'buyer', quote: 'Governance decided it' }],
      },
    ] satisfies DealSourceView[]);
    const second = (await sources(reason.governance, '&size=2&page=2')).body as InsightSourcesResponse;
    expect(second.sources.map((s) => (s as DealSourceView).name)).toEqual(['Deal W2']);
    const beyond = (await sources(reason.governance, '&size=2&page=3')).body as InsightSourcesResponse;
    expect(beyond).toEqual({ sources: [], pagination: { total: 3, total_pages: 2, current_page: 3 } });
    const price = (await sources(reason.price)).body as InsightSourcesResponse;
    expect(price.sources.map((s) => [(s as DealSourceView).name, (s as DealSourceView).said])).toEqual([
      ['Deal L1', [{ saidBy: 'rep', quote: 'Too expensive for them' }]],
      ['Deal L2', [{ saidBy: 'rep', quote: null }]],
    ]);
  });

  it('answers 404 for a reason the rival’s deals do not cite, or another company’s rival', async () => {
    const unused = (await reasonIdsByName(t.db, companyId, 'win', ['WL Unused'])).get('wl unused')!;
    expect((await sources(unused)).status).toBe(404);
    // A win reason only cited on a lost deal of the rival is no insight of it either.
    expect((await sources(reason.stray)).status).toBe(404);
    const outsider = await signInOutsider(t);
    expect((await outsider.get(`${V2}/insights/${reason.governance}/supported-rivals/${rival}/sources?sourceType=winLoss`)).status).toBe(404);
  });
});

describe('access (issue #56)', () => {
  it('gives readers without win/loss review insights only, and refuses sellers', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    expect((await seller.get(`${V2}/insights/supported-rivals/${rival}?type=win_reasons`)).status).toBe(403);
    await setWinLossFlag(false);
    try {
      expect(await list('type=win_reasons,loss_reasons&sourceType=all')).toEqual({ win_reasons: [], loss_reasons: [] });
      expect(await list('type=win_reasons,loss_reasons&sourceType=winLoss')).toEqual({ win_reasons: [], loss_reasons: [] });
      expect(await counts()).toEqual({ strengths: 0, weaknesses: 0, winReasons: 0, lossReasons: 0 });
      expect((await sources(reason.governance)).status).toBe(404);
      // The user's own flag turns it on for them alone.
      await t.db.execute(sql`UPDATE users SET user_data = user_data || '{"isWinLossEnabled": true}'::jsonb WHERE email = 'curator@demo.test'`);
      expect((await list('type=win_reasons&sourceType=all')).win_reasons!.length).toBe(2);
    } finally {
      await setWinLossFlag(true);
    }
  });
});
