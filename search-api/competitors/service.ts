// Read-only competitor data from PostgreSQL (part 1 §7 "Profiles, boards, rivals"; part 2 §3–§4;
// part 3 §2.4 Dashboard): rivals with visible counts, rival groups, a profile with its boards and
// battlecards, the cards of a board and of a battlecard. Everything follows the one visibility rule
// (search-api/visibility); lane lists never show the Scratchpad board.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { battlecardVisibleSql, boardListedSql, cardVisibleSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';
import { BATTLECARD_MAX_CARDS, type BattlecardLayoutKind } from '../../contracts/cards.ts';
import type { BattlecardCards, BoardCard, ProfileView, RivalGroupItem, RivalItem, RivalOrder } from '../../contracts/competitors.ts';

export const RIVALS_MAX_LIMIT = 10_000;

/** Cards on the listed boards of profile p (an outer alias) the viewer may see. */
function visibleCardsOfProfile(v: Viewer): SQL {
  return sql`(SELECT count(*) FROM cards c JOIN boards cb ON cb.id = c.board_id
     WHERE cb.profile_id = p.id AND ${boardListedSql('cb')} AND ${cardVisibleSql(v)})::int`;
}

function battlecardsOfProfile(v: Viewer): SQL {
  return sql`(SELECT count(*) FROM battlecards bc WHERE bc.profile_id = p.id AND ${battlecardVisibleSql(v)})::int`;
}

const ORDER_BY: Record<RivalOrder, SQL> = {
  alpha: sql`lower(r.name), r.id`,
  'alpha-rev': sql`lower(r.name) DESC, r.id DESC`,
  created: sql`r.created_at, r.id`,
  'created-rev': sql`r.created_at DESC, r.id DESC`,
  cards: sql`"cardsCount" DESC, lower(r.name), r.id`,
  battlecards: sql`"battlecardsCount" DESC, lower(r.name), r.id`,
};

export type RivalListParams = {
  page: number;
  limit: number;
  minimal: boolean;
  cardsCount?: boolean;
  rivalGroupId?: number;
  order: RivalOrder;
};

export async function rivalGroupExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM rival_groups WHERE id = ${id} AND company_id = ${companyId}`);
  return rows.length > 0;
}

export async function listRivals(db: Db, v: Viewer, q: RivalListParams): Promise<RivalItem[]> {
  // Counts come with the full list, or with the minimal one when asked for; ordering by a count needs them.
  const counts = !q.minimal || q.cardsCount === true || q.order === 'cards' || q.order === 'battlecards';
  const { rows } = await db.execute(sql`
    SELECT r.id, r.name, r.icon_url AS "iconUrl", p.id AS "profileId", r.is_draft AS "isDraft", r.created_at AS "createdAt"
      ${counts ? sql`, ${visibleCardsOfProfile(v)} AS "cardsCount", ${battlecardsOfProfile(v)} AS "battlecardsCount"` : sql``}
    FROM rivals r JOIN profiles p ON p.rival_id = r.id
    WHERE ${rivalVisibleSql(v)}
      ${q.rivalGroupId ? sql`AND EXISTS (SELECT 1 FROM rival_group_members m WHERE m.rival_id = r.id AND m.rival_group_id = ${q.rivalGroupId} AND m.company_id = ${v.companyId})` : sql``}
    ORDER BY ${ORDER_BY[q.order]}
    LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  return (rows as (RivalItem & { createdAt: string | Date })[]).map((r) => {
    const item: RivalItem = {
      id: r.id,
      name: r.name,
      iconUrl: r.iconUrl,
      profileId: r.profileId,
      isDraft: r.isDraft,
      createdAt: new Date(r.createdAt).toISOString(),
    };
    if (counts && (!q.minimal || q.cardsCount)) {
      item.cardsCount = r.cardsCount;
      item.battlecardsCount = r.battlecardsCount;
    }
    return item;
  });
}

export async function listRivalGroups(db: Db, v: Viewer): Promise<RivalGroupItem[]> {
  const { rows } = await db.execute(sql`
    SELECT g.id, g.name, g.view_order AS "viewOrder",
      coalesce((SELECT json_agg(r.id ORDER BY m.view_order, r.id)
                FROM rival_group_members m JOIN rivals r ON r.id = m.rival_id JOIN profiles p ON p.rival_id = r.id
                WHERE m.rival_group_id = g.id AND ${rivalVisibleSql(v)}), '[]') AS rivals
    FROM rival_groups g WHERE g.company_id = ${v.companyId}
    ORDER BY g.view_order, g.id`);
  return rows as RivalGroupItem[];
}

