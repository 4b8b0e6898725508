// Editing one intel item on /alerts: its curated title, its rivals, and its related alerts, each change reaching the
// search engine through the outbox triggers (a search by the new title finds the item, a rival filter follows its
// rivals). Bad titles and rival lists are a 400 naming the field and write nothing; other companies' items and
// rivals are out of reach.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATED_TITLE_MAX, type IntelDetail, type IntelHit } from '../../contracts/intel.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
const { rows, one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  companyId = await northwindId(t.db);
});
afterAll(() => t.drop());

const used = new Set<number>([0]);
/** An unfolded item of the company with no related alerts, not used by another test. */
async function freshItem(): Promise<number> {
  const { id } = await one<{ id: number }>(sql`SELECT i.id FROM intel_items i WHERE i.company_id = ${companyId} AND i.state = 'unprocessed'
    AND i.related_to_id IS NULL AND NOT EXISTS (SELECT 1 FROM intel_items r WHERE r.related_to_id = i.id)
    AND NOT (i.id = ANY(${sql.param([...used])}::int[])) ORDER BY i.id LIMIT 1`);
  used.add(id);
  return id;
}
const rivalIds = async () => (await rows<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} ORDER BY id LIMIT 3`)).map((r) => r.id);
const rivalsOf = async (id: number) => (await rows<{ rival_id: number }>(sql`SELECT rival_id FROM intel_rivals WHERE intel_id = ${id} ORDER BY rival_id`)).map((r) => r.rival_id);
const itemRow = (id: number) => one<{ curated_title: string | null; updated_at: Date }>(sql`SELECT curated_title, updated_at FROM intel_items WHERE id = ${id}`);
const search = async (query: string): Promise<IntelHit[]> => {
  await t.search.indexer!.drain();
  const res = await curator.get(`/api/intel/v1?view=allIntel&${query}`);
  expect(res.status).toBe(200);
  return res.body.hits;
};

describe('the curated title', () => {
  it('is found by search once saved, and null gives the item its own title back', async () => {
    const id = await freshItem();
    const put = await curator.put(`/api/intel/${id}`, { curatedTitle: '  Zanzibar pricing overhaul  ' });
    expect(put.status).toBe(200);
    expect(put.body.curatedTitle).toBe('Zanzibar pricing overhaul');
    const found = await search('q=zanzibar');
    expect(found.map((h) => h.id)).toEqual([id]);
    expect(found[0].titleHtml).toBe('<em>Zanzibar</em> pricing overhaul');

    const renamed = await curator.patch(`/api/intel/v1/${id}`, { curatedTitle: 'Quokka launch recap' });
    expect(renamed.body.curatedTitle).toBe('Quokka launch recap');
    expect((await search('q=quokka')).map((h) => h.id)).toEqual([id]);
    expect(await search('q=zanzibar')).toEqual([]);

    const restored = await curator.put(`/api/intel/${id}`, { curatedTitle: null });
    expect(restored.body.curatedTitle).toBeNull();
    const [hit] = await search(`intelIds=${id}`);
    expect(hit.titleHtml).toBe(hit.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(await search('q=quokka')).toEqual([]);
  });

  it('an empty, blank or over-long title is a 400 naming curatedTitle, on PUT and PATCH, and nothing changes', async () => {
    const id = await freshItem();
    await curator.put(`/api/intel/${id}`, { curatedTitle: 'Kept as it is' });
    const before = await itemRow(id);
    for (const curatedTitle of ['', '   ', 'x'.repeat(CURATED_TITLE_MAX + 1)]) {
      for (const res of [await curator.put(`/api/intel/${id}`, { curatedTitle }), await curator.patch(`/api/intel/v1/${id}`, { curatedTitle })]) {
        expect(res.status, JSON.stringify(curatedTitle).slice(0, 20)).toBe(400);
        expect(res.body.error).toContain('curatedTitle');
      }
    }
    expect(await itemRow(id)).toEqual(before);
    expect((await curator.put(`/api/intel/${id}`, { curatedTitle: 'x'.repeat(CURATED_TITLE_MAX) })).status).toBe(200);
  });
});

describe('rivals', () => {
  it('added, replaced and removed, with the rival filter following each change', async () => {
    const id = await freshItem();
    const [a, b, c] = await rivalIds();
    await curator.put(`/api/intel/${id}`, { rivalIds: [] });
    expect((await curator.patch(`/api/intel/v1/${id}`, { addRivalIds: [a, b] })).body.rivals.map((r: { id: number }) => r.id)).toEqual([a, b]);
    expect((await search(`intelIds=${id}&rivalIds=${b}`)).map((h) => h.id)).toEqual([id]);

    const removed = await curator.delete(`/api/intel/v1/${id}/rival/${b}`);
    expect(removed.status).toBe(200);
    expect(removed.body.rivals.map((r: { id: number }) => r.id)).toEqual([a]);
    expect(await search(`intelIds=${id}&rivalIds=${b}`)).toEqual([]);

    expect((await curator.put(`/api/intel/${id}`, { rivalIds: [c] })).body.rivals.map((r: { id: number }) => r.id)).toEqual([c]);
    expect((await search(`intelIds=${id}&rivalIds=${c}`)).map((h) => h.rivals.map((r) => r.id))).toEqual([[c]]);
    expect(await rivalsOf(id)).toEqual([c]);
  });

  it('a repeated, unknown or foreign rival is a 400 naming the field; removing a rival the item lacks is a 404', async () => {
    const id = await freshItem();
    const [a, b] = await rivalIds();
    await curator.put(`/api/intel/${id}`, { rivalIds: [a] });
    const outsider = await signInOutsider(t);
    const [foreign] = await rows<{ id: number }>(sql`INSERT INTO rivals (company_id, name)
      SELECT id, 'Foreign rival' FROM companies WHERE name = 'Other Co' RETURNING id`);
    const cases: [() => Promise<{ status: number; body: { error: string } }>, string][] = [
      [() => curator.put(`/api/intel/${id}`, { rivalIds: [b, b] }), 'rivalIds'],
      [() => curator.patch(`/api/intel/v1/${id}`, { addRivalIds: [b, b] }), 'addRivalIds'],
      [() => curator.put(`/api/intel/${id}`, { rivalIds: [foreign.id] }), 'rivalIds'],
      [() => curator.patch(`/api/intel/v1/${id}`, { addRivalIds: [foreign.id] }), 'addRivalIds'],
      [() => curator.delete(`/api/intel/v1/${id}/rival/abc`), 'rivalId'],
    ];
    for (const [call, field] of cases) {
      const res = await call();
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toContain(field);
    }
    expect(await rivalsOf(id)).toEqual([a]);
    expect((await curator.delete(`/api/intel/v1/${id}/rival/${b}`)).status).toBe(404);
    // Another company's curator reaches neither the item nor its rivals.
    expect((await outsider.put(`/api/intel/${id}`, { curatedTitle: 'Taken' })).status).toBe(404);
    expect((await outsider.delete(`/api/intel/v1/${id}/rival/${a}`)).status).toBe(404);
    expect(await rivalsOf(id)).toEqual([a]);
  });
});

describe('related alerts', () => {
  it('are listed with the item, and each is changed or deleted on its own', async () => {
    const parent = await one<{ id: number }>(sql`SELECT i.id FROM intel_items i WHERE i.company_id = ${companyId} AND i.related_to_id IS NULL
      AND (SELECT count(*) FROM intel_items r WHERE r.related_to_id = i.id AND r.state <> 'deleted') >= 1 ORDER BY i.id LIMIT 1`);
    const detail = (await curator.get(`/api/intel/v1/${parent.id}`)).body as IntelDetail;
    expect(detail.related.length).toBeGreaterThan(0);
    expect(detail.related.map((r) => r.relatedToId)).toEqual(detail.related.map(() => parent.id));
    const alert = detail.related.find((r) => r.state !== 'deleted')!;

    expect((await curator.patch(`/api/intel/v1/${alert.id}`, { state: 'working' })).body.state).toBe('working');
    const deleted = await curator.patch(`/api/intel/v1/${alert.id}`, { state: 'deleted' });
    expect(deleted.body).toMatchObject({ id: alert.id, state: 'deleted', actionedBy: { id: curator.me.id } });
    const after = (await curator.get(`/api/intel/v1/${parent.id}`)).body as IntelDetail;
    expect(after.related.find((r) => r.id === alert.id)?.state).toBe('deleted');
    // The parent itself is untouched, and the engine sees the alert deleted.
    expect(after.state).toBe(detail.state);
    expect((await search(`intelIds=${alert.id}&relatedAlerts=false&states=deleted`)).map((h) => h.id)).toEqual([alert.id]);
  });
});
