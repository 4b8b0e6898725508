// Monitors end to end below the browser (issue #52): the API on the demo company, checks against a local site that
// serves changing pages and growing feeds, the intel they make (one item per story, with its sources), the error
// states, a check that dies before it stores, and who may do what. The site is on 127.0.0.1, which the tests allow
// through OUTBOUND_ALLOW_HOSTS, the operator's way to allow a named internal host.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Monitor, MonitorChangePage, MonitorPage, MonitorPreview } from '../../contracts/monitors.ts';
import type { Db } from '../../db/client.ts';
import { checkMonitor, type CheckDeps } from '../../search-api/monitors/check.ts';
import { takeIn } from '../../search-api/monitors/intake.ts';
import { claimDue } from '../../search-api/monitors/scheduler.ts';
import { parserStats } from '../../search-api/monitors/source.ts';
import { OutboundClient } from '../../search-api/outbound/client.ts';
import { parseAllowHosts } from '../../search-api/outbound/rules.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { rss, startSite, type Site } from '../helpers/site.ts';

let t: TestApp;
let site: Site;
let curator: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
let deps: CheckDeps;
let rival: { id: number; name: string };

const DAY = 86_400_000;

function pricingPage(opts: { enterprise: string; updated: string }) {
  return `<!doctype html><html><head><title>DataHarbor pricing</title>
    <link rel="alternate" type="application/rss+xml" href="/dataharbor/blog.xml"></head>
    <body><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav>
    <div id="cookie-banner">We use cookies to improve your experience. Accept all cookies</div>
    <main><h1>DataHarbor pricing</h1><p>Updated ${opts.updated}</p>
    <section class="pricing"><h2>Standard</h2><p>Standard costs $2.10 per credit and includes the warehouse and Harbor BI viewers.</p>
    <h2>Enterprise</h2><p>Enterprise costs ${opts.enterprise} per credit and adds Harbor Catalog, SSO and audit logs.</p>
    <h2>Business Critical</h2><p>Business Critical costs $4.50 per credit with private link and customer-managed keys.</p></section>
    <p>Talk to our sales team for volume discounts on annual commitments.</p></main>
    <footer>© DataHarbor Inc.</footer></body></html>`;
}

beforeAll(async () => {
  site = await startSite();
  t = await testApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = await northwindId(t.db);
  deps = { db: t.db, outbound: new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1') }), logger: pino({ level: 'silent' }) };
  rival = (await t.db.execute(sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} AND name = 'DataHarbor'`)).rows[0] as typeof rival;
  site.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' });
});
afterAll(async () => {
  await t?.drop();
  await site?.close();
});

const count = async (q: ReturnType<typeof sql>) => Number(((await t.db.execute(q)).rows[0] as { n: string }).n);
const intelOf = (monitorId: number) => count(sql`SELECT count(DISTINCT intel_id) AS n FROM intel_sources WHERE monitor_id = ${monitorId}`);
const create = async (body: object) => {
  const res = await curator.post('/api/monitors', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Monitor;
};

describe('who may use monitors', () => {
  it('sellers get 403 on every monitors route, and nothing is written', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM monitors`);
    expect((await seller.get('/api/monitors')).status).toBe(403);
    expect((await seller.post('/api/monitors', { kind: 'page', url: `${site.url}/pricing` })).status).toBe(403);
    expect((await seller.post('/api/monitors/preview', { url: `${site.url}/pricing` })).status).toBe(403);
    expect(await count(sql`SELECT count(*) AS n FROM monitors`)).toBe(before);
  });

  it("another company's monitor is not found", async () => {
    const { rows } = await t.db.execute(sql`
      INSERT INTO monitors (company_id, kind, url, name, interval_minutes)
      SELECT id, 'page', 'https://elsewhere.example/', 'Theirs', 360 FROM companies WHERE id <> ${companyId} LIMIT 1 RETURNING id`);
    const theirs = (rows[0] as { id: number }).id;
    expect((await curator.get(`/api/monitors/${theirs}`)).status).toBe(404);
    expect((await curator.patch(`/api/monitors/${theirs}`, { paused: true })).status).toBe(404);
    expect((await curator.delete(`/api/monitors/${theirs}`)).status).toBe(404);
    expect((await curator.post(`/api/monitors/${theirs}/check`)).status).toBe(404);
  });
});