export async function readProfile(db: Db, v: Viewer, id: number): Promise<ProfileView | null> {
  const { rows } = await db.execute(sql`
    SELECT p.id, p.name, r.id AS "rivalId", r.name AS "rivalName", r.icon_url AS "iconUrl",
      coalesce((SELECT json_agg(json_build_object('id', b.id, 'name', b.name, 'viewOrder', b.view_order,
                  'cardsCount', (SELECT count(*) FROM cards c WHERE c.board_id = b.id AND ${cardVisibleSql(v)})) ORDER BY b.view_order, b.id)
                FROM boards b WHERE b.profile_id = p.id AND b.company_id = ${v.companyId} AND ${boardListedSql()}), '[]') AS boards,
      coalesce((SELECT json_agg(json_build_object('id', bc.id, 'title', bc.title, 'isDraft', bc.is_draft) ORDER BY bc.view_order, bc.id)
                FROM battlecards bc WHERE bc.profile_id = p.id AND ${battlecardVisibleSql(v)}), '[]') AS battlecards
    FROM profiles p JOIN rivals r ON r.id = p.rival_id
    WHERE p.id = ${id} AND ${rivalVisibleSql(v)}`);
  const r = rows[0] as
    | { id: number; name: string; rivalId: number; rivalName: string; iconUrl: string | null; boards: ProfileView['boards']; battlecards: ProfileView['battlecards'] }
    | undefined;
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    rivalId: r.rivalId,
    rival: { id: r.rivalId, name: r.rivalName, iconUrl: r.iconUrl },
    boards: r.boards.map((b) => ({ ...b, cardsCount: Number(b.cardsCount) })),
    battlecards: r.battlecards,
  };
}

/** Card columns for a list; `where` picks the cards (always combined with the visibility rule). */
async function cardsWhere(db: Db, v: Viewer, where: SQL): Promise<(BoardCard & { boardId: number })[]> {
  const { rows } = await db.execute(sql`
    SELECT c.id, c.name, c.text_html AS "textHtml", c.view_order AS "viewOrder", c.is_draft AS "isDraft",
      c.all_access AS "allAccess", c.updated_at AS "updatedAt", c.board_id AS "boardId", u.id AS "authorId", u.name AS "authorName",
      coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name)
                FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = c.id), '[]') AS tags
    FROM cards c LEFT JOIN users u ON u.id = c.author_id
    WHERE ${where} AND ${cardVisibleSql(v)}
    ORDER BY CASE WHEN c.view_order ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN c.view_order::numeric END NULLS LAST, c.id`);
  type Row = Omit<BoardCard, 'data' | 'author' | 'updatedAt'> & { name: string; boardId: number; authorId: number | null; authorName: string | null; updatedAt: string | Date };
  return (rows as Row[]).map((r) => ({
    id: r.id,
    data: { name: r.name },
    textHtml: r.textHtml,
    tags: r.tags,
    viewOrder: r.viewOrder,
    isDraft: r.isDraft,
    allAccess: r.allAccess,
    updatedAt: new Date(r.updatedAt).toISOString(),
    author: r.authorId === null ? null : { id: r.authorId, name: r.authorName ?? '' },
    boardId: r.boardId,
  }));
}

const strip = ({ boardId: _boardId, ...card }: BoardCard & { boardId: number }): BoardCard => card;

/** The cards of a board, or null when the board is not the viewer's to see (other company, Scratchpad, unpublished rival). */
export async function boardCards(db: Db, v: Viewer, boardId: number): Promise<BoardCard[] | null> {
  const { rows } = await db.execute(sql`
    SELECT b.id FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE b.id = ${boardId} AND b.company_id = ${v.companyId} AND ${boardListedSql()} AND ${rivalVisibleSql(v)}`);
  if (rows.length === 0) return null;
  return (await cardsWhere(db, v, sql`c.board_id = ${boardId}`)).map(strip);
}

/** A battlecard with the cards of one layout (desktop by default) the viewer may see, in layout order; `cardIds` narrows them. */
export async function battlecardCards(
  db: Db,
  v: Viewer,
  id: number,
  opts: { layout?: BattlecardLayoutKind; cardIds?: number[] } = {},
): Promise<BattlecardCards | null> {
  const { rows } = await db.execute(sql`
    SELECT bc.id, bc.title, bc.layout, bc.is_draft AS "isDraft", bc.cards, p.id AS "profileId", p.name AS "profileName"
    FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE bc.id = ${id} AND ${battlecardVisibleSql(v)} AND ${rivalVisibleSql(v)}`);
  const r = rows[0] as
    | { id: number; title: string; layout: string; isDraft: boolean; cards: Partial<Record<BattlecardLayoutKind, unknown>>; profileId: number; profileName: string }
    | undefined;
  if (!r) return null;
  const layout = r.cards?.[opts.layout ?? 'desktop'];
  const wanted = (Array.isArray(layout) ? layout : [])
    .filter((x): x is number => Number.isInteger(x) && (x as number) > 0)
    .slice(0, BATTLECARD_MAX_CARDS)
    .filter((x) => !opts.cardIds || opts.cardIds.includes(x));
  const found = wanted.length
    ? await cardsWhere(db, v, sql`c.id = ANY(${sql.param(wanted)}::int[]) AND EXISTS (
        SELECT 1 FROM boards cb WHERE cb.id = c.board_id AND ${boardListedSql('cb')})`)
    : [];
  const byId = new Map(found.map((c) => [c.id, strip(c)]));
  return {
    id: r.id,
    title: r.title,
    layout: r.layout,
    isDraft: r.isDraft,
    profile: { id: r.profileId, name: r.profileName },
    cards: wanted.flatMap((cid) => (byId.has(cid) ? [byId.get(cid)!] : [])),
  };
}
