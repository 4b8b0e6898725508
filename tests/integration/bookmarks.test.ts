// Bookmarks (part 1 §3, §7): a user's own list; URLs are http(s) or paths of the app (never another host through
// // or /\), names are short, a URL is bookmarked once, the list has a ceiling, and another user's bookmark is a
// 404 that changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKMARK_NAME_MAX, BOOKMARKS_MAX, type Bookmark } from '../../contracts/bookmarks.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let seller: Session;
let curator: Session;
const { one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp({ search: false });
  seller = await signIn(t.app, 'seller@demo.test');
  curator = await signIn(t.app, 'curator@demo.test');
});
afterAll(() => t.drop());

const table = async () => (await one<{ h: string }>(sql`SELECT count(*) || ':' || coalesce(sum(hashtextextended(b::text, 0)), 0) AS h FROM bookmarks b`)).h;
const names = async (s: Session) => ((await s.get('/api/bookmarks.json')).body as Bookmark[]).map((b) => b.name);

describe('bookmarks', () => {
  it('are added, listed by name (or by path), renamed, moved and deleted', async () => {
    const added = await seller.post('/api/bookmarks.json', { name: '  Acme battlecard ', url: '/profile/3/battlecard/view?x=1' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Acme battlecard', url: '/profile/3/battlecard/view?x=1' });
    expect(await names(seller)).toEqual([...(await names(seller))].sort((a, b) => a.localeCompare(b)));
    expect((await seller.get('/api/bookmarks.json?path=/profile/3/battlecard/view?x=1')).body).toEqual([added.body]);

    const renamed = await seller.put(`/api/bookmarks/${added.body.id}`, { name: 'Acme, our battlecard', url: added.body.url });
    expect(renamed.body).toEqual({ ...added.body, name: 'Acme, our battlecard' });
    const moved = await seller.put(`/api/bookmarks/${added.body.id}`, { name: 'Acme pricing', url: 'https://acme.test/pricing' });
    expect(moved.body.url).toBe('https://acme.test/pricing');
    expect((await seller.delete(`/api/bookmarks/${added.body.id}`)).status).toBe(204);
    expect(await names(seller)).not.toContain('Acme pricing');
  });

  it('refuse a URL that is not http(s) or a path of the app, and a bad name, naming the field; nothing is written', async () => {
    const [mine] = (await seller.get('/api/bookmarks.json')).body as Bookmark[];
    const before = await table();
    const urls = ['javascript:alert(1)', '//evil.test/x', '/\\evil.test', 'ftp://files.test', 'https://', 'alerts?view=x', '/with space', 'data:text/html,hi'];
    for (const url of urls) {
      for (const res of [await seller.post('/api/bookmarks.json', { name: 'x', url }), await seller.put(`/api/bookmarks/${mine.id}`, { name: 'x', url })]) {
        expect(res.status, url).toBe(400);
        expect(res.body.error, url).toContain('url');
      }
    }
    const bodies: [object, string][] = [
      [{ name: '', url: '/x' }, 'name'],
      [{ name: '   ', url: '/x' }, 'name'],
      [{ name: 'x'.repeat(BOOKMARK_NAME_MAX + 1), url: '/x' }, 'name'],
      [{ name: 'x', url: `/${'a'.repeat(2048)}` }, 'url'],
      [{ name: 'x', url: '/x', colour: 'red' }, 'colour'],
      [{ url: '/x' }, 'name'],
    ];
    for (const [body, field] of bodies) {
      const res = await seller.post('/api/bookmarks.json', body);
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toContain(field);
    }
    for (const bad of ['abc', '-1', '0']) expect((await seller.put(`/api/bookmarks/${bad}`, { name: 'x', url: '/x' })).status).toBe(400);
    expect(await table()).toBe(before);
  });

  it('bookmark a URL once: a second bookmark of it, or moving another onto it, is a 400 naming url', async () => {
    const first = await seller.post('/api/bookmarks.json', { name: 'Dashboard', url: '/dashboard?tab=2' });
    const other = await seller.post('/api/bookmarks.json', { name: 'Search', url: '/search?q=sso' });
    const before = await table();
    const again = await seller.post('/api/bookmarks.json', { name: 'Dashboard again', url: '/dashboard?tab=2' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Invalid body: url is already bookmarked as "Dashboard"');
    expect((await seller.put(`/api/bookmarks/${other.body.id}`, { name: 'Search', url: '/dashboard?tab=2' })).status).toBe(400);
    expect(await table()).toBe(before);
    // Someone else may bookmark the same page.
    expect((await curator.post('/api/bookmarks.json', { name: 'Dashboard', url: '/dashboard?tab=2' })).status).toBe(201);
    await seller.delete(`/api/bookmarks/${first.body.id}`);
    await seller.delete(`/api/bookmarks/${other.body.id}`);
  });

  it('another user’s bookmark is a 404 and stays as it is', async () => {
    const theirs = await curator.post('/api/bookmarks.json', { name: 'Cory’s', url: '/alerts?view=working' });
    const before = await table();
    expect((await seller.put(`/api/bookmarks/${theirs.body.id}`, { name: 'Mine now', url: '/x' })).status).toBe(404);
    expect((await seller.delete(`/api/bookmarks/${theirs.body.id}`)).status).toBe(404);
    expect(await names(seller)).not.toContain('Cory’s');
    expect((await seller.get('/api/bookmarks.json?path=/alerts?view=working')).body).toEqual([]);
    expect(await table()).toBe(before);
  });

  it(`a user keeps at most ${BOOKMARKS_MAX}`, async () => {
    const have = ((await seller.get('/api/bookmarks.json')).body as Bookmark[]).length;
    await t.db.execute(sql`INSERT INTO bookmarks (company_id, user_id, name, url)
      SELECT company_id, id, 'Filler ' || g, '/filler/' || g FROM users, generate_series(1, ${BOOKMARKS_MAX - have}) g WHERE id = ${seller.me.id}`);
    const over = await seller.post('/api/bookmarks.json', { name: 'One too many', url: '/one-too-many' });
    expect(over.status).toBe(400);
    expect(over.body.error).toContain(`at most ${BOOKMARKS_MAX}`);
    expect((await curator.post('/api/bookmarks.json', { name: 'Still fine', url: '/one-too-many' })).status).toBe(201);
  });
});
