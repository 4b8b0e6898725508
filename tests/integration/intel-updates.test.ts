// Changes to intel items through the API: state transitions and publishing rules, edits, rivals, summaries,
// submit intel, saved views, and who may do what (consumers: only submit intel). Bad input writes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEL_STATES, type IntelHit } from '../../contracts/intel.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let admin: Session;
let seller: Session;
let companyId: number;

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  admin = await signIn(t.app, 'admin@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = ((await t.db.execute(sql`SELECT id FROM companies WHERE name = 'Northwind Analytics'`)).rows[0] as { id: number }).id;
});
afterAll(() => t.drop());

type Row = { id: number; state: string; priority: string | null; published_at: Date | null; actioned_by_id: number | null; actioned_at: Date | null; updated_at: Date; curated_title: string | null; summary: string | null; topics: string[] };
const row = async (id: number) => (await t.db.execute(sql`SELECT * FROM intel_items WHERE id = ${id}`)).rows[0] as Row;
const postOf = async (id: number) => ((await t.db.execute(sql`SELECT id FROM posts WHERE intel_id = ${id}`)).rows[0] as { id: number } | undefined)?.id;
/** An item of the company in a state, published or not, not yet used by another test. */
const used = new Set<number>();
async function item(state: string, published = false): Promise<number> {
  const { rows } = await t.db.execute(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND state = ${state}
    AND (published_at IS NOT NULL) = ${published} AND related_to_id IS NULL AND NOT (id = ANY(${sql.param([...used, 0])}::int[])) ORDER BY id LIMIT 1`);
  const id = (rows[0] as { id: number }).id;
  used.add(id);
  return id;
}
const fingerprint = async () =>
  JSON.stringify((await t.db.execute(sql`SELECT md5(string_agg(i::text, ',' ORDER BY id)) AS h FROM intel_items i WHERE company_id = ${companyId}`)).rows) +
  JSON.stringify((await t.db.execute(sql`SELECT count(*) FROM posts`)).rows) +
  JSON.stringify((await t.db.execute(sql`SELECT count(*) FROM intel_rivals`)).rows) +
  JSON.stringify((await t.db.execute(sql`SELECT count(*) FROM intel_views`)).rows);

describe('state transitions', () => {
  it('moves an item through every state and records who actioned it', async () => {
    const id = await item('unprocessed');
    for (const state of ['working', 'archived', 'deleted', 'unprocessed', 'working'] as const) {
      const res = await curator.patch(`/api/intel/v1/${id}`, { state });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, state, actionedBy: { id: curator.me.id, name: 'Cory Curator' } });
      const r = await row(id);
      expect(r.state).toBe(state);
      expect(r.actioned_by_id).toBe(curator.me.id);
      expect(r.actioned_at).not.toBeNull();
    }
    expect(INTEL_STATES).toHaveLength(4);
  });

  it('sets and clears the priority; the list sees the change once indexed', async () => {
    const id = await item('working');
    expect((await curator.patch(`/api/intel/v1/${id}`, { priority: 'important' })).body.priority).toBe('important');
    await t.search.indexer!.drain();
    const listed = await curator.get(`/api/intel/v1?intelIds=${id}&priorities=important`);
    expect(listed.body.hits.map((h: IntelHit) => h.id)).toEqual([id]);
    expect((await curator.patch(`/api/intel/v1/${id}`, { priority: null })).body.priority).toBeNull();
  });
});

describe('publishing rules', () => {
  it('publish archives the item, sets publishedAt and creates its post; republish keeps the post', async () => {
    const id = await item('working');
    const res = await curator.patch(`/api/intel/v1/${id}`, { publishIntel: true });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('archived');
    expect(res.body.publishedAt).not.toBeNull();
    const post = await postOf(id);
    expect(res.body.postId).toBe(post);
    const first = (await row(id)).published_at!;
    const again = await curator.patch(`/api/intel/v1/${id}`, { publishIntel: true });
    expect(again.body.state).toBe('archived');
    expect(new Date(again.body.publishedAt).getTime()).toBeGreaterThanOrEqual(new Date(first).getTime());
    expect(await postOf(id)).toBe(post);
    await t.search.indexer!.drain();
    const published = await curator.get(`/api/intel/v1?view=published&intelIds=${id}`);
    expect(published.body.hits[0]).toMatchObject({ id, postId: post });
  });

  it('unpublish needs a publishedAt: 409 otherwise; the post is kept for digests', async () => {
    const id = await item('archived', true);
    const post = await postOf(id);
    const res = await curator.post(`/api/intel/v1/${id}/unpublish`);
    expect(res.status).toBe(200);
    expect(res.body.publishedAt).toBeNull();
    expect((await row(id)).state).toBe('archived');
    expect(await postOf(id)).toBe(post);
    const twice = await curator.post(`/api/intel/v1/${id}/unpublish`);
    expect(twice.status).toBe(409);
    const never = await item('working');
    expect((await curator.post(`/api/intel/v1/${never}/unpublish`)).status).toBe(409);
    expect((await curator.patch(`/api/intel/v1/${never}`, { publishIntel: false })).status).toBe(409);
    expect((await row(never)).state).toBe('working');
  });

  it('refuses publishing with a contradicting state, writing nothing', async () => {
    const id = await item('working');
    const before = await fingerprint();
    const res = await curator.patch(`/api/intel/v1/${id}`, { publishIntel: true, state: 'working' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('state');
    expect(await fingerprint()).toBe(before);
  });
});

describe('edits', () => {
  it('PATCH curatedTitle, summary, topics and addRivalIds; PUT replaces rivals; DELETE removes one rival', async () => {
    const id = await item('working');
    const rivals = ((await t.db.execute(sql`SELECT id FROM rivals WHERE company_id = ${companyId} ORDER BY id LIMIT 3`)).rows as { id: number }[]).map((r) => r.id);
    const res = await curator.patch(`/api/intel/v1/${id}`, { curatedTitle: 'Curated', summary: 'Short', topics: ['pricing', 'pricing', 'sso'], addRivalIds: [rivals[0]] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ curatedTitle: 'Curated', summary: 'Short', topics: ['pricing', 'sso'] });
    expect(res.body.rivals.map((r: { id: number }) => r.id)).toContain(rivals[0]);
    const put = await curator.put(`/api/intel/${id}`, { curatedTitle: 'Edited', rivalIds: [rivals[1], rivals[2]] });
    expect(put.status).toBe(200);
    expect(put.body.curatedTitle).toBe('Edited');
    expect(put.body.rivals.map((r: { id: number }) => r.id)).toEqual([rivals[1], rivals[2]]);
    const del = await curator.delete(`/api/intel/v1/${id}/rival/${rivals[1]}`);
    expect(del.status).toBe(200);
    expect(del.body.rivals.map((r: { id: number }) => r.id)).toEqual([rivals[2]]);
    expect((await curator.delete(`/api/intel/v1/${id}/rival/${rivals[1]}`)).status).toBe(404);
    await t.search.indexer!.drain();
    const found = await curator.get(`/api/intel/v1?q=Edited&intelIds=${id}`);
    expect(found.body.hits[0].titleHtml).toBe('<em>Edited</em>');
  });

  it('summarize stores an extractive summary made of the body’s sentences', async () => {
    const id = await item('unprocessed');
    await t.db.execute(sql`UPDATE intel_items SET body = ${'Acme cut its pricing by half for enterprise plans. The weather was nice. ' +
      'Enterprise plans now include SSO and pricing tiers for analytics. Lunch was served. Analytics pricing for enterprise buyers changed twice this year. Nobody came.'} WHERE id = ${id}`);
    const res = await curator.post(`/api/intel/v1/${id}/summarize`);
    expect(res.status).toBe(200);
    expect(res.body.method).toBe('extractive');
    expect(res.body.summary).toContain('Acme cut its pricing by half for enterprise plans.');
    expect(res.body.summary).not.toContain('Lunch was served.');
    expect((await row(id)).summary).toBe(res.body.summary);
  });

  it('bad input is a 400 naming the field and writes nothing', async () => {
    const id = await item('working');
    const before = await fingerprint();
    const cases: [() => Promise<{ status: number; body: { error: string } }>, string][] = [
      [() => curator.patch(`/api/intel/v1/${id}`, { state: 'gone' }), 'state'],
      [() => curator.patch(`/api/intel/v1/${id}`, { priority: 'urgent' }), 'priority'],
      [() => curator.patch(`/api/intel/v1/${id}`, { colour: 'red' }), 'colour'],
      [() => curator.patch(`/api/intel/v1/${id}`, {}), 'update must change something'],
      [() => curator.patch(`/api/intel/v1/${id}`, { state: 'working', addRivalIds: [999_999] }), 'addRivalIds'],
      [() => curator.put(`/api/intel/${id}`, { rivalIds: [999_999] }), 'rivalIds'],
      [() => curator.patch('/api/intel/v1/abc', { state: 'working' }), 'intelId'],
      [() => curator.post('/api/intel/v1/views', { name: '', filters: '' }), 'name'],
      [() => curator.post('/api/intel/v1/views', { name: 'x', filters: 'states=bogus' }), 'states'],
      [() => seller.post('/api/alerts.json', { item: { alert_type: 'in-app', title: 't', content: '' }, rivals: null }), 'content'],
      [() => seller.post('/api/alerts.json', { item: { alert_type: 'in-app', content: 'x' }, rivals: [999_999] }), 'rivals'],
    ];
    for (const [call, field] of cases) {
      const res = await call();
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toContain(field);
    }
    expect(await fingerprint()).toBe(before);
    expect((await curator.patch('/api/intel/v1/999999999', { state: 'working' })).status).toBe(404);
  });
});

describe('submit intel', () => {
  it('any signed-in user submits an unprocessed in-app item about a rival or none, with sanitized content', async () => {
    const rival = ((await t.db.execute(sql`SELECT id FROM rivals WHERE company_id = ${companyId} ORDER BY id LIMIT 1`)).rows[0] as { id: number }).id;
    const res = await seller.post('/api/alerts.json', {
      item: { alert_type: 'in-app', title: 'Heard on a call', content: '<p>They dropped <b>prices</b><script>alert(1)</script><img src=x onerror=alert(1)></p>' },
      rivals: [rival],
    });
    expect(res.status).toBe(201);
    const r = (await t.db.execute(sql`SELECT * FROM intel_items WHERE id = ${res.body.id}`)).rows[0] as Record<string, unknown>;
    expect(r).toMatchObject({ state: 'unprocessed', channel: 'in_app', submitted_by_id: seller.me.id, title: 'Heard on a call' });
    expect(r.body).toContain('<b>prices</b>');
    expect(r.body).not.toMatch(/script|onerror/);
    const rivals = (await t.db.execute(sql`SELECT rival_id FROM intel_rivals WHERE intel_id = ${res.body.id}`)).rows;
    expect(rivals).toEqual([{ rival_id: rival }]);

    const none = await curator.post('/api/alerts.json', { item: { alert_type: 'in-app', content: 'A rumour about nobody in particular' }, rivals: null });
    expect(none.status).toBe(201);
    expect(none.body.title).toBe('A rumour about nobody in particular');
    await t.search.indexer!.drain();
    const listed = await curator.get(`/api/intel/v1?intelIds=${res.body.id},${none.body.id}&sort=oldest`);
    expect(listed.body.hits.map((h: IntelHit) => [h.id, h.submittedBy?.name, h.channel])).toEqual([
      [res.body.id, 'Sam Seller', 'in_app'],
      [none.body.id, 'Cory Curator', 'in_app'],
    ]);
    const aboutNone = await curator.get(`/api/intel/v1?intelIds=${res.body.id},${none.body.id}&rivalIds=null`);
    expect(aboutNone.body.hits.map((h: IntelHit) => h.id)).toEqual([none.body.id]);
  });
});

describe('saved views', () => {
  it('mine plus shared ones; custom-{id} applies the filters; only the owner changes or deletes', async () => {
    const mine = await curator.post('/api/intel/v1/views', { name: 'Working important', filters: 'states=working&priorities=important&offset=50&view=allIntel', shared: false });
    expect(mine.status).toBe(201);
    expect(mine.body.filters).toEqual({ states: [{ value: 'working', type: 'should' }], priorities: [{ value: 'important', type: 'should' }] });
    const shared = await admin.post('/api/intel/v1/views', { name: 'Team deleted', filters: 'states=deleted', shared: true });
    const secret = await admin.post('/api/intel/v1/views', { name: 'Admin only', filters: 'states=archived' });
    const names = (await curator.get('/api/intel/v1/views')).body.views.map((v: { name: string; mine: boolean }) => [v.name, v.mine]);
    expect(names).toEqual(expect.arrayContaining([['Working important', true], ['Team deleted', false]]));
    expect(names.map((n: [string]) => n[0])).not.toContain('Admin only');

    const viaView = await curator.get(`/api/intel/v1?view=custom-${mine.body.id}&size=0`);
    const direct = await curator.get('/api/intel/v1?states=working&priorities=important&size=0');
    expect(viaView.body.pagination.total).toBe(direct.body.pagination.total);
    expect((await curator.get(`/api/intel/v1?view=custom-${shared.body.id}&size=0`)).status).toBe(200);
    expect((await curator.get(`/api/intel/v1?view=custom-${secret.body.id}&size=0`)).status).toBe(404);

    expect((await curator.put(`/api/intel/v1/views/${shared.body.id}`, { name: 'Mine now', filters: '' })).status).toBe(403);
    expect((await curator.delete(`/api/intel/v1/views/${shared.body.id}`)).status).toBe(403);
    const renamed = await curator.put(`/api/intel/v1/views/${mine.body.id}`, { name: 'Renamed', filters: 'states=archived', shared: true });
    expect(renamed.body).toMatchObject({ name: 'Renamed', shared: true, mine: true });
    expect((await curator.delete(`/api/intel/v1/views/${mine.body.id}`)).status).toBe(204);
    expect((await curator.get('/api/intel/v1/views')).body.views.map((v: { id: number }) => v.id)).not.toContain(mine.body.id);
  });
});

describe('permissions', () => {
  it('consumers get 403 on every intel route except submit intel', async () => {
    const id = await item('unprocessed');
    const before = await fingerprint();
    const calls: [string, () => Promise<{ status: number }>][] = [
      ['list', () => seller.get('/api/intel/v1')],
      ['batch', () => seller.post('/api/intel/v1/batch', { searches: [''] })],
      ['count', () => seller.get('/api/intel/v1/count')],
      ['topics', () => seller.get('/api/intel/v1/topics')],
      ['one', () => seller.get(`/api/intel/v1/${id}`)],
      ['patch', () => seller.patch(`/api/intel/v1/${id}`, { state: 'deleted' })],
      ['put', () => seller.put(`/api/intel/${id}`, { curatedTitle: 'x' })],
      ['remove rival', () => seller.delete(`/api/intel/v1/${id}/rival/1`)],
      ['unpublish', () => seller.post(`/api/intel/v1/${id}/unpublish`)],
      ['summarize', () => seller.post(`/api/intel/v1/${id}/summarize`)],
      ['bulk', () => seller.patch('/api/intel/v1/', { intelIds: [id], update: { state: 'deleted' } })],
      ['job', () => seller.get('/api/intel/v1/jobs/1')],
      ['cancel', () => seller.post('/api/intel/v1/jobs/1/cancel')],
      ['views', () => seller.get('/api/intel/v1/views')],
      ['new view', () => seller.post('/api/intel/v1/views', { name: 'x', filters: '' })],
      ['edit view', () => seller.put('/api/intel/v1/views/1', { name: 'x', filters: '' })],
      ['delete view', () => seller.delete('/api/intel/v1/views/1')],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(403);
    expect(await fingerprint()).toBe(before);
  });
});
