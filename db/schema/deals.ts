// Deals from the CRM (issue #56, contracts/deals.ts): the company's opportunities, the rivals each met, the win and loss
// reasons given (rep-said apart from buyer-said) from the company's taxonomy, the saved CSV mappings and imports, and
// the Salesforce connection with its sync cursor. Win/loss, rep performance, impact, the CRM card formulas, the
// competitive deal widget and review insights' win and loss reasons all read these tables.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';
import { rivals } from './competitors.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The company's taxonomy of why deals are won and lost; `kind` is win or loss (contracts/deals.ts REASON_KINDS). */
export const winLossReasons = pgTable(
  'win_loss_reasons',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind', { enum: ['win', 'loss'] }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('win_loss_reasons_company_kind_name_idx').on(t.companyId, t.kind, sql`lower(${t.name})`)],
);

export const deals = pgTable(
  'deals',
  {
    id: id(),
    companyId: companyId(),
    /** The CRM's id of the opportunity (Salesforce's 18-character id, or the CSV's id column); re-imports update by it. */
    crmId: text('crm_id').notNull(),
    /** Where it came from: csv, salesforce or demo. */
    source: text('source', { enum: ['csv', 'salesforce', 'demo'] }).notNull(),
    name: text('name').notNull(),
    accountName: text('account_name'),
    accountCrmId: text('account_crm_id'),
    /** The owner as the CRM names them; owner_user_id is the product user with that email, when there is one. */
    ownerEmail: text('owner_email'),
    ownerName: text('owner_name'),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: doublePrecision('amount'),
    /** ISO 4217, upper case. */
    currency: text('currency').notNull().default('USD'),
    stage: text('stage').notNull(),
    /** win | loss | churn | churn_positive | other once closed; null while the deal is open. */
    outcome: text('outcome', { enum: ['win', 'loss', 'churn', 'churn_positive', 'other'] }),
    createdOn: date('created_on', { mode: 'string' }).notNull(),
    closedOn: date('closed_on', { mode: 'string' }),
    /** Every rival the deal met, the primary one among them (or null when none is named primary). */
    rivalIds: integer('rival_ids').array().notNull().default(sql`'{}'::int[]`),
    primaryRivalId: integer('primary_rival_id').references(() => rivals.id, { onDelete: 'set null' }),
    /** The spec's segment dimensions, as the CRM writes them. */
    buyerPersona: text('buyer_persona'),
    industry: text('industry'),
    region: text('region'),
    segment: text('segment'),
    technology: text('technology'),
    useCase: text('use_case'),
    /** What we sold (win rate by product). */
    product: text('product'),
    notes: text('notes'),
    /** The CRM's SystemModstamp: a sync writes a row only when it moved. */
    crmModifiedAt: timestamp('crm_modified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deals_company_crm_idx').on(t.companyId, t.crmId),
    index('deals_company_closed_idx').on(t.companyId, t.closedOn),
    index('deals_company_primary_rival_idx').on(t.companyId, t.primaryRivalId, t.outcome),
    index('deals_company_owner_idx').on(t.companyId, t.ownerUserId, t.closedOn),
    index('deals_rival_ids_idx').using('gin', t.rivalIds),
  ],
);

/** A reason given for a deal's outcome, by the rep (from the CRM or import) or by the buyer (surveys, interviews). */
export const dealReasons = pgTable(
  'deal_reasons',
  {
    companyId: companyId(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => winLossReasons.id, { onDelete: 'cascade' }),
    saidBy: text('said_by', { enum: ['rep', 'buyer'] }).notNull(),
    quote: text('quote'),
    /** Given in an interview or a survey answer (db/deals.ts syncVoiceReasons writes these), not by the CRM. */
    fromVoice: boolean('from_voice').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.reasonId, t.saidBy] }), index('deal_reasons_company_reason_idx').on(t.companyId, t.reasonId)],
);

/** A curator's saved mapping of a CRM export's column headers to the fields of contracts/deals.ts DEAL_CSV_FIELDS. */
export const dealMappings = pgTable(
  'deal_mappings',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** field → the CSV header that holds it (contracts/deals.ts DealMappingColumns). */
    columns: jsonb('columns').$type<Record<string, string>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('deal_mappings_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/** A CSV import: the file is kept until its job has run, so a restart resumes it; the file lands whole or not at all. */
export const dealImports = pgTable(
  'deal_imports',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    mappingId: integer('mapping_id').references(() => dealMappings.id, { onDelete: 'set null' }),
    /** queued | running | done | failed (contracts/deals.ts IMPORT_STATES). */
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    file: bytea('file'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** Each bad row by line and field (contracts/deals.ts DealImportError), when the file was refused. */
    errors: jsonb('errors').$type<{ line: number; field: string; message: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('deal_imports_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * The company's Salesforce connection: the instance it syncs from, the OAuth client and tokens (sealed with the
 * server's box, never logged), the field mapping of the competitors, and where each object's incremental sync stands.
 */
export const crmConnections = pgTable('crm_connections', {
  companyId: companyId().primaryKey(),
  provider: text('provider', { enum: ['salesforce'] }).notNull().default('salesforce'),
  /** connected | syncing | error | disconnected (contracts/deals.ts CRM_STATES). */
  state: text('state', { enum: ['connected', 'syncing', 'error', 'disconnected'] }).notNull().default('disconnected'),
  loginUrl: text('login_url').notNull(),
  instanceUrl: text('instance_url'),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  accessTokenSealed: text('access_token_sealed'),
  refreshTokenSealed: text('refresh_token_sealed'),
  /** The Salesforce user who connected, as its identity URL answers. */
  connectedAs: text('connected_as'),
  /** Read rivals from OpportunityCompetitor, or from this text field of Opportunity (the spec's MainCompetitors__c). */
  competitorSource: text('competitor_source', { enum: ['opportunityCompetitor', 'field'] }).notNull().default('opportunityCompetitor'),
  competitorField: text('competitor_field').notNull().default('MainCompetitors__c'),
  /** Per object (Opportunity, OpportunityCompetitor, Account, User): the last SystemModstamp written, and the
   *  nextRecordsUrl of a run that stopped mid-way, so a crashed sync resumes where it was. */
  cursor: jsonb('cursor').$type<Record<string, { since?: string; next?: string }>>().notNull().default({}),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Opportunities written by the last run (its progress while syncing). */
  lastSyncCount: bigint('last_sync_count', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Accounts and users as the CRM holds them: deals name their account and owner from these. */
export const crmAccounts = pgTable(
  'crm_accounts',
  {
    companyId: companyId(),
    crmId: text('crm_id').notNull(),
    name: text('name').notNull(),
    industry: text('industry'),
    region: text('region'),
    segment: text('segment'),
    crmModifiedAt: timestamp('crm_modified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.crmId] })],
);

export const crmUsers = pgTable(
  'crm_users',
  {
    companyId: companyId(),
    crmId: text('crm_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    crmModifiedAt: timestamp('crm_modified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.crmId] })],
);
