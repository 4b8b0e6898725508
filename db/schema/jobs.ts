// Background work: the search outbox the indexer drains, and long-running jobs.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';

// ---- Search outbox ----

/**
 * One row per search document that changed, written by triggers in the same transaction as the change
 * (db/migrations/*_search_outbox_triggers.sql). `version` comes from a sequence taken under the row's
 * lock, so for one document it grows in commit order; the indexer writes documents with that version
 * and the engine ignores older ones, which makes replays after a crash harmless. A row is pending
 * while version > indexed_version.
 */
/** The advisory lock the one running indexer holds (indexer/indexer.ts); a writer waiting for its change to be searchable looks for it. */
export const INDEXER_LOCK_KEY = 727_011;

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
export const JOB_KINDS = ['intelUpdate', 'boardCreation', 'reviewImport', 'insightGeneration', 'landingGeneration', 'dealImport'] as const;

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
