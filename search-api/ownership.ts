// Company-scoped look-ups every authoring write starts with: the rows a request names must be the
// signed-in company's (404 otherwise), and the groups, tags and users it links to must be too (400).
// Also the company lock that serializes company-wide changes, and the check of a full reorder.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../db/client.ts';
import { apiError, fieldError } from './errors.ts';
import { SCRATCHPAD } from '../contracts/cards.ts';

/** A board a curator may write to: the company's, and not the hidden Scratchpad (part 1 §3). */
export async function writableBoard(db: Exec, companyId: number, boardId: number): Promise<{ id: number; profileId: number; name: string }> {
  const [board] = await rowsOf<{ id: number; profileId: number; name: string }>(
    db,
    sql`SELECT id, profile_id AS "profileId", name FROM boards WHERE id = ${boardId} AND company_id = ${companyId} AND name <> ${SCRATCHPAD}`,
  );
  if (!board) throw apiError('board_not_found');
  return board;
}

export async function writableProfile(db: Exec, companyId: number, profileId: number): Promise<{ id: number; rivalId: number; name: string }> {
  const [profile] = await rowsOf<{ id: number; rivalId: number; name: string }>(
    db,
    sql`SELECT id, rival_id AS "rivalId", name FROM profiles WHERE id = ${profileId} AND company_id = ${companyId}`,
  );
  if (!profile) throw apiError('profile_not_found');
  return profile;
}

/** The named cards with their boards; 404 when any is not the company's. */
export async function writableCards(db: Exec, companyId: number, cardIds: number[]): Promise<{ id: number; boardId: number; viewOrder: string }[]> {
  const rows = await rowsOf<{ id: number; boardId: number; viewOrder: string }>(
    db,
    sql`SELECT id, board_id AS "boardId", view_order AS "viewOrder" FROM cards
        WHERE id = ANY(${sql.param(cardIds)}::int[]) AND company_id = ${companyId} ORDER BY id`,
  );
  if (rows.length !== cardIds.length) throw apiError(cardIds.length === 1 ? 'card_not_found' : 'cards_not_found');
  return rows;
}

/** Ids in `ids` that are not rows of `table` in the company. */
async function foreignIds(db: Exec, table: 'visibility_groups' | 'tags' | 'users' | 'rivals' | 'boards', companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ANY(${sql.param(ids)}::int[]) AND company_id = ${companyId}`,
  );
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** 400 naming the field when a linked id is not the company's. */
export async function requireOwn(
  db: Exec,
  table: 'visibility_groups' | 'tags' | 'users' | 'rivals' | 'boards',
  companyId: number,
  ids: number[] | undefined | null,
  field: string,
): Promise<void> {
  const missing = await foreignIds(db, table, companyId, ids ?? []);
  if (missing.length) throw fieldError('ids_unknown', field, { field, id: missing[0] });
}

/**
 * Serializes the company-wide changes of one company (roles, groups, invitations): each runs its checks
 * (the last admin, a free name) and its write under this lock, so two at once cannot both pass.
 */
export const lockCompany = (tx: Exec, companyId: number) => tx.execute(sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);

/** A reorder names every item exactly once, and nothing else. */
export function requireSameSet(ids: number[], existing: number[]): void {
  const want = new Set(existing);
  const unique = new Set(ids);
  if (unique.size !== ids.length) throw fieldError('ids_twice', 'ids');
  if (ids.length !== want.size || ids.some((id) => !want.has(id))) {
    throw fieldError('ids_not_each_group', 'ids');
  }
}
