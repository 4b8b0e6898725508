// Monthly partitions of usage_events: made ahead of the months events arrive in, and dropped once past the
// retention (USAGE_RETENTION_MONTHS). The rollups stay: they are small, and reports of old periods read them.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';

const PARTITION = /^usage_events_y(\d{4})m(\d{2})$/;

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
const nameOf = (m: Date) => `usage_events_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`;

/** Partitions for every month from `from` to `to`, both included. Ones that exist are left alone. */
export async function ensureMonthPartitions(db: Exec, from: Date, to: Date): Promise<string[]> {
  const made: string[] = [];
  const existing = new Set(await partitionNames(db));
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) {
    const name = nameOf(m);
    if (existing.has(name)) continue;
    try {
      await db.execute(sql.raw(`CREATE TABLE IF NOT EXISTS ${name} PARTITION OF usage_events FOR VALUES FROM ('${m.toISOString()}') TO ('${addMonths(m, 1).toISOString()}')`));
      made.push(name);
    } catch (err) {
      // Another server made it at the same moment; anything else (rows of that month already in the default
      // partition) leaves the month in the default partition, where writes still land.
      if ((err as { code?: string }).code !== '42P07' && (err as { code?: string }).code !== '23505') throw err;
    }
  }
  return made;
}

export async function partitionNames(db: Exec): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = 'usage_events' ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Drops the months wholly before the retention's first month; returns what it dropped. */
export async function dropExpiredPartitions(db: Exec, retentionMonths: number, now: Date): Promise<string[]> {
  const keepFrom = addMonths(monthStart(now), -retentionMonths);
  const dropped: string[] = [];
  for (const name of await partitionNames(db)) {
    const m = PARTITION.exec(name);
    if (!m || Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) >= keepFrom.getTime()) continue;
    await db.execute(sql.raw(`DROP TABLE IF EXISTS ${name}`));
    dropped.push(name);
  }
  await db.execute(sql`DELETE FROM usage_events_default WHERE occurred_at < ${keepFrom.toISOString()}`);
  return dropped;
}

/** What the server keeps ready: last month (late events), this one and the next two. */
export const ensureCurrentPartitions = (db: Exec, now: Date) => ensureMonthPartitions(db, addMonths(monthStart(now), -1), addMonths(monthStart(now), 2));
