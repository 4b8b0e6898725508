// The demo data set: Northwind Analytics with twelve rivals, ~500 cards, battlecards and ~5,000 intel
// items. Deterministic: the same rows on every run, except that dates are relative to `now`.
// Only called on an empty database; everything is inserted in one transaction.
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import {
  battlecards,
  boards,
  bookmarks,
  cardSources,
  companies,
  dynamicBoards,
  landingCuratedSections,
  organizations,
  products,
  profiles,
  rivalGroupMembers,
  rivalGroups,
  rivals,
  tags,
  userRoles,
  users,
  visibilityGroupMembers,
  visibilityGroups,
} from '../schema.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import type { Criterion } from '../../contracts/search.ts';
import { seedProviders } from './providers.ts';
import { seedPeopleHistory } from './people.ts';
import { seedDigests } from './digests.ts';
import { seedReviews, type ReviewAnalyser } from './reviewRows.ts';
import { demoReviews } from './reviews.ts';
import { seedUsage, type UsageSeedWriter } from './usage.ts';
import {
  BATTLECARD_TITLES,
  BOARD_NAMES,
  CARD_SOURCE_NAMES,
  CARD_TEMPLATES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DYNAMIC_BOARDS,
  INTEL_CHANNEL_WEIGHTS,
  INTEL_PRIORITY_WEIGHTS,
  INTEL_STATE_WEIGHTS,
  INTEL_TOPICS,
  JOB_SOURCES,
  NEWS_SOURCES,
  OTHER_PEOPLE,
  OUR_COMPANY,
  REVIEW_SOURCES,
  RIVAL_GROUPS,
  RIVALS,
  SCRATCHPAD,
  SOCIAL_SOURCES,
  STAFF_COMPANY,
  TAGS,
  VISIBILITY_GROUPS,
  intelValues,
  type CardTemplate,
  type GroupName,
  type PersonSeed,
  type RivalFacts,
  type TextBlock,
} from './content.ts';
import { DAY, Rng, chunks, fill, slugify } from './random.ts';

export const DEMO_SEED = 'rivalscope-demo-v1';
export const DEMO_INTEL_COUNT = 5_000;
export const INTEL_DAYS = 90;
export const CARD_DAYS = 180;

type Executor = NodePgDatabase<typeof schema>;
type Queryable = pg.ClientBase | pg.Pool;

export type DemoSummary = {
  companyId: number;
  staffCompanyId: number;
  users: { admin: number; curator: number; seller: number; staff: number };
  visibilityGroups: Record<GroupName, number>;
  rivalIds: number[];
  counts: Record<string, number>;
  ms: number;
};

// ---------------------------------------------------------------------------------------------
// Bulk insert helpers (drizzle multi-row INSERTs in chunks, kept under PostgreSQL's 65,535 parameters)

export async function insertRows<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][], size = 1000): Promise<void> {
  for (const part of chunks(rows, size)) await db.insert(table).values(part as never);
}

/** Inserts and returns the new ids in row order (PostgreSQL returns multi-row VALUES in order). */
export async function insertReturningIds<T extends PgTable & { id: unknown }>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  size = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, size)) {
    const res = (await db
      .insert(table)
      .values(part as never)
      .returning({ id: (table as unknown as { id: never }).id })) as { id: number }[];
    for (const r of res) ids.push(r.id);
  }
  return ids;
}

/** Column type as PostgreSQL sees it; 'text[]' and 'jsonb' travel as text and are cast per row. */
export type ColType = 'int4' | 'text' | 'bool' | 'timestamptz' | 'jsonb' | 'text[]';

/** '{"a","b c"}': a PostgreSQL array literal, so a text[] value can ride inside a text[] parameter. */
export function pgArrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * INSERT INTO table (cols) SELECT … FROM unnest($1::t1[], $2::t2[], …): one array parameter per
 * column, so thousands of rows cost one statement and a handful of parameters.
 */
export async function insertUnnest(
  client: Queryable,
  table: string,
  columns: readonly (readonly [string, ColType])[],
  values: unknown[][],
): Promise<void> {
  if (values[0].length === 0) return;
  const cast = (type: ColType) => (type === 'jsonb' || type === 'text[]' ? 'text' : type);
  const params = columns.map(([, type], i) => `$${i + 1}::${cast(type)}[]`);
  const names = columns.map(([name]) => `"${name}"`);
  const selects = columns.map(([name, type]) => (cast(type) === type ? `u."${name}"` : `u."${name}"::${type}`));
  await client.query(
    `INSERT INTO "${table}" (${names.join(', ')}) SELECT ${selects.join(', ')} FROM unnest(${params.join(', ')}) AS u(${names.join(', ')})`,
    values,
  );
}

