// Publishing rules of intel items (part 1 §4), shared by the intel API and email digests.
// - Publish: state becomes archived with publishedAt set, and the item gets its post (kept for good, so
//   digest favorites survive an unpublish). An item already published and archived is only republished.
// - Unpublish: only an item with a publishedAt.
// - Adding to a digest: publish first, or only archive when already published (see prepareForDigest).
import { sql } from 'drizzle-orm';
import type { Exec } from '../../db/client.ts';
import { apiError } from '../errors.ts';

type Row = { id: number; state: string; published_at: Date | null; body: string; title: string };

/** Locks one item of the company for a change; 404 when it is not one. */
export async function lockItem(tx: Exec, companyId: number, intelId: number): Promise<Row> {
  const { rows } = await tx.execute(
    sql`SELECT id, state, published_at, body, title FROM intel_items WHERE id = ${intelId} AND company_id = ${companyId} FOR UPDATE`,
  );
  if (!rows[0]) throw apiError('intel_item_not_found');
  return rows[0] as Row;
}

async function ensurePost(tx: Exec, companyId: number, intelId: number): Promise<number> {
  const { rows } = await tx.execute(
    sql`INSERT INTO posts (company_id, intel_id) VALUES (${companyId}, ${intelId})
        ON CONFLICT (intel_id) DO UPDATE SET intel_id = EXCLUDED.intel_id RETURNING id`,
  );
  return (rows[0] as { id: number }).id;
}

/**
 * The column changes of publishing, for an UPDATE of one item or many (bulk updates): archived, published now.
 * For an item already published and archived that is only a republish (a fresh publishedAt).
 */
export const PUBLISH_SET = sql`state = 'archived', published_at = now()`;

/** The posts of items just published, created once per item (set-based, for bulk updates). */
export async function ensurePosts(tx: Exec, companyId: number, intelIds: number[]): Promise<void> {
  await tx.execute(
    sql`INSERT INTO posts (company_id, intel_id)
        SELECT ${companyId}, i.id FROM intel_items i WHERE i.company_id = ${companyId} AND i.id = ANY(${sql.param(intelIds)}::int[])
        ORDER BY i.id
        ON CONFLICT (intel_id) DO NOTHING`,
  );
}

/** Publishes (or republishes) an item; answers its post id. */
export async function publishIntel(tx: Exec, companyId: number, intelId: number, userId: number): Promise<{ postId: number }> {
  await lockItem(tx, companyId, intelId);
  await tx.execute(
    sql`UPDATE intel_items SET ${PUBLISH_SET}, actioned_by_id = ${userId}, actioned_at = now(), updated_at = now()
        WHERE id = ${intelId}`,
  );
  return { postId: await ensurePost(tx, companyId, intelId) };
}

export async function unpublishIntel(tx: Exec, companyId: number, intelId: number, userId: number): Promise<void> {
  const item = await lockItem(tx, companyId, intelId);
  if (!item.published_at) throw apiError('intel_not_published');
  await tx.execute(
    sql`UPDATE intel_items SET published_at = NULL, actioned_by_id = ${userId}, actioned_at = now(), updated_at = now()
        WHERE id = ${intelId}`,
  );
}

/**
 * Before an item goes into a digest: an unpublished item is published; a published one is archived (when it
 * is not already). Answers the post id to favorite.
 */
export async function prepareForDigest(tx: Exec, companyId: number, intelId: number, userId: number): Promise<{ postId: number }> {
  const item = await lockItem(tx, companyId, intelId);
  if (!item.published_at) return publishIntel(tx, companyId, intelId, userId);
  if (item.state !== 'archived') {
    await tx.execute(
      sql`UPDATE intel_items SET state = 'archived', actioned_by_id = ${userId}, actioned_at = now(), updated_at = now()
          WHERE id = ${intelId}`,
    );
  }
  return { postId: await ensurePost(tx, companyId, intelId) };
}
