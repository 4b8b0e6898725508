// What a start of the embedded engine logs about its snapshot (indexer/bootstrap.ts): a first start, with no
// snapshot yet, says so once at info; a corrupt snapshot is a warning. Either way the indexes are built.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEngine } from '../../engine/factory.ts';
import { prepareIndexes } from '../../indexer/bootstrap.ts';
import { allIndexes } from '../../documents/index.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';

let t: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  t = await freshDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rs-snapshot-'));
});
afterAll(async () => {
  await t.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts the embedded engine on dataDir as the server does and answers the lines it logged (level names). */
async function start(): Promise<{ level: string; msg: string }[]> {
  const lines: { level: string; msg: string }[] = [];
  const write = (line: string) => {
    const { level, msg } = JSON.parse(line);
    lines.push({ level: pino.levels.labels[level], msg });
  };
  const logger = pino({ level: 'info' }, { write });
  const engine = await openEngine({ SEARCH_ENGINE: 'embedded', DATA_DIR: dataDir }, allIndexes);
  await prepareIndexes(t.db, engine, { logger });
  await engine.close();
  return lines;
}

it('says once at info that there is no snapshot yet on a first start, and warns about a corrupt one', async () => {
  const first = await start();
  expect(first.filter((l) => /snapshot/.test(l.msg))).toEqual([{ level: 'info', msg: expect.stringMatching(/^no snapshot yet/) }]);
  expect(first.filter((l) => l.level !== 'info')).toEqual([]);
  expect(first.filter((l) => l.msg === 'index built')).toHaveLength(allIndexes.length);

  // Closing wrote a snapshot: the next start loads it and says nothing about it.
  expect((await start()).filter((l) => /snapshot/.test(l.msg))).toEqual([]);

  await fs.writeFile(path.join(dataDir, 'engine', 'manifest.json'), '{ not json');
  const corrupt = await start();
  expect(corrupt.filter((l) => /snapshot/.test(l.msg))).toEqual([{ level: 'warn', msg: expect.stringMatching(/corrupt/) }]);
  expect(corrupt.filter((l) => l.msg === 'index built')).toHaveLength(allIndexes.length);
});
