// Rebuilds documents of one index from PostgreSQL, writes them to the engine, and records the versions
// written in search_outbox. Rows that no longer exist become deletes.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { BulkOp, SearchEngine } from '../engine/port.ts';
import { documentBuilders, type IndexName } from '../documents/index.ts';

export async function writeChanges(
  db: Db,
  engine: SearchEngine,
  index: IndexName,
  items: { docId: number; version: number }[],
  logger?: Logger,
): Promise<number> {
  if (items.length === 0) return 0;
  const docs = await documentBuilders[index](db, { ids: items.map((i) => i.docId) });
  const built = new Map(docs.map((d) => [d.id, d]));
  const ops: BulkOp[] = items.map((item) => {
    const doc = built.get(item.docId);
    // The builder reads the version and the row in one snapshot, so its version is never older.
    return doc
      ? { op: 'upsert', id: String(item.docId), version: Math.max(doc.version, item.version), doc: doc.doc }
      : { op: 'delete', id: String(item.docId), version: item.version };
  });
  const result = await engine.bulk(index, ops, { refresh: true });
  const failed = new Set(result.items.filter((i) => i.status === 'error').map((i) => i.id));
  if (failed.size) logger?.warn({ index, failed: [...failed].slice(0, 10), count: failed.size }, 'indexing errors; will retry');
  const done = ops.filter((o) => !failed.has(o.id));
  if (done.length) {
    await markIndexed(
      db,
      index,
      done.map((o) => Number(o.id)),
      done.map((o) => o.version),
    );
  }
  return done.length;
}

/**
 * Records what was written. Never waits for a writer: a row a writer holds is getting a newer
 * version and stays pending anyway, and waiting could deadlock with the writer's triggers, which
 * lock outbox rows in their own order (SKIP LOCKED).
 */
export async function markIndexed(db: Db, index: IndexName, docIds: number[], versions: number[]): Promise<void> {
  await db.execute(sql`
    WITH d AS (SELECT * FROM unnest(${sql.param(docIds)}::int[], ${sql.param(versions)}::bigint[]) AS d(doc_id, version)),
    free AS (
      SELECT o.doc_id, d.version FROM search_outbox o JOIN d ON d.doc_id = o.doc_id
      WHERE o.index = ${index} FOR UPDATE OF o SKIP LOCKED)
    UPDATE search_outbox o SET indexed_version = greatest(o.indexed_version, free.version)
    FROM free WHERE o.index = ${index} AND o.doc_id = free.doc_id`);
}
