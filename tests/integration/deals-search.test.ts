// Deals in unified search (issue #56): deals written by db/deals.ts reach the deals index through the outbox
// triggers (documents/deals.sql) and the indexer; an update, a delete and a rename of a reason in the taxonomy
// reindex them; GET /api/search.json?index=deals finds them by name, account, rivals, reasons and notes, filters and
// sorts them, and answers only readers of win/loss (canReadWinLoss), each with their own company's deals — for
// everyone else the deals index is never asked.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reasonIdsByName, upsertDeals, type DealRow } from '../../db/deals.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';
import { engineMatchesDatabase } from '../helpers/search.ts';

let t: TestApp;
let companyId: number;
let lumenary: number;
let vantapoint: number;
let sellerId: number;
let ids: number[];
const { one, rows } = sqlReads(() => t.db);

const row = (crmId: string, over: Partial<DealRow> = {}): DealRow => ({
  crmId, source: 'csv', name: `Deal ${crmId}`, accountName: null, accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: 'Closed Won', outcome: 'win', createdOn: '2026-01-02',
  closedOn: '2026-03-04', rivalIds: [], primaryRivalId: null, buyerPersona: null, industry: null, region: null,
  segment: null, technology: null, useCase: null, product: null, notes: null, crmModifiedAt: null, ...over,
});

const setFlags = (company: number, flags: Record<string, boolean>) =>
  t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb) WHERE id = ${company}`);

const indexed = async () => {
  await t.search.indexer!.drain();
  await t.search.engine.refresh('deals');
};

beforeAll(async () => {
  t = await testApp({ search: true });
  ({ companyId, id: lumenary } = await one<{ companyId: number; id: number }>(sql`SELECT company_id AS "companyId", id FROM rivals WHERE name = 'Lumenary'`));
  ({ id: vantapoint } = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE name = 'Vantapoint' AND company_id = ${companyId}`));
  ({ id: sellerId } = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'seller@demo.test'`));
  // The demo's own deals and consumer access go: these cases count exactly the deals below, and sellers start refused.
  await t.db.execute(sql`DELETE FROM deals WHERE company_id = ${companyId}`);
  await setFlags(companyId, { winLossConsumerAccess: false });
  const loss = await reasonIdsByName(t.db, companyId, 'loss', ['Zeppelin pricing']);
  const win = await reasonIdsByName(t.db, companyId, 'win', ['Onboarding speed']);
  ({ ids } = await upsertDeals(t.db, companyId, [
    row('DS-1', {
      name: 'Globex platform renewal', accountName: 'Globex Corporation', outcome: 'loss', stage: 'Closed Lost', closedOn: '2026-05-10',
      rivalIds: [lumenary], primaryRivalId: lumenary, ownerUserId: sellerId, ownerName: 'Sam Seller',
      reasons: [{ reasonId: loss.get('zeppelin pricing')!, saidBy: 'buyer', quote: 'Their quote undercut ours by a third' }],
    }),
    row('DS-2', {
      name: 'Initech expansion', accountName: 'Initech', closedOn: '2026-02-01', rivalIds: [lumenary, vantapoint], primaryRivalId: vantapoint,
      notes: 'Security questionnaire answered within a day', reasons: [{ reasonId: win.get('onboarding speed')!, saidBy: 'rep' }],
    }),
    row('DS-3', { name: 'Hooli pilot', accountName: 'Hooli', outcome: null, stage: 'Negotiation', closedOn: null, rivalIds: [vantapoint], ownerUserId: sellerId }),
  ]));
  await setFlags(companyId, { winLoss: true });
  await indexed();
}, 120_000);
afterAll(() => t.drop());

type Found = { nr_results: number; results: { id: number; name: string; url: string; outcome: string | null; rivals: { id: number; name: string }[] }[] };
const searchAs = async (who: { get: (url: string) => PromiseLike<{ status: number; body: unknown }> }, query: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries({ index: 'deals', size: 100, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await who.get(`/api/search.json?${qs}`);
  return { status: res.status, body: res.body as Found & { code?: string } };
};
const names = (f: Found) => f.results.map((r) => r.name);

describe('deals in unified search', () => {
  it('indexes every deal with PostgreSQL’s versions', async () => {
    expect(await engineMatchesDatabase(t.db, t.search.engine, 'deals')).toEqual({ missing: [], stale: [], extra: [] });
  });

  it('finds deals by name (forgiving a typo), account, rival, reason, quote and notes, linking to the win/loss area', async () => {
    const curator = await signIn(t.app, 'curator@demo.test');
    const found = async (query: string) => names((await searchAs(curator, { query, sort: 'relevance' })).body);
    expect(await found('globex')).toEqual(['Globex platform renewal']);
    expect(await found('renwal')).toEqual(['Globex platform renewal']);
    expect(await found('initech')).toEqual(['Initech expansion']);
    expect(await found('zeppelin')).toEqual(['Globex platform renewal']);
    expect(await found('undercut')).toEqual(['Globex platform renewal']);
    expect(await found('questionnaire')).toEqual(['Initech expansion']);
    expect((await found('vantapoint')).sort()).toEqual(['Hooli pilot', 'Initech expansion']);
    const { body } = await searchAs(curator, { query: 'globex' });
    expect(body.results[0]).toMatchObject({ id: ids[0], url: `/win-loss/deals/${ids[0]}`, outcome: 'loss', rivals: [{ id: lumenary, name: 'Lumenary' }] });
  });

  it('filters by rival, outcome (open too) and owner, most recently closed first and open deals last', async () => {
    const curator = await signIn(t.app, 'curator@demo.test');
    expect(names((await searchAs(curator, {})).body).slice(0, 3)).toEqual(['Globex platform renewal', 'Initech expansion', 'Hooli pilot']);
    expect(names((await searchAs(curator, { sort: 'oldest' })).body)).toEqual(['Initech expansion', 'Globex platform renewal', 'Hooli pilot']);
    expect(names((await searchAs(curator, { rivals: lumenary })).body)).toEqual(['Globex platform renewal', 'Initech expansion']);
    expect(names((await searchAs(curator, { outcome: 'win' })).body)).toEqual(['Initech expansion']);
    expect(names((await searchAs(curator, { outcome: 'open' })).body)).toEqual(['Hooli pilot']);
    expect(names((await searchAs(curator, { ownerId: sellerId })).body)).toEqual(['Globex platform renewal', 'Hooli pilot']);
    const bad = await searchAs(curator, { outcome: 'maybe' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('outcome');
  });

  it('reindexes a deal updated or deleted, and the deals citing a reason renamed in the taxonomy', async () => {
    const curator = await signIn(t.app, 'curator@demo.test');
    await upsertDeals(t.db, companyId, [row('DS-2', { name: 'Initech global rollout', accountName: 'Initech', closedOn: '2026-02-01', rivalIds: [lumenary, vantapoint] })]);
    await t.db.execute(sql`UPDATE win_loss_reasons SET name = 'Quasar pricing' WHERE company_id = ${companyId} AND name = 'Zeppelin pricing'`);
    await indexed();
    expect(names((await searchAs(curator, { query: 'rollout' })).body)).toEqual(['Initech global rollout']);
    expect((await searchAs(curator, { query: 'expansion' })).body.nr_results).toBe(0);
    expect(names((await searchAs(curator, { query: 'quasar' })).body)).toEqual(['Globex platform renewal']);
    expect((await searchAs(curator, { query: 'zeppelin' })).body.nr_results).toBe(0);

    await t.db.execute(sql`DELETE FROM deals WHERE id = ${ids[2]}`);
    await indexed();
    expect((await searchAs(curator, { query: 'hooli' })).body.nr_results).toBe(0);
    expect(await engineMatchesDatabase(t.db, t.search.engine, 'deals')).toEqual({ missing: [], stale: [], extra: [] });
  });

  it('marks a bulk write of 5,000 deals from statement-level triggers, and indexes them all', async () => {
    const perRow = await rows<{ tgname: string }>(sql`SELECT tgname FROM pg_trigger
      WHERE tgrelid IN ('deals'::regclass, 'deal_reasons'::regclass) AND tgname LIKE 'search\\_%' AND (tgtype & 1) = 1`);
    expect(perRow).toEqual([]);
    const { created } = await upsertDeals(t.db, companyId, Array.from({ length: 5_000 }, (_, i) => row(`BULK-${i}`, { name: `Bulk deal ${i}` })));
    expect(created).toBe(5_000);
    const marked = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_outbox o JOIN deals d ON d.id = o.doc_id
      WHERE o.index = 'deals' AND d.crm_id LIKE 'BULK-%'`);
    expect(marked.n).toBe(5_000);
    await indexed();
    expect((await searchAs(await signIn(t.app, 'curator@demo.test'), { query: 'bulk' })).body.nr_results).toBe(5_000);
    expect(await engineMatchesDatabase(t.db, t.search.engine, 'deals')).toEqual({ missing: [], stale: [], extra: [] });
  }, 60_000);
});

