// Reports (contracts/reports.ts) against a small hand-made set of usage events whose answers are known: consumer
// usage, leaderboards, a user's drill-down, curator activity and search analytics, per period and role; each worded
// in its reader's language; who may open which report (part 1 §6); CSV exports; and bad input.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSynonymPath, writeCardPath, type Report, type ReportTable } from '../../contracts/reports.ts';
import type { UsageEvent } from '../../contracts/usage.ts';
import { toRow, type UsageRole } from '../../search-api/usage/rows.ts';
import { writeUsage } from '../../search-api/usage/write.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let admin: Session;
let curator: Session;
let seller: Session;
let companyId: number;
let cardA: { id: number; name: string; profile_id: number };
let cardB: { id: number; name: string; profile_id: number };
let battlecardId: number;

const DAY = 86_400_000;
const noon = (daysAgo: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12) - daysAgo * DAY);
};
const dayOf = (daysAgo: number) => noon(daysAgo).toISOString().slice(0, 10);
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const tableOf = (r: Report, key: string): ReportTable => {
  const table = r.tables.find((x) => x.key === key);
  if (!table) throw new Error(`no table ${key} in ${r.tables.map((x) => x.key)}`);
  return table;
};
const kpis = (r: Report) => Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));
const previous = (r: Report) => Object.fromEntries(r.kpis.map((k) => [k.key, k.previous]));
const cells = (table: ReportTable) => table.rows.map((r) => r.cells);
const setFlags = (flags: Record<string, boolean>) =>
  t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb) WHERE id = ${companyId}`);

async function report(who: Session, path: string, status = 200): Promise<Report> {
  const res = await who.get(`/api/reports/${path}`);
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(status);
  return res.body;
}

beforeAll(async () => {
  t = await testApp();
  [admin, curator, seller] = await Promise.all(['admin@demo.test', 'curator@demo.test', 'seller@demo.test'].map((e) => signIn(t.app, e)));
  companyId = (await rows<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE id = ${seller.me.id}`))[0].id;
  [cardA, cardB] = await rows<{ id: number; name: string; profile_id: number }>(sql`
    SELECT c.id, c.name, b.profile_id FROM cards c JOIN boards b ON b.id = c.board_id
    WHERE c.company_id = ${companyId} AND NOT c.is_draft ORDER BY c.id LIMIT 2`);
  battlecardId = (await rows<{ id: number }>(sql`SELECT id FROM battlecards WHERE company_id = ${companyId} ORDER BY id LIMIT 1`))[0].id;

  // Start from no usage at all, then the known set.
  await t.db.execute(sql`TRUNCATE usage_events, usage_user_days, usage_company_days, usage_subject_days, search_query_days`);
  const as = (session: Session, role: UsageRole) => (daysAgo: number, e: UsageEvent) => toRow({ companyId, userId: session.me.id, role }, e, noon(daysAgo));
  const s = as(seller, 'consumer');
  const a = as(admin, 'admin');
  const c = as(curator, 'curator');
  const pricing = crypto.randomUUID();
  await writeUsage(t.db, [
    // Today
    s(0, { kind: 'cardView', cardId: cardA.id, source: 'search' }),
    s(0, { kind: 'cardView', cardId: cardA.id, source: 'search' }),
    s(0, { kind: 'cardView', cardId: cardB.id, source: 'board' }),
    s(0, { kind: 'battlecardView', battlecardId }),
    s(0, { kind: 'visit', visitId: crypto.randomUUID(), seconds: 60, first: true }),
    s(0, { kind: 'visit', visitId: crypto.randomUUID(), seconds: 20, first: false }),
    s(0, { kind: 'search', searchId: pricing, query: 'Pricing', context: 'cards', results: 5 }),
    s(0, { kind: 'searchOpen', searchId: pricing, query: 'pricing', context: 'cards', rank: 2, cardId: cardA.id }),
    s(0, { kind: 'search', searchId: crypto.randomUUID(), query: 'FedRAMP', context: 'cards', results: 0 }),
    a(0, { kind: 'cardView', cardId: cardA.id, source: 'search' }),
    a(0, { kind: 'search', searchId: crypto.randomUUID(), query: 'pricing', context: 'cards', results: 5 }),
    a(0, { kind: 'search', searchId: crypto.randomUUID(), query: 'roadmap', context: 'cards', results: 4 }),
    c(0, { kind: 'cardCreated', cardId: cardA.id }),
    c(0, { kind: 'cardUpdated', cardId: cardA.id }),
    c(0, { kind: 'cardUpdated', cardId: cardB.id }),
    c(0, { kind: 'intelTriaged', intelId: 1, seconds: 3_600 }),
    c(0, { kind: 'intelTriaged', intelId: 2, seconds: 7_200 }),
    c(0, { kind: 'intelPublished', intelId: 1 }),
    c(0, { kind: 'digestSent', digestId: 1, recipients: 12 }),
    // Three days ago
    s(3, { kind: 'cardView', cardId: cardA.id, source: 'digest' }),
    s(3, { kind: 'search', searchId: crypto.randomUUID(), query: 'fedramp ', context: 'cards', results: 0 }),
    // Forty days ago: outside the last 30 days, inside the last 90 (and the 30 days before the last 30)
    s(40, { kind: 'cardView', cardId: cardB.id, source: 'board' }),
    s(40, { kind: 'search', searchId: crypto.randomUUID(), query: 'SSO', context: 'cards', results: 3 }),
    s(40, { kind: 'search', searchId: crypto.randomUUID(), query: '=HYPERLINK("http://x")', context: 'cards', results: 0 }),
    s(40, { kind: 'search', searchId: crypto.randomUUID(), query: 'layoffs', context: 'intel', results: 0 }),
  ]);
  await setFlags({ reports: true, consumerReportForCurators: false, curatorReportForCurators: false, craReportForCurators: false, winLossExclusive: false });
});
afterAll(() => t.drop());