/** Reserves n ids from a table's identity sequence, so child rows can be built before the insert. */
export async function reserveIds(client: Queryable, table: string, n: number): Promise<number[]> {
  const res = await client.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`,
    [table, n],
  );
  return res.rows.map((r) => r.id);
}

/** Columns-of-arrays builder for insertUnnest: push one row at a time. */
export function columnar(width: number): { push: (...row: unknown[]) => void; values: unknown[][]; length: () => number } {
  const values: unknown[][] = Array.from({ length: width }, () => []);
  return {
    values,
    length: () => values[0].length,
    push: (...row) => {
      for (let i = 0; i < width; i++) values[i].push(row[i]);
    },
  };
}

/** Rows of integers only (link tables) through insertUnnest. */
export async function insertLinks(client: Queryable, table: string, columns: string[], rows: number[][]): Promise<void> {
  const values = columns.map((_, i) => rows.map((r) => r[i]));
  await insertUnnest(client, table, columns.map((c) => [c, 'int4'] as const), values);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const CARD_COLUMNS = [
  ['id', 'int4'], ['company_id', 'int4'], ['board_id', 'int4'], ['name', 'text'], ['text_html', 'text'], ['text_json', 'jsonb'],
  ['has_dynamic_blocks', 'bool'], ['author_id', 'int4'], ['reviewer_id', 'int4'], ['reviewed_at', 'timestamptz'],
  ['view_order', 'text'], ['all_access', 'bool'], ['is_draft', 'bool'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
] as const;

export function pushCardRow(
  out: ReturnType<typeof columnar>,
  row: { id: number; companyId: number; boardId: number; viewOrder: number; authorId: number; reviewerId: number | null },
  d: CardDraft,
): void {
  out.push(
    row.id, row.companyId, row.boardId, d.name, d.textHtml, JSON.stringify(d.textJson), d.hasDynamicBlocks, row.authorId,
    row.reviewerId, iso(d.reviewedAt), String(row.viewOrder), d.visibility.mode === 1, d.visibility.mode === 0,
    iso(d.createdAt), iso(d.updatedAt),
  );
}

export const INTEL_COLUMNS = [
  ['id', 'int4'], ['company_id', 'int4'], ['state', 'text'], ['priority', 'text'], ['channel', 'text'], ['content_type', 'text'],
  ['topics', 'text[]'], ['source', 'text'], ['title', 'text'], ['curated_title', 'text'], ['summary', 'text'], ['body', 'text'],
  ['permalink', 'text'], ['from_address', 'text'], ['rank', 'int4'], ['related_to_id', 'int4'], ['submitted_by_id', 'int4'],
  ['actioned_by_id', 'int4'], ['actioned_at', 'timestamptz'], ['published_at', 'timestamptz'], ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

export function pushIntelRow(
  out: ReturnType<typeof columnar>,
  row: { id: number; companyId: number; relatedToId: number | null; submittedById: number | null; actionedById: number | null },
  it: IntelDraft,
): void {
  out.push(
    row.id, row.companyId, it.state, it.priority, it.channel, it.contentType, pgArrayLiteral(it.topics), it.source, it.title,
    it.curatedTitle, it.summary, it.body, it.permalink, it.fromAddress, it.rank, row.relatedToId, row.submittedById,
    row.actionedById, iso(it.actionedAt), iso(it.publishedAt), iso(it.createdAt), iso(it.updatedAt),
  );
}

// ---------------------------------------------------------------------------------------------
// Row builders shared with the scale seeder

export type CardVisibility = { mode: 0 | 1 | 2; groups: GroupName[] };

const MODE2_GROUPS: (readonly [GroupName[], number])[] = [
  [['Sales'], 40],
  [['Product Marketing'], 20],
  [['Executives'], 15],
  [['Sales', 'Product Marketing'], 15],
  [['Product Marketing', 'Executives'], 10],
];

export function drawVisibility(rng: Rng, t: CardTemplate): CardVisibility {
  if (t.visibility) return { mode: 2, groups: t.visibility.groups };
  const mode = rng.weighted([[1, 75], [0, 10], [2, 15]] as const);
  return { mode, groups: mode === 2 ? rng.weighted(MODE2_GROUPS) : [] };
}

export type CardDraft = {
  name: string;
  textHtml: string;
  textJson: TextBlock[];
  hasDynamicBlocks: boolean;
  tags: string[];
  visibility: CardVisibility;
  createdAt: Date;
  updatedAt: Date;
  reviewedAt: Date | null;
};

/** Renders one card from a template for a rival, with tags, visibility and dates. */
export function draftCard(rng: Rng, t: CardTemplate, r: RivalFacts, now: Date, tagNames: readonly string[]): CardDraft {
  const rendered = t.render({ r, rng, us: OUR_COMPANY });
  const blocks: TextBlock[] = typeof rendered === 'string' ? [{ type: 'html', value: rendered }] : rendered;
  const textHtml = blocks.map((b) => (b.type === 'html' ? b.value : `<p>${b.value}</p>`)).join('');
  let cardTags = t.tags.slice(0, 3);
  if (rng.chance(0.25) && cardTags.length < 3) {
    const extra = rng.pick(tagNames);
    if (!cardTags.includes(extra)) cardTags = [...cardTags, extra];
  }
  if (rng.chance(0.1)) cardTags = [];
  const createdAt = rng.dateWithinDays(now, CARD_DAYS);
  const updatedAt = rng.chance(0.4) ? createdAt : rng.between(createdAt, now);
  return {
    name: fill(t.name, { R: r.name }),
    textHtml,
    textJson: blocks,
    hasDynamicBlocks: blocks.some((b) => b.type === 'formula'),
    tags: cardTags,
    visibility: drawVisibility(rng, t),
    createdAt,
    updatedAt,
    reviewedAt: rng.chance(0.35) ? rng.between(updatedAt, now) : null,
  };
}

export type IntelDraft = {
  rivalIndexes: number[];
  state: (typeof INTEL_STATE_WEIGHTS)[number][0];
  priority: 'important' | 'interesting' | null;
  channel: (typeof INTEL_CHANNEL_WEIGHTS)[number][0];
  contentType: string;
  topics: string[];
  source: string | null;
  title: string;
  curatedTitle: string | null;
  summary: string | null;
  body: string;
  permalink: string | null;
  fromAddress: string | null;
  rank: number;
  actioned: boolean;
  actionedAt: Date | null;
  publishedAt: Date | null;
  submitted: boolean;
  createdAt: Date;
  updatedAt: Date;
};

function sourceFor(rng: Rng, contentType: string, r: RivalFacts): string {
  switch (contentType) {
    case 'job_posting':
      return rng.pick(JOB_SOURCES);
    case 'review':
      return rng.pick(REVIEW_SOURCES);
    case 'social':
      return rng.pick(SOCIAL_SOURCES);
    case 'webpage_change':
    case 'email':
      return r.domain;
    case 'press_release':
      return rng.chance(0.5) ? r.domain : 'pressline.test';
    default:
      return rng.pick(NEWS_SOURCES);
  }
}

/**
 * One intel item about rivals[rivalIndexes]. `pickRival` returns an index into `rivalFacts`
 * (weighted by the caller); dates fall within `days` before `now`, denser towards now.
 */
export function draftIntel(
  rng: Rng,
  rivalFacts: readonly RivalFacts[],
  pickRival: (rng: Rng) => number,
  now: Date,
  days = INTEL_DAYS,
): IntelDraft {
  const first = pickRival(rng);
  const rivalIndexes = [first];
  if (rng.chance(0.2)) {
    const second = pickRival(rng);
    if (second !== first) rivalIndexes.push(second);
  }
  const r = rivalFacts[first];
  const topic = rng.pick(INTEL_TOPICS);
  const topics = [topic.topic];
  if (rng.chance(0.25)) {
    const other = rng.pick(INTEL_TOPICS).topic;
    if (other !== topic.topic) topics.push(other);
  }
  const channel = rng.weighted(INTEL_CHANNEL_WEIGHTS);
  const contentType = channel === 'new_page' ? 'webpage_change' : channel === 'email' ? 'email' : rng.weighted(topic.contentTypes);
  const source = sourceFor(rng, contentType, r);
  const values = intelValues(rng, r);
  const title = fill(rng.pick(topic.titles), values);
  const lead = fill(rng.pick(topic.lead), values);
  const details = rng.sample(topic.details, rng.int(1, 3)).map((d) => fill(d, values));
  const body = [lead, ...details].join(' ');

  const createdAt = rng.recentDate(now, days, 1.6);
  const state = rng.weighted(INTEL_STATE_WEIGHTS);
  const priority = state === 'deleted' ? null : rng.weighted(INTEL_PRIORITY_WEIGHTS);
  const actioned = state !== 'unprocessed';
  const actionedAt = actioned
    ? new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(rng.next() * 3 * DAY)))
    : null;
  const published = state === 'archived' && rng.chance(0.4);
  const isEmail = channel === 'email';
  const datePath = `${createdAt.getUTCFullYear()}/${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
  const permalink = isEmail || channel === 'in_app' ? null : `https://${source}/${datePath}/${slugify(title)}-${rng.int(10_000, 99_999)}`;
  const base = priority === 'important' ? 60 : priority === 'interesting' ? 40 : 0;
  return {
    rivalIndexes,
    state,
    priority,
    channel,
    contentType,
    topics,
    source: channel === 'slack' ? 'Slack #compete' : channel === 'teams' ? 'Teams · Competitive Intel' : channel === 'in_app' ? null : source,
    title: isEmail ? `Fwd: ${title}` : title,
    curatedTitle: published && rng.chance(0.5) ? `${title} — what it means for us` : null,
    summary: rng.chance(0.75) ? lead : null,
    body,
    permalink,
    fromAddress: isEmail ? `${rng.pick(['news', 'updates', 'press', 'marketing'])}@${r.domain}` : null,
    rank: base + rng.int(0, 40),
    actioned,
    actionedAt,
    publishedAt: published ? actionedAt : null,
    submitted: channel === 'in_app' || channel === 'extension' || channel === 'slack' || channel === 'teams',
    createdAt,
    updatedAt: actionedAt ?? createdAt,
  };
}

/** Index pairs [item, relatedTo]: some items relate to an earlier item on the same rival and topic within a week. */
export function relatedPairs(rng: Rng, items: readonly IntelDraft[], p = 0.03): [number, number][] {
  const lastByKey = new Map<string, number>();
  const pairs: [number, number][] = [];
  items.forEach((it, i) => {
    const key = `${it.rivalIndexes[0]}|${it.topics[0]}`;
    const prev = lastByKey.get(key);
    if (prev !== undefined && it.createdAt.getTime() - items[prev].createdAt.getTime() < 7 * DAY && rng.chance(p)) {
      pairs.push([i, prev]);
    } else {
      lastByKey.set(key, i);
    }
  });
  return pairs;
}

// ---------------------------------------------------------------------------------------------
// The demo seeder

/**
 * `reviews`: the product's review analysis, to seed DEMO_REVIEW_COUNT reviews with their aspects and insights
 * (reviewRows.ts says why it is handed in); without it the demo has no reviews. `usage`: the product's usage writer,
 * to seed the last 180 days of usage (usage.ts); without it the demo has none.
 */
export async function seedDemo(db: Db, opts: { now?: Date; reviews?: ReviewAnalyser; usage?: UsageSeedWriter } = {}): Promise<DemoSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One client, one transaction: typed drizzle inserts and raw unnest inserts share it.
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    const summary = await seedInTransaction(drizzle(client, { schema }), client, now, passwordHash, opts.reviews, opts.usage);
    await client.query('COMMIT');
    summary.ms = Math.round(performance.now() - started);
    return summary;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function seedInTransaction(
  tx: Executor,
  client: pg.PoolClient,
  now: Date,
  passwordHash: string,
  analyser?: ReviewAnalyser,
  usageWriter?: UsageSeedWriter,
): Promise<DemoSummary> {
  const root = new Rng(DEMO_SEED);
  const counts: Record<string, number> = {};
  const count = (table: string, n: number) => (counts[table] = (counts[table] ?? 0) + n);
  const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

  // Companies
  const [companyId, staffCompanyId] = await insertReturningIds(tx, companies, [
    {
      name: OUR_COMPANY.name,
      url: OUR_COMPANY.url,
      domain: OUR_COMPANY.domain,
      emailDomains: OUR_COMPANY.emailDomains,
      companyData: OUR_COMPANY.companyData,
      usageReports: { consumer: true, curator: true, individual: true, leaderboards: true },
      createdAt: daysAgo(400),
    },
    { name: STAFF_COMPANY.name, url: STAFF_COMPANY.url, domain: STAFF_COMPANY.domain, createdAt: daysAgo(900) },
  ]);
  count('companies', 2);

  // The company's own organization and its products (the landing page's product filter)
  const [ownOrganizationId] = await insertReturningIds(tx, organizations, [
    { companyId, name: OUR_COMPANY.name, url: OUR_COMPANY.url, isOwnOrganization: true, createdAt: daysAgo(400) },
  ]);
  await tx.update(companies).set({ ownOrganizationId }).where(sql`id = ${companyId}`);
  const productIds = await insertReturningIds(tx, products, OUR_COMPANY.products.map((name) => ({ companyId, organizationId: ownOrganizationId, name, createdAt: daysAgo(400) })));
  count('organizations', 1);
  count('products', productIds.length);

  // Visibility groups
  const groupIdList = await insertReturningIds(
    tx,
    visibilityGroups,
    VISIBILITY_GROUPS.map((name, i) => ({ companyId, name, viewOrder: i + 1, createdAt: daysAgo(390) })),
  );
  const groupIds = Object.fromEntries(VISIBILITY_GROUPS.map((g, i) => [g, groupIdList[i]])) as Record<GroupName, number>;
  count('visibility_groups', groupIdList.length);

  // Rivals, rival groups
  const rivalIds = await insertReturningIds(
    tx,
    rivals,
    RIVALS.map((r, i) => {
      const createdAt = daysAgo(200 - i);
      return {
        companyId,
        name: r.name,
        url: `https://www.${r.domain}`,
        iconUrl: null,
        category: 'company' as const,
        viewOrder: i + 1,
        isDraft: r.isDraft ?? false,
        createdAt,
        updatedAt: daysAgo(root.int(0, 30)),
      };
    }),
  );
  count('rivals', rivalIds.length);
  const rivalGroupIds = await insertReturningIds(
    tx,
    rivalGroups,
    RIVAL_GROUPS.map((g, i) => ({ companyId, name: g.name, viewOrder: i + 1 })),
  );
  count('rival_groups', rivalGroupIds.length);
  const memberRows = RIVAL_GROUPS.flatMap((g, gi) =>
    RIVALS.map((r, ri) => ({ r, ri }))
      .filter(({ r }) => r.group === g.key)
      .map(({ ri }, order) => ({ companyId, rivalGroupId: rivalGroupIds[gi], rivalId: rivalIds[ri], viewOrder: order + 1 })),
  );
  await insertRows(tx, rivalGroupMembers, memberRows);
  count('rival_group_members', memberRows.length);

  // Users
  const userRng = root.fork('users');
  const rivalIdByName = (name: string) => rivalIds[RIVALS.findIndex((r) => r.name === name)];
  const curating: Record<string, number[]> = {
    cory: ['Lumenary', 'Quantive Labs', 'DataHarbor'].map(rivalIdByName),
    priya: ['Insightloom', 'Metricforge'].map(rivalIdByName),
    marcus: ['Chartwell Systems', 'Tessellate BI'].map(rivalIdByName),
  };
  const people: PersonSeed[] = [
    { ...DEMO_ACCOUNTS.admin, roles: ['admin'], groups: [], canSignIn: true },
    { ...DEMO_ACCOUNTS.curator, roles: ['curator'], groups: [], canSignIn: true },
    { ...DEMO_ACCOUNTS.seller, roles: [], groups: ['Sales'], canSignIn: true },
    ...OTHER_PEOPLE.map((p) => ({ ...p, email: `${p.username}@demo.test`, canSignIn: false })),
  ];
  const userRows = people.map((person) => ({
    companyId,
    username: person.username,
    name: person.name,
    firstName: person.name.split(' ')[0],
    email: person.email,
    passwordHash: person.canSignIn ? passwordHash : null,
    curatingRivalIds: curating[person.username] ?? [],
    userData: person.roles.length === 0 ? { dashboard: { activeGroupId: -1, sortBy: 'alpha' }, isSeller: person.groups.includes('Sales') } : {},
    createdAt: daysAgo(userRng.int(200, 380)),
    lastSeenAt: userRng.chance(0.85) ? userRng.dateWithinDays(now, 14) : null,
  }));
  const userIds = await insertReturningIds(tx, users, userRows);
  const [staffId] = await insertReturningIds(tx, users, [
    {
      companyId: staffCompanyId,
      username: DEMO_ACCOUNTS.staff.username,
      name: DEMO_ACCOUNTS.staff.name,
      firstName: 'Stacy',
      email: DEMO_ACCOUNTS.staff.email,
      passwordHash,
      isStaff: true,
      isInternal: true,
      canImpersonate: true,
      createdAt: daysAgo(700),
      lastSeenAt: daysAgo(1),
    },
  ]);
  count('users', userIds.length + 1);
  const idOf = (username: string) => userIds[people.findIndex((p) => p.username === username)];
  const roleRows = people.flatMap((p, i) => p.roles.map((role) => ({ companyId, userId: userIds[i], role })));
  await insertRows(tx, userRoles, roleRows);
  count('user_roles', roleRows.length);
  const vgmRows = people.flatMap((p, i) => p.groups.map((g) => ({ companyId, visibilityGroupId: groupIds[g], userId: userIds[i] })));
  await insertRows(tx, visibilityGroupMembers, vgmRows);
  count('visibility_group_members', vgmRows.length);
  const history = await seedPeopleHistory(tx, {
    companyId,
    now,
    admin: { ...people[0], id: userIds[0], createdAt: userRows[0].createdAt },
    people: people.map((p, i) => ({ ...p, id: userIds[i], createdAt: userRows[i].createdAt })),
    groupIds,
    rivalGroups: RIVAL_GROUPS.map((g, i) => ({ id: rivalGroupIds[i], name: g.name })),
  });
  count('audit_events', history.auditEvents);
  count('invitations', history.invitations);
  const curatorIds = people.flatMap((p, i) => (p.roles.length > 0 ? [userIds[i]] : []));
  const consumerIds = people.flatMap((p, i) => (p.roles.length === 0 ? [userIds[i]] : []));
  const authorWeights = curatorIds.map((id) => [id, id === idOf('cory') ? 4 : 2] as const);

  // Profiles and boards
  const profileIds = await insertReturningIds(
    tx,
    profiles,
    RIVALS.map((r, i) => ({
      companyId,
      rivalId: rivalIds[i],
      name: r.name,
      isDraft: r.isDraft ?? false,
      createdAt: daysAgo(200 - i),
      updatedAt: daysAgo(root.int(0, 20)),
    })),
  );
  count('profiles', profileIds.length);

  // Tags
  const tagIdList = await insertReturningIds(
    tx,
    tags,
    TAGS.map((t) => ({ companyId, name: t.name, synonyms: t.synonyms, createdAt: daysAgo(300), updatedAt: daysAgo(300) })),
  );
  const tagIdByName = new Map(TAGS.map((t, i) => [t.name, tagIdList[i]]));
  const tagNames = TAGS.map((t) => t.name);
  count('tags', tagIdList.length);

  // Cards, drafted per board before anything is written so boards get their updatedAt
  type BoardPlan = { profileIndex: number; name: string; viewOrder: number; cards: (CardDraft & { authorId: number; reviewerId: number | null })[] };
  const boardPlans: BoardPlan[] = [];
  const cardRng = root.fork('cards');
  RIVALS.forEach((r, ri) => {
    const boardNames: string[] = [...BOARD_NAMES, ...(r.scratchpad ? [SCRATCHPAD] : [])];
    boardNames.forEach((boardName, bi) => {
      const templates = CARD_TEMPLATES[boardName as keyof typeof CARD_TEMPLATES];
      const wanted = boardName === SCRATCHPAD ? templates.length : r.isDraft ? cardRng.int(3, 5) : cardRng.int(6, 9);
      const forced = templates.filter((t) => t.visibility && !r.isDraft);
      const chosen = cardRng.sampleInOrder(
        templates.filter((t) => !forced.includes(t)),
        wanted - forced.length,
      );
      const ordered = templates.filter((t) => forced.includes(t) || chosen.includes(t));
      boardPlans.push({
        profileIndex: ri,
        name: boardName,
        viewOrder: bi + 1,
        cards: ordered.map((t) => {
          const draft = draftCard(cardRng, t, r, now, tagNames);
          return {
            ...draft,
            authorId: cardRng.weighted(authorWeights),
            reviewerId: draft.reviewedAt ? cardRng.pick(curatorIds) : null,
          };
        }),
      });
    });
  });
  const boardIds = await insertReturningIds(
    tx,
    boards,
    boardPlans.map((b) => ({
      companyId,
      profileId: profileIds[b.profileIndex],
      name: b.name,
      viewOrder: b.viewOrder,
      createdAt: daysAgo(200 - b.profileIndex),
      updatedAt: new Date(Math.max(...b.cards.map((c) => c.updatedAt.getTime()), now.getTime() - 190 * DAY)),
    })),
  );
  count('boards', boardIds.length);

  const flatCards = boardPlans.flatMap((b, bi) => b.cards.map((c, ci) => ({ c, boardId: boardIds[bi], viewOrder: ci + 1, plan: b })));
  const cardIds = await reserveIds(client, 'cards', flatCards.length);
  const cardCols = columnar(CARD_COLUMNS.length);
  flatCards.forEach(({ c, boardId, viewOrder }, i) =>
    pushCardRow(cardCols, { id: cardIds[i], companyId, boardId, viewOrder, authorId: c.authorId, reviewerId: c.reviewerId }, c),
  );
  await insertUnnest(client, 'cards', CARD_COLUMNS, cardCols.values);
  count('cards', cardIds.length);

  const cvgRows = flatCards.flatMap(({ c }, i) =>
    c.visibility.mode === 2 ? c.visibility.groups.map((g) => ({ companyId, cardId: cardIds[i], visibilityGroupId: groupIds[g] })) : [],
  );
  await insertLinks(client, 'card_visibility_groups', ['company_id', 'card_id', 'visibility_group_id'], cvgRows.map((r) => [r.companyId, r.cardId, r.visibilityGroupId]));
  count('card_visibility_groups', cvgRows.length);

  const cardTagRows = flatCards.flatMap(({ c }, i) =>
    c.tags.flatMap((name) => {
      const tagId = tagIdByName.get(name);
      return tagId ? [{ companyId, cardId: cardIds[i], tagId }] : [];
    }),
  );
  await insertLinks(client, 'card_tags', ['company_id', 'card_id', 'tag_id'], cardTagRows.map((r) => [r.companyId, r.cardId, r.tagId]));
  count('card_tags', cardTagRows.length);

  const sourceRng = root.fork('sources');
  const sourceRows = flatCards.flatMap(({ c, plan }, i) => {
    if (plan.name === SCRATCHPAD || !sourceRng.chance(0.35)) return [];
    const r = RIVALS[plan.profileIndex];
    return Array.from({ length: sourceRng.int(1, 2) }, () => {
      const prettyName = sourceRng.pick(CARD_SOURCE_NAMES);
      const onRivalSite = sourceRng.chance(0.6);
      const host = onRivalSite ? `www.${r.domain}` : sourceRng.pick(NEWS_SOURCES);
      return {
        companyId,
        cardId: cardIds[i],
        permalink: `https://${host}/${slugify(prettyName)}/${slugify(c.name)}`,
        prettyName: `${r.name} ${prettyName.toLowerCase()}`,
        quote: sourceRng.chance(0.3) ? c.textHtml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 140) : null,
        referableType: 'Link' as const,
        userId: c.authorId,
        createdAt: c.createdAt,
      };
    });
  });
  await insertRows(tx, cardSources, sourceRows);
  count('card_sources', sourceRows.length);

  // Battlecards: 1–2 per published profile, cards from that profile
  const bcRng = root.fork('battlecards');
  const battlecardRows = RIVALS.flatMap((r, ri) => {
    if (r.isDraft) return [];
    const pool = flatCards
      .map((fc, i) => ({ fc, id: cardIds[i] }))
      .filter(({ fc }) => fc.plan.profileIndex === ri && fc.plan.name !== SCRATCHPAD && fc.plan.name !== 'News' && fc.c.visibility.mode !== 0)
      .map(({ id }) => id);
    const n = bcRng.chance(0.5) ? 2 : 1;
    return Array.from({ length: n }, (_, k) => {
      const desktop = bcRng.sampleInOrder(pool, bcRng.int(5, 8));
      const createdAt = bcRng.dateWithinDays(now, 150);
      const reviewed = bcRng.chance(0.5);
      return {
        companyId,
        profileId: profileIds[ri],
        title: fill(BATTLECARD_TITLES[k], { R: r.name }),
        layout: 'stacker',
        cards: { desktop, tablet: desktop.slice(0, 6), mobile: desktop.slice(0, 4) },
        isDraft: k > 0 && bcRng.chance(0.4),
        viewOrder: k + 1,
        reviewedAt: reviewed ? bcRng.between(createdAt, now) : null,
        reviewedBy: reviewed ? bcRng.pick(curatorIds) : null,
        createdAt,
        updatedAt: bcRng.between(createdAt, now),
      };
    });
  });
  await insertRows(tx, battlecards, battlecardRows);
  count('battlecards', battlecardRows.length);

  // The landing pages' curated sections: the cards saying where each published rival is strong and where it is weak
  const curatedRows = RIVALS.flatMap((r, ri) => {
    if (r.isDraft) return [];
    const picked = (re: RegExp) => flatCards.flatMap((fc, i) => (fc.plan.profileIndex === ri && fc.plan.name !== SCRATCHPAD && re.test(fc.c.name) ? [cardIds[i]] : []));
    return [
      { companyId, profileId: profileIds[ri], sectionType: 'strengths' as const, cardIds: picked(/ is strong$|^What customers say/) },
      { companyId, profileId: profileIds[ri], sectionType: 'weaknesses' as const, cardIds: picked(/ is weak$|^Landmine questions/) },
    ].filter((x) => x.cardIds.length);
  });
  await insertRows(tx, landingCuratedSections, curatedRows);
  count('landing_curated_sections', curatedRows.length);

  // Intel feed
  const intelRng = root.fork('intel');
  const rivalWeights = RIVALS.map((r, i) => [i, r.isDraft ? 0.5 : r.group === 'top' ? 3 : r.group === 'emerging' ? 2 : 1.5] as const);
  const pickRival = (rng: Rng) => rng.weighted(rivalWeights);
  const intel = Array.from({ length: DEMO_INTEL_COUNT }, () => draftIntel(intelRng, RIVALS, pickRival, now)).sort(
    (x, y) => x.createdAt.getTime() - y.createdAt.getTime(),
  );
  const actors = intel.map((it) => ({
    actionedById: it.actioned ? intelRng.weighted(authorWeights) : null,
    submittedById: it.submitted ? intelRng.pick([...consumerIds, ...curatorIds]) : null,
  }));
  const intelIds = await reserveIds(client, 'intel_items', intel.length);
  const related = new Map(relatedPairs(intelRng, intel));
  const intelCols = columnar(INTEL_COLUMNS.length);
  intel.forEach((it, i) => {
    const rel = related.get(i);
    pushIntelRow(intelCols, { id: intelIds[i], companyId, relatedToId: rel === undefined ? null : intelIds[rel], ...actors[i] }, it);
  });
  for (const part of chunks(Array.from(intel.keys()), 2500)) {
    const lo = part[0];
    const hi = part[part.length - 1] + 1;
    await insertUnnest(client, 'intel_items', INTEL_COLUMNS, intelCols.values.map((col) => col.slice(lo, hi)));
  }
  count('intel_items', intelIds.length);
  const intelRivalRows = intel.flatMap((it, i) => it.rivalIndexes.map((ri) => ({ companyId, intelId: intelIds[i], rivalId: rivalIds[ri] })));
  await insertLinks(client, 'intel_rivals', ['company_id', 'intel_id', 'rival_id'], intelRivalRows.map((r) => [r.companyId, r.intelId, r.rivalId]));
  count('intel_rivals', intelRivalRows.length);
  counts.related_intel = related.size;

  count('provider_data', await seedProviders(tx, companyId, rivalIds, now));
  count('email_digests', await seedDigests(tx, companyId, idOf('cory'), now));
  if (analyser) {
    const byName = new Map(RIVALS.map((r, i) => [r.name, rivalIds[i]]));
    count('reviews', await seedReviews(tx, companyId, byName, demoReviews({ rivals: RIVALS, now }), analyser));
  }

  // The seller's recently viewed profiles and bookmarks
  const sellerId = idOf('sam');
  const recent = [0, 1, 2, 5].map((i) => ({ id: profileIds[i], name: RIVALS[i].name, logo: null }));
  await tx.execute(
    sql`UPDATE users SET user_data = user_data || ${JSON.stringify({ recentlyViewed: { profile: recent } })}::jsonb WHERE id = ${sellerId}`,
  );
  const bookmarkRows = [
    { companyId, userId: sellerId, name: 'Lumenary battlecard', url: `/profile/${profileIds[0]}/battlecard/view`, createdAt: daysAgo(20) },
    { companyId, userId: sellerId, name: 'Pricing calculator', url: 'https://www.northwind.test/pricing-calculator', createdAt: daysAgo(45) },
    { companyId, userId: idOf('cory'), name: 'Unprocessed intel', url: '/alerts?view=unprocessed', createdAt: daysAgo(60) },
  ];
  await insertRows(tx, bookmarks, bookmarkRows);
  count('bookmarks', bookmarkRows.length);

  // Dynamic boards: the curator's saved searches
  const boardIdOf = (rival: string, name: string) => boardIds[boardPlans.findIndex((b) => RIVALS[b.profileIndex].name === rival && b.name === name)];
  const dynamicBoardRows = DYNAMIC_BOARDS.map((d) => ({
    companyId,
    createdById: idOf('cory'),
    name: d.name,
    query: d.query,
    filters: d.criteria.flatMap((c): Criterion[] => {
      const type = c.mode ?? 'should';
      if (c.tag) return [{ field: 'tag', value: tagIdByName.get(c.tag)!, type }];
      if (c.rival) return [{ field: 'rival', value: rivalIdByName(c.rival), type }];
      return c.board!.rivals.map((r) => ({ field: 'board', value: boardIdOf(r, c.board!.name), type }));
    }),
    updatedStart: d.updatedStart,
    sort: d.sort,
    isDraft: d.isDraft,
    createdAt: daysAgo(d.daysAgo),
    updatedAt: daysAgo(d.daysAgo),
  }));
  await insertRows(tx, dynamicBoards, dynamicBoardRows);
  count('dynamic_boards', dynamicBoardRows.length);

  // Usage history (last 180 days) for the usage and search reports, referring to everything above, and the Ask
  // sessions its questions were asked in
  if (usageWriter) {
    const usage = await seedUsage(tx, companyId, now, usageWriter);
    count('ask_answers', usage.askAnswers);
    count('usage_events', usage.events);
  }

  return {
    companyId,
    staffCompanyId,
    users: { admin: idOf('ada'), curator: idOf('cory'), seller: sellerId, staff: staffId },
    visibilityGroups: groupIds,
    rivalIds,
    counts,
    ms: 0,
  };
}
