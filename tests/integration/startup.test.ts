// `npm start`'s process for real: embedded PostgreSQL under DATA_DIR, demo data on first start,
// a clean stop on SIGTERM, and the same data reused on the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'search-api/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${out}`)), 90_000);
    const check = setInterval(() => {
      if (out.includes('Rivalscope is ready')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
  return { child, output: () => out };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('npm start', () => {
  it('seeds on first start, stops cleanly on SIGTERM, and reuses the data next time', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toMatch(/demo data seeded/);
    const signin = await fetch(`http://127.0.0.1:${port}/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@demo.test', password: 'demo-password' }),
    });
    expect(signin.status).toBe(200);
    expect(await stop(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start(port);
    expect(second.output()).not.toMatch(/demo data seeded/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect((await health.json()).database.ok).toBe(true);
    expect(await stop(second.child)).toBe(0);
  }, 240_000);
});
