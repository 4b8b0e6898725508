// Usage analytics: raw usage events and the daily rollups reports read.
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';

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
