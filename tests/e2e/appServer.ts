// The product as the browser tests meet it: `search-api/main.ts` in a child process on its own fresh embedded
// PostgreSQL with demo data. Each Playwright worker starts one (fixtures.ts), so spec files run side by side
// without seeing each other's writes; the config starts one more whose sessions go idle after a few seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The port the config's own server listens on; E2E_PORT moves every server a test run starts. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * What every test server runs with. Every browser test signs in from the same loopback address: the per-IP sign-in
 * limit is lifted. Monitors may fetch the tests' own local sites, on 127.0.0.1 only. APP_URL is the server itself, so
 * the addresses it gives out (an identity provider's redirect URL) lead back to it.
 */
export function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    // A fresh database per server, deleted afterwards: its commits need not wait for the disk.
    EMBEDDED_POSTGRES_DURABLE: 'false',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    SIGNIN_ATTEMPTS_PER_IP: '100000',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  };
}

export type AppServer = { url: string; stop: () => Promise<void> };

/** Starts the product on `port` over an emptied `dataDir` (with `env` besides serverEnv's) and resolves once it answers its health check. */
export async function startAppServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<AppServer> {
  fs.rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'search-api/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv(port, dataDir, env) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, child, exited);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function untilHealthy(url: string, child: ChildProcess, exited: Promise<number | null>) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server for ${url} exited with ${child.exitCode} before it answered`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server for ${url} did not answer its health check within 3 minutes`);
}
