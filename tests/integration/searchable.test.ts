// Read your own writes (search-api/search/searchable.ts): with the indexer running, a change to an intel item
// answers once the feed, which reads the search engine, shows it, so the client's one refetch after it is current.
// With no indexer running nothing would index the change, and the write does not wait for it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IntelListResponse } from '../../contracts/intel.ts';
import { untilSearchable } from '../../search-api/search/searchable.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let companyId: number;

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  companyId = await northwindId(t.db);
});
afterAll(() => t.drop());

const unprocessed = async (n: number): Promise<number[]> =>
  ((await t.db.execute(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND state = 'unprocessed' AND related_to_id IS NULL ORDER BY id LIMIT ${n}`)).rows as { id: number }[]).map((r) => r.id);
const shown = async (params: string): Promise<number[]> => {
  const res = await curator.get(`/api/intel/v1?${params}&size=200`);
  expect(res.status).toBe(200);
  return (res.body as IntelListResponse).hits.map((h) => h.id);
};
const pending = async () => Number(((await t.db.execute(sql`SELECT count(*) AS n FROM search_outbox WHERE version > indexed_version`)).rows[0] as { n: string }).n);

it('with the indexer running, a change is in the feed as soon as its request answers, for one item and a bulk update', async () => {
  await t.search.indexer!.start();
  try {
    const [one, ...many] = await unprocessed(6);
    expect((await curator.patch(`/api/intel/v1/${one}`, { state: 'archived' })).status).toBe(200);
    expect(await shown(`view=archived&intelIds=${one}`)).toContain(one);
    expect(await shown(`view=unprocessed&intelIds=${one}`)).not.toContain(one);

    const bulk = await curator.patch('/api/intel/v1', { intelIds: many, update: { priority: 'important' } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.completedNow).toBe(true);
    expect(await shown(`view=unprocessed&priorities=important&intelIds=${many.join(',')}`)).toEqual(expect.arrayContaining(many));
  } finally {
    await t.search.indexer!.stop();
  }
});

it('with no indexer running, a write answers without waiting for the change that stays pending', async () => {
  const [id] = await unprocessed(1);
  expect((await curator.patch(`/api/intel/v1/${id}`, { priority: 'interesting' })).status).toBe(200);
  expect(await pending()).toBeGreaterThan(0);
  // A wait of an hour returns at once: the test would time out otherwise.
  await untilSearchable(t.db, companyId, 'intel', 3_600_000);
  expect(await pending()).toBeGreaterThan(0);
  await t.search.indexer!.drain();
  expect(await shown(`view=unprocessed&priorities=interesting&intelIds=${id}`)).toContain(id);
});
