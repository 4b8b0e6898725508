// The PostgreSQL schema (drizzle). PostgreSQL is the source of truth: every row carries company_id and
// every query is scoped by the signed-in user's company. Names follow the spec's words.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INTEL_CHANNELS, INTEL_PRIORITIES, INTEL_STATES } from '../contracts/intel.ts';
import { NOTIFICATION_KINDS } from '../contracts/notifications.ts';
import { LANDING_SECTION_TYPES, SECTION_STATUSES, type GeneratedSectionData } from '../contracts/landing.ts';
import { ASPECT_STATES, INSIGHT_KINDS, REVIEW_IMPORT_STATES, type InsightQuote } from '../contracts/insights.ts';
import type { ReviewInput } from '../contracts/reviews.ts';
import { DATE_PRESETS, SEARCH_SORTS, type Criterion } from '../contracts/search.ts';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Company feature flags, forced home route, analytics and defaults (part 1 §3, §6). */
export type CompanyData = {
  flags?: Record<string, boolean>;
  forceHome?: string | null;
  /** Where consumers land when no home is forced: 'dashboard' (default), 'landing', 'battlecard' or 'profile'. */
  consumerHome?: 'dashboard' | 'landing' | 'battlecard' | 'profile';
  analytics?: Record<string, unknown>;
  defaults?: Record<string, unknown>;
};

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  url: text('url'),
  iconUrl: text('icon_url'),
  createdAt: createdAt(),
  reviewFrequency: integer('review_frequency'),
  reviewRole: text('review_role'),
  ownOrganizationId: integer('own_organization_id'),
  domain: text('domain'),
  emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
  companyData: jsonb('company_data').$type<CompanyData>().notNull().default({}),
  usageReports: jsonb('usage_reports')
    .$type<{ consumer?: boolean; curator?: boolean; individual?: boolean; leaderboards?: boolean }>()
    .notNull()
    .default({}),
  sfdc: jsonb('sfdc').$type<Record<string, unknown>>().notNull().default({}),
  askPermittedVisibilityGroups: integer('ask_permitted_visibility_groups').array().notNull().default(sql`'{}'::int[]`),
});

/**
 * A company's search synonyms (contracts/synonyms.ts), read at query time. No row: the default
 * vocabulary (search-api/search/synonyms.ts), which is how every new company starts.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  entries: jsonb('entries').$type<{ terms: string[]; mapsTo: string[] }[]>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Per-user preferences and state (part 1 §3 userData). */
