// Compares what the search engine holds with PostgreSQL: ids and versions of one index.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SearchEngine } from '../../engine/port.ts';
import type { IndexName } from '../../documents/index.ts';
import { INDEX_TABLES } from '../../documents/index.ts';
import { engineVersions } from '../../indexer/reconcile.ts';

export async function engineMatchesDatabase(db: Db, engine: SearchEngine, index: IndexName) {
  const { rows } = await db.execute(sql`
    SELECT t.id::text AS id, coalesce(o.version, 0)::bigint AS version
    FROM ${sql.raw(INDEX_TABLES[index])} t LEFT JOIN search_outbox o ON o.index = ${index} AND o.doc_id = t.id`);
  const inEngine = await engineVersions(engine, index);
  const missing: string[] = [];
  const stale: string[] = [];
  for (const r of rows as { id: string; version: string }[]) {
    const v = inEngine.get(r.id);
    if (v === undefined) missing.push(r.id);
    else if (v !== Number(r.version)) stale.push(r.id);
    inEngine.delete(r.id);
  }
  return { missing, stale, extra: [...inEngine.keys()] };
}
