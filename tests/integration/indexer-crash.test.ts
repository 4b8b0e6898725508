// Kill the indexer (a real child process) with SIGKILL in the middle of indexing, restart it, and
// check that the engine's ids and versions equal PostgreSQL's: nothing lost, nothing stale.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import { allIndexes, type IndexName } from '../../documents/index.ts';
import { freshDatabase } from '../helpers/db.ts';
import { engineMatchesDatabase } from '../helpers/search.ts';

const t = await freshDatabase({ demo: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-indexer-'));
afterAll(async () => {
  await t.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startIndexer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'indexer/main.ts'], {
    env: { ...process.env, DATABASE_URL: t.url, DATA_DIR: dataDir, SEARCH_ENGINE: 'embedded', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`indexer not ready:\n${out}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('indexer ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`indexer exited with ${code}:\n${out}`)));
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
const pending = async () =>
  ((await t.db.execute(sql`SELECT count(*)::int AS n FROM search_outbox WHERE version > indexed_version`)).rows[0] as { n: number }).n;

it('loses nothing and leaves nothing stale after a SIGKILL mid-batch', async () => {
  // First run builds the indexes and writes a snapshot on a clean stop.
  const first = await startIndexer();
  first.kill('SIGTERM');
  await exited(first);

  const second = await startIndexer();
  // A stream of edits the indexer is busy with when it dies.
  const writes = (async () => {
    for (let i = 0; i < 30; i++) {
      await t.db.execute(sql`UPDATE intel_items SET title = title || ' (updated)' WHERE id % 30 = ${i}`);
      await t.db.execute(sql`UPDATE cards SET name = name || ' ✎' WHERE id % 30 = ${i}`);
    }
  })();
  await new Promise((r) => setTimeout(r, 1_500));
  second.kill('SIGKILL');
  await exited(second);
  await writes;
  const pendingAfterKill = await pending();

  const third = await startIndexer();
  await expect.poll(pending, { timeout: 60_000, interval: 250 }).toBe(0);
  third.kill('SIGTERM');
  await exited(third);

  // The snapshot the indexer left behind holds exactly PostgreSQL's ids and versions.
  const engine = await createEmbeddedEngine({ dataDir: path.join(dataDir, 'engine'), indexes: allIndexes, persistIntervalMs: -1 });
  try {
    for (const def of allIndexes) {
      expect(await engineMatchesDatabase(t.db, engine, def.name as IndexName), def.name).toEqual({ missing: [], stale: [], extra: [] });
    }
    const hit = await engine.search('intel', { query: { match: { title: 'updated' } }, size: 1 });
    expect(hit.total.value).toBeGreaterThan(4000);
  } finally {
    await engine.close();
  }
  expect(pendingAfterKill).toBeGreaterThanOrEqual(0);
}, 300_000);
