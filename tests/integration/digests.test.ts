// Email digests on the demo data: the list, drafts and their edits, adding intel (publishing rules of part 1
// §4), favorites, favoritesLiveCount, permissions (§6 digest availability), tenant scoping, bad input, and
// sending through a real SMTP server (smtp-server in this process) whose received messages are read back.
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../search-api/app.ts';
import { loadConfig } from '../../server-shared/config.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';
import { header, mimePart } from '../helpers/mail.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
type Received = { from: string; to: string[]; raw: string };

let t: TestApp;
let smtp: SMTPServer;
const inbox: Received[] = [];
let admin: Session;
let curator: Session;
let seller: Session;
let outsider: Session;

const { rows, one } = sqlReads(() => t.db);
const NW = sql`(SELECT id FROM companies WHERE name = 'Northwind Analytics')`;

/** An intel item of Northwind in a given condition, not used by another test yet. */
const taken = new Set<number>();
async function intelWhere(cond: ReturnType<typeof sql>): Promise<number> {
  const list = await rows<{ id: number }>(
    sql`SELECT id FROM intel_items i WHERE company_id = ${NW} AND ${cond} AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.intel_id = i.id)
        ORDER BY id LIMIT 50`,
  );
  const id = list.map((r) => r.id).find((x) => !taken.has(x));
  if (!id) throw new Error('no intel item left');
  taken.add(id);
  return id;
}
const unpublished = () => intelWhere(sql`published_at IS NULL AND state = 'unprocessed'`);
const published = () => intelWhere(sql`published_at IS NOT NULL AND state = 'archived'`);
const intelRow = (id: number) => one<{ state: string; published_at: Date | null }>(sql`SELECT state, published_at FROM intel_items WHERE id = ${id}`);
const favoritesOf = (digestId: number) =>
  rows<{ post_id: number; view_order: number }>(sql`SELECT post_id, view_order FROM digest_favorites WHERE email_digest_id = ${digestId} ORDER BY view_order, post_id`);
