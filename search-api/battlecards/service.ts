// Battlecards (part 2 §3, §5, §7, §9): the company's list as the viewer may see it, with an ETag that
// changes whenever a battlecard or one of its cards changes; create on a profile, update, delete. A
// layout holds at most 8 cards (the contract refuses more) and only cards of the battlecard's profile.
// One battlecard's cards as the viewer may see them, for the battlecard page.
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { BATTLECARD_LAYOUTS, BATTLECARD_MAX_CARDS, type BattlecardItem, type BattlecardLayoutKind } from '../../contracts/cards.ts';
import type { BattlecardCards } from '../../contracts/competitors.ts';
import { laneCards } from '../cards/service.ts';
import { apiError, fieldError } from '../errors.ts';
import { SCRATCHPAD } from '../../contracts/cards.ts';
import { battlecardVisibleSql, boardListedSql, cardVisibleSql, type Viewer } from '../visibility/index.ts';
import { writableProfile } from '../ownership.ts';

type Layouts = Record<BattlecardLayoutKind, number[]>;
const layoutIds = (cards: Partial<Layouts> | null): number[] =>
  [...new Set(BATTLECARD_LAYOUTS.flatMap((k) => (Array.isArray(cards?.[k]) ? cards[k] : [])))].filter(Number.isInteger);

/** The viewer's battlecards matching `where`, and a tag that changes when they or their cards change. */
async function battlecardsWhere(db: Db, v: Viewer, where: SQL): Promise<{ items: BattlecardItem[]; etag: string }> {
  type Row = Pick<BattlecardItem, 'id' | 'title' | 'layout' | 'isDraft' | 'viewOrder'> & {
    cards: Partial<Layouts> | null;
    reviewedAt: Date | string | null;
    reviewedBy: number | null;
    createdAt: Date | string;
    updatedAt: Date | string;
    profileId: number;
    profileName: string;
  };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT bc.id, bc.title, bc.layout, bc.is_draft AS "isDraft", bc.cards, bc.view_order AS "viewOrder",
          bc.reviewed_at AS "reviewedAt", bc.reviewed_by AS "reviewedBy", bc.created_at AS "createdAt", bc.updated_at AS "updatedAt",
          p.id AS "profileId", p.name AS "profileName"
        FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id
        WHERE ${battlecardVisibleSql(v)} AND ${where}
        ORDER BY lower(p.name), bc.view_order, bc.id`,
  );
  const ids = [...new Set(rows.flatMap((r) => layoutIds(r.cards)))];
  const cards = ids.length
    ? await rowsOf<{ id: number; name: string; updatedAt: Date | string }>(
        db,
        sql`SELECT c.id, c.name, c.updated_at AS "updatedAt" FROM cards c JOIN boards cb ON cb.id = c.board_id
            WHERE c.id = ANY(${sql.param(ids)}::int[]) AND ${boardListedSql('cb')} AND ${cardVisibleSql(v)} ORDER BY c.id`,
      )
    : [];
  const titles = new Map(cards.map((c) => [c.id, c.name]));
  const items = rows.map((r): BattlecardItem => {
    const layouts = Object.fromEntries(
      BATTLECARD_LAYOUTS.map((k) => [k, (Array.isArray(r.cards?.[k]) ? (r.cards[k] as number[]) : []).filter((id) => titles.has(id))]),
    ) as Layouts;
    return {
      id: r.id,
      title: r.title,
      profile: { id: r.profileId, name: r.profileName },
      cards: layouts,
      cardTitles: Object.fromEntries(layoutIds(layouts).map((id) => [String(id), titles.get(id)!])),
      isDraft: r.isDraft,
      layout: r.layout,
      // Battlecard comments are not stored yet.
      commentsCount: 0,
      viewOrder: r.viewOrder,
      review: { reviewedAt: r.reviewedAt ? new Date(r.reviewedAt).toISOString() : null, byUserId: r.reviewedBy },
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    };
  });
  const stamp = cards.map((c) => `${c.id}:${new Date(c.updatedAt).getTime()}`).join(',');
  const etag = `W/"${crypto.createHash('sha1').update(JSON.stringify(items)).update(stamp).digest('base64url')}"`;
  return { items, etag };
}

export const listBattlecards = (db: Db, v: Viewer) => battlecardsWhere(db, v, sql`true`);

async function readBattlecard(db: Db, v: Viewer, id: number): Promise<BattlecardItem> {
  const [item] = (await battlecardsWhere(db, v, sql`bc.id = ${id}`)).items;
  return item;
}

/** 400 naming the layout when a card is not on one of the profile's boards. */
async function requireProfileCards(db: Db, companyId: number, profileId: number, cards: Partial<Layouts>): Promise<void> {
  const ids = layoutIds(cards);
  if (!ids.length) return;
  const found = await rowsOf<{ id: number }>(
    db,
    sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id
        WHERE c.id = ANY(${sql.param(ids)}::int[]) AND c.company_id = ${companyId} AND b.profile_id = ${profileId} AND b.name <> ${SCRATCHPAD}`,
  );
  const known = new Set(found.map((r) => r.id));
  for (const k of BATTLECARD_LAYOUTS) {
    const stranger = cards[k]?.find((id) => !known.has(id));
    if (stranger !== undefined) {
      throw fieldError('battlecard_card_foreign', `cardData.${k}`, { layout: k, card: stranger });
    }
  }
}