describe('consumer usage', () => {
  it('adds up the last 30 days, against the 30 before', async () => {
    const r = await report(admin, 'consumer-usage/overview.json');
    expect(r.period).toMatchObject({ dateRange: 'last30Days', from: dayOf(29), to: dayOf(0), days: 30 });
    expect(kpis(r)).toEqual({ activeUsers: 3, cardViews: 5, battlecardViews: 1, searches: 5, asks: 0, visitLength: 80 });
    expect(previous(r)).toMatchObject({ activeUsers: 1, cardViews: 1, searches: 3 });
    expect(cells(tableOf(r, 'cards'))).toEqual([
      { name: cardA.name, views: 4 },
      { name: cardB.name, views: 1 },
    ]);
    expect(tableOf(r, 'cards').rows[0].links).toEqual({ name: `/profile/${cardA.profile_id}/view/card/${cardA.id}` });
    expect(tableOf(r, 'battlecards').rows.map((x) => x.cells.views)).toEqual([1]);
    const sources = r.charts.find((c) => c.key === 'sources')!.data;
    expect(sources).toEqual([
      { source: 'Search', views: 3 },
      { source: 'Board', views: 1 },
      { source: 'Digest', views: 1 },
    ]);
    const views = r.charts.find((c) => c.key === 'views')!;
    expect(views.data).toHaveLength(30);
    expect(views.data.at(-1)).toEqual({ day: dayOf(0), card_views: 4, battlecard_views: 1, profile_views: 0 });
    expect(views.data.at(-4)).toEqual({ day: dayOf(3), card_views: 1, battlecard_views: 0, profile_views: 0 });
    const active = r.charts.find((c) => c.key === 'activeUsers')!.data;
    expect([active.at(-1), active.at(-4), active.at(-2)]).toEqual([
      { day: dayOf(0), active_users: 3 },
      { day: dayOf(3), active_users: 1 },
      { day: dayOf(1), active_users: 0 },
    ]);
  });

  it('narrows to a role and to shorter or longer periods', async () => {
    expect(kpis(await report(admin, 'consumer-usage/overview.json?role=consumer'))).toMatchObject({ activeUsers: 1, cardViews: 4, searches: 3 });
    expect(kpis(await report(admin, 'consumer-usage/overview.json?dateRange=today'))).toMatchObject({ activeUsers: 3, cardViews: 4 });
    expect(kpis(await report(admin, 'consumer-usage/overview.json?dateRange=last90Days'))).toMatchObject({ cardViews: 6, searches: 8 });
    const custom = await report(admin, `consumer-usage/overview.json?dateRange=customDateRange&from=${dayOf(45)}&to=${dayOf(2)}`);
    expect(custom.period).toMatchObject({ from: dayOf(45), to: dayOf(2), days: 44 });
    expect(kpis(custom)).toMatchObject({ activeUsers: 1, cardViews: 2, searches: 4 });
  });

  it('ranks readers on the leaderboards and drills down to one of them', async () => {
    const r = await report(admin, 'consumer-usage/leaderboards.json');
    const users = tableOf(r, 'users');
    expect(users.rows.map((x) => [x.cells.name, x.cells.reads, x.cells.role])).toEqual([
      ['Sam Seller', 5, 'Consumer'],
      ['Ada Admin', 1, 'Admin'],
      ['Cory Curator', 0, 'Curator'],
    ]);
    // The tile of most reads names the reader, not only the count.
    expect(r.kpis.find((k) => k.key === 'top')).toMatchObject({ value: 5, subject: 'Sam Seller', unit: 'reads' });
    expect(users.rows[0].cells).toMatchObject({ card_views: 4, battlecard_views: 1, searches: 3, active_days: 2, visit_seconds: 80, last_day: dayOf(0) });
    const link = users.rows[0].links!.name;
    expect(link).toBe(`/reports/consumer-usage/leaderboards/user/${seller.me.id}`);

    const one = await report(admin, `consumer-usage/leaderboards/user/${seller.me.id}.json`);
    expect(one.subtitle).toBe('Sam Seller');
    expect(kpis(one)).toMatchObject({ activeDays: 2, cardViews: 4, battlecardViews: 1, searches: 3, visitLength: 80 });
    expect(cells(tableOf(one, 'cards'))).toEqual([
      { name: cardA.name, views: 3 },
      { name: cardB.name, views: 1 },
    ]);
    expect(cells(tableOf(one, 'searches')).map((x) => [x.query, x.results, x.rank])).toEqual(
      expect.arrayContaining([
        ['pricing', 5, 2],
        ['fedramp', 0, null],
      ]),
    );
    expect(tableOf(one, 'searches').total).toBe(3);
    await report(admin, `consumer-usage/leaderboards/user/999999.json`, 404);
    await report(admin, `consumer-usage/leaderboards/user/abc.json`, 404);
  });
});

