// Email digests and their favorited posts in PostgreSQL (part 1 §3 Digest, §4, §7 Intel). Every query is
// scoped by company; every write runs in a transaction that first claims the digest as a draft, so a sent
// digest is never changed (409) and a failed request writes nothing.
import { sql, type SQL } from 'drizzle-orm';
import { type Db, type Exec } from '../../db/client.ts';
import type { DigestDetail, DigestFavorite, DigestList, DigestListQuery, DigestPost, DigestSummary } from '../../contracts/digests.ts';
import { apiError } from '../errors.ts';
import { prepareForDigest } from '../intel/publish.ts';

/** An intel item that still counts: published and not deleted (favoritesLiveCount, and what a mail includes). */
const LIVE = sql`(i.published_at IS NOT NULL AND i.state <> 'deleted')`;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

const SUMMARY_COLUMNS = sql`d.id, d.title, d.intro, d.state, d.type_id AS "typeId", d.sent_at AS "sentAt",
  d.recipients_count AS "recipientsCount", d.created_at AS "createdAt", d.updated_at AS "updatedAt",
  (SELECT count(*) FROM digest_favorites f JOIN posts p ON p.id = f.post_id JOIN intel_items i ON i.id = p.intel_id
    WHERE f.email_digest_id = d.id AND ${LIVE})::int AS "favoritesLiveCount"`;

type SummaryRow = Omit<DigestSummary, 'sentAt' | 'createdAt' | 'updatedAt'> & { sentAt: unknown; createdAt: unknown; updatedAt: unknown };

const toSummary = (r: SummaryRow): DigestSummary => ({
  id: r.id,
  title: r.title,
  intro: r.intro,
  state: r.state,
  typeId: r.typeId,
  favoritesLiveCount: r.favoritesLiveCount,
  sentAt: iso(r.sentAt),
  recipientsCount: r.recipientsCount,
  createdAt: iso(r.createdAt)!,
  updatedAt: iso(r.updatedAt)!,
});

async function summaries(db: Exec, where: SQL, tail: SQL = sql``): Promise<DigestSummary[]> {
  const { rows } = await db.execute(sql`SELECT ${SUMMARY_COLUMNS} FROM email_digests d WHERE ${where} ${tail}`);
  return (rows as SummaryRow[]).map(toSummary);
}