export type UserData = Record<string, unknown> & {
  recentlyViewed?: { profile?: { id: number; name: string; logo: string | null }[] };
  cardSentiment?: Record<string, 1 | 2>;
  dashboard?: { activeGroupId?: number; sortBy?: string };
};

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyId(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    email: text('email').notNull(),
    image: text('image'),
    passwordHash: text('password_hash'),
    isStaff: boolean('is_staff').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    canImpersonate: boolean('can_impersonate').notNull().default(false),
    emailDigest: boolean('email_digest').notNull().default(true),
    curatingRivalIds: integer('curating_rival_ids').array().notNull().default(sql`'{}'::int[]`),
    userData: jsonb('user_data').$type<UserData>().notNull().default({}),
    /** Interface language (an i18n code). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Set when an admin deactivates the account: no sign-in, no session; authored content stays. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId)],
);

/** Roles of a user: admin, curator (an admin counts as a curator). */
export const userRoles = pgTable(
  'user_roles',
  {
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'curator'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const visibilityGroups = pgTable(
  'visibility_groups',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    viewOrder: integer('view_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('visibility_groups_company_idx').on(t.companyId)],
);

export const visibilityGroupMembers = pgTable(
  'visibility_group_members',
  {
    companyId: companyId(),
    visibilityGroupId: integer('visibility_group_id')
      .notNull()
      .references(() => visibilityGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.visibilityGroupId, t.userId] }), index('vgm_user_idx').on(t.userId)],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    csrfToken: text('csrf_token').notNull(),
    /** The staff user behind an impersonation; null for an ordinary session. */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bookmarks_user_idx').on(t.userId)],
);

/** Every impersonation start and revert, kept for audit. */
export const impersonationAudit = pgTable('impersonation_audit', {
  id: id(),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  staffCompanyId: integer('staff_company_id').notNull(),
  targetUserId: integer('target_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  targetCompanyId: integer('target_company_id').notNull(),
  action: text('action', { enum: ['start', 'revert'] }).notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** The roles an invitation can grant; 'consumer' is a user without admin or curator role. */
export const INVITATION_ROLES = ['admin', 'curator', 'consumer'] as const;

/**
 * An invitation to join a company: a single-use link (only the SHA-256 of its token is stored) that
 * lets the person set a password before it expires.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: companyId(),
    email: text('email').notNull(),
    role: text('role', { enum: INVITATION_ROLES }).notNull(),
    visibilityGroupId: integer('visibility_group_id').references(() => visibilityGroups.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_token_unique').on(t.tokenHash), index('invitations_company_idx').on(t.companyId)],
);

/**
 * The company's audit log: who changed a flag, a role, a group, a user's state, and when. Rows are only
 * ever added; `summary` is the sentence an admin reads, `detail` the values before and after.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    companyId: companyId(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    summary: text('summary').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_company_idx').on(t.companyId, t.createdAt)],
);

/** What a user is told about: new intel on rivals they curate, finished jobs, accepted invitations, followed cards that changed. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body'),
    url: text('url'),
    /** What it is about: the intel item, job, invitation or card (by kind). */
    targetId: integer('target_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // One unread notification per user and target: a further change updates it (the triggers of
    // db/migrations/*_notification_triggers.sql); it also serves the unread counts.
    uniqueIndex('notifications_unread_target_unique').on(t.userId, t.kind, t.targetId).where(sql`${t.readAt} IS NULL`),
  ],
);

// ---- Competitors: rivals, rival groups, profiles, boards, cards, tags, battlecards ----

export const rivals = pgTable(
  'rivals',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    url: text('url'),
    iconUrl: text('icon_url'),
    category: text('category', { enum: ['company', 'product', 'other'] })
      .notNull()
      .default('company'),
    supportedRivalId: integer('supported_rival_id'),
    viewOrder: integer('view_order').notNull().default(0),
    isTemplate: boolean('is_template').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rivals_company_idx').on(t.companyId)],
);

export const rivalGroups = pgTable('rival_groups', {
  id: id(),
  companyId: companyId(),
  name: text('name').notNull(),
  viewOrder: integer('view_order').notNull().default(0),
});

export const rivalGroupMembers = pgTable(
  'rival_group_members',
  {
    companyId: companyId(),
    rivalGroupId: integer('rival_group_id')
      .notNull()
      .references(() => rivalGroups.id, { onDelete: 'cascade' }),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    viewOrder: integer('view_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rivalGroupId, t.rivalId] })],
);

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    isTemplate: boolean('is_template').notNull().default(false),
    publicSourcesEnabled: boolean('public_sources_enabled').notNull().default(true),
    /** The landing page's product filter: ids of products of the company's own organization (empty: all). */
    products: jsonb('products').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profiles_rival_unique').on(t.rivalId)],
);

export const boards = pgTable(
  'boards',
  {
    id: id(),
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    iconUrl: text('icon_url'),
    viewOrder: integer('view_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('boards_profile_idx').on(t.profileId)],
);

/** Card visibility: isDraft → curators only (mode 0); allAccess → everyone (mode 1); else curators plus groups (mode 2). */
export const cards = pgTable(
  'cards',
  {
    id: id(),
    companyId: companyId(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    textHtml: text('text_html').notNull().default(''),
    textJson: jsonb('text_json').$type<{ type: 'html' | 'formula'; value: string }[]>().notNull().default([]),
    jsonData: jsonb('json_data').$type<Record<string, unknown>>().notNull().default({}),
    hasDynamicBlocks: boolean('has_dynamic_blocks').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    viewOrder: text('view_order').notNull().default('1'),
    templateName: text('template_name'),
    allAccess: boolean('all_access').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cards_board_idx').on(t.boardId), index('cards_company_idx').on(t.companyId)],
);

export const cardVisibilityGroups = pgTable(
  'card_visibility_groups',
  {
    companyId: companyId(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    visibilityGroupId: integer('visibility_group_id')
      .notNull()
      .references(() => visibilityGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.visibilityGroupId] })],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    synonyms: text('synonyms').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

export const cardTags = pgTable(
  'card_tags',
  {
    companyId: companyId(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.tagId] }), index('card_tags_tag_idx').on(t.tagId)],
);

export const cardSources = pgTable(
  'card_sources',
  {
    id: id(),
    companyId: companyId(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    permalink: text('permalink').notNull(),
    prettyName: text('pretty_name'),
    quote: text('quote'),
    referableType: text('referable_type', { enum: ['Link', 'Comment'] })
      .notNull()
      .default('Link'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('card_sources_card_idx').on(t.cardId)],
);

export const battlecards = pgTable(
  'battlecards',
  {
    id: id(),
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    layout: text('layout').notNull().default('stacker'),
    cards: jsonb('cards')
      .$type<{ desktop: number[]; tablet: number[]; mobile: number[] }>()
      .notNull()
      .default({ desktop: [], tablet: [], mobile: [] }),
    isDraft: boolean('is_draft').notNull().default(false),
    viewOrder: integer('view_order').notNull().default(0),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('battlecards_profile_idx').on(t.profileId)],
);

// ---- Intel feed ----


export const intelItems = pgTable(
  'intel_items',
  {
    id: id(),
    companyId: companyId(),
    state: text('state', { enum: INTEL_STATES }).notNull().default('unprocessed'),
    priority: text('priority', { enum: INTEL_PRIORITIES }),
    channel: text('channel', { enum: INTEL_CHANNELS }).notNull(),
    contentType: text('content_type').notNull().default('article'),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    source: text('source'),
    title: text('title').notNull(),
    curatedTitle: text('curated_title'),
    summary: text('summary'),
    body: text('body').notNull().default(''),
    permalink: text('permalink'),
    fromAddress: text('from_address'),
    rank: integer('rank').notNull().default(0),
    /** Related alerts point at the item they relate to. */
    relatedToId: integer('related_to_id'),
    submittedById: integer('submitted_by_id').references(() => users.id, { onDelete: 'set null' }),
    actionedById: integer('actioned_by_id').references(() => users.id, { onDelete: 'set null' }),
    actionedAt: timestamp('actioned_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('intel_company_created_idx').on(t.companyId, t.createdAt),
    index('intel_related_to_idx').on(t.relatedToId).where(sql`${t.relatedToId} IS NOT NULL`),
  ],
);

export const intelRivals = pgTable(
  'intel_rivals',
  {
    companyId: companyId(),
    intelId: integer('intel_id')
      .notNull()
      .references(() => intelItems.id, { onDelete: 'cascade' }),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.intelId, t.rivalId] }), index('intel_rivals_rival_idx').on(t.rivalId)],
);

// ---- Search outbox ----

/**
 * One row per search document that changed, written by triggers in the same transaction as the change
 * (db/migrations/*_search_outbox_triggers.sql). `version` comes from a sequence taken under the row's
 * lock, so for one document it grows in commit order; the indexer writes documents with that version
 * and the engine ignores older ones, which makes replays after a crash harmless. A row is pending
 * while version > indexed_version.
 */
export const searchOutbox = pgTable(
  'search_outbox',
  {
    index: text('index', { enum: ['cards', 'intel', 'tags', 'battlecards', 'reviews'] }).notNull(),
    docId: integer('doc_id').notNull(),
    companyId: integer('company_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    indexedVersion: bigint('indexed_version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.index, t.docId] }),
    index('search_outbox_pending_idx').on(t.version).where(sql`${t.version} > ${t.indexedVersion}`),
  ],
);

// ---- Jobs (bulk intel updates, board creation): progress in PostgreSQL, run by pg-boss workers ----

export const JOB_STATES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export const JOB_KINDS = ['intelUpdate', 'boardCreation', 'reviewImport', 'insightGeneration', 'landingGeneration'] as const;

/**
 * One long-running job (part 1 §3 Job). Work is split into tasks; `tasksCompleted` grows in the same
 * transaction as the work it counts, so a restarted worker resumes exactly where the last one stopped.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The ids the job works through, in order (for intelUpdate: intel item ids). */
    targetIds: integer('target_ids').array().notNull().default(sql`'{}'::int[]`),
    tasksTotal: integer('tasks_total').notNull().default(0),
    tasksCompleted: integer('tasks_completed').notNull().default(0),
    tasksFailed: integer('tasks_failed').notNull().default(0),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    error: text('error'),
    /** Last sign of life of the worker running it; a running job with a stale heartbeat is resumed. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('jobs_company_idx').on(t.companyId), index('jobs_active_idx').on(t.state).where(sql`${t.state} IN ('queued', 'running')`)],
);

// ---- Intel feed: saved views, posts and email digests ----

/** A named filter set of the alerts screen, saved per user and optionally shared with the company's curators. */
export const intelViews = pgTable(
  'intel_views',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The alerts URL state (contracts/intel.ts AlertsUrlState), without view, offset and layout. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    shared: boolean('shared').notNull().default(false),
    viewOrder: integer('view_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('intel_views_company_idx').on(t.companyId)],
);

/** A published intel item. Created on the first publish and kept when unpublished, so digest favorites survive. */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    companyId: companyId(),
    intelId: integer('intel_id')
      .notNull()
      .references(() => intelItems.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('posts_intel_unique').on(t.intelId)],
);

export const emailDigests = pgTable(
  'email_digests',
  {
    id: id(),
    companyId: companyId(),
    typeId: integer('type_id').notNull().default(1),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    state: text('state', { enum: ['draft', 'sent'] })
      .notNull()
      .default('draft'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    recipientsCount: integer('recipients_count').notNull().default(0),
    /** Names the digest in its mail's tracked links and open pixel (/api/r/{token}/…) without exposing its id. */
    trackingToken: uuid('tracking_token').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_digests_company_idx').on(t.companyId), uniqueIndex('email_digests_tracking_token_unique').on(t.trackingToken)],
);

/** A post favorited into a digest, in viewOrder. */
export const digestFavorites = pgTable(
  'digest_favorites',
  {
    companyId: companyId(),
    emailDigestId: integer('email_digest_id')
      .notNull()
      .references(() => emailDigests.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewOrder: integer('view_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.emailDigestId, t.postId] }), index('digest_favorites_post_idx').on(t.postId)],
);

// ---- Cards: feedback and provider data ----

/** Share-feedback messages sent on a card (POST /cards/{cardId}/comments). */
export const cardComments = pgTable(
  'card_comments',
  {
    id: id(),
    companyId: companyId(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('card_comments_card_idx').on(t.cardId)],
);

/** A user following a card: they are notified when it changes. Authors follow their cards from the start. */
export const cardFollows = pgTable(
  'card_follows',
  {
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardId] }), index('card_follows_card_idx').on(t.cardId)],
);

export const PROVIDERS = ['companyData', 'firmographic', 'own', 'webTraffic', 'news', 'hiring'] as const;

/** Company data from a provider (part 1 §7 Providers), stored per rival and served to dynamic data blocks. */
export const providerData = pgTable(
  'provider_data',
  {
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.rivalId, t.provider] })],
);

// ---- Ask: chat sessions, answers and usage events ----

export const askSessions = pgTable(
  'ask_sessions',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['research', 'other'] })
      .notNull()
      .default('other'),
    /** The first question, shown in the history list. */
    title: text('title').notNull(),
    isDealtip: boolean('is_dealtip').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ask_sessions_user_idx').on(t.userId, t.updatedAt)],
);

/** One question and its answer (a chat item). */
export const askAnswers = pgTable(
  'ask_answers',
  {
    id: id(),
    companyId: companyId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => askSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** Sanitized HTML of the answer. */
    text: text('text').notNull().default(''),
    sources: jsonb('sources').$type<Record<string, unknown>[]>().notNull().default([]),
    isLlmFallback: boolean('is_llm_fallback').notNull().default(false),
    profileId: integer('profile_id'),
    supportedRivalId: integer('supported_rival_id'),
    status: text('status', { enum: ['streaming', 'done', 'error'] })
      .notNull()
      .default('streaming'),
    error: text('error'),
    sentiment: text('sentiment', { enum: ['positive', 'negative'] }),
    createdAt: createdAt(),
  },
  (t) => [index('ask_answers_session_idx').on(t.sessionId)],
);

export const askEvents = pgTable(
  'ask_events',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    answerId: integer('answer_id').references(() => askAnswers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['openSource', 'copy', 'render', 'feedback', 'closeFeedback'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('ask_events_company_idx').on(t.companyId, t.createdAt)],
);

// ---- Review insights (part 3 §3 Supported rival, Review, Aspect, Insight): reviews, their aspects and insights ----

/**
 * A file of reviews (or a batch posted through the API) on its way in. The rows wait in review_import_rows while a
 * job analyses them; the last step moves them into reviews in one transaction, so an import lands whole or not at all.
 */
export const reviewImports = pgTable(
  'review_imports',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    fileName: text('file_name'),
    /** 'file' for an upload or a post, else the review site a fetcher read. */
    source: text('source').notNull(),
    state: text('state', { enum: REVIEW_IMPORT_STATES }).notNull().default('analysing'),
    /** Rows in the file, duplicates within it left out. */
    total: integer('total').notNull(),
    /** Rows that became reviews; the others were already there (same permalink). */
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    jobId: integer('job_id'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('review_imports_company_idx').on(t.companyId, t.createdAt)],
);

/** An imported row waiting for its analysis. */
export const reviewImportRows = pgTable('review_import_rows', {
  id: id(),
  importId: integer('import_id')
    .notNull()
    .references(() => reviewImports.id, { onDelete: 'cascade' }),
  review: jsonb('review').$type<ReviewInput>().notNull(),
});

/**
 * A staged row's analysis, inserted by the import's chunk that analysed it: an insert costs far less than rewriting
 * the staged row. No foreign key (a check per row at 5,000 rows a second): the import's last step deletes these with
 * its staged rows.
 */
export const reviewImportAnalyses = pgTable('review_import_analyses', {
  rowId: integer('row_id').primaryKey(),
  analysis: jsonb('analysis').$type<StoredReviewAnalysis & { sentiment: number }>().notNull(),
});

/**
 * What the analysis keeps of a review: its sentences (quotes) and aspect mentions (grouped per rival later). A
 * sentence is kept by its offsets into the review's title or text, not written out again (analysisOf reads it back):
 * the text was a third of every analysis an import writes. Analyses stored before kept a `text` too, which is ignored.
 */
export type StoredReviewAnalysis = {
  sentences: { field: 'title' | 'text'; start: number; end: number; sentiment: number }[];
  mentions: { key: string; surface: string; form: 'noun' | 'adjective'; evaluated: boolean; sentence: number; sentiment: number }[];
};

/** A review of a rival from a review site; bookmarked is the company's pin. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    // No foreign keys to the company or the import: a check per row cost a fifth of an import's landing, and the
    // landing takes both from the import row, which has them. The rival's key stays, and its cascade deletes a
    // rival's reviews (a company's, through its rivals).
    companyId: integer('company_id').notNull(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    importId: integer('import_id'),
    /** A review-site key (contracts/reviews.ts REVIEW_SITES). */
    site: text('site').notNull(),
    permalink: text('permalink').notNull(),
    /** normalizePermalink(permalink): the same review linked twice (utm tags, a trailing slash) is one review. */
    permalinkKey: text('permalink_key').notNull(),
    title: text('title'),
    text: text('text').notNull(),
    rating: real('rating').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    reviewerRole: text('reviewer_role'),
    companySize: text('company_size'),
    /** Mean sentiment of its opinionated sentences, in [-1, 1]. */
    sentiment: real('sentiment').notNull().default(0),
    analysis: jsonb('analysis').$type<StoredReviewAnalysis>().notNull(),
    bookmarked: boolean('bookmarked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reviews_permalink_unique').on(t.companyId, t.permalinkKey), index('reviews_rival_idx').on(t.rivalId, t.id)],
);

/**
 * An aspect of a supported rival: a group of phrases reviewers judge ("Customer support"). `anchor` is the grouping's
 * stable key, so regrouping after an import keeps ids, curators' titles, hidden states and merges.
 */
export const aspects = pgTable(
  'aspects',
  {
    id: id(),
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    anchor: text('anchor').notNull(),
    /** The grouping's canonical title; customTitle, when a curator renamed it, wins. */
    title: text('title').notNull(),
    customTitle: text('custom_title'),
    state: text('state', { enum: ASPECT_STATES }).notNull().default('none'),
    /** A merged aspect's reviews count for this one. */
    mergedIntoId: integer('merged_into_id'),
    keys: text('keys').array().notNull().default(sql`'{}'::text[]`),
    reviewCount: integer('review_count').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    negative: integer('negative').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    /** Reviews of the aspect per month and polarity, for its chart. */
    timeline: jsonb('timeline').$type<{ month: string; positive: number; negative: number; neutral: number }[]>().notNull().default([]),
    /** The cached summary (GET aspects/{id}/summary) and when it was made; a day old is stale. */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    summaryAt: timestamp('summary_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('aspects_rival_anchor_unique').on(t.rivalId, t.anchor),
    index('aspects_company_idx').on(t.companyId),
    // Reading an aspect with the keys of those merged into it (every review card's aspect chips).
    index('aspects_merged_into_idx').on(t.mergedIntoId).where(sql`${t.mergedIntoId} IS NOT NULL`),
  ],
);

/** A review's judgement of an aspect (after merges): what the reviews index filters and counts on. */
export const reviewAspects = pgTable(
  'review_aspects',
  {
    companyId: companyId(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    aspectId: integer('aspect_id')
      .notNull()
      .references(() => aspects.id, { onDelete: 'cascade' }),
    polarity: text('polarity', { enum: ['positive', 'negative', 'neutral'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.aspectId] }), index('review_aspects_aspect_idx').on(t.aspectId)],
);

/** A strength or weakness (or win/loss reason) of a supported rival, kept by (rival, kind, aspect) across regenerations. */
export const insights = pgTable(
  'insights',
  {
    id: id(),
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INSIGHT_KINDS }).notNull(),
    aspectId: integer('aspect_id')
      .notNull()
      .references(() => aspects.id, { onDelete: 'cascade' }),
    /** Its title is its aspect's. The extractive summary, or one a model wrote from its quotes (then cited [n]). */
    summary: text('summary').notNull(),
    /** md5 of the quotes (as jsonb text) a model wrote the summary from; null while the summary is extractive. */
    summaryWrittenFrom: text('summary_written_from'),
    reviewCount: integer('review_count').notNull(),
    winLossCount: integer('win_loss_count').notNull().default(0),
    share: real('share').notNull(),
    confidence: real('confidence').notNull(),
    rank: integer('rank').notNull(),
    quotes: jsonb('quotes').$type<InsightQuote[]>().notNull().default([]),
    /** Out of the current set since the last generation (kept so its id and cards stay valid). */
    stale: boolean('stale').notNull().default(false),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insights_rival_kind_aspect_unique').on(t.rivalId, t.kind, t.aspectId)],
);

/** The reviews an insight stands on, most clearly polar first. */
export const insightSources = pgTable(
  'insight_sources',
  {
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.insightId, t.reviewId] }), index('insight_sources_rank_idx').on(t.insightId, t.rank)],
);