describe('curator activity', () => {
  it('counts cards, triage, publishing and digests per curator, with the time to triage', async () => {
    const r = await report(admin, 'curator/overview.json');
    expect(kpis(r)).toEqual({ cardsCreated: 1, cardsUpdated: 2, intelTriaged: 2, intelPublished: 1, digestsSent: 1, timeToTriage: 5_400 });
    expect(cells(tableOf(r, 'curators'))).toEqual([
      { name: 'Cory Curator', cards_created: 1, cards_updated: 2, intel_triaged: 2, intel_published: 1, digests_sent: 1, time_to_triage: 5_400, last_day: dayOf(0) },
    ]);
    expect(tableOf(r, 'curators').rows[0].links).toEqual({ name: `/reports/curator/overview/user/${curator.me.id}` });
  });
});

describe('search analytics', () => {
  it('lists top queries, the ones that found nothing (with a way to write the card or add a synonym) and the unopened ones', async () => {
    const r = await report(curator, 'search-analytics/overview.json');
    expect(kpis(r)).toEqual({ searches: 5, queries: 3, zeroShare: 2 / 5, unopenedShare: 2 / 3, avgRank: 2 });
    // Searches that found nothing are the chart's bad news.
    expect(r.charts.find((c) => c.key === 'searches')?.series).toEqual([
      { key: 'found', label: 'Found results' },
      { key: 'zero_results', label: 'Found nothing', tone: 'negative' },
    ]);
    const zero = tableOf(r, 'zero-results');
    expect(cells(zero)).toEqual([{ query: 'fedramp', context: 'Cards', searches: 2, last_day: dayOf(0), action: 'Write a card for this', synonym: 'Add a synonym' }]);
    expect(zero.rows[0].links).toEqual({ action: writeCardPath('fedramp'), synonym: addSynonymPath('fedramp') });
    expect(addSynonymPath('fedramp')).toBe('/settings/synonyms?add=fedramp');
    expect(cells(tableOf(r, 'unopened')).map((x) => x.query)).toEqual(['roadmap']);
    expect(cells(tableOf(r, 'top'))).toEqual([
      { query: 'fedramp', context: 'Cards', searches: 2, zero_share: 1, open_rate: null, avg_rank: null },
      { query: 'pricing', context: 'Cards', searches: 2, zero_share: 0, open_rate: 0.5, avg_rank: 2 },
      { query: 'roadmap', context: 'Cards', searches: 1, zero_share: 0, open_rate: 0, avg_rank: null },
    ]);
  });

  it('splits by role, and drills down into a full list', async () => {
    const sellers = await report(curator, 'search-analytics/overview.json?role=consumer');
    expect(kpis(sellers)).toMatchObject({ searches: 3, queries: 2 });
    expect(cells(tableOf(sellers, 'unopened'))).toEqual([]);
    const admins = await report(curator, 'search-analytics/overview.json?role=admin');
    expect(cells(tableOf(admins, 'zero-results'))).toEqual([]);

    const list = await report(curator, 'search-analytics/overview/zero-results.json?dateRange=last90Days');
    expect(list.subtitle).toBe('Queries with no results');
    expect(cells(list.tables[0]).map((x) => x.query).sort()).toEqual(['=hyperlink("http://x")', 'fedramp', 'layoffs']);
    // An alerts search that found nothing: no card to write from there, but a synonym helps it too.
    const alerts = list.tables[0].rows.find((row) => row.cells.query === 'layoffs')!;
    expect(alerts.cells).toMatchObject({ context: 'Alerts', action: null, synonym: 'Add a synonym' });
    expect(alerts.links).toEqual({ synonym: addSynonymPath('layoffs') });
    await report(curator, 'search-analytics/overview/everything.json', 404);
  });

  it('exports a table as CSV, defusing what a spreadsheet would run', async () => {
    const res = await curator.get('/api/reports/search-analytics/overview.csv?dateRange=last90Days&table=zero-results');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="?search-analytics-overview-zero-results-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('Query,In,Searches,Last searched');
    expect(lines.slice(1).sort()).toEqual([`"'=hyperlink(""http://x"")",Cards,1,${dayOf(40)}`, `fedramp,Cards,2,${dayOf(0)}`, `layoffs,Alerts,1,${dayOf(40)}`]);

    const top = await curator.get('/api/reports/search-analytics/overview.csv?table=top');
    expect(top.text.split('\r\n')[0]).toBe('Query,In,Searches,Found nothing (%),Opened (%),Average rank opened');
    expect(top.text).toContain('pricing,Cards,2,0,50,2');
    expect((await curator.get('/api/reports/search-analytics/overview.csv?table=nope')).status).toBe(400);
  });
});

