// Rivals as their readers see them (part 1 §7 "Profiles, boards, rivals"; part 2 §3–§4; part 3 §2.4
// Dashboard): rivals with visible counts, rival groups, a profile with its boards and battlecards, and
// the quick finder. Everything follows the one visibility rule (search-api/visibility); lane lists
// never show the Scratchpad board. Curators' writes are in authoring.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { battlecardVisibleSql, boardListedSql, cardVisibleSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';
import type { ProfileView, RivalGroupItem, RivalItem, RivalOrder } from '../../contracts/competitors.ts';
import type { RivalHit } from '../../contracts/search.ts';
import { containsPattern } from '../http/params.ts';

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

/** The quick finder: rivals by name (never templates, which are not competitors), with their battlecards. */
export async function searchRivals(db: Db, viewer: Viewer, text: string, limit: number): Promise<RivalHit[]> {
  const like = containsPattern(text);
  const { rows } = await db.execute(sql`
    SELECT r.id, r.name, r.icon_url AS "iconUrl", p.id AS "profileId",
      coalesce((SELECT json_agg(json_build_object('id', bc.id, 'title', bc.title) ORDER BY bc.view_order, bc.id)
                FROM battlecards bc WHERE bc.profile_id = p.id AND ${battlecardVisibleSql(viewer)}), '[]') AS battlecards
    FROM rivals r JOIN profiles p ON p.rival_id = r.id
    WHERE ${rivalVisibleSql(viewer)} AND NOT r.is_template AND r.name ILIKE ${like}
    ORDER BY starts_with(lower(r.name), lower(${text})) DESC, lower(r.name), r.id
    LIMIT ${limit}`);
  return (rows as { id: number; name: string; iconUrl: string | null; profileId: number; battlecards: { id: number; title: string }[] }[]).map(
    (r) => ({ id: r.id, name: r.name, iconUrl: r.iconUrl, profile: { id: r.profileId }, battlecards: r.battlecards }),
  );
}
