// Competitive analytics report builders (issue #29): a small hand-made company with intel at known dates, reviews,
// cards of known age with and without sources, a Scratchpad-only profile, a battlecard citing a deleted card and an
// unused tag; every number the builders return is checked against it. A second company (and the demo company) hold
// data of their own in the same windows that must never count. A German reader gets each report in German.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TOP_ROWS, ReportQuery, type Report, type ReportTable } from '../../contracts/reports.ts';
import {
  battlecards,
  boards,
  cardSources,
  cards,
  cardTags,
  companies,
  intelItems,
  intelRivals,
  profiles,
  reviews,
  rivals,
  tags,
} from '../../db/schema.ts';
import { competitiveDrillDown } from '../../search-api/reports/competitive/drillDown.ts';
import { competitiveReports } from '../../search-api/reports/competitive/index.ts';
import { threatScore, threatWhy, type ThreatInput } from '../../search-api/reports/competitive/threat.ts';
import { resolvePeriod, type ReportContext } from '../../search-api/reports/context.ts';
import { wordsOf } from '../../search-api/reports/words.ts';
import { testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
const NOW = new Date('2026-03-15T12:00:00Z');
const at = (s: string) => new Date(s.length === 10 ? `${s}T12:00:00Z` : s);

const ids = {} as Record<
  'alpha' | 'beta' | 'gamma' | 'delta' | 'template' | 'outsider' | 'alphaProfile' | 'betaProfile' | 'deltaProfile' | 'a1' | 'a2' | 'a3' | 'g1' | 'alphaBattlecard' | 'deletedCard',
  number
>;

function ctxFor(query: Partial<Record<string, unknown>> = {}, company = () => companyId, rows = REPORT_TOP_ROWS): ReportContext {
  const q = ReportQuery.parse({ dateRange: 'last7Days', ...query });
  return { db: t.db, companyId: company(), query: q, period: resolvePeriod(q, NOW, new Date('2025-01-01T00:00:00Z')), now: NOW, rows, language: 'en' };
}
/** The same report for a reader whose language is German. */
const ctxDe = (query: Partial<Record<string, unknown>> = {}): ReportContext => ({ ...ctxFor(query), language: 'de' });
const table = (r: Report, key: string): ReportTable => {
  const found = r.tables.find((x) => x.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
};
const kpis = (r: Report) => Object.fromEntries(r.kpis.map((k) => [k.key, { value: k.value, previous: k.previous }]));
const column = (tb: ReportTable, key: string) => tb.rows.map((r) => r.cells[key]);

async function insertCompany(name: string) {
  const [c] = await t.db.insert(companies).values({ name }).returning();
  return c.id;
}
async function rival(company: number, name: string, opts: { isDraft?: boolean; isTemplate?: boolean } = {}) {
  const [r] = await t.db.insert(rivals).values({ companyId: company, name, ...opts }).returning();
  return r.id;
}
async function profile(company: number, rivalId: number, name: string, opts: { isTemplate?: boolean } = {}) {
  const [p] = await t.db.insert(profiles).values({ companyId: company, rivalId, name, ...opts }).returning();
  return p.id;
}
async function board(company: number, profileId: number, name: string) {
  const [b] = await t.db.insert(boards).values({ companyId: company, profileId, name }).returning();
  return b.id;
}
async function card(company: number, boardId: number, name: string, updated: string, opts: { isDraft?: boolean; source?: boolean } = {}) {
  const [c] = await t.db
    .insert(cards)
    .values({ companyId: company, boardId, name, isDraft: opts.isDraft ?? false, createdAt: at(updated), updatedAt: at(updated) })
    .returning();
  if (opts.source) await t.db.insert(cardSources).values({ companyId: company, cardId: c.id, permalink: `https://example.test/${c.id}` });
  return c.id;
}
type IntelOpts = { priority?: 'important' | 'interesting'; published?: boolean; state?: 'unprocessed' | 'working' | 'archived' | 'deleted'; topics?: string[] };
let intelCount = 0;
async function intel(company: number, created: string, rivalIds: number[], opts: IntelOpts = {}) {
  const createdAt = at(created);
  const [i] = await t.db
    .insert(intelItems)
    .values({
      companyId: company,
      channel: 'rss',
      title: `Item ${++intelCount}`,
      priority: opts.priority ?? null,
      state: opts.state ?? (opts.published ? 'archived' : 'unprocessed'),
      publishedAt: opts.published ? createdAt : null,
      topics: opts.topics ?? [],
      createdAt,
    })
    .returning();
  if (rivalIds.length) await t.db.insert(intelRivals).values(rivalIds.map((rivalId) => ({ companyId: company, intelId: i.id, rivalId })));
  return i.id;
}
let reviewCount = 0;
async function review(company: number, rivalId: number, published: string, rating: number) {
  const permalink = `https://reviews.test/${++reviewCount}`;
  await t.db.insert(reviews).values({
    companyId: company,
    rivalId,
    site: 'g2',
    permalink,
    permalinkKey: permalink,
    text: 'A review',
    rating,
    publishedAt: at(published),
    analysis: { sentences: [], mentions: [] },
  });
}

beforeAll(async () => {
  t = await testApp();
  companyId = await insertCompany('Acme Reports');
  otherCompanyId = await insertCompany('Other Reports');
  const c = companyId;

  ids.alpha = await rival(c, 'Alpha');
  ids.beta = await rival(c, 'Beta');
  ids.gamma = await rival(c, 'Gamma', { isDraft: true });
  ids.delta = await rival(c, 'Delta');
  ids.template = await rival(c, 'Template rival', { isTemplate: true });
  const smalls = [];
  for (const n of [1, 2, 3, 4]) smalls.push(await rival(c, `Small${n}`));
  ids.outsider = await rival(otherCompanyId, 'Outsider');

  // Intel in the period: last7Days before NOW is [2026-03-09, 2026-03-16); the previous one [2026-03-02, 2026-03-09).
  const { alpha, beta, gamma } = ids;
  await intel(c, '2026-03-09T00:00:00Z', [alpha], { priority: 'important', published: true, topics: ['pricing'] });
  await intel(c, '2026-03-10T10:00:00Z', [alpha, beta], { priority: 'important', topics: ['pricing', 'product'] });
  await intel(c, '2026-03-10T11:00:00Z', [alpha], { priority: 'interesting', published: true });
  await intel(c, '2026-03-11', [alpha], { priority: 'important', topics: ['hiring'] });
  await intel(c, '2026-03-12', [alpha]);
  await intel(c, '2026-03-13', [alpha], { priority: 'interesting' });
  await intel(c, '2026-03-14', [alpha], { state: 'archived' });
  await intel(c, '2026-03-12', [beta], { published: true });
  await intel(c, '2026-03-13', [beta], { priority: 'interesting' });
  await intel(c, '2026-03-15T23:59:59Z', [beta]);
  await intel(c, '2026-03-11', [gamma]);
  await intel(c, '2026-03-12', [gamma], { published: true });
  for (const s of smalls) await intel(c, '2026-03-14', [s]);
  await intel(c, '2026-03-14', [ids.template]); // an item (counted once) on a template rival (no rival figure)
  await intel(c, '2026-03-14', []); // an item naming no rival
  // Not counted anywhere: deleted, after the period, before the previous period.
  await intel(c, '2026-03-12', [alpha], { state: 'deleted', priority: 'important' });
  await intel(c, '2026-03-16T00:00:00Z', [alpha]);
  await intel(c, '2026-03-01T23:59:59Z', [alpha]);
  // The previous period.
  await intel(c, '2026-03-02T00:00:00Z', [alpha]);
  await intel(c, '2026-03-04', [alpha], { published: true });
  await intel(c, '2026-03-08T23:59:59Z', [alpha]);
  await intel(c, '2026-03-03', [beta], { priority: 'important' });
  await intel(c, '2026-03-04', [beta], { priority: 'important' });
  await intel(c, '2026-03-05', [beta], { published: true });
  await intel(c, '2026-03-06', [beta]);
  await intel(c, '2026-03-07', [beta]);
  // Another company's intel in the same windows.
  for (const d of ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-04']) await intel(otherCompanyId, d, [ids.outsider], { priority: 'important', published: true });

  // Reviews: Alpha 3.5 → 4.0 on three reviews each; Delta one review now.
  for (const r of [4, 4, 4]) await review(c, alpha, '2026-03-12', r);
  for (const r of [3, 3.5, 4]) await review(c, alpha, '2026-03-05', r);
  await review(c, ids.delta, '2026-03-13', 2);
  await review(c, alpha, '2026-02-01', 1); // before both periods
  for (const r of [5, 5, 5]) await review(otherCompanyId, ids.outsider, '2026-03-12', r);

  // Content. NOW − 180 days = 2025-09-16T12:00Z.
  ids.alphaProfile = await profile(c, alpha, 'Alpha');
  const alphaLane = await board(c, ids.alphaProfile, 'Overview');
  const alphaPad = await board(c, ids.alphaProfile, 'Scratchpad');
  ids.a1 = await card(c, alphaLane, 'A1 stale with source', '2025-01-01T00:00:00Z', { source: true });
  ids.a2 = await card(c, alphaLane, 'A2 fresh, no source', '2026-03-01T00:00:00Z');
  ids.a3 = await card(c, alphaLane, 'A3 draft, stale, no source', '2025-06-01T00:00:00Z', { isDraft: true });
  await card(c, alphaPad, 'Alpha note', '2024-01-01T00:00:00Z'); // a Scratchpad note: no hygiene row
  ids.deletedCard = await card(c, alphaLane, 'Deleted later', '2026-01-01');
  await t.db.delete(cards).where(eq(cards.id, ids.deletedCard));

  ids.betaProfile = await profile(c, beta, 'Beta');
  const betaLane = await board(c, ids.betaProfile, 'Lane');
  const betaPad = await board(c, ids.betaProfile, 'Scratchpad');
  const b1 = await card(c, betaLane, 'B1 draft', '2026-02-01T00:00:00Z', { isDraft: true, source: true });
  await card(c, betaPad, 'Beta note', '2026-03-01');

  const gammaProfile = await profile(c, gamma, 'Gamma');
  ids.g1 = await card(c, await board(c, gammaProfile, 'Lane'), 'G1 on a draft rival', '2025-08-01T00:00:00Z');

  ids.deltaProfile = await profile(c, ids.delta, 'Delta');
  await board(c, ids.deltaProfile, 'Empty lane');
  await card(c, await board(c, ids.deltaProfile, 'Scratchpad'), 'Delta note', '2025-01-01');

  const templateProfile = await profile(c, ids.template, 'Template', { isTemplate: true });
  await card(c, await board(c, templateProfile, 'Lane'), 'Template card', '2020-01-01'); // stale, unsourced, but a template

  const [alphaBc] = await t.db
    .insert(battlecards)
    .values({ companyId: c, profileId: ids.alphaProfile, title: 'Alpha vs us', cards: { desktop: [ids.a1, ids.a2, ids.deletedCard], tablet: [], mobile: [ids.deletedCard] } })
    .returning();
  ids.alphaBattlecard = alphaBc.id;
  await t.db.insert(battlecards).values({ companyId: c, profileId: ids.betaProfile, title: 'Beta quick', cards: { desktop: [b1], tablet: [], mobile: [] } });

  const [pricing] = await t.db.insert(tags).values({ companyId: c, name: 'Pricing' }).returning();
  await t.db.insert(cardTags).values({ companyId: c, cardId: ids.a1, tagId: pricing.id });
  await t.db.insert(tags).values({ companyId: c, name: 'Unused', createdAt: at('2025-05-05') });

  // The other company: a stale unsourced card, an empty profile, a broken battlecard, an unused tag.
  const outProfile = await profile(otherCompanyId, ids.outsider, 'Outsider');
  const outLane = await board(otherCompanyId, outProfile, 'Lane');
  const outCard = await card(otherCompanyId, outLane, 'Outsider card', '2020-01-01', { isDraft: true });
  await t.db.insert(battlecards).values({ companyId: otherCompanyId, profileId: outProfile, title: 'Outsider bc', cards: { desktop: [outCard, 999_999], tablet: [], mobile: [] } });
  await t.db.insert(tags).values({ companyId: otherCompanyId, name: 'Outsider tag' });
});
afterAll(() => t.drop());

describe('overview', () => {
  it('counts intel per rival, share of voice and change against the previous period', async () => {
    const r = await competitiveReports.overview(ctxFor());
    expect(r).toMatchObject({ id: 'competitive-analytics', type: 'overview', role: 'all' });
    expect(r.period).toEqual({ dateRange: 'last7Days', from: '2026-03-09', to: '2026-03-15', days: 7 });
    expect(kpis(r)).toEqual({
      items: { value: 18, previous: 8 },
      published: { value: 4, previous: 2 },
      rivals: { value: 7, previous: 2 },
      topRival: { value: 7, previous: undefined },
    });
    // The tile names the rival the count belongs to.
    expect(r.kpis.find((k) => k.key === 'topRival')).toMatchObject({ subject: 'Alpha', unit: 'mentions', hint: '41 % of all rival mentions' });

    const rivalsTable = table(r, 'rivals');
    expect(rivalsTable.total).toBe(7);
    expect(rivalsTable.rows.map((x) => x.cells)).toEqual([
      { rival: 'Alpha', items: 7, share: 0.4118, published: 2, important: 3, previous: 3, change: 1.3333 },
      { rival: 'Beta', items: 4, share: 0.2353, published: 1, important: 1, previous: 5, change: -0.2 },
      { rival: 'Gamma (draft)', items: 2, share: 0.1176, published: 1, important: 0, previous: 0, change: null },
      ...[1, 2, 3, 4].map((n) => ({ rival: `Small${n}`, items: 1, share: 0.0588, published: 0, important: 0, previous: 0, change: null })),
    ]);
    expect(rivalsTable.rows[0].links).toEqual({ rival: `/reports/competitive-analytics/overview/rival-${ids.alpha}`, items: `/alerts?view=allIntel&rivalIds=${ids.alpha}` });
    expect(rivalsTable.columns.find((c) => c.key === 'change')?.format).toBe('change');

    const volume = r.charts.find((c) => c.key === 'volume')!;
    expect(volume).toMatchObject({ kind: 'area', stacked: true, xKey: 'day' });
    expect(volume.series.map((s) => s.label)).toEqual(['Alpha', 'Beta', 'Gamma', 'Small1', 'Small2', 'Small3', 'Other']);
    const a = `rival-${ids.alpha}`;
    const b = `rival-${ids.beta}`;
    const g = `rival-${ids.gamma}`;
    expect(volume.data.map((d) => d.day)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(volume.data.map((d) => [d[a], d[b], d[g], d.other])).toEqual([
      [1, 0, 0, 0],
      [2, 1, 0, 0],
      [1, 0, 1, 0],
      [1, 1, 1, 0],
      [1, 1, 0, 0],
      [1, 0, 0, 1],
      [0, 1, 0, 0],
    ]);
    const donut = r.charts.find((c) => c.key === 'shareOfVoice')!;
    expect(donut.kind).toBe('donut');
    expect(donut.data).toEqual([
      { rival: 'Alpha', items: 7 },
      { rival: 'Beta', items: 4 },
      { rival: 'Gamma', items: 2 },
      { rival: 'Small1', items: 1 },
      { rival: 'Small2', items: 1 },
      { rival: 'Small3', items: 1 },
      { rival: 'Other', items: 1 },
    ]);
  });

  it('groups a long period by weeks starting on Mondays', async () => {
    const r = await competitiveReports.overview(ctxFor({ dateRange: 'customDateRange', from: '2025-12-06', to: '2026-03-15' }));
    expect(r.period.days).toBe(100);
    const volume = r.charts.find((c) => c.key === 'volume')!;
    expect(volume.title).toContain('week');
    const days = volume.data.map((d) => d.day as string);
    expect(days[0]).toBe('2025-12-01');
    expect(days.at(-1)).toBe('2026-03-09');
    expect(days.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const a = `rival-${ids.alpha}`;
    // Alpha: 7 + 3 + the one on 2026-03-01 (a Sunday, so in the week of 2026-02-23).
    expect(volume.data.reduce((n, d) => n + (d[a] as number), 0)).toBe(11);
    expect(volume.data.find((d) => d.day === '2026-02-23')?.[a]).toBe(1);
    expect(volume.data.find((d) => d.day === '2026-03-02')?.[a]).toBe(3);
    expect(volume.data.find((d) => d.day === '2026-03-09')?.[a]).toBe(7);
  });

  it('names no rival, and counts no mentions, for a period nobody mentioned one in', async () => {
    const r = await competitiveReports.overview(ctxFor({ dateRange: 'customDateRange', from: '2025-01-01', to: '2025-01-07' }));
    expect(r.kpis.find((k) => k.key === 'topRival')).toEqual({ key: 'topRival', label: 'Most-mentioned rival', value: null, format: 'number', hint: 'No rival was mentioned' });
  });

  it('shows nothing of another company', async () => {
    const r = await competitiveReports.overview(ctxFor({}, () => otherCompanyId));
    expect(kpis(r).items).toEqual({ value: 3, previous: 1 });
    expect(table(r, 'rivals').rows.map((x) => x.cells.rival)).toEqual(['Outsider']);
  });
});

describe('threat analysis', () => {
  it('scores rising rivals and explains why', async () => {
    const r = await competitiveReports['threat-analysis'](ctxFor());
    expect(r).toMatchObject({ id: 'competitive-analytics', type: 'threat-analysis' });
    expect(kpis(r)).toEqual({
      rising: { value: 1, previous: undefined },
      topScore: { value: 81, previous: undefined },
      importantShare: { value: 0.2353, previous: 0.25 },
      rating: { value: 3.5, previous: 3.5 },
    });
    expect(r.kpis.find((k) => k.key === 'topScore')).toMatchObject({ subject: 'Alpha', unit: 'out of 100' });
    const threats = table(r, 'threats');
    expect(threats.total).toBe(8);
    const rows = threats.rows.map((x) => x.cells);
    expect(rows[0]).toEqual({
      rival: 'Alpha',
      score: 81,
      status: 'Rising',
      items: 7,
      intelChange: 1.3333,
      importantShare: 0.4286,
      prevImportantShare: 0,
      reviews: 3,
      rating: 4,
      prevRating: 3.5,
      why: 'intel +133 %, important share 0 % → 43 %, rating 3.5 → 4.0',
    });
    expect(rows[1]).toEqual({
      rival: 'Beta',
      score: 0,
      status: 'Steady',
      items: 4,
      intelChange: -0.2,
      importantShare: 0.25,
      prevImportantShare: 0.4,
      reviews: 0,
      rating: null,
      prevRating: null,
      why: 'intel -20 %, important share 40 % → 25 %',
    });
    expect(rows[2]).toMatchObject({ rival: 'Gamma (draft)', score: 0, status: 'Too little data', importantShare: null, why: 'too little data: 2 intel items now, 0 before; 0 reviews now, 0 before' });
    expect(rows.slice(3).map((x) => [x.rival, x.status])).toEqual([
      ['Small1', 'Too little data'],
      ['Small2', 'Too little data'],
      ['Small3', 'Too little data'],
      ['Small4', 'Too little data'],
      ['Delta', 'Too little data'],
    ]);
    expect(rows.at(-1)).toMatchObject({ reviews: 1, rating: 2 });
    expect(threats.rows[0].links?.rival).toBe(`/reports/competitive-analytics/threat-analysis/rival-${ids.alpha}`);
    expect(r.charts).toEqual([expect.objectContaining({ key: 'score', kind: 'bar', data: [{ rival: 'Alpha', score: 81 }] })]);
  });

  it('computes the score as documented', () => {
    const base = { items: 0, prevItems: 0, important: 0, prevImportant: 0, reviews: 0, prevReviews: 0, rating: null, prevRating: null };
    const scored = (x: ThreatInput) => {
      const threat = threatScore(x);
      return { score: threat.score, status: threat.status, why: threatWhy(wordsOf('en'), x, threat) };
    };
    // From nothing to 3 items counts as a doubling: 40 points.
    expect(scored({ ...base, items: 3 })).toEqual({ score: 40, status: 'rising', why: 'intel 0 → 3' });
    // Two items against none: too little data, never rising.
    expect(scored({ ...base, items: 2, important: 2 })).toMatchObject({ score: 0, status: 'tooLittleData' });
    // +50 % volume: 20 points; important share 20 % → 40 %: 30 × 0.4 = 12.
    expect(scored({ ...base, items: 30, prevItems: 20, important: 12, prevImportant: 4 })).toEqual({
      score: 32,
      status: 'rising',
      why: 'intel +50 %, important share 20 % → 40 %',
    });
    // A rating rise on too few reviews does not count; on enough it does (0.5 star: 15 points).
    expect(threatScore({ ...base, reviews: 2, prevReviews: 5, rating: 5, prevRating: 3 }).status).toBe('tooLittleData');
    expect(scored({ ...base, reviews: 3, prevReviews: 3, rating: 4, prevRating: 3.5 })).toEqual({ score: 15, status: 'steady', why: 'rating 3.5 → 4.0' });
    // Falling volume gives 0, not less.
    expect(scored({ ...base, items: 3, prevItems: 30 })).toEqual({ score: 0, status: 'steady', why: 'intel -90 %, important share 0 % → 0 %' });
    // Volume that moved less than half a percent reads as unchanged.
    expect(scored({ ...base, items: 1001, prevItems: 1000 }).why).toBe('intel unchanged, important share 0 % → 0 %');
  });

  it('words its reasons in the reader’s language, numbers written as the language writes them', () => {
    const x: ThreatInput = { items: 1500, prevItems: 100, important: 600, prevImportant: 20, reviews: 4, prevReviews: 3, rating: 4.2, prevRating: 3.5 };
    const threat = threatScore(x);
    expect(threatWhy(wordsOf('de'), x, threat)).toBe('Intel +1.400 %, Anteil wichtiger Meldungen 20 % → 40 %, Sterne 3,5 → 4,2');
    expect(threatWhy(wordsOf('en'), x, threat)).toBe('intel +1,400 %, important share 20 % → 40 %, rating 3.5 → 4.2');
    const few: ThreatInput = { items: 1, prevItems: 0, important: 0, prevImportant: 0, reviews: 1, prevReviews: 2, rating: 4, prevRating: 3 };
    expect(threatWhy(wordsOf('de'), few, threatScore(few))).toBe('Zu wenig Daten: jetzt 1 Intel-Meldung, davor 0; jetzt 1 Bewertung, davor 2');
    expect(threatWhy(wordsOf('en'), few, threatScore(few))).toBe('too little data: 1 intel item now, 0 before; 1 review now, 2 before');
  });
});

describe('data hygiene', () => {
  it('lists stale and unsourced cards, empty profiles, broken battlecards and unused tags', async () => {
    const r = await competitiveReports['data-hygiene'](ctxFor());
    expect(r).toMatchObject({ id: 'competitive-analytics', type: 'data-hygiene' });
    expect(kpis(r)).toEqual({
      staleCards: { value: 3, previous: undefined },
      unsourcedCards: { value: 3, previous: undefined },
      emptyProfiles: { value: 2, previous: undefined },
      brokenBattlecards: { value: 1, previous: undefined },
      unusedTags: { value: 1, previous: undefined },
    });

    const stale = table(r, 'staleCards');
    expect(stale.total).toBe(3);
    expect(stale.rows.map((x) => x.cells)).toEqual([
      { card: 'A1 stale with source', rival: 'Alpha', board: 'Overview', updated: '2025-01-01', days: 438, status: 'Published' },
      { card: 'A3 draft, stale, no source', rival: 'Alpha', board: 'Overview', updated: '2025-06-01', days: 287, status: 'Draft card' },
      { card: 'G1 on a draft rival', rival: 'Gamma', board: 'Lane', updated: '2025-08-01', days: 226, status: 'Draft rival' },
    ]);
    expect(stale.rows[0].links).toEqual({ card: `/profile/${ids.alphaProfile}/view/card/${ids.a1}` });

    const unsourced = table(r, 'unsourcedCards');
    expect(unsourced.total).toBe(3);
    expect(column(unsourced, 'card')).toEqual(['A3 draft, stale, no source', 'G1 on a draft rival', 'A2 fresh, no source']);

    const empty = table(r, 'emptyProfiles');
    expect(empty.total).toBe(2);
    expect(empty.rows).toEqual([
      {
        cells: { rival: 'Beta', reason: 'Only draft cards', lanes: 1, draftCards: 1, scratchpadCards: 1, status: 'Published' },
        links: { rival: `/profile/${ids.betaProfile}` },
      },
      {
        cells: { rival: 'Delta', reason: 'Only Scratchpad notes', lanes: 1, draftCards: 0, scratchpadCards: 1, status: 'Published' },
        links: { rival: `/profile/${ids.deltaProfile}` },
      },
    ]);

    const broken = table(r, 'brokenBattlecards');
    expect(broken.rows).toEqual([
      {
        cells: { battlecard: 'Alpha vs us', rival: 'Alpha', missing: 1, layouts: 'Desktop, Mobile' },
        links: { battlecard: `/profile/${ids.alphaProfile}/battlecard/view/${ids.alphaBattlecard}` },
      },
    ]);
    expect(table(r, 'unusedTags').rows).toEqual([{ cells: { tag: 'Unused', created: '2025-05-05' } }]);
  });

  it('takes staleDays from the query', async () => {
    const r = await competitiveReports['data-hygiene'](ctxFor({ staleDays: '30' }));
    const stale = table(r, 'staleCards');
    expect(stale.title).toBe('Cards not updated in 30 days');
    expect(column(stale, 'card')).toEqual(['A1 stale with source', 'A3 draft, stale, no source', 'G1 on a draft rival', 'B1 draft']);
    expect(kpis(r).staleCards.value).toBe(4);
  });

  it('carries ctx.rows rows per table and the full count in total', async () => {
    const r = await competitiveReports['data-hygiene'](ctxFor({}, () => companyId, 2));
    expect(column(table(r, 'staleCards'), 'card')).toEqual(['A1 stale with source', 'A3 draft, stale, no source']);
    expect(table(r, 'staleCards').total).toBe(3);
    expect(kpis(r).staleCards.value).toBe(3);
    const overview = await competitiveReports.overview(ctxFor({}, () => companyId, 2));
    expect(table(overview, 'rivals')).toMatchObject({ total: 7, rows: [expect.anything(), expect.anything()] });
  });

  it('shows nothing of another company', async () => {
    const r = await competitiveReports['data-hygiene'](ctxFor({}, () => otherCompanyId));
    expect(kpis(r)).toEqual({
      staleCards: { value: 1, previous: undefined },
      unsourcedCards: { value: 1, previous: undefined },
      emptyProfiles: { value: 1, previous: undefined },
      brokenBattlecards: { value: 1, previous: undefined },
      unusedTags: { value: 1, previous: undefined },
    });
    expect(column(table(r, 'unusedTags'), 'tag')).toEqual(['Outsider tag']);
  });
});

describe('reports that need deals', () => {
  it('say what data they stand on', async () => {
    for (const type of ['rep-performance', 'impact'] as const) {
      const r = await competitiveReports[type](ctxFor({ role: 'curator' }));
      expect(r).toMatchObject({ id: 'competitive-analytics', type, role: 'curator', kpis: [], charts: [], tables: [] });
      expect(r.needs?.title).toMatch(/closed deals/);
      expect(r.needs?.body).toMatch(/CRM/);
      expect(r.needs?.body).toMatch(/connect Salesforce under Integrations, or import a CSV export/);
      expect(r.needs?.link?.to).toBe('/integrations');
    }
  });
});

describe('rival drill-down', () => {
  it('shows one rival’s intel, important items and cards', async () => {
    const r = await competitiveDrillDown(ctxFor(), 'overview', `rival-${ids.alpha}`);
    expect(r).toMatchObject({ id: 'competitive-analytics', type: 'overview', subtitle: 'Alpha' });
    expect(kpis(r)).toEqual({
      items: { value: 7, previous: 3 },
      published: { value: 2, previous: 1 },
      important: { value: 3, previous: 0 },
      importantShare: { value: 0.4286, previous: 0 },
      staleCards: { value: 2, previous: undefined },
      unsourcedCards: { value: 2, previous: undefined },
    });
    const volume = r.charts.find((c) => c.key === 'volume')!;
    expect(volume.data.map((d) => [d.day, d.important, d.interesting, d.none])).toEqual([
      ['2026-03-09', 1, 0, 0],
      ['2026-03-10', 1, 1, 0],
      ['2026-03-11', 1, 0, 0],
      ['2026-03-12', 0, 0, 1],
      ['2026-03-13', 0, 1, 0],
      ['2026-03-14', 0, 0, 1],
      ['2026-03-15', 0, 0, 0],
    ]);
    expect(r.charts.find((c) => c.key === 'topics')?.data).toEqual([
      { topic: 'pricing', items: 2 },
      { topic: 'hiring', items: 1 },
      { topic: 'product', items: 1 },
    ]);
    const important = table(r, 'importantItems');
    expect(important.total).toBe(3);
    expect(important.rows.map((x) => [x.cells.created, x.cells.published, x.cells.topics])).toEqual([
      ['2026-03-11', null, 'hiring'],
      ['2026-03-10', null, 'pricing, product'],
      ['2026-03-09', '2026-03-09', 'pricing'],
    ]);
    const cardsTable = table(r, 'cards');
    expect(cardsTable.total).toBe(3);
    expect(cardsTable.rows.map((x) => [x.cells.card, x.cells.stale, x.cells.sources, x.cells.status])).toEqual([
      ['A1 stale with source', 'Stale', 1, 'Published'],
      ['A3 draft, stale, no source', 'Stale', 0, 'Draft card'],
      ['A2 fresh, no source', '', 0, 'Published'],
    ]);
    expect(cardsTable.rows[2].links).toEqual({ card: `/profile/${ids.alphaProfile}/view/card/${ids.a2}` });
  });

  it('is not found for another company’s rival, a template or a bad drill', async () => {
    for (const drill of [`rival-${ids.outsider}`, `rival-${ids.template}`, 'rival-abc', 'rival-0', 'rival-99999999999', 'user-1', `rival-${ids.alpha}x`, '']) {
      await expect(competitiveDrillDown(ctxFor(), 'overview', drill), drill).rejects.toMatchObject({ status: 404 });
    }
  });
});

describe('for a German reader', () => {
  it('words the overview, threat analysis and data hygiene in German, and keeps what people wrote', async () => {
    const overview = await competitiveReports.overview(ctxDe());
    expect(overview.kpis.find((k) => k.key === 'topRival')).toMatchObject({
      label: 'Am häufigsten erwähnter Wettbewerber',
      subject: 'Alpha',
      unit: 'Erwähnungen',
      hint: '41 % aller Wettbewerber-Erwähnungen',
    });
    const rivalsTable = table(overview, 'rivals');
    expect(rivalsTable.columns.map((c) => c.label)).toEqual(['Wettbewerber', 'Intel-Meldungen', 'Share of Voice', 'Veröffentlicht', 'Wichtig', 'Vorzeitraum', 'Veränderung']);
    expect(column(rivalsTable, 'rival').slice(0, 3)).toEqual(['Alpha', 'Beta', 'Gamma (Entwurf)']);
    const volume = overview.charts.find((c) => c.key === 'volume')!;
    expect(volume.title).toBe('Intel pro Wettbewerber und Tag');
    expect(volume.series.at(-1)).toEqual({ key: 'other', label: 'Sonstige' });

    const threat = await competitiveReports['threat-analysis'](ctxDe());
    const threats = table(threat, 'threats');
    expect(threats.rows[0].cells).toMatchObject({ rival: 'Alpha', status: 'Steigend', why: 'Intel +133 %, Anteil wichtiger Meldungen 0 % → 43 %, Sterne 3,5 → 4,0' });
    expect(threats.rows[1].cells).toMatchObject({ rival: 'Beta', status: 'Stabil' });
    expect(threats.rows[2].cells).toMatchObject({ status: 'Zu wenig Daten', why: 'Zu wenig Daten: jetzt 2 Intel-Meldungen, davor 0; jetzt 0 Bewertungen, davor 0' });
    expect(threat.kpis.find((k) => k.key === 'topScore')).toMatchObject({ label: 'Höchster Bedrohungswert', unit: 'von 100' });

    const hygiene = await competitiveReports['data-hygiene'](ctxDe({ staleDays: '30' }));
    const stale = table(hygiene, 'staleCards');
    expect(stale).toMatchObject({ title: 'Seit 30 Tagen nicht aktualisierte Karten', empty: 'Jede Karte wurde in den letzten 30 Tagen aktualisiert.' });
    expect(column(stale, 'card')).toEqual(['A1 stale with source', 'A3 draft, stale, no source', 'G1 on a draft rival', 'B1 draft']);
    expect(column(stale, 'status')).toEqual(['Veröffentlicht', 'Kartenentwurf', 'Wettbewerber im Entwurf', 'Kartenentwurf']);
    expect(column(table(hygiene, 'emptyProfiles'), 'reason')).toEqual(['Nur Kartenentwürfe', 'Nur Notizen im Notizblock']);
    expect(column(table(hygiene, 'brokenBattlecards'), 'layouts')).toEqual(['Desktop, Mobil']);
    expect(column(table(hygiene, 'unusedTags'), 'tag')).toEqual(['Unused']);
  });

  it('words the rival drill-down and the reports that need deals in German', async () => {
    const drill = await competitiveDrillDown(ctxDe(), 'overview', `rival-${ids.alpha}`);
    expect(drill.kpis.find((k) => k.key === 'staleCards')?.hint).toBe('Von 3 Karten seit 180 Tagen nicht aktualisiert');
    expect(drill.charts.find((c) => c.key === 'volume')?.series.map((s) => s.label)).toEqual(['Wichtig', 'Interessant', 'Ohne Priorität']);
    expect(column(table(drill, 'importantItems'), 'state')).toEqual(['Unbearbeitet', 'Unbearbeitet', 'Archiviert']);
    expect(column(table(drill, 'cards'), 'stale')).toEqual(['Veraltet', 'Veraltet', '']);
    expect((await competitiveDrillDown(ctxDe(), 'overview', `rival-${ids.gamma}`)).subtitle).toBe('Gamma (Entwurf)');

    const deals = await competitiveReports['rep-performance'](ctxDe());
    expect(deals.needs).toMatchObject({ title: 'Vertriebsleistung braucht abgeschlossene Deals', link: { label: 'Salesforce verbinden oder Deals importieren', to: '/integrations' } });
    expect(deals.needs?.body).toMatch(/^Dieser Bericht zeigt die Gewinnquote/);
  });

  it('keeps English for an English reader', async () => {
    const drill = await competitiveDrillDown(ctxFor(), 'overview', `rival-${ids.alpha}`);
    expect(drill.kpis.find((k) => k.key === 'staleCards')?.hint).toBe('Of 3 cards, not updated in 180 days');
    expect(column(table(drill, 'importantItems'), 'state')).toEqual(['Unprocessed', 'Unprocessed', 'Archived']);
    expect((await competitiveReports['rep-performance'](ctxFor())).needs?.title).toBe('Rep performance needs closed deals');
  });
});

describe('the demo company', () => {
  it('builds every report and a drill-down over its data, whatever the period', async () => {
    const northwind = await northwindId(t.db);
    const demoNow = new Date();
    for (const dateRange of ['last30Days', 'allTime']) {
      const q = ReportQuery.parse({ dateRange });
      const ctx: ReportContext = {
        db: t.db,
        companyId: northwind,
        query: q,
        period: resolvePeriod(q, demoNow, new Date('2024-01-01T00:00:00Z')),
        now: demoNow,
        rows: REPORT_TOP_ROWS,
        language: 'en',
      };
      for (const [type, build] of Object.entries(competitiveReports)) {
        const r = await build(ctx);
        expect(r, type).toMatchObject({ id: 'competitive-analytics', type, period: ctx.period.view });
        for (const tb of r.tables) {
          expect(tb.rows.length, `${type} ${tb.key}`).toBeLessThanOrEqual(Math.min(tb.total, REPORT_TOP_ROWS));
          for (const row of tb.rows) expect(Object.keys(row.cells).sort()).toEqual(tb.columns.map((c) => c.key).sort());
        }
      }
      const overview = await competitiveReports.overview(ctx);
      const rivalRows = table(overview, 'rivals').rows.filter((x) => (x.cells.items as number) > 0);
      if (rivalRows.length === table(overview, 'rivals').total) {
        expect(rivalRows.reduce((n, x) => n + (x.cells.share as number), 0)).toBeCloseTo(1, 2);
      }
      if (dateRange === 'allTime') expect(rivalRows.length).toBeGreaterThan(0);
      const first = table(overview, 'rivals').rows[0];
      if (first) {
        const drill = first.links!.rival.split('/').at(-1)!;
        const d = await competitiveDrillDown(ctx, 'overview', drill);
        expect(d.kpis.find((k) => k.key === 'items')?.value).toBe(first.cells.items);
      }
    }
  });
});
