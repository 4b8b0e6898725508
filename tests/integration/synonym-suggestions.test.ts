// Synonym suggestions (GET /api/company/synonyms/suggestions.json, search-api/synonyms/suggestions.ts): for a
// search that found nothing, the search the same people made next (within minutes) when it found something,
// against a hand-made set of usage events; curators only, the company's own events, bad input 400.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../contracts/usage.ts';
import { toRow, type UsageRole } from '../../search-api/usage/rows.ts';
import { writeUsage } from '../../search-api/usage/write.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let curator: Session;
let seller: Session;

const PATH = '/api/company/synonyms/suggestions.json';
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
let companyId: number;
const base = Date.now() - 2 * 86_400_000;
const at = (minutes: number, daysAgo = 0) => new Date(base - daysAgo * 86_400_000 + minutes * 60_000);
const search = (query: string, results: number, context: 'cards' | 'intel' | 'ask' = 'cards', searchId: string = crypto.randomUUID()) =>
  ({ kind: 'search', searchId, query, context, results }) as UsageEvent;

beforeAll(async () => {
  t = await testApp();
  let admin: Session;
  let staff: Session;
  [admin, curator, seller, staff] = await Promise.all(['admin@demo.test', 'curator@demo.test', 'seller@demo.test', 'staff@demo.test'].map((e) => signIn(t.app, e)));
  const companyOf = async (s: Session) => (await rows<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE id = ${s.me.id}`))[0].id;
  companyId = await companyOf(seller);
  const otherCompany = await companyOf(staff);
  expect(otherCompany).not.toBe(companyId);

  await t.db.execute(sql`TRUNCATE usage_events, usage_user_days, usage_company_days, usage_subject_days, search_query_days`);
  const of = (session: Session, role: UsageRole, company = companyId) => (minutes: number, e: UsageEvent, daysAgo = 0) =>
    toRow({ companyId: company, userId: session.me.id, role }, e, at(minutes, daysAgo));
  const s = of(seller, 'consumer');
  const a = of(admin, 'admin');
  const c = of(curator, 'curator');
  const opened = crypto.randomUUID();
  await writeUsage(t.db, [
    // The seller finds nothing for "Okta", then finds and opens "sso": that is the rewording, the next search is not.
    s(0, search('Okta', 0)),
    s(1, search('sso', 3, 'cards', opened)),
    s(1, { kind: 'searchOpen', searchId: opened, query: 'sso', context: 'cards', rank: 1 }),
    s(2, search('single sign-on', 2)),
    // What does not count: a rewording that found nothing too, a question to Ask.
    s(20, search('okta', 0)),
    s(21, search('okta sso connector', 0)),
    s(40, search('okta', 0)),
    s(41, search('sso', 2, 'ask')),
    // The admin finds nothing for "okta" either and searches "SSO" three minutes later; "security" comes too late.
    a(60, search('okta', 0)),
    a(63, search('SSO', 5)),
    a(100, search('okta', 0)),
    a(110, search('security', 4)),
    // The curator rewords it "single sign-on": one person only, so it is not offered.
    c(200, search('okta', 0)),
    c(202, search('single sign-on', 2)),
    // Another company's people, and this company's past beyond 90 days, do not count.
    of(staff, 'admin', otherCompany)(0, search('okta', 0)),
    of(staff, 'admin', otherCompany)(1, search('scim', 2)),
    s(0, search('okta', 0), 100),
    s(1, search('saml', 4), 100),
  ]);
});
afterAll(() => t.drop());

describe('synonym suggestions', () => {
  it('lists the searches people made right after finding nothing, when they found something, most people first', async () => {
    const res = await curator.get(`${PATH}?query=${encodeURIComponent(' OKTA ')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ query: 'okta', nextSearches: [{ query: 'sso', people: 2, opened: 1 }] });
  });

  it('offers no rewording only one person made', async () => {
    // Only the curator reworded "fedramp", to "security", and opened a result: one person is no pattern.
    const actor = { companyId, userId: curator.me.id, role: 'curator' as const };
    const id = crypto.randomUUID();
    await writeUsage(t.db, [
      toRow(actor, search('FedRAMP', 0), at(300)),
      toRow(actor, search('security', 4, 'cards', id), at(301)),
      toRow(actor, { kind: 'searchOpen', searchId: id, query: 'security', context: 'cards', rank: 1 }, at(301)),
    ]);
    expect((await curator.get(`${PATH}?query=fedramp`)).body).toEqual({ query: 'fedramp', nextSearches: [] });
  });

  it('is empty for a search nobody followed with another', async () => {
    const res = await curator.get(`${PATH}?query=pricing`);
    expect(res.body).toEqual({ query: 'pricing', nextSearches: [] });
  });

  it('is for curators, and refuses bad input naming the parameter', async () => {
    expect((await seller.get(`${PATH}?query=okta`)).status).toBe(403);
    const empty = await curator.get(`${PATH}?query=%20`);
    expect(empty.status).toBe(400);
    expect(empty.body.details).toMatchObject([{ field: 'query', message: 'must not be empty' }]);
    expect((await curator.get(PATH)).status).toBe(400);
    const extra = await curator.get(`${PATH}?query=okta&limit=3`);
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatch(/Unrecognized key: "limit"/);
  });
});