describe('who may search deals', () => {
  it('refuses everyone without win/loss, and never asks the deals index for them', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    const curator = await signIn(t.app, 'curator@demo.test');
    const spy = vi.spyOn(t.search.engine, 'search');
    try {
      // A consumer while the company has win/loss but not consumer access.
      const refused = await searchAs(seller, { query: 'globex' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('win_loss_off');
      // Anyone, curators too, once win/loss is off.
      await setFlags(companyId, { winLoss: false });
      expect((await searchAs(curator, { query: 'globex' })).status).toBe(403);
      expect(spy.mock.calls.filter(([index]) => index === 'deals')).toEqual([]);
    } finally {
      spy.mockRestore();
      await setFlags(companyId, { winLoss: true });
    }
  });

  it('answers consumers with consumer access, and each company with its own deals only', async () => {
    await setFlags(companyId, { winLossConsumerAccess: true });
    try {
      const seller = await signIn(t.app, 'seller@demo.test');
      expect(names((await searchAs(seller, { query: 'globex' })).body)).toEqual(['Globex platform renewal']);
      const outsider = await signInOutsider(t);
      const other = await one<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE email = 'admin@other.test'`);
      await setFlags(other.id, { winLoss: true });
      await upsertDeals(t.db, other.id, [row('OT-1', { name: 'Globex other deal', rivalIds: [lumenary] })]);
      await indexed();
      expect(names((await searchAs(outsider, { query: 'globex' })).body)).toEqual(['Globex other deal']);
      expect(names((await searchAs(seller, { query: 'globex' })).body)).toEqual(['Globex platform renewal']);
    } finally {
      await setFlags(companyId, { winLossConsumerAccess: false });
    }
  });
});