export async function listDigests(db: Db, companyId: number, q: DigestListQuery): Promise<DigestList> {
  const where = sql`d.company_id = ${companyId}
    ${q.filter ? sql`AND d.state = ${q.filter}` : sql``}
    ${q.typeId ? sql`AND d.type_id = ${q.typeId}` : sql``}`;
  const [digests, total] = await Promise.all([
    summaries(db, where, sql`ORDER BY d.created_at DESC, d.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
    db.execute(sql`SELECT count(*)::int AS n FROM email_digests d WHERE ${where}`),
  ]);
  return { digests, pagination: { page: q.page, limit: q.limit, total: (total.rows[0] as { n: number }).n } };
}

export async function readSummary(db: Exec, companyId: number, id: number): Promise<DigestSummary> {
  const [digest] = await summaries(db, sql`d.id = ${id} AND d.company_id = ${companyId}`);
  if (!digest) throw apiError('digest_not_found');
  return digest;
}

/**
 * The posts of a digest in viewOrder. For a mail (`forMail`): only live items, and only rivals consumers may
 * see (never a draft or template rival).
 */
export async function digestPosts(db: Exec, companyId: number, id: number, forMail = false): Promise<DigestPost[]> {
  const { rows } = await db.execute(sql`
    SELECT f.post_id AS "postId", p.intel_id AS "intelId", f.view_order AS "viewOrder",
      coalesce(nullif(i.curated_title, ''), i.title) AS title, i.summary, i.permalink, i.published_at AS "publishedAt",
      ${LIVE} AS live,
      coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
        FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id
        WHERE ir.intel_id = i.id ${forMail ? sql`AND NOT r.is_draft AND NOT r.is_template` : sql``}), '[]') AS rivals
    FROM digest_favorites f JOIN posts p ON p.id = f.post_id JOIN intel_items i ON i.id = p.intel_id
    WHERE f.email_digest_id = ${id} AND f.company_id = ${companyId} ${forMail ? sql`AND ${LIVE}` : sql``}
    ORDER BY f.view_order, f.created_at, f.post_id`);
  return (rows as (DigestPost & { publishedAt: unknown })[]).map((r) => ({ ...r, publishedAt: iso(r.publishedAt) }));
}

export async function readDigest(db: Exec, companyId: number, id: number): Promise<DigestDetail> {
  const digest = await readSummary(db, companyId, id);
  return { ...digest, posts: await digestPosts(db, companyId, id) };
}

export async function createDigest(
  db: Db,
  companyId: number,
  userId: number,
  input: { title: string; intro: string; typeId: number },
): Promise<DigestSummary> {
  const { rows } = await db.execute(
    sql`INSERT INTO email_digests (company_id, type_id, title, intro, created_by_id)
        VALUES (${companyId}, ${input.typeId}, ${input.title}, ${input.intro}, ${userId}) RETURNING id`,
  );
  return readSummary(db, companyId, (rows[0] as { id: number }).id);
}

/** Locks a digest of the company for a change and touches its updatedAt; 404 when not found, 409 once sent. */
export async function claimDraft(tx: Exec, companyId: number, id: number): Promise<void> {
  const { rows } = await tx.execute(
    sql`UPDATE email_digests SET updated_at = now() WHERE id = ${id} AND company_id = ${companyId} RETURNING state`,
  );
  const row = rows[0] as { state: string } | undefined;
  if (!row) throw apiError('digest_not_found');
  if (row.state !== 'draft') throw apiError('digest_sent');
}

export async function updateDigest(db: Db, companyId: number, id: number, patch: { title?: string; intro?: string }): Promise<DigestSummary> {
  return db.transaction(async (tx) => {
    await claimDraft(tx, companyId, id);
    await tx.execute(
      sql`UPDATE email_digests SET title = coalesce(${patch.title ?? null}, title), intro = coalesce(${patch.intro ?? null}, intro)
          WHERE id = ${id}`,
    );
    return readSummary(tx, companyId, id);
  });
}

export async function deleteDigest(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await claimDraft(tx, companyId, id);
    await tx.execute(sql`DELETE FROM email_digests WHERE id = ${id}`);
  });
}

/** Sets the viewOrder of every post of a draft from a list that names each of them exactly once. */
export async function reorderDigest(db: Db, companyId: number, id: number, postIds: number[]): Promise<DigestDetail> {
  return db.transaction(async (tx) => {
    await claimDraft(tx, companyId, id);
    const { rows } = await tx.execute(sql`SELECT post_id AS id FROM digest_favorites WHERE email_digest_id = ${id}`);
    const current = new Set((rows as { id: number }[]).map((r) => r.id));
    if (new Set(postIds).size !== postIds.length || postIds.length !== current.size || postIds.some((p) => !current.has(p))) {
      throw apiError('digest_post_order', undefined, { field: 'postIds' });
    }
    await tx.execute(
      sql`UPDATE digest_favorites f SET view_order = o.ord - 1
          FROM unnest(${`{${postIds.join(',')}}`}::int[]) WITH ORDINALITY AS o(post_id, ord)
          WHERE f.email_digest_id = ${id} AND f.post_id = o.post_id AND f.view_order <> o.ord - 1`,
    );
    return readDigest(tx, companyId, id);
  });
}

/** Favorites a post into a draft, or moves it; without a viewOrder a new post goes last and a present one stays. */
async function upsertFavorite(tx: Exec, companyId: number, digestId: number, postId: number, viewOrder?: number): Promise<DigestFavorite> {
  const given = viewOrder ?? null;
  const { rows } = await tx.execute(
    sql`INSERT INTO digest_favorites (company_id, email_digest_id, post_id, view_order)
        VALUES (${companyId}, ${digestId}, ${postId},
          coalesce(${given}::int, (SELECT coalesce(max(view_order) + 1, 0) FROM digest_favorites WHERE email_digest_id = ${digestId})))
        ON CONFLICT (email_digest_id, post_id) DO UPDATE SET view_order = coalesce(${given}::int, digest_favorites.view_order)
        RETURNING view_order AS "viewOrder"`,
  );
  return { postId, emailDigestId: digestId, viewOrder: (rows[0] as { viewOrder: number }).viewOrder };
}

async function requirePost(tx: Exec, companyId: number, postId: number): Promise<void> {
  const { rows } = await tx.execute(sql`SELECT 1 FROM posts WHERE id = ${postId} AND company_id = ${companyId}`);
  if (!rows.length) throw apiError('post_not_found');
}

export async function favoritePost(db: Db, companyId: number, postId: number, digestId: number, viewOrder: number): Promise<DigestFavorite> {
  return db.transaction(async (tx) => {
    await requirePost(tx, companyId, postId);
    await claimDraft(tx, companyId, digestId);
    return upsertFavorite(tx, companyId, digestId, postId, viewOrder);
  });
}

export async function unfavoritePost(db: Db, companyId: number, postId: number, digestId: number): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    await requirePost(tx, companyId, postId);
    await claimDraft(tx, companyId, digestId);
    const { rowCount } = await tx.execute(sql`DELETE FROM digest_favorites WHERE email_digest_id = ${digestId} AND post_id = ${postId}`);
    return { removed: (rowCount ?? 0) > 0 };
  });
}

/**
 * Adds an intel item to a draft: the server side of the two steps of part 1 §4 in one transaction. The item is
 * published (or archived when already published) by prepareForDigest, then its post is favorited.
 */
export async function addIntelToDigest(
  db: Db,
  companyId: number,
  userId: number,
  digestId: number,
  intelId: number,
  viewOrder?: number,
): Promise<DigestFavorite> {
  return db.transaction(async (tx) => {
    await claimDraft(tx, companyId, digestId);
    const { postId } = await prepareForDigest(tx, companyId, intelId, userId);
    return upsertFavorite(tx, companyId, digestId, postId, viewOrder);
  });
}
