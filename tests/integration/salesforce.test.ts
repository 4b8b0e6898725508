// The Salesforce connector (issue #56) against a stand-in speaking Salesforce's REST wire format on 127.0.0.1, through
// the real jsforce client: settings (admins only, the secret sealed and never answered), the OAuth web-server flow
// with its state (a wrong or reused state refused), paged sync with owners, accounts and rivals matched, incremental
// re-sync, an expired session refreshed, the API limit and a failed page ending in error with the cursor kept and a
// later run completing with every opportunity once, the hourly scheduled run, the sfdc provider calls and their
// error states, disconnecting.
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crmConnections } from '../../db/schema.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { salesforceDeps } from '../../search-api/deals/salesforce/routes.ts';
import { runSync } from '../../search-api/deals/salesforce/sync.ts';
import { SALESFORCE } from '../../search-api/deals/salesforce/constants.ts';
import { salesforceSyncQueue } from '../../search-api/deals/salesforce/queue.ts';
import { SalesforceScheduler } from '../../search-api/deals/salesforce/scheduler.ts';
import { JobRunner } from '../../search-api/jobs/runner.ts';
import type { SalesforceDeps } from '../../search-api/deals/salesforce/connection.ts';
import { OutboundClient } from '../../search-api/outbound/client.ts';
import { parseAllowHosts } from '../../search-api/outbound/rules.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { LIMIT_EXCEEDED, QUERY_TIMEOUT, startSalesforce, type SalesforceStandIn } from '../helpers/salesforce.ts';

const APP_URL = 'http://app.test';

let t: TestApp;
let sf: SalesforceStandIn;
let deps: SalesforceDeps;
let admin: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
let rivals: { id: number; name: string }[];

const settings = () => ({ loginUrl: sf.url, clientId: sf.clientId, clientSecret: sf.clientSecret });
const connection = async () => (await t.db.select().from(crmConnections).where(eq(crmConnections.companyId, companyId)))[0];
const dealCount = async () =>
  ((await t.db.execute(sql`SELECT count(*)::int AS n FROM deals WHERE company_id = ${companyId} AND source = 'salesforce'`)).rows[0] as { n: number }).n;
const deal = async (crmId: string) =>
  (await t.db.execute(sql`SELECT * FROM deals WHERE company_id = ${companyId} AND crm_id = ${crmId}`)).rows[0] as Record<string, unknown>;

