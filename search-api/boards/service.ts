// Boards (lanes) of a profile (part 1 §3, §7; part 2 §7): list per rival, create, rename, delete one or
// many (one may first hand its cards to another lane), rearrange a profile's lanes and a lane's cards
// (which may take in a card from another lane: a drag and drop is one request), and read a lane's cards.
// The Scratchpad board stays hidden and cannot be addressed.
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf, type Exec } from '../../db/client.ts';
import type { BoardDeleted, BoardItem } from '../../contracts/cards.ts';
import type { BoardCard } from '../../contracts/competitors.ts';
import { fieldError } from '../errors.ts';
import { boardListedSql, cardVisibleSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';
import { writableBoard, writableProfile } from '../ownership.ts';
import { laneCards, viewOrderNum } from '../cards/service.ts';

async function boardsWhere(db: Db, v: Viewer, where: SQL): Promise<BoardItem[]> {
  const rows = await rowsOf<BoardItem & { updatedAt: string | Date }>(
    db,
    sql`SELECT b.id, b.name, b.icon_url AS "iconUrl", b.profile_id AS "profileId", b.view_order AS "viewOrder", b.updated_at AS "updatedAt",
          (SELECT count(*) FROM cards c WHERE c.board_id = b.id AND ${cardVisibleSql(v)})::int AS "cardsCount"
        FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
        WHERE b.company_id = ${v.companyId} AND ${boardListedSql()} AND ${rivalVisibleSql(v)} AND ${where}
        ORDER BY b.view_order, b.id`,
  );
  return rows.map((b) => ({ ...b, updatedAt: new Date(b.updatedAt).toISOString() }));
}

/** The boards of a rival's profile, or null when the rival is not the viewer's to see. */
export async function rivalBoards(db: Db, v: Viewer, rivalId: number): Promise<BoardItem[] | null> {
  const [rival] = await rowsOf(
    db,
    sql`SELECT r.id FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.id = ${rivalId} AND ${rivalVisibleSql(v)}`,
  );
  if (!rival) return null;
  return boardsWhere(db, v, sql`p.rival_id = ${rivalId}`);
}

const readBoard = async (db: Db, v: Viewer, id: number) => (await boardsWhere(db, v, sql`b.id = ${id}`))[0];

/**
 * Lane names are unique in a profile, whatever the case: two "Pricing" lanes would be told apart by
 * nobody. The profile row is locked so that two curators cannot add the same name at once.
 */
async function requireFreeLaneName(tx: Exec, profileId: number, name: string, exceptId = 0): Promise<void> {
  await tx.execute(sql`SELECT id FROM profiles WHERE id = ${profileId} FOR UPDATE`);
  const [taken] = await rowsOf(tx, sql`SELECT id FROM boards WHERE profile_id = ${profileId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`);
  if (taken) throw fieldError('lane_taken', 'name', { name });
}

export async function createBoard(db: Db, v: Viewer, body: { profileId: number; name: string; iconUrl?: string | null }): Promise<BoardItem> {
  const profile = await writableProfile(db, v.companyId, body.profileId);
  const id = await db.transaction(async (tx) => {
    await requireFreeLaneName(tx, profile.id, body.name);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO boards (company_id, profile_id, name, icon_url, view_order)
          VALUES (${v.companyId}, ${profile.id}, ${body.name}, ${body.iconUrl ?? null},
            (SELECT coalesce(max(view_order), 0) + 1 FROM boards WHERE profile_id = ${profile.id}))
          RETURNING id`,
    );
    return row.id;
  });
  return (await readBoard(db, v, id))!;
}

export async function updateBoard(db: Db, v: Viewer, id: number, body: { name?: string; iconUrl?: string | null; viewOrder?: number }): Promise<BoardItem> {
  const board = await writableBoard(db, v.companyId, id);
  await db.transaction(async (tx) => {
    if (body.name !== undefined) await requireFreeLaneName(tx, board.profileId, body.name, id);
    await tx.execute(sql`UPDATE boards SET updated_at = now()
      ${body.name !== undefined ? sql`, name = ${body.name}` : sql``}
      ${body.iconUrl !== undefined ? sql`, icon_url = ${body.iconUrl}` : sql``}
      ${body.viewOrder !== undefined ? sql`, view_order = ${body.viewOrder}` : sql``}
      WHERE id = ${id} AND company_id = ${v.companyId}`);
  });
  return (await readBoard(db, v, id))!;
}

/** Deletes the boards and their cards; 404 when any is not the company's (or is the Scratchpad). */
export async function deleteBoards(db: Db, companyId: number, boardIds: number[]): Promise<{ deletedIds: number[] }> {
  for (const id of boardIds) await writableBoard(db, companyId, id);
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`DELETE FROM boards WHERE id = ANY(${sql.param(boardIds)}::int[]) AND company_id = ${companyId} RETURNING id`,
  );
  return { deletedIds: rows.map((r) => r.id).sort((a, b) => a - b) };
}

/** The viewOrder of the last card of a board, as a whole number (0 when it has none): cards appended go after it. */
export const lastViewOrderSql = (boardId: number | SQL) =>
  sql`(SELECT coalesce(floor(max(${viewOrderNum('tail')})), 0) FROM cards tail WHERE tail.board_id = ${boardId})`;

/**
 * Sets viewOrder 1..n in the given order; cards of the board not named follow in their current order.
 * A card named from another lane of the same profile moves into this board first, so a card dropped
 * between two others of another lane lands there in one transaction.
 */
export async function rearrangeBoard(db: Db, companyId: number, boardId: number, cardIds: number[]): Promise<void> {
  const board = await writableBoard(db, companyId, boardId);
  await db.transaction(async (tx) => {
    const cards = await rowsOf<{ id: number; boardId: number }>(
      tx,
      sql`SELECT c.id, c.board_id AS "boardId" FROM cards c JOIN boards b ON b.id = c.board_id
          WHERE b.profile_id = ${board.profileId} AND b.company_id = ${companyId} AND ${boardListedSql()}
            AND (c.board_id = ${boardId} OR c.id = ANY(${sql.param(cardIds)}::int[]))
          ORDER BY ${viewOrderNum('c')} NULLS LAST, c.id
          FOR UPDATE OF c`,
    );
    const known = new Map(cards.map((c) => [c.id, c.boardId]));
    const stranger = cardIds.findIndex((id) => !known.has(id));
    if (stranger >= 0) {
      throw fieldError('lane_card_foreign', `cardIds.${stranger}`, { index: stranger });
    }
    const incoming = cardIds.filter((id) => known.get(id) !== boardId);
    if (incoming.length) {
      await tx.execute(sql`UPDATE cards SET board_id = ${boardId}, updated_at = now()
        WHERE id = ANY(${sql.param(incoming)}::int[]) AND company_id = ${companyId}`);
    }
    const rest = cards.filter((c) => c.boardId === boardId && !cardIds.includes(c.id)).map((c) => c.id);
    await tx.execute(sql`UPDATE cards SET view_order = o.n::text
      FROM unnest(${sql.param([...cardIds, ...rest])}::int[]) WITH ORDINALITY AS o(id, n) WHERE cards.id = o.id AND cards.company_id = ${companyId}`);
    // A new order changes no card, but open boards must see it (news/boards.ts boardUpdatedAt).
    await tx.execute(sql`UPDATE boards SET updated_at = now() WHERE id = ${boardId}`);
  });
}

/** Sets the lanes of a profile in the given order (viewOrder 1..n); the list must be exactly its lanes. */
export async function rearrangeBoards(db: Db, v: Viewer, profileId: number, boardIds: number[]): Promise<BoardItem[]> {
  await writableProfile(db, v.companyId, profileId);
  await db.transaction(async (tx) => {
    const lanes = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT b.id FROM boards b WHERE b.profile_id = ${profileId} AND b.company_id = ${v.companyId} AND ${boardListedSql()} FOR UPDATE`,
    );
    const known = new Set(lanes.map((b) => b.id));
    const stranger = boardIds.findIndex((id) => !known.has(id));
    if (stranger >= 0) {
      throw fieldError('board_foreign', `boardIds.${stranger}`, { index: stranger });
    }
    if (boardIds.length !== known.size) {
      const missing = lanes.find((b) => !boardIds.includes(b.id))!.id;
      throw fieldError('board_missing', 'boardIds', { id: missing });
    }
    await tx.execute(sql`UPDATE boards SET view_order = o.n, updated_at = now()
      FROM unnest(${sql.param(boardIds)}::int[]) WITH ORDINALITY AS o(id, n) WHERE boards.id = o.id AND boards.company_id = ${v.companyId}`);
  });
  return boardsWhere(db, v, sql`b.profile_id = ${profileId}`);
}

