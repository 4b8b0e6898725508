// `npm start`'s process for real: embedded PostgreSQL under DATA_DIR, demo data on first start,
// a clean stop on SIGTERM and on a terminal's Ctrl-C (SIGINT to the whole process group, embedded
// PostgreSQL included), and the same data reused on the next start. Killed outright with its process group
// (as test runners stop servers), the server leaves no PostgreSQL running behind it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded.ts';
import { until } from '../reliability/server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number): Promise<{ child: ChildProcess; output: () => string; stderr: () => string }> {
  // Detached: the server leads a process group, as a command started in a terminal does.
  const child = spawn(process.execPath, ['--import', 'tsx', 'search-api/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => {
    out += d;
    err += d;
  });
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
  return { child, output: () => out, stderr: () => err };
}

/**
 * SIGTERM to the server, as a service manager sends it; SIGINT to its process group, as Ctrl-C does; or
 * SIGKILL to its process group, as Playwright stops its web servers.
 */
const stop = (child: ChildProcess, how: 'SIGTERM' | 'Ctrl-C' | 'kill') =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    if (how === 'SIGTERM') child.kill('SIGTERM');
    else process.kill(-child.pid!, how === 'Ctrl-C' ? 'SIGINT' : 'SIGKILL');
  });
const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');

/** Log lines at warn or above (pino levels: 40 warn, 50 error, 60 fatal). */
const problems = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 40);

describe('npm start', () => {
  it('seeds on first start, stops cleanly on SIGTERM and on Ctrl-C, and reuses the data next time', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toMatch(/demo data seeded/);
    const signin = await fetch(`http://127.0.0.1:${port}/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@demo.test', password: 'demo-password' }),
    });
    expect(signin.status).toBe(200);
    expect(await stop(first.child, 'SIGTERM')).toBe(0);
    expect(problems(first.output())).toEqual([]);
    expect(first.stderr()).toBe('');
    expect(fs.existsSync(pidFile)).toBe(false);

    const second = await start(port);
    expect(second.output()).not.toMatch(/demo data seeded/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect((await health.json()).database.ok).toBe(true);
    expect(await stop(second.child, 'Ctrl-C')).toBe(0);
    expect(problems(second.output())).toEqual([]);
    expect(second.stderr()).toBe('');
    expect(second.output()).toMatch(/"signal":"SIGINT","msg":"shutting down"/);
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 240_000);

  it('leaves no PostgreSQL running when killed outright with its process group', async () => {
    const port = await freePort();
    const run = await start(port);
    expect(fs.existsSync(pidFile)).toBe(true);
    expect(await stop(run.child, 'kill')).toBe(null);
    // PostgreSQL runs in a process group of its own (so Ctrl-C does not reach it first); its watchdog stops it.
    await until(async () => !fs.existsSync(pidFile), 'PostgreSQL to stop', 60_000);
    const next = await start(port);
    expect((await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).database.ok).toBe(true);
    expect(await stop(next.child, 'SIGTERM')).toBe(0);
  }, 240_000);
});
