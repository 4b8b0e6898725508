// After a restart the embedded engine holds its last snapshot, which may be older than what the
// outbox says was indexed (a crash between snapshots). Reconciling compares ids and versions with
// PostgreSQL and queues every difference again, so nothing written before the crash is lost.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { SearchEngine } from '../engine/port.ts';
import type { IndexName } from '../documents/index.ts';

export async function engineVersions(engine: SearchEngine, index: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let after: string | undefined;
  do {
    const page = await engine.listVersions(index, { after, size: 10_000 });
    for (const e of page.items) out.set(e.id, e.version);
    after = page.next;
  } while (after);
  return out;
}

/** Queues documents whose engine version differs from PostgreSQL's; returns how many. */
export async function reconcile(db: Db, engine: SearchEngine, index: IndexName): Promise<number> {
  const inEngine = await engineVersions(engine, index);
  const { rows } = await db.execute(sql`SELECT doc_id, version FROM search_outbox WHERE index = ${index}`);
  const requeue: number[] = [];
  for (const r of rows as { doc_id: number; version: string }[]) {
    const v = inEngine.get(String(r.doc_id));
    if (v !== Number(r.version)) requeue.push(r.doc_id);
    inEngine.delete(String(r.doc_id));
  }
  if (requeue.length) {
    // Rows a writer holds are getting a newer version and become pending anyway: skip, never wait.
    await db.execute(sql`
      WITH free AS (SELECT doc_id FROM search_outbox WHERE index = ${index} AND doc_id = ANY(${sql.param(requeue)}::int[])
                    FOR UPDATE SKIP LOCKED)
      UPDATE search_outbox o SET indexed_version = 0 FROM free WHERE o.index = ${index} AND o.doc_id = free.doc_id`);
  }
  // Documents PostgreSQL has no trace of at all cannot be rebuilt: remove them.
  const orphans = [...inEngine].map(([id, version]) => ({ op: 'delete' as const, id, version: version + 1 }));
  if (orphans.length) await engine.bulk(index, orphans, { refresh: true });
  return requeue.length + orphans.length;
}
