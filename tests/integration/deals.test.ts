// Deals (issue #56): who reads them (canReadWinLoss), the list's filters, paging and drill-down, one deal, the
// competitive widget, CSV imports (default headers, a saved mapping, bad rows, re-imports by CRM id, the job), and
// win/loss-exclusive companies losing Ask, the feed, reports, card search and settings writes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CSV_FIELDS, type DealCsvField } from '../../contracts/deals.ts';
import { upsertDeals, type DealRow } from '../../db/deals.ts';
import { dealImportJob } from '../../search-api/deals/import.ts';
import { runJob } from '../../search-api/jobs/store.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
let companyId: number;
let curator: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
let rivalA: { id: number; name: string };
let rivalB: { id: number; name: string };
const { one, rows: all } = sqlReads(() => t.db);

const setFlags = (flags: Record<string, boolean>, company?: number) =>
  t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(coalesce(company_data, '{}'), '{flags}', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb)
                   WHERE id = ${company ?? companyId}`);

const HEADER = Object.values(DEAL_CSV_FIELDS);
const csvOf = (rows: Partial<Record<DealCsvField, string>>[], header: readonly string[] = HEADER, fields = Object.keys(DEAL_CSV_FIELDS) as DealCsvField[]) =>
  [header.join(','), ...rows.map((r) => fields.map((f) => `"${(r[f] ?? '').replace(/"/g, '""')}"`).join(','))].join('\n');

const postCsv = (url: string, body: string, who = curator) => who.agent.post(url).set('X-CSRF-Token', who.csrf).set('Content-Type', 'text/csv').send(body);

/** Runs the queued deal import jobs as a runner would. */
async function runImports() {
  const queued = await all<{ id: number }>(sql`SELECT id FROM jobs WHERE kind = 'dealImport' AND state = 'queued' ORDER BY id`);
  for (const { id } of queued) await runJob(t.db, id, { dealImport: dealImportJob(t.db) });
}

const dealRow = (crmId: string, over: Partial<DealRow> = {}): DealRow => ({
  crmId, source: 'csv', name: `Fixture ${crmId}`, accountName: 'Fixture Account', accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: 'Closed Won', outcome: 'win', createdOn: '2026-01-02', closedOn: '2026-03-04',
  rivalIds: [rivalA.id], primaryRivalId: rivalA.id, buyerPersona: null, industry: null, region: null, segment: null, technology: null,
  useCase: null, product: 'DealsFixture', notes: null, crmModifiedAt: null, ...over,
});

beforeAll(async () => {
  t = await testApp();
  companyId = await northwindId(t.db);
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  // Two rivals with a battlecard each; B's are made drafts, which the seller (a consumer) cannot open.
  const withCards = await all<{ id: number; name: string }>(
    sql`SELECT r.id, r.name FROM rivals r WHERE r.company_id = ${companyId} AND EXISTS (
          SELECT 1 FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id WHERE p.rival_id = r.id AND NOT bc.is_draft)
        ORDER BY r.id LIMIT 2`,
  );
  [rivalA, rivalB] = withCards;
  await t.db.execute(sql`UPDATE battlecards bc SET is_draft = true FROM profiles p WHERE p.id = bc.profile_id AND p.rival_id = ${rivalB.id}`);
  await setFlags({ winLoss: false, winLossConsumerAccess: false, winLossExclusive: false });
});
afterAll(() => t.drop());

describe('access', () => {
  it('is off without the flag, for curators with it, for consumers only with consumer access; writes are curators’', async () => {
    const off = await curator.get('/api/deals');
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('win_loss_off');
    await setFlags({ winLoss: true });
    expect((await curator.get('/api/deals')).status).toBe(200);
    expect((await seller.get('/api/win-loss/overview.json')).body.code).toBe('win_loss_off');
    await setFlags({ winLossConsumerAccess: true });
    expect((await seller.get('/api/deals')).status).toBe(200);
    expect((await seller.get('/api/win-loss/overview.json')).status).toBe(200);
    const write = await seller.post('/api/deals/mappings', { name: 'Seller map', columns: { crmId: 'Id', name: 'N', stage: 'S', createdOn: 'C' } });
    expect(write.status).toBe(403);
    expect((await postCsv('/api/deals/imports', csvOf([]), seller)).status).toBe(403);
    expect((await seller.post('/api/win-loss/reasons', { kind: 'win', name: 'Seller reason' })).status).toBe(403);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deal_mappings WHERE company_id = ${companyId}`)).n).toBe(0);
  });

  it('answers 404 for another company’s deal', async () => {
    const [id] = (await upsertDeals(t.db, companyId, [dealRow('ISO-1')])).ids;
    const outsider = await signInOutsider(t);
    const otherId = (await one<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Other Co'`)).id;
    await setFlags({ winLoss: true }, otherId);
    expect((await outsider.get(`/api/deals/${id}`)).status).toBe(404);
    expect((await outsider.get('/api/deals?q=ISO-1')).body.total).toBe(0);
    expect((await curator.get(`/api/deals/${id}`)).status).toBe(200);
  });
});

