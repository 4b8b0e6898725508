// A real server on its own PostgreSQL, for fault tests: the product's startServer with a database and a
// search engine the test can take away and bring back. Talks HTTP like a browser (cookie + CSRF header).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';
import { loadConfig } from '../../server-shared/config.ts';
import { startServer, type Running } from '../../search-api/server.ts';

export type FaultServer = {
  dataDir: string;
  pg: EmbeddedDatabase;
  server: Running;
  /** Stops PostgreSQL, keeping its data. */
  stopDatabase: () => Promise<void>;
  /** Starts PostgreSQL again on the same port. */
  startDatabase: () => Promise<void>;
  restartServer: (env?: Record<string, string>) => Promise<void>;
  close: () => Promise<void>;
};

export async function startFaultServer(env: Record<string, string> = {}): Promise<FaultServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-faults-'));
  let pg = await startEmbeddedPostgres(dataDir);
  const boot = async (extra: Record<string, string>) => {
    const server = await startServer(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: pg.url, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', ...env, ...extra }),
      pino({ level: 'silent' }),
    );
    // The demo's knowledge-hub files are read by jobs from the first start: a fault is injected once they are done, since
    // pg-boss 10 settles a delivery without awaiting it, and a database stopped at that moment is an unhandled rejection.
    await until(async () => {
      const { rows } = await server.db.execute(sql`SELECT count(*)::int AS n FROM knowledge_files WHERE extraction IN ('pending', 'running')`);
      return (rows[0] as { n: number }).n === 0;
    }, 'the demo files to be read');
    return server;
  };
  const fs_: FaultServer = {
    dataDir,
    pg,
    server: await boot({}),
    stopDatabase: () => pg.stop(),
    startDatabase: async () => {
      pg = await startEmbeddedPostgres(dataDir, { port: pg.port });
      fs_.pg = pg;
    },
    restartServer: async (extra = {}) => {
      await fs_.server.close();
      fs_.server = await boot(extra);
    },
    close: async () => {
      await fs_.server.close().catch(() => {});
      await pg.stop().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fs_;
}

/** A signed-in browser-like client of a running server. */
export async function httpSession(baseUrl: () => string, email: string, password = 'demo-password') {
  const signin = await fetch(`${baseUrl()}/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signin.status !== 200) throw new Error(`sign-in failed: ${signin.status}`);
  const cookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = await (await fetch(`${baseUrl()}/api/users/me.json`, { headers: { cookie } })).json();
  const csrf: string = me.csrfToken;
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl()}${url}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  return { get: (url: string) => call('GET', url), send: call };
}

/** Polls until `check` holds; answers the milliseconds it took. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