describe('in the reader’s language', () => {
  const setLanguage = (who: Session, language: string) => t.db.execute(sql`UPDATE users SET language = ${language} WHERE id = ${who.me.id}`);

  it('words a German reader’s reports and CSV exports in German, and an English reader’s in English', async () => {
    await setLanguage(admin, 'de');
    try {
      const usage = await report(admin, 'consumer-usage/overview.json');
      expect(usage.kpis.map((k) => k.label)).toEqual(['Aktive Nutzer', 'Kartenaufrufe', 'Battlecard-Aufrufe', 'Suchen', 'Gestellte Fragen', 'Durchschnittliche Besuchsdauer']);
      expect(usage.charts.find((c) => c.key === 'sources')!.data).toEqual([
        { source: 'Suche', views: 3 },
        { source: 'Board', views: 1 },
        { source: 'Digest', views: 1 },
      ]);
      expect(tableOf(usage, 'rivals')).toMatchObject({ title: 'Meistaufgerufene Wettbewerber', empty: 'In diesem Zeitraum wurde kein Wettbewerber aufgerufen.' });

      const leaders = await report(admin, 'consumer-usage/leaderboards.json');
      expect(tableOf(leaders, 'users').rows.map((x) => [x.cells.name, x.cells.role])).toEqual([
        ['Sam Seller', 'Mitglied'],
        ['Ada Admin', 'Admin'],
        ['Cory Curator', 'Kurator'],
      ]);
      expect(leaders.kpis.find((k) => k.key === 'top')).toMatchObject({ label: 'Meiste Lesevorgänge', subject: 'Sam Seller', unit: 'Lesevorgänge' });

      const one = await report(admin, `consumer-usage/leaderboards/user/${seller.me.id}.json`);
      expect(one.charts[0].title).toBe('Aktivität von Sam Seller');
      expect(cells(tableOf(one, 'searches')).map((x) => x.context)).toEqual(['Karten', 'Karten', 'Karten']);

      const curators = await report(admin, 'curator/overview.json');
      expect(tableOf(curators, 'curators').columns.map((c) => c.label).slice(0, 3)).toEqual(['Kurator', 'Karten erstellt', 'Karten aktualisiert']);
      expect(tableOf(curators, 'digests').empty).toBe('In diesem Zeitraum wurde kein Digest versendet.');

      const search = await report(admin, 'search-analytics/overview.json');
      expect(cells(tableOf(search, 'zero-results'))).toEqual([
        { query: 'fedramp', context: 'Karten', searches: 2, last_day: dayOf(0), action: 'Karte dazu schreiben', synonym: 'Synonym hinzufügen' },
      ]);
      expect(search.charts[0].series.map((x) => x.label)).toEqual(['Ergebnisse gefunden', 'Nichts gefunden']);
      const list = await report(admin, 'search-analytics/overview/zero-results.json?dateRange=last90Days');
      expect(list.subtitle).toBe('Suchbegriffe ohne Ergebnis');

      const csv = await admin.get('/api/reports/search-analytics/overview.csv?table=top');
      expect(csv.text.split('\r\n')[0]).toBe('Suchbegriff,Bereich,Suchen,Nichts gefunden (%),Geöffnet (%),Ø Rang geöffneter Ergebnisse');
      expect(csv.text).toContain('pricing,Karten,2,0,50,2');

      // At the same time, a reader whose language is English reads English.
      const english = await report(curator, 'search-analytics/overview.json');
      expect(tableOf(english, 'zero-results').rows[0].cells).toMatchObject({ context: 'Cards', action: 'Write a card for this', synonym: 'Add a synonym' });
      expect(english.kpis.map((k) => k.label)).toEqual(['Searches', 'Different queries', 'Found nothing', 'Nothing opened', 'Average rank opened']);
    } finally {
      await setLanguage(admin, 'en');
    }
  });

  it('names no report in the menu: the web app words reports from their id and type', async () => {
    expect((await admin.get('/api/reports.json')).body.reports[0]).toEqual({ id: 'consumer-usage', type: 'overview', path: '/reports/consumer-usage/overview' });
  });
});

