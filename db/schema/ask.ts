// Ask: chat sessions, answers and usage events.
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';

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
