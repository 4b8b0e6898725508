// Rivals, rival groups and profiles as curators change them (part 3 §4.8, §7.4, §7.5): create a rival
// with its profile and boards (default lanes, or a copy of another profile's boards and cards) as a
// boardCreation job the client polls; delete; publish or unpublish through the profile; add to and
// remove from a group.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Exec } from '../../db/client.ts';
import type { JobStatus, ProfileAnswer, RivalCreated } from '../../contracts/cards.ts';
import type { RivalGroupItem } from '../../contracts/competitors.ts';
import { notFound } from '../errors.ts';
import { SCRATCHPAD } from '../../contracts/cards.ts';
import { listRivalGroups } from './service.ts';
import type { Viewer } from '../visibility/index.ts';
import { requireOwn, writableProfile } from '../ownership.ts';

/** The lanes a new profile starts with. */
export const DEFAULT_BOARDS = ['Overview', 'Pricing', 'Product', 'Strengths & Weaknesses', 'Objection Handling', 'News'] as const;

/** Copies the boards (not the Scratchpad) and cards, with their groups and tags, of one profile to another. */
async function copyProfile(tx: Exec, companyId: number, fromId: number, toId: number): Promise<number> {
  const sources = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM boards WHERE profile_id = ${fromId} AND name <> ${SCRATCHPAD} ORDER BY view_order, id`);
  const boards: { old: number; new: number }[] = [];
  for (const { id } of sources) {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO boards (company_id, profile_id, name, icon_url, view_order)
          SELECT ${companyId}, ${toId}, name, icon_url, view_order FROM boards WHERE id = ${id} RETURNING id`,
    );
    boards.push({ old: id, new: row.id });
  }
  let copied = 0;
  for (const b of boards) {
    const cards = await rowsOf<{ old: number; new: number }>(
      tx,
      sql`WITH src AS (SELECT * FROM cards WHERE board_id = ${b.old}),
           pairs AS (SELECT id AS old, nextval(pg_get_serial_sequence('cards', 'id'))::int AS new FROM src),
           ins AS (INSERT INTO cards (id, company_id, board_id, name, text_html, text_json, json_data, has_dynamic_blocks, author_id,
                     view_order, template_name, all_access, is_draft)
                   OVERRIDING SYSTEM VALUE
                   SELECT p.new, ${companyId}, ${b.new}, s.name, s.text_html, s.text_json, s.json_data, s.has_dynamic_blocks, s.author_id,
                     s.view_order, s.template_name, s.all_access, s.is_draft
                   FROM src s JOIN pairs p ON p.old = s.id RETURNING id)
          SELECT old, new FROM pairs`,
    );
    if (!cards.length) continue;
    const olds = cards.map((c) => c.old);
    const news = cards.map((c) => c.new);
    await tx.execute(sql`INSERT INTO card_visibility_groups (company_id, card_id, visibility_group_id)
      SELECT ${companyId}, m.new, g.visibility_group_id FROM unnest(${sql.param(olds)}::int[], ${sql.param(news)}::int[]) AS m(old, new)
      JOIN card_visibility_groups g ON g.card_id = m.old`);
    await tx.execute(sql`INSERT INTO card_tags (company_id, card_id, tag_id)
      SELECT ${companyId}, m.new, t.tag_id FROM unnest(${sql.param(olds)}::int[], ${sql.param(news)}::int[]) AS m(old, new)
      JOIN card_tags t ON t.card_id = m.old`);
    copied += cards.length;
  }
  return boards.length + copied;
}

