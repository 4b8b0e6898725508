// The PostgreSQL pool and the drizzle handle every service uses.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The database or a transaction of it. */
export type Exec = Pick<Db, 'execute' | 'select'>;

/** The rows of a raw SQL query, typed by the caller. */
export async function rowsOf<T>(db: Exec, q: SQL): Promise<T[]> {
  return (await db.execute(q)).rows as T[];
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function connect(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server must not crash the process; the next query reports the error.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Db;
}

/** Whether the database answers, and how fast (for the health report). */
export async function pingDatabase(db: Exec): Promise<{ ok: boolean; latencyMs?: number; error?: string }> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

/** drizzle's migrations alone: start through documents/triggers.ts `migrateDatabase`, which then applies the search trigger definitions. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
