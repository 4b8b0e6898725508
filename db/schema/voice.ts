// The buyer's and the rep's own words (issue #57, contracts/winLoss.ts and contracts/calls.ts): win/loss interviews
// with their transcripts' passages, surveys sent to the contacts of closed deals with one token each, and sales-call
// transcripts with every mention of a rival found in them. Passages are speaker turns (search-api/transcripts/);
// what a curator confirms of an interview, and what a buyer answers in a survey, lands in deal_reasons as buyer-said.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';
import { rivals } from './competitors.ts';
import { deals } from './deals.ts';

/** A transcript's file format (contracts/winLoss.ts TRANSCRIPT_FORMATS). */
const TRANSCRIPT_FORMATS = ['vtt', 'srt', 'json', 'text', 'docx'] as const;

/** A win/loss interview of a deal's buyer; its transcript arrives after it is scheduled or held. */
export const interviews = pgTable(
  'interviews',
  {
    id: id(),
    companyId: companyId(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    interviewedOn: date('interviewed_on', { mode: 'string' }).notNull(),
    interviewer: text('interviewer').notNull(),
    /** The buyer's role ("VP Sales Operations"). */
    buyerRole: text('buyer_role'),
    /** The speaker names of the transcript that are the buyer's side (the rest are the interviewer's). */
    buyerSpeakers: text('buyer_speakers').array().notNull().default(sql`'{}'::text[]`),
    transcriptFormat: text('transcript_format', { enum: TRANSCRIPT_FORMATS }),
    transcriptName: text('transcript_name'),
    wordCount: integer('word_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('interviews_company_date_idx').on(t.companyId, t.interviewedOn), index('interviews_deal_idx').on(t.dealId)],
);

/**
 * A speaker turn of an interview's transcript with its analysis: sentiment, and the reasons of the company's taxonomy
 * the tagger suggests. A curator confirms or changes them (reason_ids, null until then) and may put the passage in
 * the quote library; confirmed reasons of a buyer's passage are the deal's buyer-said reasons, quoted.
 */
export const interviewPassages = pgTable(
  'interview_passages',
  {
    companyId: companyId(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker'),
    isBuyer: boolean('is_buyer').notNull(),
    startMs: integer('start_ms'),
    endMs: integer('end_ms'),
    text: text('text').notNull(),
    /** In [-1, 1]. */
    sentiment: real('sentiment').notNull().default(0),
    suggestedReasonIds: integer('suggested_reason_ids').array().notNull().default(sql`'{}'::int[]`),
    reasonIds: integer('reason_ids').array(),
    quoted: boolean('quoted').notNull().default(false),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.seq] }), index('interview_passages_company_quoted_idx').on(t.companyId).where(sql`${t.quoted}`)],
);

/** A contact's answer as stored: every answer by question id, the reasons they picked (the `reasons` questions, checked
 *  against the taxonomy of the deal's outcome) and their own words (the first free-text answer), as plain text. */
export type StoredSurveyAnswer = { answers: Record<string, unknown>; reasonIds: number[]; quote: string | null };

/** A survey a curator builds and sends to the contacts of closed deals (contracts/winLoss.ts SurveyQuestion). */
export const surveys = pgTable('surveys', {
  id: id(),
  companyId: companyId(),
  name: text('name').notNull(),
  /** Said at the top of the public page. */
  intro: text('intro').notNull().default(''),
  questions: jsonb('questions').$type<unknown[]>().notNull(),
  /** draft | sent | closed (contracts/winLoss.ts SURVEY_STATES). */
  state: text('state', { enum: ['draft', 'sent', 'closed'] }).notNull().default('draft'),
  /** A contact's link stops working this many days after it was sent. */
  expiresInDays: integer('expires_in_days').notNull().default(14),
  /** A contact who has not answered is reminded this many days after the last mail, at most max_reminders times. */
  remindAfterDays: integer('remind_after_days').notNull().default(3),
  maxReminders: integer('max_reminders').notNull().default(2),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** A survey's contact for one closed deal: only the hash of their token is kept; the token opens this row only. */
export const surveyRecipients = pgTable(
  'survey_recipients',
  {
    id: id(),
    companyId: companyId(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    /** sha256 of the token in the mailed link, hex. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reminders: integer('reminders').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The submission (contracts/winLoss.ts SurveyAnswer), sanitized; written once. */
    answer: jsonb('answer').$type<StoredSurveyAnswer>(),
  },
  (t) => [
    uniqueIndex('survey_recipients_token_idx').on(t.tokenHash),
    uniqueIndex('survey_recipients_contact_idx').on(t.surveyId, t.dealId, sql`lower(${t.email})`),
    index('survey_recipients_company_idx').on(t.companyId, t.surveyId),
  ],
);

/** An import of call recorders' exports (contracts/calls.ts): what it brought and each file it refused. */
export const callImports = pgTable(
  'call_imports',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The importer that read the files (contracts/calls.ts CALL_IMPORTERS). */
    importer: text('importer').notNull(),
    calls: integer('calls').notNull().default(0),
    mentions: integer('mentions').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('call_imports_company_idx').on(t.companyId, t.createdAt)],
);

/** A sales call with its transcript; a recorder's id makes a re-import update rather than duplicate it. */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    companyId: companyId(),
    importId: integer('import_id').references(() => callImports.id, { onDelete: 'set null' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    repUserId: integer('rep_user_id').references(() => users.id, { onDelete: 'set null' }),
    repName: text('rep_name'),
    accountName: text('account_name'),
    dealId: integer('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    transcriptFormat: text('transcript_format', { enum: TRANSCRIPT_FORMATS }).notNull(),
    durationMs: integer('duration_ms'),
    wordCount: integer('word_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('calls_company_external_idx').on(t.companyId, t.externalId), index('calls_company_occurred_idx').on(t.companyId, t.occurredAt)],
);

/** A speaker turn of a call, the rep's side told apart from the prospect's. */
export const callPassages = pgTable(
  'call_passages',
  {
    companyId: companyId(),
    callId: integer('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker'),
    isRep: boolean('is_rep').notNull(),
    startMs: integer('start_ms'),
    endMs: integer('end_ms'),
    text: text('text').notNull(),
    sentiment: real('sentiment').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.callId, t.seq] })],
);

/**
 * A rival named in a call's passage: the passage is its context; an objection is a passage of negative sentiment that
 * names the rival. Denormalized date and rep, so mentions over time and the reps who met a rival most read one table.
 */
export const callMentions = pgTable(
  'call_mentions',
  {
    companyId: companyId(),
    callId: integer('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    repUserId: integer('rep_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentiment: real('sentiment').notNull().default(0),
    objection: boolean('objection').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.callId, t.seq, t.rivalId] }), index('call_mentions_company_rival_idx').on(t.companyId, t.rivalId, t.occurredAt)],
);