// ---- The company landing page (part 3 §3, §4.5, §7.2, §7.3) ----

/** An organization: the company's own (its products feed the landing page's product filter) or another. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    url: text('url'),
    isOwnOrganization: boolean('is_own_organization').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('organizations_company_idx').on(t.companyId),
    uniqueIndex('organizations_own_unique').on(t.companyId).where(sql`${t.isOwnOrganization}`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    companyId: companyId(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_organization_name_unique').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * A generated section of a profile's landing page (overview, how we compare, what's new) for one visibility scope:
 * the audiences its reader belongs to (search-api/visibility), so nobody reads a sentence drawn from something they
 * may not see. `sourcesKey` fingerprints the sources and settings the data was made from; a view that finds
 * different ones queues a regeneration (`wantedKey`) and keeps showing the old data meanwhile.
 */
export const landingSections = pgTable(
  'landing_sections',
  {
    id: id(),
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    sectionType: text('section_type', { enum: LANDING_SECTION_TYPES }).notNull(),
    status: text('status', { enum: SECTION_STATUSES }).notNull().default('pending'),
    data: jsonb('data').$type<GeneratedSectionData>(),
    sourcesKey: text('sources_key'),
    wantedKey: text('wanted_key'),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    error: text('error'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('landing_sections_unique').on(t.profileId, t.scope, t.sectionType)],
);

/** The cards a curator picked for a landing page's strengths or weaknesses section, in order. */
export const landingCuratedSections = pgTable(
  'landing_curated_sections',
  {
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    sectionType: text('section_type', { enum: ['strengths', 'weaknesses'] }).notNull(),
    cardIds: integer('card_ids').array().notNull().default(sql`'{}'::int[]`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.sectionType] })],
);

