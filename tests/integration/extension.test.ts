// The browser extension's server side (#55, contracts/extension.ts): lookups by a rival's website domain and by the
// names a CRM page holds, each under the caller's visibility; "Send to Rivalscope" into the intel feed; the curators'
// domains and CRM hosts; tokens of scope "extension"; and one company's domains never answering another's.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionConfig, ExtensionLookup, ExtensionSites } from '../../contracts/extension.ts';
import type { IntelHit } from '../../contracts/intel.ts';
import { scopeKey } from '../../search-api/visibility/index.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

type Agent = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let curator: Agent;
let seller: Agent;
let outsider: Agent;
let companyId: number;
let otherCompanyId: number;
/** Published, with a published and a draft battlecard and an alias. */
let zephyrix: { id: number; profileId: number; shown: number; draft: number };
/** A draft: curators only. */
let hushware: number;
const { rows, one } = sqlReads(() => t.db);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const lookup = (who: Agent, url: string) => who.get(`/api/extension/lookup.json?url=${encodeURIComponent(url)}`);
const count = async (table: string) => Number((await one<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)).n);
const domainsOf = async (rivalId: number) => (await rows<{ domain: string }>(sql`SELECT domain FROM rival_domains WHERE rival_id = ${rivalId} ORDER BY id`)).map((r) => r.domain);
const token = async (who: Agent, scopes: string[]) => {
  const res = await who.post('/api/account/tokens', { name: `Extension ${scopes.join(' ')}`, scopes, expiresInDays: 7 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; token: string };
};

/** A rival made as the board wizard makes it (POST /api/rivals.json with its website), then published or not. */
async function newRival(name: string, url: string, published: boolean): Promise<{ id: number; profileId: number }> {
  const res = await curator.post('/api/rivals.json', { name, url });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { id, profile } = res.body as { id: number; profile: { id: number } };
  if (published) {
    await t.db.execute(sql`UPDATE rivals SET is_draft = false WHERE id = ${id}`);
    await t.db.execute(sql`UPDATE profiles SET is_draft = false WHERE id = ${profile.id}`);
  }
  return { id, profileId: profile.id };
}

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = await northwindId(t.db);
  const z = await newRival('Zephyrix', 'https://www.Zephyrix.test/pricing', true);
  await t.db.execute(sql`UPDATE rivals SET aliases = '{Zphx}' WHERE id = ${z.id}`);
  const [shown, draft] = await rows<{ id: number }>(sql`
    INSERT INTO battlecards (company_id, profile_id, title, is_draft, view_order)
    VALUES (${companyId}, ${z.profileId}, 'Zephyrix: win plan', false, 1), (${companyId}, ${z.profileId}, 'Zephyrix: draft notes', true, 2)
    RETURNING id`);
  zephyrix = { ...z, shown: shown.id, draft: draft.id };
  hushware = (await newRival('Hushware', 'https://hushware.test', false)).id;
  outsider = await signInOutsider(t);
  otherCompanyId = (await one<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Other Co'`)).id;
}, 120_000);
afterAll(() => t?.drop());

