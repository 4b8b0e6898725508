// Read your own writes. The lists re-read from the search engine right after a change, while the indexer applies
// changes to the engine on its own (indexer/indexer.ts): a write that answers before its documents are searchable
// shows the user the list as it was, until something refetches it. A route that changes documents a list shows
// waits here after its transaction, as Elasticsearch's `refresh=wait_for` does, up to a bound so a lagging indexer
// only slows the answer. With no indexer running (it holds its advisory lock while it does), nothing is waited for.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { IndexName } from '../../documents/index.ts';
import { INDEXER_LOCK_KEY } from '../../db/schema/jobs.ts';

export const SEARCHABLE = {
  /** The longest a write waits for the indexer; after it the change shows at the next refetch. */
  waitMs: 5_000,
  pollMs: 20,
} as const;

/** Resolves once every change of `index` for the company committed before the call is in the engine, or after `waitMs`. */
export async function untilSearchable(db: Db, companyId: number, index: IndexName, waitMs: number = SEARCHABLE.waitMs): Promise<void> {
  // Every version a committed change took is at most the sequence's last value now.
  const { rows } = await db.execute(sql`SELECT last_value FROM search_version_seq`);
  const mark = Number((rows[0] as { last_value: string }).last_value);
  const deadline = Date.now() + waitMs;
  for (;;) {
    // A one-bigint advisory lock shows in pg_locks as classid (high half), objid (low half) and objsubid 1.
    const pending = await db.execute(sql`
      SELECT 1 FROM search_outbox
      WHERE version > indexed_version AND version <= ${mark} AND index = ${index} AND company_id = ${companyId}
        AND EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
                      AND classid = ${Math.floor(INDEXER_LOCK_KEY / 2 ** 32)} AND objid = ${INDEXER_LOCK_KEY % 2 ** 32})
      LIMIT 1`);
    if (!pending.rows.length || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, SEARCHABLE.pollMs));
  }
}
