// Salesforce sync benchmark (issue #56): a full sync of `opportunities` opportunities (with their accounts, owners and
// competitors) from the local stand-in speaking Salesforce's REST wire format (tests/helpers/salesforce.ts), through
// jsforce and the real sync (search-api/deals/salesforce/sync.ts), into a fresh company on its own embedded
// PostgreSQL. Target: 100,000 opportunities in 60 s or less.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { connect } from '../../db/client.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { companies, crmConnections, rivals } from '../../db/schema.ts';
import { migrateDatabase } from '../../documents/triggers.ts';
import { runSync } from '../../search-api/deals/salesforce/sync.ts';
import { OutboundClient } from '../../search-api/outbound/client.ts';
import { parseAllowHosts } from '../../search-api/outbound/rules.ts';
import { SecretBox } from '../../server-shared/secretBox.ts';
import { startSalesforce, type SfRecord } from '../../tests/helpers/salesforce.ts';

const RIVALS = ['Acme Analytics', 'Globex Insights', 'Initech BI', 'Umbrella Data', 'Hooli Metrics', 'Vandelay Reports'];

export async function benchSalesforceSync(opts: { opportunities?: number; log?: (line: string) => void } = {}): Promise<{ opportunities: number; seconds: number }> {
  const n = opts.opportunities ?? 100_000;
  const log = opts.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-salesforce-'));
  const pgDb = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { persistent: false });
  const db = connect(pgDb.url, 5);
  const sf = await startSalesforce();
  try {
    await migrateDatabase(db);
    const [company] = await db.insert(companies).values({ name: 'Salesforce Bench Co', emailDomains: ['sfbench.test'] }).returning();
    await db.insert(rivals).values(RIVALS.map((name) => ({ companyId: company.id, name })));
    fill(sf.data, n);
    log(`stand-in holds ${n} opportunities, ${sf.data.OpportunityCompetitor.length} competitors, ${sf.data.Account.length} accounts`);

    // Tokens as the web-server flow gets them (the flow itself is covered by tests/integration/salesforce.test.ts).
    const redirectUri = 'http://bench.test/callback';
    const authorize = await fetch(`${sf.url}/services/oauth2/authorize?response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}`, { redirect: 'manual' });
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: sf.clientId, client_secret: sf.clientSecret, redirect_uri: redirectUri });
    const tokens = (await (await fetch(`${sf.url}/services/oauth2/token`, { method: 'POST', body: form })).json()) as { access_token: string; refresh_token: string };
    const box = new SecretBox('salesforce-bench-key-of-thirty-two-characters');
    await db.insert(crmConnections).values({
      companyId: company.id,
      state: 'connected',
      loginUrl: sf.url,
      instanceUrl: sf.url,
      clientId: sf.clientId,
      clientSecretSealed: box.seal(sf.clientSecret),
      accessTokenSealed: box.seal(tokens.access_token),
      refreshTokenSealed: box.seal(tokens.refresh_token),
    });

    const deps = { db, box, reach: { allowHosts: parseAllowHosts('127.0.0.1'), outbound: new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1') }) }, appUrl: 'http://bench.test', logger: pino({ level: 'silent' }) };
    const started = performance.now();
    const outcome = await runSync(deps, company.id);
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await db.execute(sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE cardinality(rival_ids) > 0)::int AS with_rivals FROM deals WHERE company_id = ${company.id}`);
    const counted = rows[0] as { n: number; with_rivals: number };
    if (outcome !== 'done' || counted.n !== n) throw new Error(`the sync ended ${outcome} with ${counted.n} of ${n} opportunities`);
    log(`synced ${counted.n} opportunities (${counted.with_rivals} with rivals) in ${seconds.toFixed(1)} s`);
    return { opportunities: counted.n, seconds };
  } finally {
    await sf.close();
    await db.$client.end();
    await pgDb.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Deterministic records: n opportunities over n/50 accounts and n/500 owners; three in five meet a rival. */
function fill(data: Record<string, SfRecord[]>, n: number) {
  const base = Date.UTC(2026, 0, 1);
  const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(15, '0')}`;
  const accounts = Math.max(1, Math.floor(n / 50));
  const owners = Math.max(1, Math.floor(n / 500));
  for (let i = 0; i < owners; i++) data.User.push({ Id: id('005', i), Name: `Rep ${i}`, Email: `rep${i}@sfbench.test`, IsActive: true, SystemModstamp: base + i });
  for (let i = 0; i < accounts; i++) data.Account.push({ Id: id('001', i), Name: `Account ${i}`, Industry: 'Software', BillingCountry: 'Germany', SystemModstamp: base + i });
  for (let i = 0; i < n; i++) {
    const day = new Date(base + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    data.Opportunity.push({
      Id: id('006', i),
      Name: `Opportunity ${i}`,
      AccountId: id('001', i % accounts),
      OwnerId: id('005', i % owners),
      Amount: 1_000 + (i % 97) * 250,
      StageName: ['Closed Won', 'Closed Lost', 'Prospecting'][i % 3],
      IsClosed: i % 3 !== 2,
      IsWon: i % 3 === 0,
      CreatedDate: `${day}T09:00:00.000+0000`,
      CloseDate: day,
      SystemModstamp: base + i,
    });
    if (i % 5 < 3) data.OpportunityCompetitor.push({ Id: id('0Oc', i), OpportunityId: id('006', i), CompetitorName: RIVALS[i % RIVALS.length], SystemModstamp: base + i });
  }
}
