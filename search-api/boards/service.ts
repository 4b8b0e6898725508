// Boards (lanes) of a profile (part 1 §3, §7; part 2 §7): list per rival, create, rename, delete one or
// many, rearrange their cards, and read a lane's cards. The Scratchpad board stays hidden and cannot be addressed.
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { BoardItem } from '../../contracts/cards.ts';
import type { BoardCard } from '../../contracts/competitors.ts';
import { badRequest } from '../errors.ts';
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

export async function createBoard(db: Db, v: Viewer, body: { profileId: number; name: string; iconUrl?: string | null }): Promise<BoardItem> {
  const profile = await writableProfile(db, v.companyId, body.profileId);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO boards (company_id, profile_id, name, icon_url, view_order)
        VALUES (${v.companyId}, ${profile.id}, ${body.name}, ${body.iconUrl ?? null},
          (SELECT coalesce(max(view_order), 0) + 1 FROM boards WHERE profile_id = ${profile.id}))
        RETURNING id`,
  );
  return (await readBoard(db, v, row.id))!;
}

export async function updateBoard(db: Db, v: Viewer, id: number, body: { name?: string; iconUrl?: string | null; viewOrder?: number }): Promise<BoardItem> {
  await writableBoard(db, v.companyId, id);
  await db.execute(sql`UPDATE boards SET updated_at = now()
    ${body.name !== undefined ? sql`, name = ${body.name}` : sql``}
    ${body.iconUrl !== undefined ? sql`, icon_url = ${body.iconUrl}` : sql``}
    ${body.viewOrder !== undefined ? sql`, view_order = ${body.viewOrder}` : sql``}
    WHERE id = ${id} AND company_id = ${v.companyId}`);
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

/** Sets viewOrder 1..n in the given order; cards of the board not named follow in their current order. */
export async function rearrangeBoard(db: Db, companyId: number, boardId: number, cardIds: number[]): Promise<void> {
  await writableBoard(db, companyId, boardId);
  const onBoard = await rowsOf<{ id: number }>(
    db,
    sql`SELECT c.id FROM cards c WHERE c.board_id = ${boardId}
        ORDER BY ${viewOrderNum('c')} NULLS LAST, c.id`,
  );
  const known = new Set(onBoard.map((c) => c.id));
  const stranger = cardIds.findIndex((id) => !known.has(id));
  if (stranger >= 0) throw badRequest(`Invalid body: cardIds.${stranger} is not a card of this board`, [{ field: `cardIds.${stranger}`, message: 'is not a card of this board' }]);
  const order = [...cardIds, ...onBoard.map((c) => c.id).filter((id) => !cardIds.includes(id))];
  await db.execute(sql`UPDATE cards SET view_order = o.n::text
    FROM unnest(${sql.param(order)}::int[]) WITH ORDINALITY AS o(id, n) WHERE cards.id = o.id AND cards.company_id = ${companyId}`);
}

/** The cards of a board, or null when the board is not the viewer's to see (other company, Scratchpad, unpublished rival). */
export async function boardCards(db: Db, v: Viewer, boardId: number): Promise<BoardCard[] | null> {
  const { rows } = await db.execute(sql`
    SELECT b.id FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE b.id = ${boardId} AND b.company_id = ${v.companyId} AND ${boardListedSql()} AND ${rivalVisibleSql(v)}`);
  if (rows.length === 0) return null;
  return laneCards(db, v, sql`c.board_id = ${boardId}`);
}
