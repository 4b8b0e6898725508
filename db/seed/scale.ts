// Synthetic data for benchmarks: scale N = N×1,000 cards and N×10,000 intel items in "Scale Co"
// (or an existing company). Rows go in with `INSERT … SELECT FROM unnest($1::type[], …)`, a few
// thousand rows per statement, ids reserved from the identity sequences so child rows (tags,
// visibility groups, intel rivals) go in the same round trip. Two batches are in flight at a time,
// so generating the next batch overlaps with PostgreSQL writing the current one.
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../client.ts';
import { boards, companies, profiles, rivals, tags, userRoles, users, visibilityGroupMembers, visibilityGroups } from '../schema.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import {
  BOARD_NAMES,
  CARD_SOURCE_NAMES,
  CARD_TEMPLATES,
  DEMO_PASSWORD,
  INTEL_FILLERS,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  NEWS_SOURCES,
  OUR_COMPANY,
  RIVALS,
  TAGS,
  VISIBILITY_GROUPS,
  type CardTemplate,
  type GroupName,
  type RivalFacts,
} from './content.ts';
import { columnar, insertReturningIds, insertRows, insertUnnest, reserveIds } from './bulk.ts';
import { CARD_COLUMNS, INTEL_COLUMNS, draftCard, draftIntel, pushCardRow, pushIntelRow, relatedPairs, type IntelDraft } from './drafts.ts';
import { Rng, slugify } from './random.ts';
import { insertReviews, type ReviewAnalyser } from './reviewRows.ts';
import { REVIEWS_PER_SCALE, scaleReviews } from './reviews.ts';
import { concurrently } from '../../server-shared/concurrently.ts';

export const SCALE_COMPANY = 'Scale Co';
export const CARDS_PER_SCALE = 1_000;
export const INTEL_PER_SCALE = 10_000;
/** Scale intel spreads over a year, denser towards now. */
export const SCALE_INTEL_DAYS = 365;

export type ScaleProgress = { phase: string; done: number; total: number; unit: string };
export type ScaleOptions = {
  scale: number;
  companyId?: number;
  now?: Date;
  cardBatch?: number;
  intelBatch?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  /** Allow bulk mode (see detectMode); default true. */
  bulk?: boolean;
  /** Seed the intel items too; default true (false: cards only, for the search benchmark). */
  intel?: boolean;
  /** With the product's review analysis, scale × 10,000 reviews too, with their aspects and insights (reviewRows.ts). */
  reviews?: ReviewAnalyser;
  onProgress?: (p: ScaleProgress) => void;
};
export type ScaleResult = { companyId: number; counts: Record<string, number>; ms: number; bulk: boolean };

// ---------------------------------------------------------------------------------------------
// Batches

/**
 * Bulk mode: as a superuser, a batch runs with session_replication_role = replica, which skips the
 * per-row foreign-key checks and the per-row search-outbox triggers (rows are consistent by
 * construction). The batch then marks its documents in the outbox itself, one search_mark() call per
 * index in the same transaction, which is what the triggers would have done for fresh inserts
 * (documents/<index>.sql). Without superuser rights, or when the outbox has
 * triggers but no search_mark(), batches take the ordinary path with triggers.
 */
type Mode = { bulk: boolean; mark: boolean };

async function detectMode(pool: pg.Pool): Promise<Mode> {
  const { rows } = await pool.query<{ su: boolean; mark: boolean; triggers: boolean }>(
    `SELECT coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false) AS su,
            to_regprocedure('search_mark(text,integer,integer[])') IS NOT NULL AS mark,
            EXISTS (SELECT 1 FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'search\\_%') AS triggers`,
  );
  const { su, mark, triggers } = rows[0];
  return { bulk: su && (mark || !triggers), mark };
}