/** Moves every card of one board to the end of another, keeping their order; the moved ids. */
async function moveAllCards(tx: Exec, companyId: number, fromId: number, toId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`UPDATE cards SET board_id = ${toId}, updated_at = now(), view_order = (${lastViewOrderSql(toId)} + o.n)::text
        FROM (SELECT c.id, row_number() OVER (ORDER BY ${viewOrderNum('c')} NULLS LAST, c.id) AS n FROM cards c WHERE c.board_id = ${fromId}) o
        WHERE cards.id = o.id AND cards.company_id = ${companyId}
        RETURNING cards.id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Deletes one board with its cards, or, with `moveCardsTo` (another lane of the same profile), after
 * moving its cards there: both in one transaction, so cards are never lost halfway.
 */
export async function deleteBoard(db: Db, companyId: number, boardId: number, moveCardsTo?: number): Promise<BoardDeleted> {
  const board = await writableBoard(db, companyId, boardId);
  if (moveCardsTo !== undefined) {
    const [target] = await rowsOf(
      db,
      sql`SELECT b.id FROM boards b WHERE b.id = ${moveCardsTo} AND b.id <> ${boardId} AND b.company_id = ${companyId}
          AND b.profile_id = ${board.profileId} AND ${boardListedSql()}`,
    );
    if (!target) {
      throw fieldError('move_cards_target', 'moveCardsTo');
    }
  }
  return db.transaction(async (tx) => {
    const movedCardIds = moveCardsTo === undefined ? [] : await moveAllCards(tx, companyId, boardId, moveCardsTo);
    await tx.execute(sql`DELETE FROM boards WHERE id = ${boardId} AND company_id = ${companyId}`);
    return { deletedIds: [boardId], movedCardIds };
  });
}

/** The cards of a board, or null when the board is not the viewer's to see (other company, Scratchpad, unpublished rival). */
export async function boardCards(db: Db, v: Viewer, boardId: number): Promise<BoardCard[] | null> {
  const { rows } = await db.execute(sql`
    SELECT b.id FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE b.id = ${boardId} AND b.company_id = ${v.companyId} AND ${boardListedSql()} AND ${rivalVisibleSql(v)}`);
  if (rows.length === 0) return null;
  return laneCards(db, v, sql`c.board_id = ${boardId}`);
}