/** Authorize → the stand-in's authorize page → the callback URL it sends the browser to (path and query). */
async function authorize(as = admin) {
  const res = await as.post('/api/integrations/salesforce/authorize');
  expect(res.status).toBe(200);
  const page = await fetch(res.body.url as string, { redirect: 'manual' });
  const back = new URL(page.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/api/integrations/salesforce/callback`);
  return `${back.pathname}${back.search}`;
}

const opportunity = (i: number, over: Record<string, unknown> = {}) => ({
  Id: `006${String(i).padStart(15, '0')}`,
  Name: `Opportunity ${i}`,
  AccountId: `001${String(i % 3).padStart(15, '0')}`,
  OwnerId: `005${String(i % 2).padStart(15, '0')}`,
  Amount: 1000 * (i + 1),
  StageName: i % 3 === 0 ? 'Closed Won' : i % 3 === 1 ? 'Closed Lost' : 'Prospecting',
  IsClosed: i % 3 !== 2,
  IsWon: i % 3 === 0,
  CreatedDate: new Date().toISOString().slice(0, 10) + 'T09:00:00.000+0000',
  CloseDate: new Date().toISOString().slice(0, 10),
  ...over,
});

beforeAll(async () => {
  t = await testApp({ env: { APP_URL, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  sf = await startSalesforce({ maxPageSize: 50 });
  companyId = await northwindId(t.db);
  // The demo's seeded deals and win/loss flags go: these cases count exactly the deals the sync writes, and start
  // with win/loss off (the provider calls then give sellers counts without deals).
  await t.db.execute(sql`DELETE FROM deals WHERE company_id = ${companyId}`);
  await t.db.execute(
    sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": false, "winLossConsumerAccess": false}') WHERE id = ${companyId}`,
  );
  admin = await signIn(t.app, 'admin@demo.test');
  rivals = (await t.db.execute(sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} ORDER BY id LIMIT 3`)).rows as typeof rivals;
  deps = salesforceDeps({ db: t.db, config: t.config, outbound: new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1') }), logger: pino({ level: 'silent' }) });
  sf.put('User', { Id: '005000000000000000', Name: 'Sam Seller', Email: 'SELLER@demo.test', IsActive: true });
  sf.put('User', { Id: '005000000000000001', Name: 'Out Sider', Email: 'nobody@elsewhere.test', IsActive: true });
  for (let a = 0; a < 3; a++) sf.put('Account', { Id: `001${String(a).padStart(15, '0')}`, Name: `Account ${a}`, Industry: 'Retail', BillingCountry: 'Germany' });
  for (let i = 0; i < 120; i++) sf.put('Opportunity', opportunity(i));
  // Opportunity 0 meets the first two rivals (the first named is primary), opportunity 1 the third; unknown names are left out.
  sf.put('OpportunityCompetitor', { Id: '0Oc000000000000001', OpportunityId: opportunity(0).Id, CompetitorName: rivals[0].name.toUpperCase() });
  sf.put('OpportunityCompetitor', { Id: '0Oc000000000000002', OpportunityId: opportunity(0).Id, CompetitorName: rivals[1].name });
  sf.put('OpportunityCompetitor', { Id: '0Oc000000000000003', OpportunityId: opportunity(1).Id, CompetitorName: rivals[2].name });
  sf.put('OpportunityCompetitor', { Id: '0Oc000000000000004', OpportunityId: opportunity(1).Id, CompetitorName: 'Nobody We Track' });
}, 120_000);

afterAll(async () => {
  await sf?.close();
  await t?.drop();
});

describe('settings', () => {
  it('are for admins only; bad input is refused by field and nothing is written', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    expect((await seller.get('/api/integrations/salesforce')).status).toBe(403);
    expect((await seller.put('/api/integrations/salesforce', settings())).status).toBe(403);
    expect((await seller.post('/api/integrations/salesforce/authorize')).status).toBe(403);

    const noSecret = await admin.put('/api/integrations/salesforce', { ...settings(), clientSecret: undefined });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.details[0].field).toBe('clientSecret');
    const privateUrl = await admin.put('/api/integrations/salesforce', { ...settings(), loginUrl: 'http://10.1.2.3' });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.details[0].field).toBe('loginUrl');
    const badField = await admin.put('/api/integrations/salesforce', { ...settings(), competitorField: 'bad field' });
    expect(badField.status).toBe(400);
    expect(await connection()).toBeUndefined();
  });

  it('stores the client secret sealed and never answers it', async () => {
    const res = await admin.put('/api/integrations/salesforce', settings());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'disconnected', loginUrl: sf.url, clientId: sf.clientId, hasClientSecret: true });
    expect(JSON.stringify(res.body)).not.toContain(sf.clientSecret);
    const row = await connection();
    expect(row.clientSecretSealed).not.toContain(sf.clientSecret);
    expect(secretBoxFor(t.config).open(row.clientSecretSealed)).toBe(sf.clientSecret);
  });
});

describe('connecting', () => {
  it('refuses a state that is not the one this browser started, and a state used once', async () => {
    const callback = await authorize();
    const forged = callback.replace(/state=[^&]+/, 'state=forged');
    const refused = await admin.agent.get(forged);
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe('/integrations?salesforce=error&reason=state_invalid');
    // The refusal took the browser's nonce: the genuine callback no longer holds either.
    expect((await admin.agent.get(callback)).headers.location).toBe('/integrations?salesforce=error&reason=state_invalid');
    // Another admin's browser cannot finish this admin's connect.
    const outsider = await signInOutsider(t);
    const other = await authorize();
    expect((await outsider.agent.get(other)).headers.location).toContain('salesforce=error');
    expect((await connection()).refreshTokenSealed).toBeNull();
  });

  it('exchanges the code on the login URL, stores the tokens sealed and who connected', async () => {
    const callback = await authorize();
    const res = await admin.agent.get(callback);
    expect(res.headers.location).toBe('/integrations?salesforce=connected');
    const row = await connection();
    expect(row).toMatchObject({ state: 'connected', instanceUrl: sf.url, connectedAs: 'integration@acme.example' });
    expect(row.accessTokenSealed).not.toContain(sf.accessToken);
    expect(secretBoxFor(t.config).open(row.accessTokenSealed!)).toBe(sf.accessToken);
    expect(row.refreshTokenSealed).not.toBeNull();
    // Replayed, the callback is refused (its nonce is gone) and changes nothing.
    expect((await admin.agent.get(callback)).headers.location).toContain('reason=state_invalid');
    const read = await admin.get('/api/integrations/salesforce');
    expect(read.body).toMatchObject({ state: 'connected', connectedAs: 'integration@acme.example' });
    expect(JSON.stringify(read.body)).not.toMatch(/access|refresh/i);
  });
});

describe('syncing', () => {
  it('pages through every object and writes deals with owner, account, outcome and rivals', async () => {
    expect(await runSync(deps, companyId)).toBe('done');
    expect(await dealCount()).toBe(120);
    const opportunityPages = sf.served.filter((s) => s.object === 'Opportunity');
    expect(opportunityPages.map((s) => s.kind)).toEqual(['query', 'more', 'more']);
    const won = await deal(opportunity(0).Id);
    const [seller] = (await t.db.execute(sql`SELECT id FROM users WHERE email = 'seller@demo.test'`)).rows as { id: number }[];
    expect(won).toMatchObject({ outcome: 'win', account_name: 'Account 0', owner_email: 'SELLER@demo.test', owner_user_id: seller.id, region: 'Germany', amount: 1000 });
    expect((won.rival_ids as number[]).sort()).toEqual([rivals[0].id, rivals[1].id].sort());
    expect(won.primary_rival_id).toBe(rivals[0].id);
    const lost = await deal(opportunity(1).Id);
    expect(lost).toMatchObject({ outcome: 'loss', owner_user_id: null, owner_name: 'Out Sider', rival_ids: [rivals[2].id], primary_rival_id: rivals[2].id });
    expect((await deal(opportunity(2).Id)).outcome).toBeNull();
    expect(await connection()).toMatchObject({ state: 'connected', lastSyncCount: 120, lastError: null });
  });

  it('re-syncs only what changed since, keeping the rivals competitors gave', async () => {
    const before = sf.served.length;
    sf.put('Opportunity', opportunity(0, { StageName: 'Negotiation', IsClosed: false, IsWon: false }));
    sf.put('Opportunity', opportunity(2, { StageName: 'Closed Won', IsClosed: true, IsWon: true }));
    expect(await runSync(deps, companyId)).toBe('done');
    const opportunityCalls = sf.served.slice(before).filter((s) => s.object === 'Opportunity');
    expect(opportunityCalls).toHaveLength(1);
    expect(opportunityCalls[0].soql).toContain('WHERE SystemModstamp >');
    expect(opportunityCalls[0].records).toBe(2);
    expect(await deal(opportunity(0).Id)).toMatchObject({ outcome: null, primary_rival_id: rivals[0].id });
    expect((await deal(opportunity(2).Id)).outcome).toBe('win');
    expect(await dealCount()).toBe(120);
    expect((await connection()).lastSyncCount).toBe(2);
  });

  it('refreshes an expired session with the refresh token and stores the new access token sealed', async () => {
    sf.expireSession();
    const stale = sf.accessToken;
    sf.put('Opportunity', opportunity(120));
    expect(await runSync(deps, companyId)).toBe('done');
    expect(sf.tokenGrants.at(-1)).toBe('refresh_token');
    expect(sf.accessToken).not.toBe(stale);
    expect(secretBoxFor(t.config).open((await connection()).accessTokenSealed!)).toBe(sf.accessToken);
    expect(await dealCount()).toBe(121);
  });

  it('stops at the API limit in error with the cursor kept; a later run goes on from the page it stopped at', async () => {
    for (let i = 200; i < 300; i++) sf.put('Opportunity', opportunity(i));
    // Users, Accounts, then the Opportunity query (page 1) answer; its second page hits the limit.
    sf.failAt(4, LIMIT_EXCEEDED);
    expect(await runSync(deps, companyId)).toBe('limit');
    const stopped = await connection();
    expect(stopped.state).toBe('error');
    expect(stopped.lastError).toMatch(/API limit/);
    expect(stopped.cursor.Opportunity.next).toBeTruthy();
    expect(await dealCount()).toBe(121 + 50);
    const admins = await admin.get('/api/integrations/salesforce');
    expect(admins.body).toMatchObject({ state: 'error', lastError: stopped.lastError });

    const before = sf.served.length;
    expect(await runSync(deps, companyId)).toBe('done');
    const resumed = sf.served.slice(before).filter((s) => s.object === 'Opportunity');
    // The resumed run starts at the saved page: the first 50 are not read again.
    expect(resumed.map((s) => s.kind)).toEqual(['more']);
    expect(stopped.cursor.Opportunity.next).toMatch(new RegExp(`/queryAll/${resumed[0].locator}$`));
    expect(await dealCount()).toBe(221);
    expect((await connection()).state).toBe('connected');
  });

  it('a run that fails mid-way resumes after the last page written: every opportunity once', async () => {
    for (let i = 300; i < 450; i++) sf.put('Opportunity', opportunity(i));
    sf.failAt(5, QUERY_TIMEOUT);
    const outcome = await runSync(deps, companyId);
    expect(outcome, String((await connection()).lastError)).toBe('failed');
    expect(await dealCount()).toBe(221 + 100);
    const written = (await t.db.execute(sql`SELECT crm_id, updated_at FROM deals WHERE company_id = ${companyId} AND crm_id >= ${opportunity(300).Id}`)).rows;
    const before = sf.served.length;
    expect(await runSync(deps, companyId)).toBe('done');
    expect(sf.served.slice(before).filter((s) => s.object === 'Opportunity').map((s) => s.records)).toEqual([50]);
    expect(await dealCount()).toBe(371);
    // The pages written before the failure were not written again.
    const after = (await t.db.execute(sql`SELECT crm_id, updated_at FROM deals WHERE company_id = ${companyId} AND crm_id = ANY(${sql.param(written.map((w) => w.crm_id))}::text[])`)).rows;
    expect(after.map((a) => String(a.updated_at)).sort()).toEqual(written.map((w) => String(w.updated_at)).sort());
  });

  it('a deleted opportunity (queryAll answers it with IsDeleted) takes its deal away; the query API alone would not tell', async () => {
    const id = opportunity(7).Id;
    const has = async () => (await t.db.execute(sql`SELECT 1 FROM deals WHERE company_id = ${companyId} AND crm_id = ${id}`)).rows.length;
    expect(await has()).toBe(1);
    sf.remove('Opportunity', id);
    const count = await dealCount();
    expect(await runSync(deps, companyId)).toBe('done');
    expect(await has()).toBe(0);
    expect(await dealCount()).toBe(count - 1);
    expect(sf.served.at(-2)).toMatchObject({ kind: 'query', object: 'Opportunity', records: 1 });
    sf.put('Opportunity', opportunity(7));
    expect(await runSync(deps, companyId)).toBe('done');
  });

  it('POST sync queues a run (202) that ends connected', async () => {
    sf.put('Opportunity', opportunity(500));
    const res = await admin.post('/api/integrations/salesforce/sync');
    expect(res.status).toBe(202);
    expect(res.body.state).toBe('syncing');
    await vi.waitFor(async () => expect((await connection()).state).toBe('connected'), { timeout: 10_000, interval: 50 });
    expect(await dealCount()).toBe(372);
  });

  it('runs from the job runner’s queue as the server sends it', async () => {
    const runner = new JobRunner(t.db, { databaseUrl: t.url, handlers: {}, queues: { [SALESFORCE.queue]: salesforceSyncQueue(deps) }, sweepMs: 600_000 });
    await runner.start();
    try {
      sf.put('Opportunity', opportunity(501));
      await runner.send(SALESFORCE.queue, { companyId }, String(companyId));
      await vi.waitFor(async () => expect(await dealCount()).toBe(373), { timeout: 20_000, interval: 100 });
      await vi.waitFor(async () => expect((await connection()).state).toBe('connected'), { timeout: 5_000, interval: 50 });
    } finally {
      await runner.stop();
    }
  });
});

describe('the scheduled sync', () => {
  it('claims a connection whose last run is over an hour old (or in error) once, and sends its run; a recent one waits', async () => {
    const sent: { queue: string; data: Record<string, unknown> }[] = [];
    const scheduler = new SalesforceScheduler(t.db, { send: async (queue, data) => void sent.push({ queue, data }) }, { sweepMs: 600_000 });
    const setLast = (at: string, state = 'connected') =>
      t.db.execute(sql`UPDATE crm_connections SET last_sync_at = ${at}::timestamptz, state = ${state} WHERE company_id = ${companyId}`);

    await setLast(new Date(Date.now() - 10 * 60_000).toISOString());
    await scheduler.sweep();
    expect(sent).toEqual([]);
    expect((await connection()).state).toBe('connected');

    await setLast(new Date(Date.now() - 61 * 60_000).toISOString(), 'error');
    await scheduler.sweep();
    await scheduler.sweep();
    expect(sent).toEqual([{ queue: SALESFORCE.queue, data: { companyId } }]);
    expect((await connection()).state).toBe('syncing');

    // The run the queue delivers ends connected, and the next sweep finds nothing due.
    await runSync(deps, companyId);
    expect((await connection()).state).toBe('connected');
    await scheduler.sweep();
    expect(sent).toHaveLength(1);
  });
});

describe('provider calls', () => {
  it('answer the counts to every seller, the deals only to win/loss readers', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    expect((await seller.get('/api/providers/sfdc/instance')).body).toEqual({ hasInstance: true, instanceUrl: sf.url });
    const q = `/api/providers/sfdc/opportunities?${new URLSearchParams({ query: rivals[0].name, conditionName: 'Opportunities Last 6 Months' })}`;
    const counts = await seller.get(q);
    expect(counts.status).toBe(200);
    // Opportunity 0 (now open) is the first rival's only deal.
    expect(counts.body).toMatchObject({ rival: { id: rivals[0].id }, won: 0, lost: 0, open: 1, winRate: null, opportunities: [] });
    const byId = await seller.get(`/api/providers/sfdc/opportunities?query=${rivals[2].id}&conditionName=Closed%20Opportunities%20Last%206%20Months`);
    expect(byId.body).toMatchObject({ won: 0, lost: 1, winRate: 0, open: 0, avgAmount: 2000 });

    await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": true}') WHERE id = ${companyId}`);
    const reader = await admin.get(q);
    expect(reader.body.opportunities).toHaveLength(1);
    expect(reader.body.opportunities[0]).toMatchObject({ crmId: opportunity(0).Id, accountName: 'Account 0', rivals: [{ id: rivals[0].id, primary: true }, { id: rivals[1].id, primary: false }] });

    const person = await seller.get('/api/providers/sfdc/person?email=seller@DEMO.test');
    expect(person.body).toMatchObject({ crmId: '005000000000000000', name: 'Sam Seller', openDeals: expect.any(Number) });
    expect(person.body.openDeals).toBeGreaterThan(0);
    expect((await seller.get('/api/providers/sfdc/person?email=nope@demo.test')).status).toBe(404);
    expect((await seller.get('/api/providers/sfdc/person?email=not-an-email')).body.details[0].field).toBe('email');
    const account = await admin.get('/api/providers/sfdc/account?name=account 1');
    expect(account.body).toMatchObject({ crmId: '001000000000000001', industry: 'Retail', region: 'Germany' });
    expect(account.body.deals.length).toBeGreaterThan(0);
    expect((await seller.get('/api/providers/sfdc/account?name=account 1')).body.deals).toEqual([]);
    expect((await seller.get('/api/providers/sfdc/account')).status).toBe(400);
  });

  it('tell a connection in error and another company’s nothing', async () => {
    await t.db.update(crmConnections).set({ state: 'error' }).where(eq(crmConnections.companyId, companyId));
    expect((await admin.get('/api/providers/sfdc/instance')).body).toEqual({ hasInstance: false, error: 'api_failure' });
    const failing = await admin.get(`/api/providers/sfdc/opportunities?query=${rivals[0].id}`);
    expect(failing.status).toBe(409);
    expect(failing.body.code).toBe('sfdc_api_failure');
    await t.db.update(crmConnections).set({ state: 'connected' }).where(eq(crmConnections.companyId, companyId));

    const outsider = await signIn(t.app, 'admin@other.test', 'other-password');
    expect((await outsider.get('/api/providers/sfdc/instance')).body).toEqual({ hasInstance: false, error: 'no_instance' });
    const none = await outsider.get(`/api/providers/sfdc/opportunities?query=${rivals[0].id}`);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('sfdc_no_instance');
    expect((await outsider.get('/api/providers/sfdc/account?id=001000000000000001')).status).toBe(409);
    expect((await outsider.get('/api/integrations/salesforce')).body).toMatchObject({ state: 'disconnected', hasClientSecret: false, deals: 0 });
    expect((await request(t.app).get('/api/providers/sfdc/instance')).status).toBe(401);
  });
});

describe('disconnecting', () => {
  it('drops the tokens and the cursor; the deals stay', async () => {
    expect((await admin.delete('/api/integrations/salesforce')).status).toBe(204);
    const row = await connection();
    expect(row).toMatchObject({ state: 'disconnected', accessTokenSealed: null, refreshTokenSealed: null, cursor: {} });
    expect(await dealCount()).toBe(373);
    expect((await admin.get('/api/providers/sfdc/instance')).body).toEqual({ hasInstance: false, error: 'no_instance' });
    expect((await admin.post('/api/integrations/salesforce/sync')).status).toBe(409);
    expect(await runSync(deps, companyId)).toBe('skipped');
  });
});