async function inTransaction(pool: pg.Pool, mode: Mode, fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');
    if (mode.bulk) await client.query('SET LOCAL session_replication_role = replica');
    await fn(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** In bulk mode, marks documents in the search outbox (the triggers did not run). */
async function markForSearch(client: pg.ClientBase, mode: Mode, index: string, companyId: number, ids: number[]): Promise<void> {
  if (mode.bulk && mode.mark && ids.length > 0) {
    await client.query('SELECT search_mark($1, $2, $3::int[])', [index, companyId, ids]);
  }
}

// ---------------------------------------------------------------------------------------------
// Synthetic rivals

function syntheticNames(count: number, taken: Set<string>): string[] {
  const rng = new Rng('scale-rival-names');
  const all = NAME_PREFIXES.flatMap((p) =>
    NAME_SUFFIXES.map((s) => (/^[a-z]{2,3}$/.test(s) ? `${p}${s}` : `${p} ${s[0].toUpperCase()}${s.slice(1)}`)),
  );
  const names: string[] = [];
  for (const name of rng.shuffle(all)) {
    if (names.length === count) break;
    if (!taken.has(name.toLowerCase())) names.push(name);
  }
  for (let i = 2; names.length < count; i++) names.push(`${names[names.length % all.length]} ${i}`);
  return names;
}

/** Facts for a rival we only know by name, borrowed from a demo rival and renamed. Same name → same facts. */
export function synthRival(name: string): RivalFacts {
  const rng = new Rng(`scale-rival:${name}`);
  const base = rng.pick(RIVALS.filter((r) => !r.isDraft));
  const rename = (text: string) => {
    let out = text;
    for (const p of base.products) out = out.split(p).join(`${name} ${p.split(' ').slice(1).join(' ') || 'Platform'}`);
    return out.split(base.name).join(name);
  };
  return {
    ...base,
    name,
    domain: `${slugify(name).replace(/-/g, '')}.test`,
    founded: rng.int(1995, 2023),
    employees: rng.int(20, 5000),
    customers: rng.int(30, 12000),
    ceo: rng.pick(INTEL_FILLERS.PEOPLE),
    products: base.products.map(rename),
    ai: rename(base.ai),
    strengths: base.strengths.map(rename),
    weaknesses: base.weaknesses.map(rename),
    tiers: base.tiers.map((t) => ({ ...t, includes: rename(t.includes) })),
    group: null,
    isDraft: false,
    scratchpad: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Structure: company, groups, users, tags, rivals, profiles, boards

type Structure = {
  companyId: number;
  mode: Mode;
  groupIds: Record<GroupName, number>;
  curatorIds: number[];
  userIds: number[];
  tagIdByName: Map<string, number>;
  rivalFacts: RivalFacts[];
  rivalIds: number[];
  boards: { id: number; name: string; rivalIndex: number; nextViewOrder: number }[];
};

async function ensureCompany(db: Db, companyId: number | undefined, now: Date): Promise<{ id: number; created: boolean }> {
  if (companyId !== undefined) {
    const found = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (found.length === 0) throw new Error(`Company ${companyId} does not exist`);
    return { id: companyId, created: false };
  }
  const found = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, SCALE_COMPANY)).limit(1);
  if (found.length > 0) return { id: found[0].id, created: false };
  const [id] = await insertReturningIds(db, companies, [
    {
      name: SCALE_COMPANY,
      url: 'https://www.scale.test',
      domain: 'scale.test',
      emailDomains: ['scale.test'],
      companyData: OUR_COMPANY.companyData,
      createdAt: new Date(now.getTime() - 400 * 86_400_000),
    },
  ]);
  return { id, created: true };
}

async function ensureStructure(db: Db, scale: number, companyId: number, emailDomain: string, allowBulk: boolean): Promise<Structure> {
  const rng = new Rng(`scale-structure:${companyId}`);

  // Visibility groups
  let groups = await db.select().from(visibilityGroups).where(eq(visibilityGroups.companyId, companyId));
  const missingGroups = VISIBILITY_GROUPS.filter((g) => !groups.some((x) => x.name === g));
  if (missingGroups.length > 0) {
    await insertRows(db, visibilityGroups, missingGroups.map((name) => ({ companyId, name, viewOrder: VISIBILITY_GROUPS.indexOf(name) + 1 })));
    groups = await db.select().from(visibilityGroups).where(eq(visibilityGroups.companyId, companyId));
  }
  const groupIds = Object.fromEntries(VISIBILITY_GROUPS.map((g) => [g, groups.find((x) => x.name === g)!.id])) as Record<GroupName, number>;

  // Users: an admin and a seller who can sign in, curators and consumers who cannot
  let companyUsers = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  if (companyUsers.length === 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const people = [
      { username: 'scale-admin', name: 'Scale Admin', role: 'admin' as const, login: true, groups: [] as GroupName[] },
      { username: 'scale-seller', name: 'Scale Seller', role: null, login: true, groups: ['Sales'] as GroupName[] },
      ...Array.from({ length: 4 }, (_, i) => ({ username: `curator${i + 1}`, name: `Curator ${i + 1}`, role: 'curator' as const, login: false, groups: [] as GroupName[] })),
      ...Array.from({ length: 60 }, (_, i) => ({
        username: `consumer${i + 1}`,
        name: `Consumer ${i + 1}`,
        role: null,
        login: false,
        groups: rng.weighted<GroupName[]>([[['Sales'], 6], [['Product Marketing'], 2], [['Executives'], 1], [['Sales', 'Executives'], 1], [[], 1]]),
      })),
    ];
    const ids = await insertReturningIds(
      db,
      users,
      people.map((p) => ({
        companyId,
        username: p.username,
        name: p.name,
        firstName: p.name.split(' ')[0],
        email: `${p.username}@${emailDomain}`,
        passwordHash: p.login ? passwordHash : null,
      })),
    );
    await insertRows(db, userRoles, people.flatMap((p, i) => (p.role ? [{ companyId, userId: ids[i], role: p.role }] : [])));
    await insertRows(
      db,
      visibilityGroupMembers,
      people.flatMap((p, i) => p.groups.map((g) => ({ companyId, visibilityGroupId: groupIds[g], userId: ids[i] }))),
    );
    companyUsers = ids.map((id) => ({ id }));
  }
  const curatorRows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.companyId, companyId));
  const curatorIds = curatorRows.length > 0 ? curatorRows.map((r) => r.id) : [companyUsers[0].id];

  // Tags
  let tagRows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.companyId, companyId));
  const missingTags = TAGS.filter((t) => !tagRows.some((x) => x.name.toLowerCase() === t.name.toLowerCase()));
  if (missingTags.length > 0) {
    await insertRows(db, tags, missingTags.map((t) => ({ companyId, name: t.name, synonyms: t.synonyms })));
    tagRows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.companyId, companyId));
  }

  // Rivals, profiles, boards
  let rivalRows = await db.select({ id: rivals.id, name: rivals.name }).from(rivals).where(eq(rivals.companyId, companyId));
  if (rivalRows.length === 0) {
    const names = syntheticNames(Math.min(200, 10 + 2 * scale), new Set());
    const rivalIds = await insertReturningIds(
      db,
      rivals,
      names.map((name, i) => ({ companyId, name, url: `https://www.${synthRival(name).domain}`, viewOrder: i + 1 })),
    );
    const profileIds = await insertReturningIds(
      db,
      profiles,
      names.map((name, i) => ({ companyId, rivalId: rivalIds[i], name })),
    );
    await insertRows(
      db,
      boards,
      profileIds.flatMap((profileId) => BOARD_NAMES.map((name, i) => ({ companyId, profileId, name, viewOrder: i + 1 }))),
    );
    rivalRows = await db.select({ id: rivals.id, name: rivals.name }).from(rivals).where(eq(rivals.companyId, companyId));
  }
  rivalRows.sort((x, y) => x.id - y.id);
  const rivalIndexById = new Map(rivalRows.map((r, i) => [r.id, i]));
  const boardRows = await db
    .select({ id: boards.id, name: boards.name, rivalId: profiles.rivalId, cards: sql<number>`(SELECT count(*)::int FROM cards c WHERE c.board_id = ${boards.id})` })
    .from(boards)
    .innerJoin(profiles, and(eq(profiles.id, boards.profileId), eq(profiles.companyId, companyId)))
    .orderBy(boards.id);
  if (boardRows.length === 0) throw new Error(`Company ${companyId} has rivals but no boards to put cards on`);

  return {
    companyId,
    mode: allowBulk ? await detectMode(db.$client) : { bulk: false, mark: false },
    groupIds,
    curatorIds,
    userIds: companyUsers.map((u) => u.id),
    tagIdByName: new Map(tagRows.map((t) => [t.name, t.id])),
    rivalFacts: rivalRows.map((r) => synthRival(r.name)),
    rivalIds: rivalRows.map((r) => r.id),
    boards: boardRows.map((b) => ({ id: b.id, name: b.name, rivalIndex: rivalIndexById.get(b.rivalId) ?? 0, nextViewOrder: b.cards + 1 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Cards and intel in batches

const ALL_TEMPLATES: CardTemplate[] = BOARD_NAMES.flatMap((b) => CARD_TEMPLATES[b]);

async function insertCardBatch(pool: pg.Pool, s: Structure, batch: number, size: number, now: Date): Promise<Record<string, number>> {
  const rng = new Rng(`scale-cards:${s.companyId}:${batch}`);
  const tagNames = [...s.tagIdByName.keys()];
  const card = columnar(CARD_COLUMNS.length);
  const cvg = columnar(3);
  const ct = columnar(3);
  const src = columnar(5);
  await inTransaction(pool, s.mode, async (client) => {
    const ids = await reserveIds(client, 'cards', size);
    for (const id of ids) {
      const board = rng.pick(s.boards);
      const r = s.rivalFacts[board.rivalIndex];
      const templates = CARD_TEMPLATES[board.name as keyof typeof CARD_TEMPLATES] ?? ALL_TEMPLATES;
      const d = draftCard(rng, rng.pick(templates), r, now, tagNames);
      const authorId = rng.pick(s.curatorIds);
      const reviewerId = d.reviewedAt ? rng.pick(s.curatorIds) : null;
      pushCardRow(card, { id, companyId: s.companyId, boardId: board.id, viewOrder: board.nextViewOrder++, authorId, reviewerId }, d);
      if (d.visibility.mode === 2) for (const g of d.visibility.groups) cvg.push(s.companyId, id, s.groupIds[g]);
      for (const t of d.tags) {
        const tagId = s.tagIdByName.get(t);
        if (tagId) ct.push(s.companyId, id, tagId);
      }
      if (rng.chance(0.2)) {
        const pretty = rng.pick(CARD_SOURCE_NAMES);
        src.push(s.companyId, id, `https://${rng.pick(NEWS_SOURCES)}/${slugify(r.name)}/${slugify(pretty)}-${rng.int(1000, 9999)}`, `${r.name} ${pretty.toLowerCase()}`, authorId);
      }
    }
    await insertUnnest(client, 'cards', CARD_COLUMNS, card.values);
    await insertUnnest(client, 'card_visibility_groups', [['company_id', 'int4'], ['card_id', 'int4'], ['visibility_group_id', 'int4']], cvg.values);
    await insertUnnest(client, 'card_tags', [['company_id', 'int4'], ['card_id', 'int4'], ['tag_id', 'int4']], ct.values);
    await insertUnnest(
      client,
      'card_sources',
      [['company_id', 'int4'], ['card_id', 'int4'], ['permalink', 'text'], ['pretty_name', 'text'], ['user_id', 'int4']],
      src.values,
    );
    await markForSearch(client, s.mode, 'cards', s.companyId, ids);
    await markForSearch(client, s.mode, 'tags', s.companyId, [...new Set(ct.values[2] as number[])]);
  });
  return { cards: size, card_visibility_groups: cvg.length(), card_tags: ct.length(), card_sources: src.length() };
}

async function insertIntelBatch(pool: pg.Pool, s: Structure, batch: number, size: number, now: Date): Promise<Record<string, number>> {
  const rng = new Rng(`scale-intel:${s.companyId}:${batch}`);
  // Zipf-like: a few rivals get most of the news.
  const weights = s.rivalFacts.map((_, i) => [i, 1 / (1 + i * 0.08)] as const);
  const pickRival = (r: Rng) => r.weighted(weights);
  const items: IntelDraft[] = Array.from({ length: size }, () => draftIntel(rng, s.rivalFacts, pickRival, now, SCALE_INTEL_DAYS)).sort(
    (x, y) => x.createdAt.getTime() - y.createdAt.getTime(),
  );
  const relatedTo = new Map(relatedPairs(rng, items));
  const intel = columnar(INTEL_COLUMNS.length);
  const ir = columnar(3);
  await inTransaction(pool, s.mode, async (client) => {
    const ids = await reserveIds(client, 'intel_items', size);
    items.forEach((it, i) => {
      const related = relatedTo.get(i);
      pushIntelRow(
        intel,
        {
          id: ids[i],
          companyId: s.companyId,
          relatedToId: related === undefined ? null : ids[related],
          submittedById: it.submitted ? rng.pick(s.userIds) : null,
          actionedById: it.actioned ? rng.pick(s.curatorIds) : null,
        },
        it,
      );
      for (const ri of it.rivalIndexes) ir.push(s.companyId, ids[i], s.rivalIds[ri]);
    });
    await insertUnnest(client, 'intel_items', INTEL_COLUMNS, intel.values);
    await insertUnnest(client, 'intel_rivals', [['company_id', 'int4'], ['intel_id', 'int4'], ['rival_id', 'int4']], ir.values);
    await markForSearch(client, s.mode, 'intel', s.companyId, ids);
  });
  return { intel_items: size, intel_rivals: ir.length() };
}

async function runBatches(
  total: number,
  batchSize: number,
  concurrency: number,
  phase: string,
  unit: string,
  onProgress: ((p: ScaleProgress) => void) | undefined,
  counts: Record<string, number>,
  run: (batch: number, size: number) => Promise<Record<string, number>>,
): Promise<void> {
  const sizes = Array.from({ length: Math.ceil(total / batchSize) }, (_, i) => Math.min(batchSize, total - i * batchSize));
  let done = 0;
  onProgress?.({ phase, done, total, unit });
  await concurrently(sizes.length, concurrency, async (b) => {
    const added = await run(b, sizes[b]);
    for (const [k, v] of Object.entries(added)) counts[k] = (counts[k] ?? 0) + v;
    done += sizes[b];
    onProgress?.({ phase, done, total, unit });
  });
}

export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const started = performance.now();
  if (!Number.isInteger(opts.scale) || opts.scale <= 0) throw new Error('scale must be a positive integer');
  const now = opts.now ?? new Date();
  const concurrency = opts.concurrency ?? 2;
  const { id: companyId, created } = await ensureCompany(db, opts.companyId, now);
  const emailDomain = created || opts.companyId === undefined ? 'scale.test' : `c${companyId}.scale.test`;
  const s = await ensureStructure(db, opts.scale, companyId, emailDomain, opts.bulk ?? true);
  const counts: Record<string, number> = { rivals: s.rivalIds.length, boards: s.boards.length };
  const pool = db.$client;

  await runBatches(opts.scale * CARDS_PER_SCALE, opts.cardBatch ?? 2_000, concurrency, 'cards', 'cards', opts.onProgress, counts, (b, n) =>
    insertCardBatch(pool, s, b, n, now),
  );
  const intelTotal = opts.intel === false ? 0 : opts.scale * INTEL_PER_SCALE;
  await runBatches(intelTotal, opts.intelBatch ?? 5_000, concurrency, 'intel', 'items', opts.onProgress, counts, (b, n) =>
    insertIntelBatch(pool, s, b, n, now),
  );
  if (opts.reviews) await seedScaleReviews(db, companyId, opts.scale, now, opts.reviews, opts.onProgress, counts);
  await pool.query('ANALYZE cards, card_tags, card_visibility_groups, intel_items, intel_rivals, reviews, review_aspects');
  return { companyId, counts, ms: Math.round(performance.now() - started), bulk: s.mode.bulk };
}

/** scale × 10,000 reviews over the company's rivals, written as they are generated, then each rival's insights. */
async function seedScaleReviews(db: Db, companyId: number, scale: number, now: Date, analyser: ReviewAnalyser, onProgress: ScaleOptions['onProgress'], counts: Record<string, number>) {
  const rivalRows = await db.select({ id: rivals.id, name: rivals.name }).from(rivals).where(eq(rivals.companyId, companyId)).orderBy(rivals.id);
  const byName = new Map(rivalRows.map((r) => [r.name, r.id]));
  const total = scale * REVIEWS_PER_SCALE;
  let done = 0;
  onProgress?.({ phase: 'reviews', done, total, unit: 'reviews' });
  for (const batch of scaleReviews({ rivals: rivalRows.map((r) => synthRival(r.name)), now, scale, seed: `scale:${companyId}` })) {
    counts.reviews = (counts.reviews ?? 0) + (await insertReviews(db, companyId, byName, batch, analyser));
    done += batch.length;
    onProgress?.({ phase: 'reviews', done, total, unit: 'reviews' });
  }
  let generated = 0;
  onProgress?.({ phase: 'insights', done: 0, total: rivalRows.length, unit: 'rivals' });
  for (const r of rivalRows) {
    await db.transaction((tx) => analyser.generate(tx, companyId, r.id));
    onProgress?.({ phase: 'insights', done: (generated += 1), total: rivalRows.length, unit: 'rivals' });
  }
}