describe('rival domains', () => {
  it('a new rival gets its website’s domain, demo rivals theirs', async () => {
    expect(await domainsOf(zephyrix.id)).toEqual(['zephyrix.test']);
    expect(await domainsOf(hushware)).toEqual(['hushware.test']);
    const lumenary = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Lumenary'`);
    expect(await domainsOf(lumenary.id)).toEqual(['lumenary.test']);
    // A second rival on a taken domain gets none (the first keeps it).
    const twin = await newRival('Zephyrix Labs', 'https://zephyrix.test/labs', false);
    expect(await domainsOf(twin.id)).toEqual([]);
  });

  it('curators replace a rival’s domains, normalized and deduplicated', async () => {
    const res = await curator.put(`/api/rivals/${zephyrix.id}/domains.json`, { domains: ['https://WWW.zephyrix.test/x', 'zephyrix.io', 'zephyrix.test', 'app.zephyrix.dev:443'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ rivalId: zephyrix.id, domains: ['zephyrix.test', 'zephyrix.io', 'app.zephyrix.dev'] });
    expect(await domainsOf(zephyrix.id)).toEqual(['zephyrix.test', 'zephyrix.io', 'app.zephyrix.dev']);
  });

  it('refuses an invalid domain (422 naming it) and another rival’s (409 naming the rival), writing nothing', async () => {
    const before = await domainsOf(zephyrix.id);
    const invalid = await curator.put(`/api/rivals/${zephyrix.id}/domains.json`, { domains: ['zephyrix.test', 'not a domain'] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('extension_domain_invalid');
    expect(invalid.body.details).toEqual([{ field: 'domains.1', message: '"not a domain" is not a domain' }]);
    const taken = await curator.put(`/api/rivals/${zephyrix.id}/domains.json`, { domains: ['zephyrix.test', 'www.hushware.test'] });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('extension_domain_taken');
    expect(taken.body.error).toBe('The domain hushware.test is already a website of Hushware');
    expect(await domainsOf(zephyrix.id)).toEqual(before);
    expect(await domainsOf(hushware)).toEqual(['hushware.test']);
    expect((await curator.put(`/api/rivals/${zephyrix.id}/domains.json`, { domains: 'zephyrix.test' })).status).toBe(400);
  });

  it('is for curators of the rival’s company', async () => {
    const res = await seller.put(`/api/rivals/${zephyrix.id}/domains.json`, { domains: ['evil.test'] });
    expect(res.status).toBe(403);
    expect((await seller.get('/api/extension/sites.json')).status).toBe(403);
    expect((await seller.put('/api/extension/crm_hosts.json', { hosts: ['crm.evil.test'] })).status).toBe(403);
    expect((await outsider.put(`/api/rivals/${zephyrix.id}/domains.json`, { domains: ['evil.test'] })).status).toBe(404);
    expect(await domainsOf(zephyrix.id)).not.toContain('evil.test');
  });

  it('lists every rival’s domains and the CRM hosts to curators', async () => {
    const sites = (await curator.get('/api/extension/sites.json')).body as ExtensionSites;
    expect(sites.rivals).toEqual(expect.arrayContaining([{ id: zephyrix.id, name: 'Zephyrix', domains: ['zephyrix.test', 'zephyrix.io', 'app.zephyrix.dev'] }, { id: hushware, name: 'Hushware', domains: ['hushware.test'] }]));
    expect(sites.crmHosts).toContain('app.hubspot.com');
    expect(((await outsider.get('/api/extension/sites.json')).body as ExtensionSites).rivals).toEqual([]);
  });
});

describe('lookup', () => {
  it('finds the rival by its domain, a subdomain or www., with its readable battlecards and landing page', async () => {
    for (const url of ['https://zephyrix.test/', 'https://www.zephyrix.test/pricing?a=1', 'http://eu.app.zephyrix.io:8443/x', 'https://app.zephyrix.dev/login']) {
      const res = await lookup(seller, url);
      expect(res.status, url).toBe(200);
      const body = res.body as ExtensionLookup;
      expect(body.kind, url).toBe('rival');
      expect(body.rivals.map((r) => r.id)).toEqual([zephyrix.id]);
    }
    const [seen] = ((await lookup(seller, 'https://zephyrix.test')).body as ExtensionLookup).rivals;
    expect(seen).toMatchObject({ name: 'Zephyrix', landingPath: `/company/${zephyrix.id}`, summary: null });
    expect(seen.battlecards).toEqual([{ id: zephyrix.shown, title: 'Zephyrix: win plan', path: `/profile/${zephyrix.profileId}/battlecard/view/${zephyrix.shown}` }]);
    const [curated] = ((await lookup(curator, 'https://zephyrix.test')).body as ExtensionLookup).rivals;
    expect(curated.battlecards.map((b) => b.id)).toEqual([zephyrix.shown, zephyrix.draft]);
  });

  it('answers none on an unrelated host, a bare parent domain and a CRM host', async () => {
    for (const url of ['https://example.test/', 'https://test/', 'https://notzephyrix.test/', 'https://app.hubspot.com/contacts/1']) {
      const body = (await lookup(seller, url)).body as ExtensionLookup;
      expect(body, url).toEqual({ kind: 'none', host: new URL(url).hostname, rivals: [] });
    }
  });

  it('refuses what is not an http(s) address', async () => {
    for (const url of ['not a url', 'ftp://zephyrix.test/', 'javascript:alert(1)']) {
      const res = await lookup(seller, url);
      expect(res.status, url).toBe(422);
      expect(res.body.code).toBe('extension_url_invalid');
    }
    expect((await seller.get('/api/extension/lookup.json')).status).toBe(400);
  });

  it('hides a rival the seller may not see (a draft) and shows it to curators', async () => {
    expect(((await lookup(seller, 'https://hushware.test')).body as ExtensionLookup).kind).toBe('none');
    const cur = (await lookup(curator, 'https://hushware.test')).body as ExtensionLookup;
    expect(cur.kind).toBe('rival');
    expect(cur.rivals.map((r) => r.name)).toEqual(['Hushware']);
    const sellerConfig = (await seller.get('/api/extension/config.json')).body as ExtensionConfig;
    expect(sellerConfig.rivalDomains).toContain('zephyrix.io');
    expect(sellerConfig.rivalDomains).not.toContain('hushware.test');
    expect(sellerConfig.user).toEqual({ id: seller.me.id, name: seller.me.name, email: 'seller@demo.test' });
    expect(((await curator.get('/api/extension/config.json')).body as ExtensionConfig).rivalDomains).toContain('hushware.test');
  });

  it('summarizes the overview made for the caller’s scope as plain text', async () => {
    const groups = (await rows<{ id: number }>(sql`SELECT visibility_group_id AS id FROM visibility_group_members WHERE user_id = ${seller.me.id} ORDER BY 1`)).map((g) => g.id);
    const scope = scopeKey({ companyId, curator: false, visibilityGroupIds: groups, previewGroupId: null });
    const markdown = `### What they sell\n\nZephyrix sells **usage-based** analytics [1] to mid-market teams [2].\n\n- Strong in retail\n- ${'Weak on governance and audit trails. '.repeat(30)}`;
    await t.db.execute(sql`
      INSERT INTO landing_sections (company_id, profile_id, scope, language, section_type, status, data, generated_at)
      VALUES (${companyId}, ${zephyrix.profileId}, ${scope}, 'en', 'overview', 'succeeded',
        ${JSON.stringify({ markdown, citations: [], uses_public_sources: false, uses_private_sources: true })}::jsonb, now())`);
    const [r] = ((await lookup(seller, 'https://zephyrix.test')).body as ExtensionLookup).rivals;
    expect(r.summary).toMatch(/^What they sell Zephyrix sells usage-based analytics to mid-market teams\. Strong in retail Weak on governance/);
    expect(r.summary).not.toMatch(/\[\d\]|\*\*|###|- /);
    expect(r.summary!.length).toBeLessThanOrEqual(602);
    expect(r.summary).toMatch(/trails\. …$/);
    // The curator's scope has no overview yet.
    expect(((await lookup(curator, 'https://zephyrix.test')).body as ExtensionLookup).rivals[0].summary).toBeNull();
  });
});

describe('tokens', () => {
  it('a token of scope extension works with Bearer and no CSRF; intel:read alone is refused; a revoked one is 401', async () => {
    const ext = await token(seller, ['extension']);
    const res = await request(t.app).get(`/api/extension/lookup.json?url=${encodeURIComponent('https://zephyrix.test')}`).set(bearer(ext.token));
    expect(res.status).toBe(200);
    expect(res.body.rivals[0].id).toBe(zephyrix.id);
    expect((await request(t.app).get('/api/extension/config.json').set(bearer(ext.token))).status).toBe(200);
    const clip = await request(t.app).post('/api/extension/clips.json').set(bearer(ext.token)).send({ kind: 'page', url: 'https://zephyrix.test/news' });
    expect(clip.status, JSON.stringify(clip.body)).toBe(201);

    const reader = await token(seller, ['intel:read']);
    const refused = await request(t.app).get('/api/extension/lookup.json?url=https%3A%2F%2Fzephyrix.test').set(bearer(reader.token));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('token_scope_missing');

    expect((await seller.delete(`/api/account/tokens/${ext.id}`)).status).toBe(204);
    const revoked = await request(t.app).get('/api/extension/lookup.json?url=https%3A%2F%2Fzephyrix.test').set(bearer(ext.token));
    expect(revoked.status).toBe(401);
  });
});

describe('CRM mentions', () => {
  const crmText = 'Opportunity: Globex renewal. Competitors: Zphx (incumbent), maybe hushware. Notes…';

  it('names the rivals (aliases too) a CRM page holds, under the caller’s visibility, and nothing elsewhere', async () => {
    const res = await seller.post('/api/extension/mentions.json', { url: 'https://app.hubspot.com/contacts/42/deal/7', text: crmText });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.kind).toBe('crm');
    expect(res.body.host).toBe('app.hubspot.com');
    expect(res.body.rivals.map((r: { id: number }) => r.id)).toEqual([zephyrix.id]);
    expect(res.body.rivals[0].battlecards.map((b: { id: number }) => b.id)).toEqual([zephyrix.shown]);
    const cur = await curator.post('/api/extension/mentions.json', { url: 'https://acme.lightning.force.com/r/Opportunity/1', text: crmText });
    expect(cur.body.rivals.map((r: { name: string }) => r.name).sort()).toEqual(['Hushware', 'Zephyrix']);
    const elsewhere = await seller.post('/api/extension/mentions.json', { url: 'https://news.example.test/a', text: crmText });
    expect(elsewhere.body).toEqual({ kind: 'none', host: 'news.example.test', rivals: [] });
  });

  it('follows the curators’ CRM hosts: invalid ones are refused and nothing is written', async () => {
    const bad = await curator.put('/api/extension/crm_hosts.json', { hosts: ['crm.northwind.test', 'no'] });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('extension_crm_host_invalid');
    expect(bad.body.details[0].field).toBe('hosts.1');
    expect(await count('extension_settings')).toBe(0);
    const ok = await curator.put('/api/extension/crm_hosts.json', { hosts: ['https://CRM.northwind.test/', '*.Pipedrive.com', 'crm.northwind.test'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ hosts: ['crm.northwind.test', '*.pipedrive.com'] });
    expect(((await seller.get('/api/extension/config.json')).body as ExtensionConfig).crmHosts).toEqual(['crm.northwind.test', '*.pipedrive.com']);
    expect((await seller.post('/api/extension/mentions.json', { url: 'https://app.hubspot.com/x', text: crmText })).body.kind).toBe('none');
    expect((await seller.post('/api/extension/mentions.json', { url: 'https://crm.northwind.test/deal/1', text: crmText })).body.kind).toBe('crm');
    const audit = await one<{ action: string }>(sql`SELECT action FROM audit_events WHERE company_id = ${companyId} ORDER BY id DESC LIMIT 1`);
    expect(audit.action).toBe('extension.crmHosts');
    // Another company keeps the defaults.
    expect(((await outsider.get('/api/extension/config.json')).body as ExtensionConfig).crmHosts).toContain('app.hubspot.com');
  });
});

describe('send to Rivalscope', () => {
  it('makes a submitted intel item on channel extension, escaped, about the rivals it names, shown in the feed', async () => {
    const res = await seller.post('/api/extension/clips.json', {
      kind: 'selection',
      url: 'https://news.example.test/zephyrix-raises?x=1&y=2',
      title: 'Zphx raises prices',
      selection: 'Zephyrix adds a <script>alert(1)</script> surcharge',
      note: 'Heard the same on a call & it hurts',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), title: 'Zphx raises prices', rivals: [{ id: zephyrix.id, name: 'Zephyrix' }], path: `/alerts?alertId=${res.body.id}` });
    const item = await one<Record<string, string>>(sql`SELECT * FROM intel_items WHERE id = ${res.body.id}`);
    expect(item).toMatchObject({ channel: 'extension', permalink: 'https://news.example.test/zephyrix-raises?x=1&y=2', source: 'news.example.test', state: 'unprocessed', submitted_by_id: seller.me.id });
    expect(item.body).toContain('<blockquote>');
    expect(item.body).toContain('&lt;script&gt;');
    expect(item.body).not.toContain('<script>');
    expect(item.body).toContain('call &amp; it hurts');
    expect(item.body).toContain('href="https://news.example.test/zephyrix-raises?x=1&amp;y=2"');
    expect(await rows(sql`SELECT rival_id FROM intel_rivals WHERE intel_id = ${res.body.id}`)).toEqual([{ rival_id: zephyrix.id }]);
    await t.search.indexer!.drain();
    const listed = await curator.get(`/api/intel/v1?intelIds=${res.body.id}`);
    expect(listed.body.hits.map((h: IntelHit) => [h.id, h.channel])).toEqual([[res.body.id, 'extension']]);
  });

  it('takes the rivals picked, and titles a page without one by its address', async () => {
    const res = await seller.post('/api/extension/clips.json', { kind: 'link', url: 'https://blog.example.test/post', rivalIds: [zephyrix.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.title).toBe('https://blog.example.test/post');
    expect(res.body.rivals).toEqual([{ id: zephyrix.id, name: 'Zephyrix' }]);
  });

  it('refuses a bad address, a rival the caller may not see and another company’s rival, writing nothing', async () => {
    const before = await count('intel_items');
    const badUrl = await seller.post('/api/extension/clips.json', { kind: 'page', url: 'ftp://zephyrix.test/' });
    expect(badUrl.status).toBe(400);
    const hidden = await seller.post('/api/extension/clips.json', { kind: 'page', url: 'https://hushware.test/', rivalIds: [hushware] });
    expect(hidden.status).toBe(422);
    expect(hidden.body.code).toBe('extension_rival_unknown');
    const foreign = await outsider.post('/api/extension/clips.json', { kind: 'page', url: 'https://zephyrix.test/', rivalIds: [zephyrix.id] });
    expect(foreign.status).toBe(422);
    expect(await count('intel_items')).toBe(before);
  });
});

describe('company scoping', () => {
  it('another company’s domains never answer this one, and its own rival on the same domain is its own', async () => {
    const [own] = await rows<{ id: number }>(sql`INSERT INTO rivals (company_id, name, url) VALUES (${otherCompanyId}, 'Globex', 'https://globex.test') RETURNING id`);
    await t.db.execute(sql`INSERT INTO profiles (company_id, rival_id, name) VALUES (${otherCompanyId}, ${own.id}, 'Globex')`);
    const put = await outsider.put(`/api/rivals/${own.id}/domains.json`, { domains: ['globex.test', 'zephyrix.test'] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(((await lookup(seller, 'https://globex.test')).body as ExtensionLookup).kind).toBe('none');
    expect(((await lookup(seller, 'https://zephyrix.test')).body as ExtensionLookup).rivals.map((r) => r.id)).toEqual([zephyrix.id]);
    expect(((await lookup(outsider, 'https://zephyrix.test')).body as ExtensionLookup).rivals.map((r) => r.id)).toEqual([own.id]);
    expect(((await lookup(outsider, 'https://lumenary.test')).body as ExtensionLookup).kind).toBe('none');
    const config = (await outsider.get('/api/extension/config.json')).body as ExtensionConfig;
    expect(config.rivalDomains).toEqual(['globex.test', 'zephyrix.test']);
  });
});
