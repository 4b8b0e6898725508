// Which writes make a search document stale, as current-state SQL: `outbox.sql` (what they share) and one
// `<index>.sql` per document kind beside its read query. They are applied after drizzle's migrations, every
// time they change, replacing whatever trigger definitions the database held: the files are the truth, and
// nobody has to read migration history to know which writes reindex what.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { runMigrations, type Db } from '../db/client.ts';
import { indexes } from './index.ts';

/** The definition files in the order they are applied: the shared functions first. */
export function triggerFiles(): { name: string; sql: string }[] {
  return ['outbox', ...Object.keys(indexes)].map((name) => ({
    name: `${name}.sql`,
    sql: fs.readFileSync(path.join(import.meta.dirname, `${name}.sql`), 'utf8'),
  }));
}

const definitionsHash = (files: { sql: string }[]) =>
  crypto.createHash('sha256').update(files.map((f) => f.sql).join('\0')).digest('hex').slice(0, 16);

/** The mark the applied definitions leave on search_mark, so that a start with unchanged files changes nothing. */
const STAMP = 'search trigger definitions ';

/** The database's schema: drizzle's migrations, then the current trigger definitions. */
export async function migrateDatabase(db: Db): Promise<void> {
  await runMigrations(db);
  await applyTriggerDefinitions(db);
}

/**
 * Applies the definition files in one transaction, under a lock (the API and the indexer may start at once):
 * drops every search trigger, runs the files, and drops the search functions they no longer define. Skipped
 * when the database holds these very files already, unless forced.
 */
export async function applyTriggerDefinitions(db: Db, opts: { force?: boolean } = {}): Promise<void> {
  const files = triggerFiles();
  const stamp = STAMP + definitionsHash(files);
  await db.transaction(async (tx) => {
    const rows = async <T>(q: SQL) => (await tx.execute(q)).rows as T[];
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('search trigger definitions'))`);
    const [current] = await rows<{ stamp: string | null }>(
      sql`SELECT obj_description(p.oid, 'pg_proc') AS stamp FROM pg_proc p WHERE p.proname = 'search_mark'`,
    );
    if (!opts.force && current?.stamp === stamp) return;
    const triggers = await rows<{ tgname: string; relname: string }>(sql`
      SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND t.tgname LIKE 'search\_%'`);
    for (const t of triggers) await tx.execute(sql`DROP TRIGGER ${sql.identifier(t.tgname)} ON ${sql.identifier(t.relname)}`);
    // Without parameters the driver sends a file as one simple query: its statements run in order.
    for (const f of files) await tx.execute(sql.raw(f.sql));
    const defined = new Set(files.flatMap((f) => [...f.sql.matchAll(/CREATE OR REPLACE FUNCTION (\w+)/g)].map((m) => m[1])));
    const functions = await rows<{ signature: string; proname: string }>(sql`
      SELECT p.oid::regprocedure::text AS signature, p.proname FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'search\_%'`);
    for (const f of functions) if (!defined.has(f.proname)) await tx.execute(sql.raw(`DROP FUNCTION ${f.signature}`));
    await tx.execute(sql.raw(`COMMENT ON FUNCTION search_mark(text, integer, integer[]) IS '${stamp}'`));
  });
}