describe('adding a monitor', () => {
  it('refuses bad and internal URLs with a 400 naming url, and writes nothing', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM monitors`);
    for (const url of ['ftp://files.example/x', 'javascript:alert(1)', 'http://10.0.0.5/admin', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:80/', 'not a url']) {
      const res = await curator.post('/api/monitors', { kind: 'page', url });
      expect(res.status, url).toBe(400);
      expect(res.body.details[0].field, url).toBe('url');
    }
    const badRival = await curator.post('/api/monitors', { kind: 'page', url: `${site.url}/pricing`, rivalId: 999_999 });
    expect(badRival.status).toBe(400);
    expect(badRival.body.details[0].field).toBe('rivalId');
    const tooOften = await curator.post('/api/monitors', { kind: 'page', url: `${site.url}/pricing`, intervalMinutes: 5 });
    expect(tooOften.status).toBe(400);
    expect(await count(sql`SELECT count(*) AS n FROM monitors`)).toBe(before);
  });

  it('previews a page (its text, the feed it announces, the rival it names) and a feed, saving nothing', async () => {
    site.set('/preview/pricing', { body: pricingPage({ enterprise: '$3.20', updated: '3 hours ago' }) });
    site.set('/preview/feed.xml', {
      type: 'application/rss+xml',
      body: rss('Data news', [{ title: 'DataHarbor opens a Paris region', link: 'https://news.example/a', description: 'DataHarbor expands.', date: new Date() }]),
    });
    const before = await count(sql`SELECT count(*) AS n FROM monitors`);
    const page = (await curator.post('/api/monitors/preview', { url: `${site.url}/preview/pricing` })).body as MonitorPreview;
    expect(page.kind).toBe('page');
    expect(page.title).toContain('DataHarbor pricing');
    expect(page.text.join(' ')).toContain('Enterprise costs $3.20 per credit');
    expect(page.text.join(' ')).not.toContain('cookies');
    expect(page.feedUrl).toBe(`${site.url}/dataharbor/blog.xml`);
    expect(page.suggestedRival).toEqual(rival);
    const feed = (await curator.post('/api/monitors/preview', { url: `${site.url}/preview/feed.xml` })).body as MonitorPreview;
    expect(feed.kind).toBe('feed');
    expect(feed.entries.map((e) => e.title)).toEqual(['DataHarbor opens a Paris region']);
    expect(await count(sql`SELECT count(*) AS n FROM monitors`)).toBe(before);
    const missing = await curator.post('/api/monitors/preview', { url: `${site.url}/preview/missing` });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('monitor_unreadable');
  });

  it('a URL already monitored is a 400 naming url', async () => {
    await create({ kind: 'page', url: `${site.url}/dup`, name: 'Dup page' });
    const again = await curator.post('/api/monitors', { kind: 'page', url: `${site.url}/dup` });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('monitor_exists');
  });
});

describe('a page monitor', () => {
  it('stores the first text, ignores a changing date, and turns a price change into one intel item with its diff', async () => {
    site.set('/pricing', { body: pricingPage({ enterprise: '$3.20', updated: '3 hours ago' }) });
    const m = await create({ kind: 'page', url: `${site.url}/pricing`, rivalId: rival.id, name: 'DataHarbor pricing page' });
    expect(m.status).toBe('pending');
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'unchanged' });

    site.set('/pricing', { body: pricingPage({ enterprise: '$3.20', updated: '5 minutes ago' }) });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'unchanged' });

    site.set('/pricing', { body: pricingPage({ enterprise: '$3.60', updated: '1 minute ago' }) });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'changed', changes: 1, intel: 1 });

    const changes = (await curator.get(`/api/monitors/${m.id}/changes`)).body as MonitorChangePage;
    expect(changes.total).toBe(1);
    const [c] = changes.items;
    expect(c.parts!.filter((p) => p.kind === 'added').map((p) => p.text).join(' ')).toContain('3.60');
    expect(c.parts!.filter((p) => p.kind === 'removed').map((p) => p.text).join(' ')).toContain('3.20');
    expect(c.intel).not.toBeNull();
    const item = (await curator.get(`/api/intel/v1/${c.intel!.id}`)).body;
    expect(item).toMatchObject({ channel: 'new_page', state: 'unprocessed' });
    expect(item.rivals.map((r: { id: number }) => r.id)).toEqual([rival.id]);
    expect(item.title).toContain('DataHarbor pricing page changed');
    expect(item.sources).toEqual([expect.objectContaining({ monitorId: m.id, changeId: c.id, url: `${site.url}/pricing` })]);

    const after = (await curator.get(`/api/monitors/${m.id}`)).body as Monitor;
    expect(after.status).toBe('ok');
    expect(after.lastChangeAt).not.toBeNull();
    expect(after.changesByDay).toHaveLength(30);
    expect(after.changesByDay[29]).toBe(1);
    expect(after.intelCount).toBe(1);
  });

  it("two rivals' pages changing alike are two stories, not one item", async () => {
    const ids: number[] = [];
    for (const name of ['alike-a', 'alike-b']) {
      site.set(`/${name}`, { body: pricingPage({ enterprise: '$3.20', updated: 'today' }) });
      const m = await create({ kind: 'page', url: `${site.url}/${name}` });
      await checkMonitor(deps, m.id);
      site.set(`/${name}`, { body: pricingPage({ enterprise: '$3.40', updated: 'today' }) });
      expect(await checkMonitor(deps, m.id)).toEqual({ state: 'changed', changes: 1, intel: 1 });
      ids.push(m.id);
    }
    expect(await intelOf(ids[0])).toBe(1);
    expect(await intelOf(ids[1])).toBe(1);
    expect(await count(sql`SELECT count(DISTINCT intel_id) AS n FROM intel_sources WHERE monitor_id = ANY(${sql.param(ids)}::int[])`)).toBe(2);
  });

  it('asks again with the validators it got, and a 304 is no change', async () => {
    let conditional = 0;
    site.set('/etag', (req) => {
      if (req.headers['if-none-match'] === '"v1"') {
        conditional++;
        return { status: 304 };
      }
      return { body: pricingPage({ enterprise: '$3.20', updated: 'today' }), headers: { etag: '"v1"' } };
    });
    const m = await create({ kind: 'page', url: `${site.url}/etag` });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'unchanged' });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'unchanged' });
    expect(conditional).toBe(1);
  });

  it('a check that dies before it stores writes nothing, and the next one makes the item once', async () => {
    site.set('/crash', { body: pricingPage({ enterprise: '$3.20', updated: 'today' }) });
    const m = await create({ kind: 'page', url: `${site.url}/crash`, rivalId: rival.id });
    await checkMonitor(deps, m.id);
    site.set('/crash', { body: pricingPage({ enterprise: '$9.99', updated: 'today' }) });
    // The database goes away in the middle of the storing transaction, as when the process is killed.
    const dying = failingOn(t.db, /UPDATE monitors SET failures = 0/);
    await expect(checkMonitor({ ...deps, db: dying }, m.id)).rejects.toThrow('killed');
    expect(await intelOf(m.id)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM monitor_changes WHERE monitor_id = ${m.id}`)).toBe(0);
    // Two checks at once (a redelivery beside the claim's retry): the page answers once both have read the monitor,
    // so both find the change; one stores it, the other is superseded.
    let release = () => {};
    const bothAsked = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    site.set('/crash', async () => {
      if (++asked === 2) release();
      await bothAsked;
      return { body: pricingPage({ enterprise: '$9.99', updated: 'today' }) };
    });
    const outcomes = await Promise.all([checkMonitor(deps, m.id), checkMonitor(deps, m.id)]);
    expect(outcomes.map((o) => o.state).sort()).toEqual(['changed', 'superseded']);
    expect(await intelOf(m.id)).toBe(1);
  });

  it('says in its error state why a check failed: not found, a refused redirect, robots.txt, not a page', async () => {
    site.set('/gone', { status: 404, body: 'gone' });
    site.set('/to-internal', { status: 302, headers: { location: 'http://10.1.2.3/secret' } });
    site.set('/private/page', { body: pricingPage({ enterprise: '$1', updated: 'x' }) });
    site.set('/image', { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    const expected: [string, string][] = [
      ['/gone', 'http'],
      ['/to-internal', 'address'],
      ['/private/page', 'robots'],
      ['/image', 'content_type'],
    ];
    for (const [path, reason] of expected) {
      const m = await create({ kind: 'page', url: `${site.url}${path}` });
      expect(await checkMonitor(deps, m.id), path).toMatchObject({ state: 'failed', reason });
      const read = (await curator.get(`/api/monitors/${m.id}`)).body as Monitor;
      expect(read.status).toBe('failing');
      expect(read.error).toMatchObject({ reason });
      expect(read.error!.message.length).toBeGreaterThan(10);
      // The next check waits longer than the interval after a failure.
      expect(Date.parse(read.nextCheckAt!) - Date.now()).toBeGreaterThan(360 * 60_000);
    }
    const failing = (await curator.get('/api/monitors?hasChanged=false&failing=true')).body as MonitorPage;
    expect(failing.items.map((m) => m.url)).toEqual(expect.arrayContaining(expected.map(([p]) => `${site.url}${p}`)));
    expect(failing.items.every((m) => m.status === 'failing' || m.status === 'paused')).toBe(true);
  });
});

