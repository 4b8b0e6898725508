// Cards (part 2 §3–§5, §7): read one for the viewer, as the authoring API returns them, or a lane's
// (all through the one card read query, documents/cards.ts); create, edit one, bulk edit and move,
// duplicate, delete one or many.
// Text is sanitized with the one allow-list on save; linked groups, tags and users must be the company's;
// a board left empty by a deletion goes with it (part 1 §5). Search documents follow through the outbox
// triggers on cards and their link tables.
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf, type Exec } from '../../db/client.ts';
import type { z } from 'zod';
import type { Card, CardBulkUpdate, CardCreate, CardsDeleted, CardUpdate, TextBlock } from '../../contracts/cards.ts';
import type { BoardCard } from '../../contracts/competitors.ts';
import type { CardView } from '../../contracts/search.ts';
import { selectCards, type CardRow } from '../../documents/cards.ts';
import { fieldError } from '../errors.ts';
import { sanitizeHtml } from '../html/sanitize.ts';
import { cardVisibleSql, type Viewer } from '../visibility/index.ts';
import { requireOwn, writableBoard, writableCards } from '../ownership.ts';

/** The numeric value of a card's viewOrder (a numeric string), for ordering and arithmetic. */
export const viewOrderNum = (alias: string) =>
  sql.raw(`(CASE WHEN ${alias}.view_order ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ${alias}.view_order::numeric END)`);

