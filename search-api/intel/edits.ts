// Changes to one intel item (part 1 §4, §7 Intel): a triage update, a curator's edit of title, summary,
// topics and rivals, removing one rival, unpublishing, an extractive summary; and submitting intel, the
// one write every signed-in user may make. Each change locks the item first, so concurrent edits queue.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { z } from 'zod';
import type { IntelChannel, IntelEditBody, IntelUpdate, SubmitIntelBody } from '../../contracts/intel.ts';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { apiError, fieldError } from '../errors.ts';
import { sanitizeHtml } from '../html/sanitize.ts';
import { INTEL } from './constants.ts';
import { lockItem, unpublishIntel } from './publish.ts';
import { extractiveSummary } from './summarize.ts';
import { applyIntelUpdate, assertRivals, validateUpdate } from './update.ts';

type Actor = { companyId: number; userId: number };

export async function updateItem(db: Db, a: Actor, id: number, update: IntelUpdate): Promise<void> {
  await validateUpdate(db, a.companyId, update, 'body');
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, a.companyId, id);
    if (update.publishIntel === false && !item.published_at) throw apiError('intel_not_published');
    await applyIntelUpdate(tx, a.companyId, [id], update, a.userId);
  });
}

export async function editItem(db: Db, a: Actor, id: number, edit: IntelEditBody): Promise<void> {
  await assertRivals(db, a.companyId, edit.rivalIds ?? [], 'rivalIds');
  await db.transaction(async (tx) => {
    await lockItem(tx, a.companyId, id);
    await tx.execute(sql`
      UPDATE intel_items SET updated_at = now()
        ${edit.curatedTitle !== undefined ? sql`, curated_title = ${edit.curatedTitle}` : sql``}
        ${edit.summary !== undefined ? sql`, summary = ${edit.summary || null}` : sql``}
        ${edit.topics ? sql`, topics = ${sql.param([...new Set(edit.topics)])}::text[]` : sql``}
      WHERE id = ${id}`);
    if (edit.rivalIds) {
      const rivals = sql.param(edit.rivalIds);
      await tx.execute(sql`DELETE FROM intel_rivals WHERE intel_id = ${id} AND NOT rival_id = ANY(${rivals}::int[])`);
      await tx.execute(sql`
        INSERT INTO intel_rivals (company_id, intel_id, rival_id) SELECT ${a.companyId}, ${id}, r
        FROM unnest(${rivals}::int[]) AS r ON CONFLICT DO NOTHING`);
    }
  });
}

export async function removeRival(db: Db, a: Actor, id: number, rivalId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockItem(tx, a.companyId, id);
    const { rowCount } = await tx.execute(sql`DELETE FROM intel_rivals WHERE intel_id = ${id} AND rival_id = ${rivalId}`);
    if (!rowCount) throw apiError('intel_rival_not_found');
    await tx.execute(sql`UPDATE intel_items SET updated_at = now() WHERE id = ${id}`);
  });
}

export const unpublishItem = (db: Db, a: Actor, id: number) => db.transaction((tx) => unpublishIntel(tx, a.companyId, id, a.userId));

/**
 * An extractive summary (the body's best sentences), also when an LLM is configured: it is instant and free. It is
 * the item's own words, stored once on the item for every reader (and the digests' recipients), so it stays in the
 * article's language, as its title and body do.
 */
export async function summarizeItem(db: Db, a: Actor, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, a.companyId, id);
    const text = extractiveSummary(htmlToText(item.body)) || item.title;
    await tx.execute(sql`UPDATE intel_items SET summary = ${text}, updated_at = now() WHERE id = ${id}`);
    return text;
  });
}

/** Where submitted intel came from: the product itself, a chat message sent to the feed, or a page the browser extension sent (its link and place). */
export type SubmitOrigin = { channel: Extract<IntelChannel, 'in_app' | 'slack' | 'teams' | 'extension'>; permalink: string | null; source: string | null };

/** Submitted intel lands unprocessed in the feed, with its sanitized content and the rivals it names. */
export async function submitIntel(
  db: Db,
  a: Actor,
  body: z.output<typeof SubmitIntelBody>,
  origin: SubmitOrigin = { channel: 'in_app', permalink: null, source: null },
): Promise<{ id: number; title: string; state: 'unprocessed'; rivals: number[] }> {
  const rivalIds = body.rivals ?? [];
  await assertRivals(db, a.companyId, rivalIds, 'rivals');
  const content = sanitizeHtml(body.item.content);
  const text = htmlToText(content);
  if (!text) throw fieldError('intel_content_empty', 'item.content');
  const title = body.item.title || text.slice(0, INTEL.submittedTitleChars);
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      INSERT INTO intel_items (company_id, state, channel, content_type, title, body, permalink, source, submitted_by_id)
      VALUES (${a.companyId}, 'unprocessed', ${origin.channel}, 'submission', ${title}, ${content}, ${origin.permalink}, ${origin.source}, ${a.userId}) RETURNING id`);
    const intelId = (rows[0] as { id: number }).id;
    for (const rivalId of rivalIds) {
      await tx.execute(sql`INSERT INTO intel_rivals (company_id, intel_id, rival_id) VALUES (${a.companyId}, ${intelId}, ${rivalId})`);
    }
    return intelId;
  });
  return { id, title, state: 'unprocessed', rivals: rivalIds };
}