describe('feed monitors', () => {
  const now = Date.now();
  const entry = (n: number, daysAgo: number, title = `DataHarbor story ${n}`) => ({
    title,
    link: `https://news.example/story-${n}`,
    description: `${title}: DataHarbor announced something new for its warehouse customers.`,
    date: new Date(now - daysAgo * DAY),
  });

  it('makes intel of recent entries on the first check, then of each new entry once', async () => {
    const old = Array.from({ length: 5 }, (_, i) => entry(100 + i, 30 + i));
    site.set('/feed-a.xml', { type: 'application/rss+xml', body: rss('Feed A', [entry(1, 1), entry(2, 2), ...old]) });
    const m = await create({ kind: 'feed', url: `${site.url}/feed-a.xml` });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'changed', changes: 7, intel: 2 });
    site.set('/feed-a.xml', { type: 'application/rss+xml', body: rss('Feed A', [entry(3, 0), entry(1, 1), entry(2, 2), ...old]) });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'changed', changes: 1, intel: 1 });
    expect(await checkMonitor(deps, m.id)).toEqual({ state: 'unchanged' });
    const { rows } = await t.db.execute(sql`
      SELECT i.channel, i.title, array_agg(r.rival_id) AS rivals FROM intel_sources s JOIN intel_items i ON i.id = s.intel_id
      LEFT JOIN intel_rivals r ON r.intel_id = i.id WHERE s.monitor_id = ${m.id} GROUP BY i.id ORDER BY i.id`);
    expect(rows).toHaveLength(3);
    // A feed with no rival of its own finds the rivals its entries name.
    for (const r of rows as { channel: string; rivals: number[] }[]) expect(r).toMatchObject({ channel: 'rss', rivals: [rival.id] });
  });

  it('the same story from another feed, by its link or reworded, joins the item as one more source', async () => {
    const story = { title: 'DataHarbor acquires Cinder ETL for $120 million', link: 'https://wire.example/dataharbor-cinder?utm_source=rss', description: 'DataHarbor has agreed to acquire Cinder ETL, the data pipeline startup, for $120 million in cash and stock.', date: new Date(now - 3_600_000) };
    site.set('/feed-b.xml', { type: 'application/rss+xml', body: rss('Feed B', [story]) });
    site.set('/feed-c.xml', { type: 'application/rss+xml', body: rss('Feed C', [{ ...story, link: 'https://wire.example/dataharbor-cinder' }]) });
    site.set('/feed-d.xml', {
      type: 'application/rss+xml',
      body: rss('Feed D', [{ ...story, title: 'DataHarbor acquires Cinder ETL for $120 million, sources say', link: 'https://other.example/deal', description: `${story.description} `, date: story.date }]),
    });
    const ids: number[] = [];
    for (const f of ['b', 'c', 'd']) {
      const m = await create({ kind: 'feed', url: `${site.url}/feed-${f}.xml` });
      await checkMonitor(deps, m.id);
      ids.push(m.id);
    }
    const { rows } = await t.db.execute(sql`SELECT DISTINCT intel_id FROM intel_sources WHERE monitor_id = ANY(${sql.param(ids)}::int[])`);
    expect(rows).toHaveLength(1);
    const item = (await curator.get(`/api/intel/v1/${(rows[0] as { intel_id: number }).intel_id}`)).body;
    expect(item.sources.map((s: { monitorId: number }) => s.monitorId)).toEqual(ids);
  });

  it('a malformed feed or an XML bomb is a failing monitor, not a crash', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]><rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><link>https://x.example/</link></item></channel></rss>`;
    site.set('/broken.xml', { type: 'application/rss+xml', body: '<rss><channel><title>Broken' });
    site.set('/bomb.xml', { type: 'application/rss+xml', body: bomb });
    for (const path of ['/broken.xml', '/bomb.xml']) {
      const m = await create({ kind: 'feed', url: `${site.url}${path}` });
      const outcome = await checkMonitor(deps, m.id);
      expect(outcome.state === 'failed' || outcome.state === 'changed', path).toBe(true);
      if (outcome.state === 'failed') expect(outcome.reason).toBe('feed_malformed');
      // Nothing of the expansion made it into the feed.
      expect(await count(sql`SELECT count(*) AS n FROM intel_items WHERE length(title) > 10000 OR length(body) > 100000`)).toBe(0);
    }
    // Every body so far was parsed on the monitors' threads, a malformed one too (its failure crosses back as a value).
    expect(parserStats.callerJobs).toBe(0);
    expect(parserStats.threadJobs).toBeGreaterThan(0);
  });

  it('imports an OPML list: new feeds added, known and refused ones skipped with a reason', async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Competitors</title></head><body>
      <outline text="News"><outline text="Feed A again" type="rss" xmlUrl="${site.url}/feed-a.xml"/>
      <outline text="New one" type="rss" xmlUrl="${site.url}/feed-new.xml"/></outline>
      <outline text="Internal" type="rss" xmlUrl="http://192.168.1.10/feed"/></body></opml>`;
    const res = await curator.post('/api/monitors/import', { opml });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(1);
    expect(res.body.skipped.map((s: { reason: string }) => s.reason).sort()).toEqual(['duplicate', 'refused']);
    const bad = await curator.post('/api/monitors/import', { opml: 'not xml at all' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('opml');
  });
});

describe('the demo’s intel', () => {
  it('has fingerprints, so a feed telling a recent demo story again joins that item', async () => {
    const { rows } = await t.db.execute(sql`
      SELECT i.id, i.permalink, i.title FROM intel_items i JOIN intel_fingerprints f ON f.intel_id = i.id
      WHERE i.company_id = ${companyId} AND i.channel = 'rss' AND i.permalink IS NOT NULL AND f.created_at > now() - interval '10 days'
      ORDER BY i.id LIMIT 1`);
    const item = rows[0] as { id: number; permalink: string; title: string } | undefined;
    expect(item, 'a recent demo feed item with a fingerprint').toBeDefined();
    const joined = await t.db.transaction((tx) =>
      takeIn(tx, companyId, { channel: 'rss', title: `${item!.title} (again)`, summary: '', bodyHtml: '', link: item!.permalink, source: null, rivalIds: [], topics: [] }),
    );
    expect(joined).toMatchObject({ intelId: item!.id, joined: true });
  });
});

describe('the schedule and the list', () => {
  it('claims due monitors that are not paused; "Check now" makes one due, paused or not', async () => {
    const m = await create({ kind: 'page', url: `${site.url}/scheduled` });
    const paused = await create({ kind: 'page', url: `${site.url}/scheduled-paused` });
    expect((await curator.patch(`/api/monitors/${paused.id}`, { paused: true })).body.status).toBe('paused');
    const claimed = await claimDue(t.db, 10_000);
    expect(claimed).toContain(m.id);
    expect(claimed).not.toContain(paused.id);
    expect(await claimDue(t.db, 10_000)).not.toContain(m.id);
    expect((await curator.post(`/api/monitors/${paused.id}/check`)).status).toBe(202);
    const { rows } = await t.db.execute(sql`SELECT id FROM monitors WHERE id = ${paused.id} AND next_check_at <= now()`);
    expect(rows).toHaveLength(1);
  });

  it('lists 20 a page, changed ones by default, most recently changed first, with filters', async () => {
    const page = (await curator.get('/api/monitors')).body as MonitorPage;
    expect(page.limit).toBe(20);
    expect(page.items.length).toBe(Math.min(20, page.total));
    expect(page.items.every((m) => m.lastChangeAt !== null)).toBe(true);
    const dates = page.items.map((m) => m.lastChangeAt!);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = (await curator.get('/api/monitors?hasChanged=false')).body as MonitorPage;
    expect(all.total).toBeGreaterThan(page.total);
    const feeds = (await curator.get('/api/monitors?hasChanged=false&kind=feed')).body as MonitorPage;
    expect(feeds.items.every((m) => m.kind === 'feed')).toBe(true);
    const ofRival = (await curator.get(`/api/monitors?hasChanged=false&rivalId=${rival.id}`)).body as MonitorPage;
    expect(ofRival.items.length).toBeGreaterThan(0);
    expect(ofRival.items.every((m) => m.rival?.id === rival.id)).toBe(true);
    const byName = (await curator.get('/api/monitors?hasChanged=false&sort=name')).body as MonitorPage;
    const names = byName.items.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await curator.get('/api/monitors?sort=popular')).status).toBe(400);
  });

  it('the demo monitors are paused, with 90 days of history and the intel they brought', async () => {
    const { rows } = await t.db.execute(sql`
      SELECT count(*) FILTER (WHERE kind = 'page')::int AS pages, count(*) FILTER (WHERE kind = 'feed')::int AS feeds,
             count(*) FILTER (WHERE NOT paused)::int AS running
      FROM monitors WHERE company_id = ${companyId} AND created_by_id IS NOT NULL AND url LIKE 'https://%'`);
    expect(rows[0]).toMatchObject({ pages: 40, feeds: 30, running: 0 });
    expect(await count(sql`SELECT count(*) AS n FROM monitor_changes c JOIN monitors m ON m.id = c.monitor_id WHERE m.url LIKE 'https://%' AND c.intel_id IS NOT NULL`)).toBeGreaterThan(500);
  });

  it('deleting a monitor keeps the intel it made', async () => {
    const m = (await curator.get('/api/monitors?hasChanged=true')).body.items[0] as Monitor;
    const before = await intelOf(m.id);
    expect(before).toBeGreaterThan(0);
    const intelIds = (await t.db.execute(sql`SELECT intel_id FROM intel_sources WHERE monitor_id = ${m.id}`)).rows.map((r) => (r as { intel_id: number }).intel_id);
    expect((await curator.delete(`/api/monitors/${m.id}`)).status).toBe(204);
    expect((await curator.get(`/api/monitors/${m.id}`)).status).toBe(404);
    expect(await count(sql`SELECT count(*) AS n FROM intel_items WHERE id = ANY(${sql.param(intelIds)}::int[])`)).toBe(new Set(intelIds).size);
  });
});

/** The database, but the statement matching `pattern` fails as if the process died there. */
function failingOn(db: Db, pattern: RegExp): Db {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        if (prop === 'execute') {
          return (query: { queryChunks?: unknown[] }) => {
            const text = JSON.stringify(query.queryChunks ?? query);
            if (pattern.test(text)) return Promise.reject(new Error('killed'));
            return (value as (q: unknown) => Promise<unknown>).call(obj, query);
          };
        }
        if (prop === 'transaction') {
          type Run = (tx: object) => Promise<unknown>;
          return (fn: Run) => (value as (f: Run) => Promise<unknown>).call(obj, (tx: object) => fn(wrap(tx)));
        }
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    });
  return wrap(db);
}
