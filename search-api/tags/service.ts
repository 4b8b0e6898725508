// Tags (part 1 §5, §7; part 2 §5, §7): list with the assigned/active filter and a case-insensitive
// search, read one, create, and bulk add/remove on cards. The bulk change touches only the link rows,
// so the cards keep their updatedAt.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { TagItem } from '../../contracts/cards.ts';
import { containsPattern } from '../http/params.ts';
import { isCurator, type Auth } from '../auth/context.ts';
import { fieldError } from '../errors.ts';
import { cardVisibleSql, type Viewer } from '../visibility/index.ts';
import { requireOwn, writableCards } from '../ownership.ts';

/** Cards carrying tag t that the viewer may see. */
const visibleUses = (v: Viewer) =>
  sql`(SELECT count(*) FROM card_tags ct JOIN cards c ON c.id = ct.card_id WHERE ct.tag_id = t.id AND ${cardVisibleSql(v)})::int`;

/** Consumers see tags unless the company hides them (the tag-visible flag, part 2 §6). */
export const tagsVisible = (auth: Auth) => isCurator(auth) || auth.company.companyData.flags?.tagVisibleToConsumers !== false;

export type TagListParams = { filter?: ('assigned' | 'active')[]; search?: string; page: number; limit: number; minimal: boolean };

export async function listTags(db: Db, v: Viewer, q: TagListParams): Promise<TagItem[]> {
  const pattern = q.search ? containsPattern(q.search) : null;
  const rows = await rowsOf<TagItem & { cardsCount: number }>(
    db,
    sql`SELECT t.id, t.name, t.synonyms, ${visibleUses(v)} AS "cardsCount" FROM tags t
        WHERE t.company_id = ${v.companyId}
          ${q.filter?.includes('assigned') ? sql`AND ${visibleUses(v)} > 0` : sql``}
          ${pattern ? sql`AND (t.name ILIKE ${pattern} OR EXISTS (SELECT 1 FROM unnest(t.synonyms) s WHERE s ILIKE ${pattern}))` : sql``}
        ORDER BY lower(t.name), t.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return rows.map((t) => (q.minimal ? { id: t.id, name: t.name } : t));
}

export async function readTag(db: Db, v: Viewer, id: number): Promise<TagItem | null> {
  const [tag] = await rowsOf<TagItem>(
    db,
    sql`SELECT t.id, t.name, t.synonyms, ${visibleUses(v)} AS "cardsCount" FROM tags t WHERE t.id = ${id} AND t.company_id = ${v.companyId}`,
  );
  return tag ?? null;
}

export async function createTag(db: Db, v: Viewer, body: { name: string; synonyms: string[] }): Promise<TagItem> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO tags (company_id, name, synonyms) VALUES (${v.companyId}, ${body.name}, ${sql.param(body.synonyms)}::text[])
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (!row) throw fieldError('tag_taken', 'name', { name: body.name });
  return (await readTag(db, v, row.id))!;
}

export async function bulkTags(db: Db, companyId: number, body: { cardIds: number[]; addTags: number[]; removeTags: number[] }): Promise<void> {
  await writableCards(db, companyId, body.cardIds);
  await requireOwn(db, 'tags', companyId, body.addTags, 'addTags');
  await requireOwn(db, 'tags', companyId, body.removeTags, 'removeTags');
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM card_tags WHERE card_id = ANY(${sql.param(body.cardIds)}::int[]) AND tag_id = ANY(${sql.param(body.removeTags)}::int[])`);
    await tx.execute(sql`INSERT INTO card_tags (company_id, card_id, tag_id)
      SELECT ${companyId}, c, t FROM unnest(${sql.param(body.cardIds)}::int[]) c, unnest(${sql.param(body.addTags)}::int[]) t
      ON CONFLICT DO NOTHING`);
  });
}