/** Layouts left out follow the desktop one. */
const fullLayouts = (c: Partial<Layouts>, base: Layouts): Layouts => {
  const desktop = c.desktop ?? base.desktop;
  return { desktop, tablet: c.tablet ?? (c.desktop ? desktop : base.tablet), mobile: c.mobile ?? (c.desktop ? desktop : base.mobile) };
};

export async function createBattlecard(
  db: Db,
  v: Viewer,
  profileId: number,
  body: { title: string; layout: string; cardData: Partial<Layouts>; isDraft: boolean },
): Promise<BattlecardItem> {
  await writableProfile(db, v.companyId, profileId);
  await requireProfileCards(db, v.companyId, profileId, body.cardData);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO battlecards (company_id, profile_id, title, layout, cards, is_draft, view_order)
        VALUES (${v.companyId}, ${profileId}, ${body.title}, ${body.layout},
          ${JSON.stringify(fullLayouts(body.cardData, { desktop: [], tablet: [], mobile: [] }))}::jsonb, ${body.isDraft},
          (SELECT coalesce(max(view_order), 0) + 1 FROM battlecards WHERE profile_id = ${profileId}))
        RETURNING id`,
  );
  return readBattlecard(db, v, row.id);
}

async function writableBattlecard(db: Db, companyId: number, id: number): Promise<{ profileId: number; cards: Layouts }> {
  const [bc] = await rowsOf<{ profileId: number; cards: Layouts }>(
    db,
    sql`SELECT profile_id AS "profileId", cards FROM battlecards WHERE id = ${id} AND company_id = ${companyId}`,
  );
  if (!bc) throw apiError('battlecard_not_found');
  return bc;
}

export async function updateBattlecard(
  db: Db,
  v: Viewer,
  id: number,
  body: { title?: string; layout?: string; cardData?: Partial<Layouts>; isDraft?: boolean; viewOrder?: number },
): Promise<BattlecardItem> {
  const bc = await writableBattlecard(db, v.companyId, id);
  if (body.cardData) await requireProfileCards(db, v.companyId, bc.profileId, body.cardData);
  await db.execute(sql`UPDATE battlecards SET updated_at = now()
    ${body.title !== undefined ? sql`, title = ${body.title}` : sql``}
    ${body.layout !== undefined ? sql`, layout = ${body.layout}` : sql``}
    ${body.cardData !== undefined ? sql`, cards = ${JSON.stringify(fullLayouts(body.cardData, bc.cards))}::jsonb` : sql``}
    ${body.isDraft !== undefined ? sql`, is_draft = ${body.isDraft}` : sql``}
    ${body.viewOrder !== undefined ? sql`, view_order = ${body.viewOrder}` : sql``}
    WHERE id = ${id} AND company_id = ${v.companyId}`);
  return readBattlecard(db, v, id);
}

export async function deleteBattlecard(db: Db, companyId: number, id: number): Promise<void> {
  await writableBattlecard(db, companyId, id);
  await db.execute(sql`DELETE FROM battlecards WHERE id = ${id} AND company_id = ${companyId}`);
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
    FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id
    WHERE bc.id = ${id} AND ${battlecardVisibleSql(v)}`);
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
    ? await laneCards(db, v, sql`c.id = ANY(${sql.param(wanted)}::int[]) AND ${boardListedSql()}`)
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  return {
    id: r.id,
    title: r.title,
    layout: r.layout,
    isDraft: r.isDraft,
    profile: { id: r.profileId, name: r.profileName },
    cards: wanted.flatMap((cid) => (byId.has(cid) ? [byId.get(cid)!] : [])),
  };
}
