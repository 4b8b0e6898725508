// A sent digest's opens and link clicks: the mail's links go through /api/r/{token}/…, which records a click as the
// signed-in reader (or nobody in particular) and redirects only to the digest's own posts or the feed; the open
// pixel counts opens; curator activity shows both per digest.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../contracts/reports.ts';
import { renderDigestMail } from '../../search-api/digests/template.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let digest: { id: number; token: string; title: string; company_id: number };
let post: { post_id: number; permalink: string };
let draftToken: string;

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const events = () => rows<{ kind: string; user_id: number | null; subject_id: number; data: { url?: string } }>(sql`SELECT kind, user_id, subject_id, data FROM usage_events WHERE kind LIKE 'digest%' ORDER BY kind`);

beforeAll(async () => {
  t = await testApp();
  [digest] = await rows(sql`SELECT id, tracking_token AS token, title, company_id FROM email_digests WHERE state = 'sent' AND company_id IN (SELECT company_id FROM users WHERE email = 'seller@demo.test') ORDER BY id LIMIT 1`);
  [post] = await rows(sql`SELECT f.post_id, i.permalink FROM digest_favorites f JOIN posts p ON p.id = f.post_id JOIN intel_items i ON i.id = p.intel_id
                          WHERE f.email_digest_id = ${digest.id} AND i.permalink LIKE 'http%' ORDER BY f.view_order LIMIT 1`);
  [{ token: draftToken }] = await rows<{ token: string }>(sql`INSERT INTO email_digests (company_id, title) VALUES (${digest.company_id}, 'Draft') RETURNING tracking_token AS token`);
  await t.db.execute(sql`TRUNCATE usage_events, usage_user_days, usage_company_days, usage_subject_days, search_query_days`);
});
afterAll(() => t.drop());

describe('the digest mail', () => {
  const input = { title: 'Weekly', intro: '', posts: [{ postId: 41, intelId: 1, viewOrder: 1, title: 'News', summary: null, permalink: 'https://news.example/a', publishedAt: null, rivals: [] }] };

  it('links through the product and carries an open pixel when sent', () => {
    const mail = renderDigestMail(input as never, { companyName: 'Northwind', appUrl: 'https://app.example/', language: 'en', trackingToken: 'tok' });
    expect(mail.html).toContain('href="https://app.example/api/r/tok/41"');
    expect(mail.html).toContain('href="https://app.example/api/r/tok/feed"');
    expect(mail.html).toContain('<img src="https://app.example/api/r/tok/open.gif"');
    expect(mail.html).not.toContain('news.example');
    expect(mail.text).toContain('https://app.example/api/r/tok/41');
  });

  it('links straight to the sources in a preview', () => {
    const mail = renderDigestMail(input as never, { companyName: 'Northwind', appUrl: 'https://app.example', language: 'en' });
    expect(mail.html).toContain('href="https://news.example/a"');
    expect(mail.html).not.toContain('/api/r/');
  });
});

describe('opens and clicks', () => {
  it('counts an open from a mail client as nobody in particular', async () => {
    const res = await request(t.app).get(`/api/r/${digest.token}/open.gif`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    await t.usage.flush();
    expect(await events()).toEqual([{ kind: 'digestOpen', user_id: null, subject_id: digest.id, data: {} }]);
  });

  it("records a signed-in reader's click and redirects to the post's source or the feed", async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    const res = await seller.get(`/api/r/${digest.token}/${post.post_id}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(post.permalink);
    const feed = await request(t.app).get(`/api/r/${digest.token}/feed`);
    expect(feed.headers.location).toBe(`${t.config.APP_URL.replace(/\/$/, '')}/feed`);
    await t.usage.flush();
    const clicks = (await events()).filter((e) => e.kind === 'digestClick');
    expect(clicks).toEqual(
      expect.arrayContaining([
        { kind: 'digestClick', user_id: seller.me.id, subject_id: digest.id, data: { url: post.permalink } },
        { kind: 'digestClick', user_id: null, subject_id: digest.id, data: { url: `${t.config.APP_URL.replace(/\/$/, '')}/feed` } },
      ]),
    );
  });

  it('redirects nowhere else: unknown tokens, drafts, posts of other digests, URLs', async () => {
    const [other] = await rows<{ post_id: number }>(sql`SELECT post_id FROM digest_favorites WHERE email_digest_id <> ${digest.id}
                                                       AND post_id NOT IN (SELECT post_id FROM digest_favorites WHERE email_digest_id = ${digest.id}) LIMIT 1`);
    const paths = [
      `/api/r/00000000-0000-4000-8000-000000000000/feed`,
      `/api/r/not-a-token/feed`,
      `/api/r/${draftToken}/feed`,
      `/api/r/${draftToken}/open.gif`,
      `/api/r/${digest.token}/${other?.post_id ?? 999_999}`,
      `/api/r/${digest.token}/https%3A%2F%2Fevil.example`,
    ];
    for (const p of paths) expect((await request(t.app).get(p)).status, p).toBe(404);
  });

  it('shows opens and clicks per digest in curator activity', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const [{ day }] = await rows<{ day: string }>(sql`SELECT to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM email_digests WHERE id = ${digest.id}`);
    const r: Report = (await admin.get(`/api/reports/curator/overview.json?dateRange=customDateRange&from=${day}&to=${day}`)).body;
    const row = r.tables.find((x) => x.key === 'digests')!.rows.find((x) => x.cells.title === digest.title);
    expect(row?.cells).toMatchObject({ opens: 1, clicks: 2 });
  });
});