/** A copy of a landing page's share link (part 3 §9: tracked at most once per 5 s per reader and page), for reports. */
export const shareLinkUses = pgTable(
  'share_link_uses',
  {
    id: id(),
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('share_link_uses_company_created_idx').on(t.companyId, t.createdAt), index('share_link_uses_user_profile_idx').on(t.userId, t.profileId, t.createdAt)],
);

// ---- Dynamic boards (collections): saved card searches, read live under each reader's visibility ----

/** A saved search (part 3 §3 Dynamic board): its terms, criteria (contracts/search.ts Criterion), date preset and sort. */
export const dynamicBoards = pgTable(
  'dynamic_boards',
  {
    id: id(),
    companyId: companyId(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    filters: jsonb('filters').$type<Criterion[]>().notNull().default([]),
    updatedStart: text('updated_start', { enum: DATE_PRESETS }).notNull().default('allTime'),
    sort: text('sort', { enum: SEARCH_SORTS }).notNull().default('newest'),
    isDraft: boolean('is_draft').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dynamic_boards_company_idx').on(t.companyId)],
);

// ---- Usage analytics (part 1 §2 Reports, §9; contracts/usage.ts): raw events and the daily rollups reports read ----

/**
 * Every usage event, as the collector and the server record it. Partitioned by month on occurred_at (migration 0019;
 * search-api/usage/partitions.ts creates months ahead and drops those past USAGE_RETENTION_MONTHS). The rollups below
 * are written in the same statement as the events, so they never disagree.
 *
 * No foreign keys: their checks were a third of the time of writing an event (two lookups per row), and the
 * ids come from the sender's session, never from the body (search-api/usage/routes.ts). Companies and users are
 * never deleted (users are deactivated); old events go with their month's partition.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id'),
    /** The sender's role when it happened: admin, curator or consumer. */
    role: text('role').notNull(),
    kind: text('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The card, battlecard, profile, intel item, digest or answer the event is about, by kind. */
    subjectId: integer('subject_id'),
    /** The rival it concerns, resolved by the server from the subject (cards, battlecards, profiles). */
    rivalId: integer('rival_id'),
    /** A card view's source, a search's context, a suggestion's kind, a share's target. */
    source: text('source'),
    query: text('query'),
    searchId: uuid('search_id'),
    results: integer('results'),
    rank: integer('rank'),
    seconds: integer('seconds'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  // One index only: every event written pays for each, and reports read the rollups; a user's drill-down reads
  // that user's events of a kind. Old months go by dropping partitions, so nothing scans by date alone.
  (t) => [index('usage_events_user_idx').on(t.companyId, t.userId, t.kind, t.occurredAt)],
);

const counter = (name: string) => integer(name).notNull().default(0);

/** What a user's day and a company's day count, column for column. */
const dayCounters = () => ({
  events: counter('events'),
  pageViews: counter('page_views'),
  visits: counter('visits'),
  visitSeconds: counter('visit_seconds'),
  cardViews: counter('card_views'),
  battlecardViews: counter('battlecard_views'),
  profileViews: counter('profile_views'),
  searches: counter('searches'),
  asks: counter('asks'),
  shares: counter('shares'),
  intelSubmitted: counter('intel_submitted'),
  cardsCreated: counter('cards_created'),
  cardsUpdated: counter('cards_updated'),
  intelTriaged: counter('intel_triaged'),
  triageSeconds: bigint('triage_seconds', { mode: 'number' }).notNull().default(0),
  intelPublished: counter('intel_published'),
  digestsSent: counter('digests_sent'),
});

/** One user's day: leaderboards, curator activity, a user's drill-down, and who was active in a period. */
export const usageUserDays = pgTable(
  'usage_user_days',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    ...dayCounters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.userId] })],
);

