// Accounts: users, roles, visibility groups, sessions, bookmarks, invitations, audit, notifications and a company's search synonyms.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationParams } from '../../contracts/notifications.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId, companies } from './companies.ts';

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
    /**
     * Set when the company requires two-step verification and the user signed in with a password without it: the
     * session may only enroll (search-api/twoFactor/guard.ts) until confirming lifts it.
     */
    twoFactorEnrollment: boolean('two_factor_enrollment').notNull().default(false),
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
 * A password reset link asked for by email: only the SHA-256 of its token is stored; it works once, for an hour,
 * and a newer request for the same user replaces it (search-api/account/passwordReset.ts).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * A user's two-step verification (TOTP): the seed sealed with the deployment's key (server-shared/secretBox.ts), the
 * last time step a code was accepted for (a code works once), and the SHA-256 of each unused recovery code.
 * `enabledAt` is null while a setup waits for its first code.
 */
export const twoFactors = pgTable('two_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: integer('last_time_step'),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/**
 * A password sign-in waiting for its second step: the cookie holds a random token, the table its SHA-256; it lasts
 * minutes and becomes a session only with a valid code.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_sign_ins_user_idx').on(t.userId)],
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
    /** What the web app composes title and body from (contracts/notifications.ts); null in rows written before it. */
    params: jsonb('params').$type<NotificationParams[keyof NotificationParams]>(),
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