export async function createRival(
  db: Db,
  companyId: number,
  userId: number,
  body: { name: string; category: 'company' | 'product' | 'other'; url?: string; copyFromId?: number },
): Promise<RivalCreated> {
  if (body.copyFromId) await writableProfile(db, companyId, body.copyFromId);
  return db.transaction(async (tx) => {
    const [rival] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO rivals (company_id, name, url, category, is_draft, view_order)
          VALUES (${companyId}, ${body.name}, ${body.url || null}, ${body.category}, true,
            (SELECT coalesce(max(view_order), 0) + 1 FROM rivals WHERE company_id = ${companyId}))
          RETURNING id`,
    );
    const [profile] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO profiles (company_id, rival_id, name, is_draft) VALUES (${companyId}, ${rival.id}, ${body.name}, true) RETURNING id`,
    );
    let tasks: number;
    if (body.copyFromId) tasks = await copyProfile(tx, companyId, body.copyFromId, profile.id);
    else if (body.copyFromId === 0) tasks = 0;
    else {
      await tx.execute(sql`INSERT INTO boards (company_id, profile_id, name, view_order)
        SELECT ${companyId}, ${profile.id}, n, o FROM unnest(${sql.param([...DEFAULT_BOARDS])}::text[]) WITH ORDINALITY AS d(n, o)`);
      tasks = DEFAULT_BOARDS.length;
    }
    // Board creation runs inside this request for now; the job row gives the client the status it polls.
    const [job] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO jobs (company_id, user_id, kind, payload, tasks_total, tasks_completed, state, completed_at)
          VALUES (${companyId}, ${userId}, 'boardCreation', ${JSON.stringify({ rivalId: rival.id, profileId: profile.id, copyFromId: body.copyFromId ?? null })}::jsonb,
            ${tasks}, ${tasks}, 'completed', now())
          RETURNING id`,
    );
    return { id: rival.id, statusId: job.id, profile: { id: profile.id } };
  });
}

export async function jobStatus(db: Db, companyId: number, id: number): Promise<JobStatus | null> {
  const [job] = await rowsOf<{ id: number; completedAt: Date | string | null; tasksCompleted: number; tasksTotal: number }>(
    db,
    sql`SELECT id, completed_at AS "completedAt", tasks_completed AS "tasksCompleted", tasks_total AS "tasksTotal"
        FROM jobs WHERE id = ${id} AND company_id = ${companyId} AND kind = 'boardCreation'`,
  );
  return job ? { ...job, completedAt: job.completedAt ? new Date(job.completedAt).toISOString() : null } : null;
}

export async function deleteRival(db: Db, companyId: number, id: number): Promise<void> {
  const { rows } = await db.execute(sql`DELETE FROM rivals WHERE id = ${id} AND company_id = ${companyId} RETURNING id`);
  if (!rows.length) throw notFound('Rival');
}

export async function updateRivalGroup(db: Db, v: Viewer, id: number, body: { addRivals: number[]; removeRivals: number[] }): Promise<RivalGroupItem> {
  const [group] = await rowsOf(db, sql`SELECT id FROM rival_groups WHERE id = ${id} AND company_id = ${v.companyId}`);
  if (!group) throw notFound('Rival group');
  await requireOwn(db, 'rivals', v.companyId, body.addRivals, 'addRivals');
  await requireOwn(db, 'rivals', v.companyId, body.removeRivals, 'removeRivals');
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM rival_group_members WHERE rival_group_id = ${id} AND rival_id = ANY(${sql.param(body.removeRivals)}::int[])`);
    await tx.execute(sql`INSERT INTO rival_group_members (company_id, rival_group_id, rival_id, view_order)
      SELECT ${v.companyId}, ${id}, r, (SELECT coalesce(max(view_order), 0) FROM rival_group_members WHERE rival_group_id = ${id}) + o
      FROM unnest(${sql.param(body.addRivals)}::int[]) WITH ORDINALITY AS a(r, o)
      ON CONFLICT DO NOTHING`);
  });
  return (await listRivalGroups(db, v)).find((g) => g.id === id)!;
}

/** Profile settings; isDraft publishes or unpublishes the rival with it, imageUrl is the rival's icon. */
export async function updateProfile(
  db: Db,
  companyId: number,
  id: number,
  body: { isDraft?: boolean; publicSourcesEnabled?: boolean; products?: string[]; imageUrl?: string | null },
): Promise<ProfileAnswer> {
  const profile = await writableProfile(db, companyId, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE profiles SET updated_at = now()
      ${body.isDraft !== undefined ? sql`, is_draft = ${body.isDraft}` : sql``}
      ${body.publicSourcesEnabled !== undefined ? sql`, public_sources_enabled = ${body.publicSourcesEnabled}` : sql``}
      ${body.products !== undefined ? sql`, products = ${JSON.stringify(body.products)}::jsonb` : sql``}
      WHERE id = ${id} AND company_id = ${companyId}`);
    if (body.isDraft !== undefined || body.imageUrl !== undefined) {
      await tx.execute(sql`UPDATE rivals SET updated_at = now()
        ${body.isDraft !== undefined ? sql`, is_draft = ${body.isDraft}` : sql``}
        ${body.imageUrl !== undefined ? sql`, icon_url = ${body.imageUrl}` : sql``}
        WHERE id = ${profile.rivalId} AND company_id = ${companyId}`);
    }
  });
  const [row] = await rowsOf<ProfileAnswer>(
    db,
    sql`SELECT p.id, p.is_draft AS "isDraft", p.is_template AS "isTemplate", p.name, p.rival_id AS "rivalId",
          p.public_sources_enabled AS "publicSourcesEnabled", p.products, r.icon_url AS "imageUrl"
        FROM profiles p JOIN rivals r ON r.id = p.rival_id WHERE p.id = ${id}`,
  );
  return row;
}