/** A company's day per role: the same counters summed, and how many users were active. Overviews and charts read it. */
export const usageCompanyDays = pgTable(
  'usage_company_days',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    role: text('role').notNull(),
    activeUsers: counter('active_users'),
    ...dayCounters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.role] })],
);

/**
 * Views per day of a rival, card or battlecard, card views per source ('source' subjects: CARD_VIEW_SOURCES index),
 * and a digest's opens and link clicks (subject: the digest).
 */
export const usageSubjectDays = pgTable(
  'usage_subject_days',
  {
    companyId: companyId(),
    subjectType: text('subject_type', { enum: ['rival', 'card', 'battlecard', 'source', 'digestOpen', 'digestClick'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    subjectId: integer('subject_id').notNull(),
    role: text('role').notNull(),
    views: counter('views'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.subjectType, t.day, t.subjectId, t.role] })],
);

/** Searches per day, role, context and query: search analytics' top, zero-result and unopened lists. */
export const searchQueryDays = pgTable(
  'search_query_days',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    role: text('role').notNull(),
    context: text('context').notNull(),
    query: text('query').notNull(),
    searches: counter('searches'),
    zeroResults: counter('zero_results'),
    /** Searches whose first result was opened, and the sum of those ranks. */
    opened: counter('opened'),
    rankSum: counter('rank_sum'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.role, t.context, t.query] })],
);
