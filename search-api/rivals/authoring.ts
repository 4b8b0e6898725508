// Rivals, rival groups and profiles as curators change them (part 3 §4.8, §7.4, §7.5): create a rival
// with its profile and boards (default lanes, or a copy of another profile's boards and cards) as a
// boardCreation job the client polls; delete; publish or unpublish through the profile. Rival groups
// are in groups.ts.
import { sql } from 'drizzle-orm';
import { type Db, type Exec, rowsOf } from '../../db/client.ts';
import type { JobStatus, ProfileAnswer, RivalCreated } from '../../contracts/cards.ts';
import { apiError, fieldError } from '../errors.ts';
import { writableProfile } from '../ownership.ts';
import { addWebsiteDomains } from '../../db/rivalDomains.ts';
import { copyProfileInto } from './clone.ts';

/** The lanes a new profile starts with. */
export const DEFAULT_BOARDS = ['Overview', 'Pricing', 'Product', 'Strengths & Weaknesses', 'Objection Handling', 'News'] as const;

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
    // The browser extension offers the rival on its website (unless another rival has that domain).
    await addWebsiteDomains(tx, companyId, [{ id: rival.id, url: body.url }]);
    let tasks: number;
    if (body.copyFromId) {
      // The board wizard's "copy of another profile": its lanes and cards, not its battlecards.
      const copied = await copyProfileInto(tx, companyId, body.copyFromId, profile.id, false);
      tasks = copied.boardsCount + copied.cardsCount;
    }
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
  if (!rows.length) throw apiError('rival_not_found');
}


/** Profile settings; isDraft publishes or unpublishes the rival with it, imageUrl is the rival's icon. */
export async function updateProfile(
  db: Db,
  companyId: number,
  id: number,
  body: { isDraft?: boolean; publicSourcesEnabled?: boolean; products?: number[]; imageUrl?: string | null },
): Promise<ProfileAnswer> {
  const profile = await writableProfile(db, companyId, id);
  if (body.products?.length) await requireOwnProducts(db, companyId, body.products);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE profiles SET updated_at = now()
      ${body.isDraft !== undefined ? sql`, is_draft = ${body.isDraft}` : sql``}
      ${body.publicSourcesEnabled !== undefined ? sql`, public_sources_enabled = ${body.publicSourcesEnabled}` : sql``}
      ${body.products !== undefined ? sql`, products = ${JSON.stringify([...new Set(body.products)])}::jsonb` : sql``}
      WHERE id = ${id} AND company_id = ${companyId}`);
    if (body.isDraft !== undefined || body.imageUrl !== undefined) {
      await tx.execute(sql`UPDATE rivals SET updated_at = now()
        ${body.isDraft !== undefined ? sql`, is_draft = ${body.isDraft}` : sql``}
        ${body.imageUrl !== undefined ? sql`, icon_url = ${body.imageUrl}` : sql``}
        WHERE id = ${profile.rivalId} AND company_id = ${companyId}`);
    }
  });
  return readProfileAnswer(db, companyId, id);
}

/** The product filter names products of the company's own organization only. */
async function requireOwnProducts(db: Db, companyId: number, ids: number[]) {
  const known = await rowsOf<{ id: number }>(
    db,
    sql`SELECT pr.id FROM products pr JOIN organizations o ON o.id = pr.organization_id
        WHERE pr.company_id = ${companyId} AND o.is_own_organization AND pr.id = ANY(${sql.param(ids)}::int[])`,
  );
  const unknown = ids.filter((id) => !known.some((k) => k.id === id));
  if (unknown.length) throw fieldError('products_unknown', 'products', { ids: unknown.join(', ') });
}

/** A profile's settings (part 3 §7.4 response). */
export async function readProfileAnswer(db: Exec, companyId: number, id: number): Promise<ProfileAnswer> {
  const [row] = await rowsOf<ProfileAnswer>(
    db,
    sql`SELECT p.id, p.is_draft AS "isDraft", p.is_template AS "isTemplate", p.name, p.rival_id AS "rivalId",
          p.public_sources_enabled AS "publicSourcesEnabled", p.products, r.icon_url AS "imageUrl"
        FROM profiles p JOIN rivals r ON r.id = p.rival_id WHERE p.id = ${id} AND p.company_id = ${companyId}`,
  );
  if (!row) throw apiError('profile_not_found');
  return row;
}