describe('bad input', () => {
  it('answers 400 naming the parameter, 404 for an unknown report', async () => {
    const bad = [
      ['consumer-usage/overview.json?dateRange=forever', /dateRange/],
      ['consumer-usage/overview.json?dateRange=customDateRange&from=2026-01-01', /to is required/],
      ['consumer-usage/overview.json?dateRange=customDateRange&from=2026-03-01&to=2026-01-01', /from is after to/],
      ['consumer-usage/overview.json?dateRange=customDateRange&from=2020-01-01&to=2026-01-01', /at most 800/],
      ['consumer-usage/overview.json?role=boss', /role/],
    ] as const;
    for (const [path, message] of bad) {
      const res = await admin.get(`/api/reports/${path}`);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    await report(admin, 'sales-forecast/overview.json', 404);
    await report(admin, 'consumer-usage/threat-analysis.json', 404);
    await report(admin, 'consumer-usage/constructor.json', 404);
  });
});

describe('who may open which report', () => {
  const IDS = ['consumer-usage/overview', 'curator/overview', 'competitive-analytics/overview', 'search-analytics/overview'] as const;
  const statuses = async (who: Session) => Promise.all(IDS.map(async (p) => (await who.get(`/api/reports/${p}.json`)).status));
  const menu = async (who: Session) => ((await who.get('/api/reports.json')).body.reports as { id: string; type: string }[]).map((r) => `${r.id}/${r.type}`);

  it('follows part 1 §6 for each role and flag', async () => {
    expect(await statuses(admin)).toEqual([200, 200, 200, 200]);
    expect(await statuses(curator)).toEqual([403, 403, 403, 200]);
    expect(await statuses(seller)).toEqual([403, 403, 403, 403]);
    expect(await menu(seller)).toEqual([]);
    expect(await menu(curator)).toEqual(['search-analytics/overview']);
    expect(await menu(admin)).toContain('competitive-analytics/threat-analysis');

    await setFlags({ consumerReportForCurators: true, curatorReportForCurators: true, craReportForCurators: true });
    // The CRA flag gives curators threat analysis and data hygiene; the overview, rep performance and impact stay with admins.
    expect(await statuses(curator)).toEqual([200, 200, 403, 200]);
    const cra = ['threat-analysis', 'data-hygiene', 'rep-performance', 'impact'];
    expect(await Promise.all(cra.map(async (type) => (await curator.get(`/api/reports/competitive-analytics/${type}.json`)).status))).toEqual([200, 200, 403, 403]);
    expect(await menu(curator)).toEqual(expect.arrayContaining(['competitive-analytics/threat-analysis', 'competitive-analytics/data-hygiene']));
    expect(await menu(curator)).not.toContain('competitive-analytics/overview');
    expect(await statuses(seller)).toEqual([403, 403, 403, 403]);

    await t.db.execute(sql`UPDATE companies SET usage_reports = '{"consumer": false}'::jsonb WHERE id = ${companyId}`);
    expect(await statuses(admin)).toEqual([403, 200, 200, 200]);
    await t.db.execute(sql`UPDATE companies SET usage_reports = '{}'::jsonb WHERE id = ${companyId}`);

    await setFlags({ reports: false });
    expect(await statuses(admin)).toEqual([403, 403, 403, 403]);
    await setFlags({ reports: true, winLossExclusive: true });
    expect(await statuses(admin)).toEqual([403, 403, 403, 403]);
    await setFlags({ winLossExclusive: false, consumerReportForCurators: false, curatorReportForCurators: false, craReportForCurators: false });
  });

  it('lets staff impersonating a seller open every report', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    expect((await staff.post('/api/impersonate', { userId: seller.me.id })).status).toBe(200);
    const csrf = (await staff.get('/api/users/me.json')).body.csrfToken as string;
    const as = { ...staff, get: (url: string) => staff.agent.get(url).set('X-CSRF-Token', csrf) } as Session;
    expect(await statuses(as)).toEqual([200, 200, 200, 200]);
  });
});
