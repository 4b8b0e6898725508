// A first landing page view queues the generation job, which reads its sources inside the job's transaction:
// one client, so its queries must run one after another. pg warns (once per process, a DeprecationWarning)
// when a query is sent to a client still executing another, and pg 9 will refuse it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runJob } from '../../search-api/jobs/store.ts';
import { landingGenerationJob } from '../../search-api/landing/generate.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
const warnings: string[] = [];
const onWarning = (w: Error) => void warnings.push(w.message);
const { rows, one } = sqlReads(() => t.db);

beforeAll(async () => {
  process.on('warning', onWarning);
  t = await testApp();
});
afterAll(async () => {
  process.off('warning', onWarning);
  await t.drop();
});

it('generates a first landing page without sending a query to a client that is still busy', async () => {
  const seller = await signIn(t.app, 'seller@demo.test');
  const companyId = await northwindId(t.db);
  const { id } = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Lumenary'`);
  expect((await seller.get(`/api/overviews/${id}/landing_page.json`)).status).toBe(200);
  const jobs = await rows<{ id: number }>(sql`SELECT id FROM jobs WHERE state = 'queued' AND kind = 'landingGeneration'`);
  expect(jobs).toHaveLength(1);
  await runJob(t.db, jobs[0].id, { landingGeneration: landingGenerationJob(t.db, { llm: null }) });
  const page = await seller.get(`/api/overviews/${id}/landing_page.json`);
  expect(page.body.generated.sections.map((s: { status: string }) => s.status)).toContain('succeeded');
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
});