const digestCount = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM email_digests`)).n;

async function newDigest(s: Session = curator, body: object = { title: 'Weekly digest', intro: 'What moved this week.' }): Promise<number> {
  const res = await s.post('/api/email_digests.json', body);
  expect(res.status).toBe(201);
  return res.body.id;
}
async function addItem(digestId: number, intelId: number, s: Session = curator) {
  const res = await s.post(`/api/email_digests/${digestId}/items.json`, { intelId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { postId: number; viewOrder: number };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await testApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Rivalscope <digests@rivalscope.test>', APP_URL: 'https://intel.northwind.test/' },
  });
  [admin, curator, seller] = await Promise.all(['admin@demo.test', 'curator@demo.test', 'seller@demo.test'].map((e) => signIn(t.app, e)));
  outsider = await signInOutsider(t);
});
afterAll(async () => {
  await t?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('demo data', () => {
  it('has a digest sent last week and a draft for this week, each with live favorited posts', async () => {
    const res = await curator.get('/api/email_digests.json');
    expect(res.status).toBe(200);
    const [draft, sent] = res.body.digests;
    expect(res.body.pagination.total).toBe(2);
    expect(draft).toMatchObject({ state: 'draft', sentAt: null });
    expect(sent.state).toBe('sent');
    expect(sent.recipientsCount).toBeGreaterThan(5);
    for (const d of [draft, sent]) {
      expect(d.favoritesLiveCount).toBeGreaterThan(0);
      const detail = await curator.get(`/api/email_digests/${d.id}.json`);
      expect(detail.body.posts).toHaveLength(d.favoritesLiveCount);
      expect(detail.body.posts.map((p: { viewOrder: number }) => p.viewOrder)).toEqual(detail.body.posts.map((_: unknown, i: number) => i));
    }
  });
});

describe('permissions', () => {
  it('keeps sellers out of every digest route', async () => {
    const id = await newDigest();
    expect((await seller.get('/api/email_digests.json')).status).toBe(403);
    expect((await seller.post('/api/email_digests.json', { title: 'Mine' })).status).toBe(403);
    expect((await seller.get(`/api/email_digests/${id}.json`)).status).toBe(403);
    expect((await seller.get(`/api/email_digests/${id}/preview.html`)).status).toBe(403);
    expect((await seller.post(`/api/email_digests/${id}/send.json`, {})).status).toBe(403);
    expect((await seller.post(`/api/email_digests/${id}/items.json`, { intelId: await unpublished() })).status).toBe(403);
    expect((await seller.post('/api/posts/1/favorite.json', { emailDigestId: id, viewOrder: 0 })).status).toBe(403);
  });

  it('follows the review role: none, the admin, or holders of the role', async () => {
    try {
      await t.db.execute(sql`UPDATE companies SET review_role = 'admin' WHERE id = ${NW}`);
      const res = await curator.get('/api/email_digests.json');
      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/admin role/);
      expect((await admin.get('/api/email_digests.json')).status).toBe(200);
      await t.db.execute(sql`UPDATE companies SET review_role = 'curator' WHERE id = ${NW}`);
      expect((await curator.get('/api/email_digests.json')).status).toBe(200);
    } finally {
      await t.db.execute(sql`UPDATE companies SET review_role = NULL WHERE id = ${NW}`);
    }
    expect((await curator.get('/api/email_digests.json')).status).toBe(200);
  });
});

describe('drafts', () => {
  it('creates, reads, edits and deletes a draft', async () => {
    const created = await curator.post('/api/email_digests.json', { title: '  Pricing moves  ', intro: 'Read this first.', typeId: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Pricing moves', intro: 'Read this first.', state: 'draft', typeId: 2, favoritesLiveCount: 0, sentAt: null });
    const id = created.body.id as number;
    const creator = await one<{ created_by_id: number }>(sql`SELECT created_by_id FROM email_digests WHERE id = ${id}`);
    expect(creator.created_by_id).toBe(curator.me.id);

    const put = await curator.put(`/api/email_digests/${id}.json`, { intro: 'Changed intro' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Pricing moves', intro: 'Changed intro' });
    const read = await curator.get(`/api/email_digests/${id}.json`);
    expect(read.body).toMatchObject({ id, title: 'Pricing moves', intro: 'Changed intro', posts: [] });

    expect((await curator.delete(`/api/email_digests/${id}.json`)).status).toBe(204);
    expect((await curator.get(`/api/email_digests/${id}.json`)).status).toBe(404);
  });

  it('lists 20 per page by default, newest first, filtered by state and type', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push(await newDigest(curator, { title: `Paged ${i}`, typeId: 7 }));
    const first = await curator.get('/api/email_digests.json?typeId=7');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 22 });
    expect(first.body.digests.map((d: { id: number }) => d.id)).toEqual(ids.slice(2).reverse());
    const second = await curator.get('/api/email_digests.json?typeId=7&page=2');
    expect(second.body.digests.map((d: { id: number }) => d.id)).toEqual([ids[1], ids[0]]);
    expect((await curator.get('/api/email_digests.json?typeId=7&limit=5')).body.digests).toHaveLength(5);

    await t.db.execute(sql`UPDATE email_digests SET state = 'sent', sent_at = now() WHERE id = ${ids[0]}`);
    const drafts = await curator.get('/api/email_digests.json?typeId=7&filter=draft&limit=100');
    expect(drafts.body.pagination.total).toBe(21);
    expect(drafts.body.digests.every((d: { state: string }) => d.state === 'draft')).toBe(true);
    const sent = await curator.get('/api/email_digests.json?typeId=7&filter=sent');
    expect(sent.body.digests.map((d: { id: number }) => d.id)).toEqual([ids[0]]);
  });

  it('answers 400 to bad input and writes nothing', async () => {
    const before = await digestCount();
    for (const body of [{}, { title: '   ' }, { title: 'x'.repeat(201) }, { title: 'ok', typeId: 0 }, { title: 'ok', intro: 5 }]) {
      const res = await curator.post('/api/email_digests.json', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/title|typeId|intro/);
    }
    for (const q of ['limit=0', 'limit=101', 'page=0', 'filter=archived', 'typeId=abc']) {
      expect((await curator.get(`/api/email_digests.json?${q}`)).status, q).toBe(400);
    }
    const id = await newDigest();
    expect((await curator.put(`/api/email_digests/${id}.json`, {})).status).toBe(400);
    expect((await curator.put(`/api/email_digests/${id}.json`, { title: '' })).status).toBe(400);
    expect((await curator.get('/api/email_digests/abc.json')).status).toBe(400);
    expect((await curator.get(`/api/email_digests/${id}.json`)).body.title).toBe('Weekly digest');
    expect(await digestCount()).toBe(before + 1);
  });
});

describe('adding intel to a digest', () => {
  it('publishes an unpublished item (archived), then favorites its post at the end', async () => {
    const id = await newDigest();
    const a = await unpublished();
    const b = await unpublished();
    const first = await addItem(id, a);
    const second = await addItem(id, b);
    expect([first.viewOrder, second.viewOrder]).toEqual([0, 1]);
    for (const intelId of [a, b]) {
      const row = await intelRow(intelId);
      expect(row.state).toBe('archived');
      expect(row.published_at).not.toBeNull();
    }
    const post = await one<{ intel_id: number }>(sql`SELECT intel_id FROM posts WHERE id = ${first.postId}`);
    expect(post.intel_id).toBe(a);
    const digest = await curator.get(`/api/email_digests/${id}.json`);
    expect(digest.body.favoritesLiveCount).toBe(2);
    expect(digest.body.posts.map((p: { intelId: number }) => p.intelId)).toEqual([a, b]);
    const item = await one<{ title: string; curated_title: string | null; summary: string | null }>(
      sql`SELECT title, curated_title, summary FROM intel_items WHERE id = ${a}`,
    );
    expect(digest.body.posts[0]).toMatchObject({ postId: first.postId, title: item.curated_title || item.title, summary: item.summary, live: true });
    expect(digest.body.posts[0].rivals.length).toBeGreaterThan(0);
    expect(digest.body.posts[0].publishedAt).toMatch(/^\d{4}-/);

    // Adding it again keeps it where it is.
    expect((await addItem(id, a)).viewOrder).toBe(0);
    expect(await favoritesOf(id)).toHaveLength(2);
  });

  it('only archives an item that is already published, keeping its publishedAt', async () => {
    const id = await newDigest();
    const intelId = await published();
    await t.db.execute(sql`UPDATE intel_items SET state = 'working' WHERE id = ${intelId}`);
    const before = await intelRow(intelId);
    await addItem(id, intelId);
    const after = await intelRow(intelId);
    expect(after.state).toBe('archived');
    expect(after.published_at).toEqual(before.published_at);
  });

  it('writes nothing when the digest, the item or the input is wrong', async () => {
    const id = await newDigest();
    const intelId = await unpublished();
    expect((await curator.post(`/api/email_digests/${id}/items.json`, { intelId: 'x' })).status).toBe(400);
    expect((await curator.post(`/api/email_digests/${id}/items.json`, { intelId, viewOrder: -1 })).status).toBe(400);
    expect((await curator.post(`/api/email_digests/${id}/items.json`, { intelId: 2_000_000_000 })).status).toBe(404);
    expect((await curator.post('/api/email_digests/2000000000/items.json', { intelId })).status).toBe(404);
    expect((await intelRow(intelId)).published_at).toBeNull();
    expect(await favoritesOf(id)).toEqual([]);
  });
});

describe('favorites', () => {
  it('favorites a post with a viewOrder, moves it, and unfavorites it', async () => {
    const source = await newDigest();
    const { postId } = await addItem(source, await unpublished());
    const id = await newDigest();
    const fav = await curator.post(`/api/posts/${postId}/favorite.json`, { emailDigestId: id, viewOrder: 4 });
    expect(fav.status).toBe(200);
    expect(fav.body).toEqual({ postId, emailDigestId: id, viewOrder: 4 });
    expect(await favoritesOf(id)).toEqual([{ post_id: postId, view_order: 4 }]);
    await curator.post(`/api/posts/${postId}/favorite.json`, { emailDigestId: id, viewOrder: 1 });
    expect(await favoritesOf(id)).toEqual([{ post_id: postId, view_order: 1 }]);

    const un = await curator.post(`/api/posts/${postId}/unfavorite.json`, { emailDigestId: id });
    expect(un.body).toEqual({ removed: true });
    expect(await favoritesOf(id)).toEqual([]);
    expect((await curator.post(`/api/posts/${postId}/unfavorite.json`, { emailDigestId: id })).body).toEqual({ removed: false });
    // The other digest keeps the post.
    expect(await favoritesOf(source)).toHaveLength(1);
  });

  it('rejects bad favorites without writing', async () => {
    const id = await newDigest();
    const { postId } = await addItem(await newDigest(), await unpublished());
    for (const body of [{}, { emailDigestId: id }, { emailDigestId: id, viewOrder: -1 }, { emailDigestId: 'x', viewOrder: 0 }]) {
      expect((await curator.post(`/api/posts/${postId}/favorite.json`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await curator.post('/api/posts/2000000000/favorite.json', { emailDigestId: id, viewOrder: 0 })).status).toBe(404);
    expect((await curator.post(`/api/posts/${postId}/favorite.json`, { emailDigestId: 2_000_000_000, viewOrder: 0 })).status).toBe(404);
    expect((await curator.post(`/api/posts/${postId}/unfavorite.json`, {})).status).toBe(400);
    expect(await favoritesOf(id)).toEqual([]);
  });

  it('reorders the posts of a draft from a full list, and refuses a partial one', async () => {
    const id = await newDigest();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await addItem(id, await unpublished())).postId);
    const res = await curator.put(`/api/email_digests/${id}/order.json`, { postIds: [posts[2], posts[0], posts[1]] });
    expect(res.status).toBe(200);
    expect(res.body.posts.map((p: { postId: number }) => p.postId)).toEqual([posts[2], posts[0], posts[1]]);
    const bad = await curator.put(`/api/email_digests/${id}/order.json`, { postIds: [posts[0], posts[1]] });
    expect(bad.status).toBe(400);
    expect((await curator.put(`/api/email_digests/${id}/order.json`, { postIds: [posts[0], posts[0], posts[1]] })).status).toBe(400);
    expect((await favoritesOf(id)).map((f) => f.post_id)).toEqual([posts[2], posts[0], posts[1]]);
  });

  it('counts live favorites only: published and not deleted', async () => {
    const id = await newDigest();
    const items = [await unpublished(), await unpublished(), await unpublished()];
    for (const intelId of items) await addItem(id, intelId);
    const live = async () => (await curator.get(`/api/email_digests/${id}.json`)).body.favoritesLiveCount;
    expect(await live()).toBe(3);
    await t.db.execute(sql`UPDATE intel_items SET published_at = NULL WHERE id = ${items[0]}`);
    expect(await live()).toBe(2);
    await t.db.execute(sql`UPDATE intel_items SET state = 'deleted' WHERE id = ${items[1]}`);
    expect(await live()).toBe(1);
    const listed = (await curator.get('/api/email_digests.json?limit=100')).body.digests.find((d: { id: number }) => d.id === id);
    expect(listed.favoritesLiveCount).toBe(1);
    const detail = await curator.get(`/api/email_digests/${id}.json`);
    expect(detail.body.posts.map((p: { live: boolean }) => p.live)).toEqual([false, false, true]);
  });
});

describe('tenant scoping', () => {
  it('answers 404 for another company’s digests and posts and changes nothing', async () => {
    const id = await newDigest();
    const { postId } = await addItem(id, await unpublished());
    const intelId = await unpublished();
    expect((await outsider.get(`/api/email_digests/${id}.json`)).status).toBe(404);
    expect((await outsider.get(`/api/email_digests/${id}/preview.html`)).status).toBe(404);
    expect((await outsider.put(`/api/email_digests/${id}.json`, { title: 'Taken' })).status).toBe(404);
    expect((await outsider.delete(`/api/email_digests/${id}.json`)).status).toBe(404);
    expect((await outsider.post(`/api/email_digests/${id}/send.json`, {})).status).toBe(404);
    expect((await outsider.post(`/api/posts/${postId}/unfavorite.json`, { emailDigestId: id })).status).toBe(404);
    expect((await outsider.get('/api/email_digests.json')).body.digests).toEqual([]);

    const own = await newDigest(outsider, { title: 'Outsider digest' });
    expect((await outsider.post(`/api/posts/${postId}/favorite.json`, { emailDigestId: own, viewOrder: 0 })).status).toBe(404);
    expect((await outsider.post(`/api/email_digests/${own}/items.json`, { intelId })).status).toBe(404);
    expect((await curator.post(`/api/posts/${postId}/favorite.json`, { emailDigestId: own, viewOrder: 0 })).status).toBe(404);
    expect(await favoritesOf(own)).toEqual([]);
    expect((await intelRow(intelId)).published_at).toBeNull();
    expect((await curator.get(`/api/email_digests/${id}.json`)).body.title).toBe('Weekly digest');
  });
});

describe('preview and sending', () => {
  const NASTY = '<script>alert("x")</script> Lumenary & "friends"';

  it('previews the mail with every text escaped and absolute links', async () => {
    const id = await newDigest(curator, { title: 'Digest <b>bold</b>', intro: 'Hello <img src=x onerror=alert(1)>\n\nSecond paragraph' });
    const intelId = await unpublished();
    await t.db.execute(sql`UPDATE intel_items SET curated_title = ${NASTY}, permalink = 'javascript:alert(1)' WHERE id = ${intelId}`);
    await addItem(id, intelId);
    const res = await curator.get(`/api/email_digests/${id}/preview.html`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Lumenary &amp; &quot;friends&quot;');
    expect(res.text).toContain('Digest &lt;b&gt;bold&lt;/b&gt;');
    expect(res.text).toContain('Hello &lt;img src=x onerror=alert(1)&gt;');
    expect(res.text).not.toMatch(/<script|<img|<b>|javascript:/i);
    const hrefs = [...res.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
    expect(hrefs).toContain('https://intel.northwind.test/feed');
  });

  it('sends a test to named users of the company and keeps the digest a draft', async () => {
    const id = await newDigest(curator, { title: 'Test send digest' });
    await addItem(id, await unpublished());
    expect((await curator.post(`/api/email_digests/${id}/send.json`, { to: ['nobody@other.test'] })).status).toBe(400);
    expect((await curator.post(`/api/email_digests/${id}/send.json`, { to: ['not an email'] })).status).toBe(400);
    const received = inbox.length;
    const res = await curator.post(`/api/email_digests/${id}/send.json`, { to: ['Curator@Demo.test'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ test: true, recipientsCount: 1, digest: { state: 'draft', sentAt: null } });
    expect(inbox.length).toBe(received + 1);
    const mail = inbox[inbox.length - 1];
    expect(mail.to).toEqual(['curator@demo.test']);
    expect(header(mail.raw, 'Subject')).toBe('[Test] Test send digest');
  });

  it('sends to everyone with email digests on, in HTML and text, escaped, then refuses changes', async () => {
    const id = await newDigest(curator, { title: 'Northwind weekly', intro: 'Top moves & more' });
    const first = await unpublished();
    const second = await unpublished();
    await t.db.execute(sql`UPDATE intel_items SET curated_title = ${NASTY} WHERE id = ${first}`);
    const { postId } = await addItem(id, first);
    await addItem(id, second);
    const secondTitle = (await one<{ t: string }>(sql`SELECT coalesce(nullif(curated_title, ''), title) AS t FROM intel_items WHERE id = ${second}`)).t;
    await t.db.execute(sql`UPDATE users SET email_digest = false WHERE email = 'seller@demo.test'`);
    const expected = (
      await rows<{ email: string }>(sql`SELECT email FROM users WHERE company_id = ${NW} AND email_digest AND deactivated_at IS NULL ORDER BY email`)
    ).map((r) => r.email);
    expect(expected.length).toBeGreaterThan(5);

    const received = inbox.length;
    const res = await curator.post(`/api/email_digests/${id}/send.json`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ test: false, recipientsCount: expected.length, digest: { state: 'sent' } });
    expect(res.body.digest.sentAt).toMatch(/^\d{4}-/);
    const mails = inbox.slice(received);
    expect(mails.flatMap((m) => m.to).sort()).toEqual(expected);
    expect(mails.flatMap((m) => m.to)).not.toContain('seller@demo.test');
    const mail = mails[0];
    expect(mail.from).toBe('digests@rivalscope.test');
    expect(header(mail.raw, 'Subject')).toBe('Northwind weekly');
    expect(header(mail.raw, 'Bcc')).toBeUndefined();
    const html = mimePart(mail.raw, 'text/html');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Lumenary &amp; &quot;friends&quot;');
    expect(html).not.toContain('<script');
    expect(html).toContain('Top moves &amp; more');
    const text = mimePart(mail.raw, 'text/plain');
    expect(text).toContain(NASTY);
    expect(text).toContain(secondTitle);
    // A sent mail's links go through the product's redirect, which counts the clicks (digest-tracking.test.ts).
    const token = (await one<{ token: string }>(sql`SELECT tracking_token AS token FROM email_digests WHERE id = ${id}`)).token;
    expect(text).toContain(`https://intel.northwind.test/api/r/${token}/feed`);
    expect(html).toContain(`https://intel.northwind.test/api/r/${token}/open.gif`);

    const stored = await one<{ state: string; sent_by_id: number; recipients_count: number; sent_at: Date | null }>(
      sql`SELECT state, sent_by_id, recipients_count, sent_at FROM email_digests WHERE id = ${id}`,
    );
    expect(stored).toMatchObject({ state: 'sent', sent_by_id: curator.me.id, recipients_count: expected.length });
    expect(stored.sent_at).not.toBeNull();

    // A sent digest is final.
    expect((await curator.post(`/api/email_digests/${id}/send.json`, {})).status).toBe(409);
    expect((await curator.put(`/api/email_digests/${id}.json`, { title: 'Again' })).status).toBe(409);
    expect((await curator.delete(`/api/email_digests/${id}.json`)).status).toBe(409);
    expect((await curator.post(`/api/email_digests/${id}/items.json`, { intelId: await unpublished() })).status).toBe(409);
    expect((await curator.post(`/api/posts/${postId}/unfavorite.json`, { emailDigestId: id })).status).toBe(409);
    expect(inbox.length).toBe(received + mails.length);
    expect((await favoritesOf(id)).length).toBe(2);
    await t.db.execute(sql`UPDATE users SET email_digest = true WHERE email = 'seller@demo.test'`);
  });

  it('mails each recipient in their own language, and previews in the curator’s', async () => {
    const id = await newDigest(curator, { title: 'Pricing week', intro: 'Written by the curator' });
    const intelId = await unpublished();
    await addItem(id, intelId);
    await t.db.execute(sql`UPDATE intel_items SET published_at = '2026-12-06T12:00:00Z' WHERE id = ${intelId}`);
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE email IN ('curator@demo.test', 'seller@demo.test')`);
    try {
      const preview = (await curator.get(`/api/email_digests/${id}/preview.html`)).text;
      expect(preview).toContain('<html lang="de">');
      expect(preview).toContain('Intel-Feed in Rivalscope öffnen');
      expect(preview).toContain('6. Dez. 2026');

      const received = inbox.length;
      expect((await curator.post(`/api/email_digests/${id}/send.json`, {})).status).toBe(200);
      const mails = inbox.slice(received);
      const german = mails.find((m) => m.to.includes('seller@demo.test'))!;
      const others = mails.filter((m) => m !== german);
      expect(german.to.sort()).toEqual(['curator@demo.test', 'seller@demo.test']);
      const germanHtml = mimePart(german.raw, 'text/html');
      expect(germanHtml).toContain('<html lang="de">');
      expect(germanHtml).toContain('Northwind Analytics · Rivalscope-Digest');
      expect(germanHtml).toContain('6. Dez. 2026');
      expect(germanHtml).toContain('Written by the curator');
      expect(header(german.raw, 'Subject')).toBe('Pricing week');
      expect(mimePart(german.raw, 'text/plain')).toContain('E-Mail-Einstellungen ändern: https://intel.northwind.test/settings/profile');

      expect(others.flatMap((m) => m.to)).toContain('admin@demo.test');
      for (const mail of others) {
        const html = mimePart(mail.raw, 'text/html');
        expect(html).toContain('<html lang="en">');
        expect(html).toContain('Northwind Analytics · Rivalscope digest');
        expect(html).toContain('Dec 6, 2026');
        expect(html).not.toContain('Dez.');
      }
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE email IN ('curator@demo.test', 'seller@demo.test')`);
    }
  });

  it('refuses to send a digest without live items', async () => {
    const id = await newDigest(curator, { title: 'Empty' });
    const res = await curator.post(`/api/email_digests/${id}/send.json`, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/no published items/);
    expect((await one<{ state: string }>(sql`SELECT state FROM email_digests WHERE id = ${id}`)).state).toBe('draft');
  });

  it('tells the digest page whether mail is set up', async () => {
    const id = await newDigest(curator, { title: 'Mail is here' });
    expect((await curator.get(`/api/email_digests/${id}.json`)).body.mailConfigured).toBe(true);
  });

  it('answers 503 with a clear message when mail is not configured, logged as a warning without a stack, and the digest stays a draft', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const logged: { level: number; msg: string; err?: unknown; status?: number; error?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const app = createApp({ db: t.db, config, logger, search: t.search, webDir: '/nonexistent' });
    const agent = request.agent(app);
    await agent.post('/account/signin').send({ email: 'curator@demo.test', password: 'demo-password' });
    const csrf = (await agent.get('/api/users/me.json')).body.csrfToken as string;
    const id = await newDigest(curator, { title: 'No mail here' });
    await addItem(id, await unpublished());
    expect((await agent.get(`/api/email_digests/${id}.json`)).body.mailConfigured).toBe(false);
    const received = inbox.length;
    logged.length = 0;
    const res = await agent.post(`/api/email_digests/${id}/send.json`).set('X-CSRF-Token', csrf).send({});
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Mail is not set up on this server, so digests can only be previewed. An administrator can set up an outgoing mail server.');
    expect(logged.filter((l) => l.level >= 40)).toEqual([expect.objectContaining({ level: 40, status: 503, error: res.body.error })]);
    expect(logged.filter((l) => l.err !== undefined)).toEqual([]);
    expect(inbox.length).toBe(received);
    expect((await one<{ state: string }>(sql`SELECT state FROM email_digests WHERE id = ${id}`)).state).toBe('draft');
    // The preview still works.
    expect((await agent.get(`/api/email_digests/${id}/preview.html`)).status).toBe(200);
  });
});
