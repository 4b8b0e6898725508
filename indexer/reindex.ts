// Full reindex: builds a new index version from PostgreSQL while searches keep using the old one,
// swaps it in atomically, then replays the changes made meanwhile so nothing is missed.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { concreteIndexName, type IndexDefinition, type SearchEngine } from '../engine/port.ts';
import { documentBuilders, INDEX_TABLES, type BuiltDoc, type IndexName, type SearchDoc } from '../documents/index.ts';
import { INDEXER } from './constants.ts';
import { writeChanges } from './write.ts';

export type ReindexProgress = { done: number; total: number };
export type ReindexResult = { index: string; docs: number; seconds: number; caughtUp: number };

export async function reindex(
  db: Db,
  engine: SearchEngine,
  def: IndexDefinition,
  opts: {
    pageSize?: number;
    onProgress?: (p: ReindexProgress) => void;
    logger?: Logger;
    /** Fill the index the alias points to (it is new and empty, or lost): nothing to keep serving. */
    inPlace?: boolean;
  } = {},
): Promise<ReindexResult> {
  const name = def.name as IndexName;
  const started = performance.now();
  // Everything changed after this version is replayed into the new index once it is live.
  const { rows } = await db.execute(sql`
    SELECT coalesce((SELECT max(version) FROM search_outbox WHERE index = ${name}), 0) AS high,
           (SELECT count(*) FROM ${sql.raw(INDEX_TABLES[name])})::int AS total`);
  const { high, total } = rows[0] as { high: string; total: number };

  const live = await engine.aliasTarget(def.name);
  // Rebuilding the version that is live goes into a labelled twin, swapped in when complete.
  const label = live === concreteIndexName(def) ? Date.now().toString(36) : undefined;
  const target = opts.inPlace && live ? live : await engine.createIndexVersion(def, label);
  const pageSize = opts.pageSize ?? INDEXER.reindexPageSize;
  const build = documentBuilders[name];
  let done = 0;
  // Build the next page from PostgreSQL while the engine indexes the current one.
  let next: Promise<BuiltDoc<SearchDoc>[]> = build(db, { afterId: 0, limit: pageSize });
  for (;;) {
    const docs = await next;
    if (docs.length === 0) break;
    next = build(db, { afterId: docs[docs.length - 1].id, limit: pageSize });
    const result = await engine.bulk(
      target,
      docs.map((d) => ({ op: 'upsert' as const, id: String(d.id), version: d.version, doc: d.doc })),
    );
    if (result.errors) {
      const first = result.items.find((i) => i.status === 'error');
      await next.catch(() => {});
      throw new Error(`reindex of ${name} failed at document ${first?.id}: ${first?.error}`);
    }
    done += docs.length;
    opts.onProgress?.({ done, total: Math.max(total, done) });
  }
  // A bulk build leaves many segments; merged, the index answers searches faster from its first one on.
  await engine.forceMerge(target);
  const { previous } = await engine.swapAlias(def.name, target);

  const changed = await db.execute(sql`
    SELECT doc_id, version FROM search_outbox WHERE index = ${name} AND version > ${high} ORDER BY version`);
  const items = (changed.rows as { doc_id: number; version: string }[]).map((r) => ({ docId: r.doc_id, version: Number(r.version) }));
  for (let i = 0; i < items.length; i += INDEXER.batchSize) {
    await writeChanges(db, engine, name, items.slice(i, i + INDEXER.batchSize), opts.logger);
  }
  // Every document is now in the index: nothing older is pending.
  // (Rows a writer holds are getting a version above `high`: skipped, never waited for.)
  await db.execute(sql`
    WITH free AS (SELECT doc_id FROM search_outbox WHERE index = ${name} AND version <= ${high} FOR UPDATE SKIP LOCKED)
    UPDATE search_outbox o SET indexed_version = o.version FROM free
    WHERE o.index = ${name} AND o.doc_id = free.doc_id AND o.version <= ${high}`);
  if (previous && previous !== target) await engine.deleteIndex(previous);
  return { index: target, docs: done, seconds: (performance.now() - started) / 1000, caughtUp: items.length };
}