describe('the list, a deal and the widget', () => {
  let reasonId: number;
  beforeAll(async () => {
    const [owner] = await all<{ id: number }>(sql`SELECT id FROM users WHERE email = 'seller@demo.test'`);
    [{ id: reasonId }] = await all<{ id: number }>(
      sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, 'win', 'Fixture listing reason') RETURNING id`,
    );
    const rows: DealRow[] = Array.from({ length: 25 }, (_, i) =>
      dealRow(`LIST-${String(i).padStart(2, '0')}`, {
        name: `Listing ${String(i).padStart(2, '0')}`,
        amount: 100 * (i + 1),
        closedOn: `2025-0${(i % 9) + 1}-15`,
        region: i % 2 ? 'EMEA' : 'NA',
        product: 'ListFixture',
        reasons: i < 3 ? [{ reasonId, saidBy: i === 0 ? 'buyer' : 'rep' }] : undefined,
      }),
    );
    // Created today: the widget lists the newest ten, and the demo's seller has open deals of their own.
    const today = new Date().toISOString().slice(0, 10);
    rows.push(
      dealRow('OPEN-1', { name: 'Seller open with A and B', createdOn: today, outcome: null, stage: 'Negotiation', closedOn: '2026-09-01', ownerUserId: owner.id, ownerEmail: 'seller@demo.test', rivalIds: [rivalB.id, rivalA.id], primaryRivalId: rivalB.id, product: 'ListFixture' }),
      dealRow('OPEN-2', { name: 'Seller open without rivals', createdOn: today, outcome: null, stage: 'Discovery', closedOn: null, ownerUserId: owner.id, rivalIds: [], primaryRivalId: null, product: 'ListFixture' }),
      dealRow('OPEN-3', { name: 'Someone else’s open', outcome: null, stage: 'Discovery', closedOn: null, product: 'ListFixture' }),
      dealRow('SF-1', { source: 'salesforce', crmId: '006000000000001AAA', name: 'Synced', product: 'ListFixture', outcome: 'loss', stage: 'Closed Lost' }),
    );
    await upsertDeals(t.db, companyId, rows);
    await t.db.execute(sql`INSERT INTO crm_connections (company_id, state, login_url, instance_url, client_id, client_secret_sealed)
                           VALUES (${companyId}, 'connected', 'https://login.salesforce.com', 'https://acme.my.salesforce.com', 'cid', 'sealed')`);
  });

  it('filters, searches, sorts and pages 20 at a time', async () => {
    const first = await curator.get('/api/deals?product=ListFixture&outcome=win');
    expect(first.body).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.body.items).toHaveLength(20);
    // Most recently closed first.
    const closed = first.body.items.map((d: { closedOn: string }) => d.closedOn);
    expect([...closed].sort().reverse()).toEqual(closed);
    const second = await curator.get('/api/deals?product=ListFixture&outcome=win&page=2');
    expect(second.body.items).toHaveLength(5);
    const ids = new Set([...first.body.items, ...second.body.items].map((d: { id: number }) => d.id));
    expect(ids.size).toBe(25);
    const byAmount = await curator.get('/api/deals?product=ListFixture&sort=amount');
    expect(byAmount.body.items[0]).toMatchObject({ name: 'Listing 24', amount: 2500 });
    expect((await curator.get('/api/deals?product=ListFixture&region=EMEA&outcome=win')).body.total).toBe(12);
    expect((await curator.get('/api/deals?product=ListFixture&outcome=open')).body.total).toBe(3);
    expect((await curator.get('/api/deals?product=ListFixture&closedAfter=2025-09-01&closedBefore=2025-09-30')).body.total).toBe(2);
    expect((await curator.get(`/api/deals?product=ListFixture&rivalId=${rivalB.id}`)).body.items.map((d: { name: string }) => d.name)).toEqual(['Seller open with A and B']);
    expect((await curator.get('/api/deals?q=listing%2007')).body.items.map((d: { name: string }) => d.name)).toEqual(['Listing 07']);
    expect((await curator.get('/api/deals?q=fixture%20account&product=ListFixture')).body.total).toBe(29);
    const bad = await curator.get('/api/deals?outcome=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/outcome/);
  });

  it('drills down by reason, and by reason as one sayer gave it', async () => {
    expect((await curator.get(`/api/deals?reasonId=${reasonId}`)).body.total).toBe(3);
    expect((await curator.get(`/api/deals?reasonId=${reasonId}&saidBy=rep`)).body.total).toBe(2);
    const buyer = await curator.get(`/api/deals?reasonId=${reasonId}&saidBy=buyer`);
    expect(buyer.body.items.map((d: { name: string }) => d.name)).toEqual(['Listing 00']);
  });

  it('shows one deal with its rivals in order, reasons, owner and Salesforce link', async () => {
    const [open] = (await curator.get('/api/deals?q=Seller%20open%20with')).body.items;
    const deal = (await curator.get(`/api/deals/${open.id}`)).body;
    expect(deal.rivals).toEqual([
      { id: rivalB.id, name: rivalB.name, primary: true },
      { id: rivalA.id, name: rivalA.name, primary: false },
    ]);
    expect(deal.owner).toMatchObject({ email: 'seller@demo.test', name: expect.any(String) });
    expect(deal.crmUrl).toBeNull();
    const [listed] = (await curator.get(`/api/deals?reasonId=${reasonId}&saidBy=buyer`)).body.items;
    expect((await curator.get(`/api/deals/${listed.id}`)).body.reasons).toEqual([{ id: reasonId, kind: 'win', name: 'Fixture listing reason', saidBy: 'buyer', quote: null }]);
    const [synced] = (await curator.get('/api/deals?q=Synced&product=ListFixture')).body.items;
    expect((await curator.get(`/api/deals/${synced.id}`)).body.crmUrl).toBe('https://acme.my.salesforce.com/006000000000001AAA');
    expect((await curator.get('/api/deals/999999999')).status).toBe(404);
  });

  it('gives the reader their own open deals that name a rival, with battlecards they may open', async () => {
    const mine = (await seller.get('/api/deals/competitive.json')).body.deals.filter((d: { name: string }) => d.name.startsWith('Seller open'));
    expect(mine.map((d: { name: string }) => d.name)).toEqual(['Seller open with A and B']);
    expect(mine[0]).toMatchObject({ stage: 'Negotiation', expectedCloseOn: '2026-09-01' });
    const [b, a] = mine[0].rivals;
    expect(b).toMatchObject({ id: rivalB.id, battlecardId: null });
    expect(a.battlecardId).toEqual(expect.any(Number));
    // Each rival carries the profile the battlecard's route sits under.
    expect(a.profileId).toEqual(expect.any(Number));
    expect((await seller.get(`/api/profiles/${a.profileId}.json`)).status).toBe(200);
    expect((await seller.get(`/api/battlecards/${a.battlecardId}/cards.json`)).status).toBe(200);
    // The curator owns none of these.
    const theirs = (await curator.get('/api/deals/competitive.json')).body.deals;
    expect(theirs.some((d: { name: string }) => d.name.startsWith('Seller open'))).toBe(false);
  });
});

describe('CSV imports', () => {
  const base = (crmId: string, over: Partial<Record<DealCsvField, string>> = {}) => ({
    crmId, name: `Imported ${crmId}`, accountName: 'Importing Inc', ownerEmail: 'SELLER@demo.test', amount: '12,500.50', currency: 'usd',
    stage: 'Closed Won', outcome: 'Closed Won', createdOn: '2026-01-05', closedOn: '3/31/2026', rivals: `${rivalA.name.toUpperCase()}; ${rivalB.name}`,
    winReasons: 'Import price; Import support', industry: 'Retail', product: 'ImportFixture', ...over,
  });
  const count = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals WHERE company_id = ${companyId} AND product = 'ImportFixture'`)).n;

  it('imports a file in the default headers through the job, then updates it by CRM id', async () => {
    const res = await postCsv('/api/deals/imports?fileName=deals.csv', csvOf([base('IMP-1'), base('IMP-2', { outcome: '', stage: 'Proposal', closedOn: '', winReasons: '' })]));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ state: 'queued', totalRows: 2, processedRows: 0 });
    expect(await count()).toBe(0);
    await runImports();
    const done = (await curator.get(`/api/deals/imports/${res.body.id}`)).body;
    expect(done).toMatchObject({ state: 'done', totalRows: 2, processedRows: 2, created: 2, updated: 0, errors: [] });
    expect(done.finishedAt).toEqual(expect.any(String));
    expect((await one<{ file: unknown }>(sql`SELECT file FROM deal_imports WHERE id = ${res.body.id}`)).file).toBeNull();
    const [deal] = (await curator.get('/api/deals?q=Imported%20IMP-1')).body.items;
    expect(deal).toMatchObject({ amount: 12500.5, currency: 'USD', outcome: 'win', closedOn: '2026-03-31', owner: { email: 'SELLER@demo.test', userId: seller.me.id } });
    expect(deal.rivals.map((r: { id: number }) => r.id)).toEqual([rivalA.id, rivalB.id]);
    const detail = (await curator.get(`/api/deals/${deal.id}`)).body;
    expect(detail.reasons.map((r: { name: string; saidBy: string }) => `${r.name}/${r.saidBy}`).sort()).toEqual(['Import price/rep', 'Import support/rep']);
    const [open] = (await curator.get('/api/deals?q=Imported%20IMP-2')).body.items;
    expect(open).toMatchObject({ outcome: null, stage: 'Proposal', closedOn: null });

    const again = await postCsv('/api/deals/imports', csvOf([base('IMP-1', { amount: '99' }), base('IMP-2'), base('IMP-3')]));
    await runImports();
    expect((await curator.get(`/api/deals/imports/${again.body.id}`)).body).toMatchObject({ state: 'done', created: 1, updated: 2 });
    expect(await count()).toBe(3);
    expect((await curator.get('/api/deals?q=Imported%20IMP-1')).body.items[0].amount).toBe(99);
  });

  it('refuses a file with bad rows, naming each line and field, and writes nothing', async () => {
    const before = await count();
    const imports = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deal_imports`)).n;
    const res = await postCsv(
      '/api/deals/imports',
      csvOf([
        base('BAD-1'),
        base('BAD-2', { outcome: 'maybe' }),
        base('BAD-3', { closedOn: '2026-02-30', amount: 'lots' }),
        base('BAD-1', { rivals: 'Nobody Inc' }),
        base('', { name: '' }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_rows');
    expect(res.body.error).toMatch(/line 3, outcome/);
    expect(res.body.details.errors).toEqual([
      { line: 3, field: 'outcome', message: expect.stringMatching(/"maybe" is not an outcome/) },
      { line: 4, field: 'closedOn', message: expect.stringMatching(/not a date/) },
      { line: 4, field: 'amount', message: expect.stringMatching(/not a number/) },
      { line: 5, field: 'crmId', message: 'repeats the id of line 2' },
      { line: 5, field: 'rivals', message: '"Nobody Inc" is not one of your rivals' },
      { line: 6, field: 'crmId', message: 'is required' },
      { line: 6, field: 'name', message: 'is required' },
    ]);
    expect(await count()).toBe(before);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deal_imports`)).n).toBe(imports);
    const noHeader = await postCsv('/api/deals/imports', 'Id,Title\n1,x\n');
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['crmId', 'name', 'stage', 'createdOn']);
  });

  it('previews a file with a suggested mapping, and imports with a saved one', async () => {
    const header = ['OpportunityId', 'Opportunity', 'StageName', 'CreatedDate', 'CloseDate', 'Result', 'Main Competitor', 'Amt'];
    const fields: DealCsvField[] = ['crmId', 'name', 'stage', 'createdOn', 'closedOn', 'outcome', 'rivals', 'amount'];
    const file = csvOf([{ crmId: 'MAP-1', name: 'Mapped one', stage: 'Closed Lost', createdOn: '2026-01-01', closedOn: '2026-02-01', outcome: 'lost', rivals: rivalA.name, amount: '10' }], header, fields);
    const preview = await postCsv('/api/deals/imports/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.headers).toEqual(header);
    expect(preview.body.rows).toEqual([['MAP-1', 'Mapped one', 'Closed Lost', '2026-01-01', '2026-02-01', 'lost', rivalA.name, '10']]);
    expect(preview.body.suggested).toMatchObject({ crmId: 'OpportunityId', name: 'Opportunity', stage: 'StageName', createdOn: 'CreatedDate', closedOn: 'CloseDate' });

    const columns = Object.fromEntries(fields.map((f, i) => [f, header[i]]));
    const created = await curator.post('/api/deals/mappings', { name: 'Our export', columns });
    expect(created.status).toBe(201);
    expect((await curator.post('/api/deals/mappings', { name: 'OUR EXPORT', columns })).status).toBe(409);
    expect((await curator.post('/api/deals/mappings', { name: 'Partial', columns: { crmId: 'OpportunityId' } })).status).toBe(400);
    expect((await curator.get('/api/deals/mappings')).body).toEqual([expect.objectContaining({ id: created.body.id, name: 'Our export', columns })]);

    // Without the mapping the default headers are missing; with it the file lands.
    expect((await postCsv('/api/deals/imports', file)).status).toBe(400);
    const res = await postCsv(`/api/deals/imports?mappingId=${created.body.id}`, file);
    expect(res.status).toBe(202);
    await runImports();
    expect((await curator.get(`/api/deals/imports/${res.body.id}`)).body).toMatchObject({ state: 'done', created: 1 });
    expect((await curator.get('/api/deals?q=Mapped%20one')).body.items[0]).toMatchObject({ outcome: 'loss', amount: 10, rivals: [{ id: rivalA.id }] });

    const renamed = await curator.put(`/api/deals/mappings/${created.body.id}`, { name: 'Renamed', columns });
    expect(renamed.body.name).toBe('Renamed');
    expect((await curator.delete(`/api/deals/mappings/${created.body.id}`)).status).toBe(204);
    expect((await curator.delete(`/api/deals/mappings/${created.body.id}`)).status).toBe(404);
    expect((await postCsv(`/api/deals/imports?mappingId=${created.body.id}`, file)).status).toBe(404);
  });

  it('fails the job, writing nothing, when the file no longer checks out', async () => {
    const rival = await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, 'Short Lived') RETURNING id`);
    const res = await postCsv('/api/deals/imports', csvOf([base('GONE-1', { rivals: 'Short Lived' })]));
    expect(res.status).toBe(202);
    await t.db.execute(sql`DELETE FROM rivals WHERE id = ${rival.id}`);
    await runImports();
    const failed = (await curator.get(`/api/deals/imports/${res.body.id}`)).body;
    expect(failed).toMatchObject({ state: 'failed', created: 0, errors: [{ line: 2, field: 'rivals', message: '"Short Lived" is not one of your rivals' }] });
    expect((await curator.get('/api/deals?q=GONE-1')).body.total).toBe(0);
  });
});

describe('win/loss-exclusive companies', () => {
  it('refuse Ask, the feed, reports, card search and settings writes, and keep deals', async () => {
    await setFlags({ winLossExclusive: true });
    try {
      for (const res of [
        await curator.get('/api/search.json?q=pricing'),
        await curator.post('/api/ask/answers', { question: 'Who wins?' }),
        await curator.get('/api/ask/sessions'),
        await curator.get('/api/intel/v1'),
        await curator.get('/api/feed.json'),
        await curator.get('/api/reports.json'),
        await curator.put('/api/company.json', { featureFlag: 'flags.cardSentiment', value: true }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('win_loss_exclusive');
      }
      expect((await curator.get('/api/deals')).status).toBe(200);
      expect((await curator.get('/api/company.json')).status).toBe(200);
      expect((await curator.get('/api/win-loss/overview.json')).status).toBe(200);
    } finally {
      await setFlags({ winLossExclusive: false });
    }
    expect((await curator.get('/api/reports.json')).status).toBe(200);
  });
});