/** Cards by id, as the viewer may see them, in the order of `ids`. */
export async function loadCards(db: Exec, v: Viewer, ids: number[]): Promise<Card[]> {
  if (!ids.length) return [];
  const rows = await selectCards(db, sql`c.id = ANY(${sql.param(ids)}::int[]) AND ${cardVisibleSql(v)}`);
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

function toCard(r: CardRow): Card {
  return {
    id: r.id,
    data: { name: r.name, hasDynamicBlocks: r.hasDynamicBlocks },
    board: { ...r.board, profileId: r.profile.id },
    author: r.author,
    reviewer: r.reviewerId ? { id: r.reviewerId, reviewedAt: r.reviewedAt } : null,
    viewOrder: r.viewOrder,
    templateName: r.templateName,
    allAccess: r.allAccess,
    isDraft: r.isDraft,
    visibilityMode: r.isDraft ? 0 : r.allAccess ? 1 : 2,
    visibilityGroups: r.visibilityGroups,
    tags: r.tags,
    sourcesCount: r.sourcesCount,
    textJson: r.textJson,
    textHtml: r.textHtml,
    hasDynamicBlocks: r.hasDynamicBlocks,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** One card for the card viewer, or null when the viewer may not see it. */
export async function readCard(db: Db, v: Viewer, id: number): Promise<CardView | null> {
  const [r] = await selectCards(db, sql`c.id = ${id} AND ${cardVisibleSql(v)}`);
  if (!r) return null;
  return {
    id: r.id,
    data: { name: r.name },
    textHtml: r.textHtml,
    board: { ...r.board, profileId: r.profile.id },
    profile: r.profile,
    rival: r.rival,
    author: r.author,
    tags: r.tags,
    isDraft: r.isDraft,
    allAccess: r.allAccess,
    scratchpad: r.scratchpad,
    visibilityGroups: r.visibilityGroups,
    sourcesCount: r.sourcesCount,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The cards of a lane (or of a battlecard) the viewer may see, in lane order; `where` picks them. */
export async function laneCards(db: Db, v: Viewer, where: SQL): Promise<BoardCard[]> {
  const rows = await selectCards(db, sql`${where} AND ${cardVisibleSql(v)}`, { orderBy: [sql`${viewOrderNum('c')} NULLS LAST`, sql`c.id`] });
  return rows.map((r) => ({
    id: r.id,
    data: { name: r.name },
    textHtml: r.textHtml,
    tags: r.tags,
    viewOrder: r.viewOrder,
    isDraft: r.isDraft,
    allAccess: r.allAccess,
    updatedAt: r.updatedAt,
    author: r.author,
  }));
}

type Text = { name?: string; textHtml?: string; textJson?: TextBlock[]; hasDynamicBlocks?: boolean };

/** The card text as stored: HTML sanitized, html blocks too; dynamic blocks flagged when formulas are present. */
function cleanText(data: Text): Text {
  const textJson = data.textJson?.map((b) => (b.type === 'html' ? { ...b, value: sanitizeHtml(b.value) } : b));
  return {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.textHtml !== undefined ? { textHtml: sanitizeHtml(data.textHtml) } : {}),
    ...(textJson ? { textJson } : {}),
    ...(data.hasDynamicBlocks !== undefined || textJson
      ? { hasDynamicBlocks: data.hasDynamicBlocks ?? textJson!.some((b) => b.type === 'formula') }
      : {}),
  };
}

/** The viewOrder after the last card of a board. */
async function nextViewOrder(db: Exec, boardId: number): Promise<number> {
  const [r] = await rowsOf<{ n: string }>(db, sql`SELECT coalesce(floor(max(${viewOrderNum('c')})), 0) + 1 AS n FROM cards c WHERE c.board_id = ${boardId}`);
  return Number(r.n);
}

async function checkLinks(db: Exec, companyId: number, b: { visibilityGroups?: number[]; tags?: number[]; author?: number; reviewerId?: number | null }) {
  await requireOwn(db, 'visibility_groups', companyId, b.visibilityGroups, 'visibilityGroups');
  await requireOwn(db, 'tags', companyId, b.tags, 'tags');
  await requireOwn(db, 'users', companyId, b.author ? [b.author] : [], 'author');
  await requireOwn(db, 'users', companyId, b.reviewerId ? [b.reviewerId] : [], 'reviewerId');
}

async function setLinks(tx: Exec, companyId: number, cardIds: number[], b: { visibilityGroups?: number[]; tags?: number[] }) {
  if (b.visibilityGroups) {
    await tx.execute(sql`DELETE FROM card_visibility_groups WHERE card_id = ANY(${sql.param(cardIds)}::int[])`);
    await tx.execute(sql`INSERT INTO card_visibility_groups (company_id, card_id, visibility_group_id)
      SELECT ${companyId}, c, g FROM unnest(${sql.param(cardIds)}::int[]) c, unnest(${sql.param(b.visibilityGroups)}::int[]) g`);
  }
  if (b.tags) {
    await tx.execute(sql`DELETE FROM card_tags WHERE card_id = ANY(${sql.param(cardIds)}::int[])`);
    await tx.execute(sql`INSERT INTO card_tags (company_id, card_id, tag_id)
      SELECT ${companyId}, c, t FROM unnest(${sql.param(cardIds)}::int[]) c, unnest(${sql.param(b.tags)}::int[]) t`);
  }
}

export async function createCard(db: Db, v: Viewer, userId: number, body: z.output<typeof CardCreate>): Promise<Card> {
  const board = await writableBoard(db, v.companyId, body.boardId);
  await checkLinks(db, v.companyId, body);
  const text = cleanText(body.data);
  const id = await db.transaction(async (tx) => {
    const viewOrder = body.viewOrder ?? String(await nextViewOrder(tx, board.id));
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO cards (company_id, board_id, name, text_html, text_json, has_dynamic_blocks, author_id, reviewer_id,
            reviewed_at, view_order, template_name, all_access, is_draft)
          VALUES (${v.companyId}, ${board.id}, ${text.name}, ${text.textHtml ?? ''},
            ${JSON.stringify(text.textJson ?? [{ type: 'html', value: text.textHtml ?? '' }])}::jsonb,
            ${text.hasDynamicBlocks ?? false}, ${body.author ?? userId}, ${body.reviewerId ?? null},
            ${body.reviewerId ? sql`now()` : null}, ${viewOrder}, ${body.templateName ?? null},
            ${body.allAccess ?? true}, ${body.isDraft ?? false})
          RETURNING id`,
    );
    await setLinks(tx, v.companyId, [row.id], body);
    return row.id;
  });
  return (await loadCards(db, v, [id]))[0];
}

/** Changes to apply to some cards; the cards' updatedAt moves with them. */
type Changes = Omit<z.output<typeof CardUpdate>, 'data'> & { data?: Text };

async function applyChanges(tx: Exec, companyId: number, cardIds: number[], c: Changes): Promise<void> {
  const text = c.data ? cleanText(c.data) : {};
  const set: SQL[] = [sql`updated_at = now()`];
  if (text.name !== undefined) set.push(sql`name = ${text.name}`);
  if (text.textHtml !== undefined) set.push(sql`text_html = ${text.textHtml}`);
  if (text.textJson !== undefined) set.push(sql`text_json = ${JSON.stringify(text.textJson)}::jsonb`);
  else if (text.textHtml !== undefined) set.push(sql`text_json = ${JSON.stringify([{ type: 'html', value: text.textHtml }])}::jsonb`);
  if (text.hasDynamicBlocks !== undefined) set.push(sql`has_dynamic_blocks = ${text.hasDynamicBlocks}`);
  if (c.isDraft !== undefined) set.push(sql`is_draft = ${c.isDraft}`);
  if (c.allAccess !== undefined) set.push(sql`all_access = ${c.allAccess}`);
  if (c.templateName !== undefined) set.push(sql`template_name = ${c.templateName}`);
  if (c.reviewerId !== undefined) set.push(sql`reviewer_id = ${c.reviewerId}, reviewed_at = ${c.reviewerId ? sql`now()` : null}`);
  if (c.boardId !== undefined) set.push(sql`board_id = ${c.boardId}`);
  if (c.viewOrder !== undefined) set.push(sql`view_order = ${c.viewOrder}`);
  await tx.execute(sql`UPDATE cards SET ${sql.join(set, sql`, `)} WHERE id = ANY(${sql.param(cardIds)}::int[]) AND company_id = ${companyId}`);
  if (c.boardId !== undefined && c.viewOrder === undefined) {
    // Moved cards go after the last card of their new lane, keeping their relative order.
    const start = await nextViewOrder(tx, c.boardId);
    await tx.execute(sql`UPDATE cards SET view_order = (${start - 1} + o.n)::text
      FROM unnest(${sql.param(cardIds)}::int[]) WITH ORDINALITY AS o(id, n) WHERE cards.id = o.id`);
  }
  await setLinks(tx, companyId, cardIds, c);
}

export async function updateCard(db: Db, v: Viewer, cardId: number, body: z.output<typeof CardUpdate>): Promise<Card> {
  await writableCards(db, v.companyId, [cardId]);
  if (body.boardId !== undefined) await writableBoard(db, v.companyId, body.boardId);
  await checkLinks(db, v.companyId, body);
  await db.transaction((tx) => applyChanges(tx, v.companyId, [cardId], body));
  return (await loadCards(db, v, [cardId]))[0];
}

/** Bulk permissions, tags, order and move (part 2 §7 PUT /cards.json?v=2). A move must change the lane. */
export async function bulkUpdateCards(db: Db, v: Viewer, body: z.output<typeof CardBulkUpdate>): Promise<Card[]> {
  const cards = await writableCards(db, v.companyId, body.cardIds);
  if (body.boardId !== undefined) {
    await writableBoard(db, v.companyId, body.boardId);
    if (cards.some((c) => c.boardId === body.boardId)) {
      throw fieldError('card_same_lane', 'boardId');
    }
  }
  await checkLinks(db, v.companyId, body);
  const { cardIds, ...changes } = body;
  await db.transaction((tx) => applyChanges(tx, v.companyId, cardIds, changes));
  return loadCards(db, v, cardIds);
}

/** A copy named "<name> copy", placed between the card and its next sibling, or 0.5 after the last (part 2 §4). */
export async function duplicateCard(db: Db, v: Viewer, userId: number, cardId: number): Promise<Card> {
  const [card] = await writableCards(db, v.companyId, [cardId]);
  await writableBoard(db, v.companyId, card.boardId);
  const id = await db.transaction(async (tx) => {
    const [next] = await rowsOf<{ n: string | null }>(
      tx,
      sql`SELECT min(${viewOrderNum('c')}) AS n FROM cards c WHERE c.board_id = ${card.boardId} AND ${viewOrderNum('c')} > ${card.viewOrder}::numeric`,
    );
    const here = Number(card.viewOrder);
    const viewOrder = next.n === null ? here + 0.5 : (here + Number(next.n)) / 2;
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO cards (company_id, board_id, name, text_html, text_json, json_data, has_dynamic_blocks, author_id,
            view_order, template_name, all_access, is_draft)
          SELECT company_id, board_id, name || ' copy', text_html, text_json, json_data, has_dynamic_blocks, ${userId},
            ${String(viewOrder)}, template_name, all_access, is_draft
          FROM cards WHERE id = ${cardId} RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO card_visibility_groups (company_id, card_id, visibility_group_id)
      SELECT company_id, ${row.id}, visibility_group_id FROM card_visibility_groups WHERE card_id = ${cardId}`);
    await tx.execute(sql`INSERT INTO card_tags (company_id, card_id, tag_id) SELECT company_id, ${row.id}, tag_id FROM card_tags WHERE card_id = ${cardId}`);
    return row.id;
  });
  return (await loadCards(db, v, [id]))[0];
}

/** Deletes the cards, then every board of theirs that they left empty (part 1 §5). */
export async function deleteCards(db: Db, companyId: number, cardIds: number[]): Promise<CardsDeleted> {
  const cards = await writableCards(db, companyId, cardIds);
  const boardIds = [...new Set(cards.map((c) => c.boardId))];
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM cards WHERE id = ANY(${sql.param(cardIds)}::int[]) AND company_id = ${companyId}`);
    const emptied = await rowsOf<{ id: number }>(
      tx,
      sql`DELETE FROM boards b WHERE b.id = ANY(${sql.param(boardIds)}::int[]) AND b.company_id = ${companyId}
          AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.board_id = b.id) RETURNING b.id`,
    );
    // A deleted card leaves no row to date the change by: its lane carries it (news/boards.ts boardUpdatedAt).
    await tx.execute(sql`UPDATE boards SET updated_at = now() WHERE id = ANY(${sql.param(boardIds)}::int[]) AND company_id = ${companyId}`);
    return { deletedIds: cards.map((c) => c.id), deletedBoardIds: emptied.map((b) => b.id).sort((a, b) => a - b) };
  });
}
