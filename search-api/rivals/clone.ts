// Copying one profile into another (part 3 §7.4, POST profiles/{profileId}.json "clone"): the lanes,
// cards and battlecards of profile `id` are added to the profile of the path, in one transaction.
// A source lane whose name (any case) the target already has pours its cards into that lane, after its
// cards, so copying from a template onto the default lanes does not double them; other lanes are added
// after the target's. Cards keep their text, author, visibility (draft, everyone, groups), tags and
// sources; feedback, follows and reviews belong to the original and stay. Battlecards point at the
// copies. The Scratchpad is never copied. Every insert goes through the search outbox triggers
// (db/migrations/0002), so the copies reach the search engine with the visibility they were given.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SCRATCHPAD, type ProfileClone, type ProfileCloned } from '../../contracts/cards.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { lastViewOrderSql } from '../boards/service.ts';
import { viewOrderNum } from '../cards/service.ts';
import { apiError, fieldError } from '../errors.ts';
import { writableProfile } from '../ownership.ts';

type Pairs = { olds: number[]; news: number[] };
const pairsSql = ({ olds, news }: Pairs) => sql`unnest(${sql.param(olds)}::int[], ${sql.param(news)}::int[]) AS m(old, new)`;

/** The target lane of each source lane, creating those the target has no lane of that name for; how many were created. */
async function mapLanes(tx: Exec, companyId: number, fromId: number, toId: number): Promise<{ lanes: Pairs; created: number }> {
  const sources = await rowsOf<{ id: number; name: string }>(
    tx,
    sql`SELECT id, name FROM boards WHERE profile_id = ${fromId} AND name <> ${SCRATCHPAD} ORDER BY view_order, id`,
  );
  const existing = await rowsOf<{ id: number; name: string }>(
    tx,
    sql`SELECT id, name FROM boards WHERE profile_id = ${toId} AND name <> ${SCRATCHPAD} ORDER BY view_order, id`,
  );
  const byName = new Map(existing.map((b) => [b.name.toLowerCase(), b.id]));
  const lanes: Pairs = { olds: [], news: [] };
  let created = 0;
  for (const source of sources) {
    let target = byName.get(source.name.toLowerCase());
    if (target === undefined) {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO boards (company_id, profile_id, name, icon_url, view_order)
            SELECT ${companyId}, ${toId}, name, icon_url, (SELECT coalesce(max(view_order), 0) + 1 FROM boards WHERE profile_id = ${toId})
            FROM boards WHERE id = ${source.id} RETURNING id`,
      );
      target = row.id;
      created++;
    }
    lanes.olds.push(source.id);
    lanes.news.push(target);
  }
  return { lanes, created };
}

/** Copies the cards of the mapped lanes after the target lanes' own cards, in lane then card order; old and new ids. */
async function copyCards(tx: Exec, companyId: number, lanes: Pairs): Promise<Pairs> {
  const cards = await rowsOf<{ old: number; new: number }>(
    tx,
    sql`WITH lanes AS (SELECT m.old, m.new, m.ord FROM unnest(${sql.param(lanes.olds)}::int[], ${sql.param(lanes.news)}::int[]) WITH ORDINALITY AS m(old, new, ord)),
         src AS (SELECT s.*, l.new AS to_board,
                   row_number() OVER (PARTITION BY l.new ORDER BY l.ord, ${viewOrderNum('s')} NULLS LAST, s.id) AS n
                 FROM cards s JOIN lanes l ON l.old = s.board_id),
         pairs AS (SELECT id AS old, nextval(pg_get_serial_sequence('cards', 'id'))::int AS new FROM src),
         ins AS (INSERT INTO cards (id, company_id, board_id, name, text_html, text_json, json_data, has_dynamic_blocks, author_id,
                   view_order, template_name, all_access, is_draft)
                 OVERRIDING SYSTEM VALUE
                 SELECT p.new, ${companyId}, s.to_board, s.name, s.text_html, s.text_json, s.json_data, s.has_dynamic_blocks, s.author_id,
                   (${lastViewOrderSql(sql`s.to_board`)} + s.n)::text, s.template_name, s.all_access, s.is_draft
                 FROM src s JOIN pairs p ON p.old = s.id
                 RETURNING id)
        SELECT old, new FROM pairs ORDER BY old`,
  );
  return { olds: cards.map((c) => c.old), news: cards.map((c) => c.new) };
}

/** The copies' visibility groups, tags and sources, as the originals have them. */
async function copyCardLinks(tx: Exec, companyId: number, cards: Pairs): Promise<void> {
  await tx.execute(sql`INSERT INTO card_visibility_groups (company_id, card_id, visibility_group_id)
    SELECT ${companyId}, m.new, g.visibility_group_id FROM ${pairsSql(cards)} JOIN card_visibility_groups g ON g.card_id = m.old`);
  await tx.execute(sql`INSERT INTO card_tags (company_id, card_id, tag_id)
    SELECT ${companyId}, m.new, t.tag_id FROM ${pairsSql(cards)} JOIN card_tags t ON t.card_id = m.old`);
  await tx.execute(sql`INSERT INTO card_sources (company_id, card_id, permalink, pretty_name, quote, referable_type, user_id, created_at)
    SELECT ${companyId}, m.new, s.permalink, s.pretty_name, s.quote, s.referable_type, s.user_id, s.created_at
    FROM ${pairsSql(cards)} JOIN card_sources s ON s.card_id = m.old ORDER BY s.id`);
}

/** Copies the source's battlecards after the target's, each layout pointing at the copied cards; how many. */
async function copyBattlecards(tx: Exec, companyId: number, fromId: number, toId: number, cards: Pairs): Promise<number> {
  const layout = (name: string) =>
    sql`(SELECT coalesce(jsonb_agg(m.new ORDER BY e.ord), '[]'::jsonb)
         FROM jsonb_array_elements_text(coalesce(bc.cards -> ${name}, '[]'::jsonb)) WITH ORDINALITY AS e(id, ord)
         JOIN ${pairsSql(cards)} ON m.old = e.id::int)`;
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`INSERT INTO battlecards (company_id, profile_id, title, layout, cards, is_draft, view_order)
        SELECT ${companyId}, ${toId}, bc.title, bc.layout,
          jsonb_build_object('desktop', ${layout('desktop')}, 'tablet', ${layout('tablet')}, 'mobile', ${layout('mobile')}),
          bc.is_draft,
          (SELECT coalesce(max(view_order), 0) FROM battlecards WHERE profile_id = ${toId}) + row_number() OVER (ORDER BY bc.view_order, bc.id)
        FROM battlecards bc WHERE bc.profile_id = ${fromId}
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Copies, inside the caller's transaction, the lanes, cards and (with `battlecards`) battlecards of one
 * profile of the company into another. Both must be checked to be the company's first.
 */
export async function copyProfileInto(tx: Exec, companyId: number, fromId: number, toId: number, battlecards: boolean): Promise<ProfileCloned> {
  // Two copies into one profile at once would both take the same "last" view orders.
  await tx.execute(sql`SELECT id FROM profiles WHERE id = ${toId} FOR UPDATE`);
  const { lanes, created } = await mapLanes(tx, companyId, fromId, toId);
  const cards = await copyCards(tx, companyId, lanes);
  await copyCardLinks(tx, companyId, cards);
  const battlecardsCount = battlecards ? await copyBattlecards(tx, companyId, fromId, toId, cards) : 0;
  await tx.execute(sql`UPDATE profiles SET updated_at = now() WHERE id = ${toId}`);
  return { cardsCount: cards.olds.length, battlecardsCount, boardsCount: created };
}

/** Adds profile `body.id`'s lanes, cards and (unless asked not to) battlecards to profile `toId`. */
export async function cloneProfile(db: Db, companyId: number, toId: number, body: z.output<typeof ProfileClone>): Promise<ProfileCloned> {
  await writableProfile(db, companyId, toId);
  if (body.id === toId) throw fieldError('clone_same_profile', 'id');
  const [source] = await rowsOf(db, sql`SELECT id FROM profiles WHERE id = ${body.id} AND company_id = ${companyId}`);
  if (!source) throw apiError('source_profile_not_found');
  return db.transaction((tx) => copyProfileInto(tx, companyId, body.id, toId, body.battlecards));
}
