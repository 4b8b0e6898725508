// The knowledge hub (issue #58, part 3 §2.4, §4.7, §7.3; contracts/knowledgeHub.ts): what the company knows about
// itself. Files a curator uploads (stored, extracted by a job into passages that know their page, slide, sheet row
// or heading), positioning statements, variables (facts cards insert by key) and the checklist's confirmations. The
// own organization and its products are in landing.ts, which the landing page's product filter already reads.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FILE_EXTRACTIONS, FILE_KINDS, FILE_STATES, KNOWLEDGE_STEPS, PASSAGE_LOCATIONS, POSITIONING_KINDS } from '../../contracts/knowledgeHub.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users, visibilityGroups } from './accounts.ts';
import { organizations, products } from './landing.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A file of the company's own (a pitch deck, a pricing sheet): its current version's metadata and extraction state.
 * Consumers read its passages only once it is approved, and then only when it has no visibility groups or they are
 * in one of them (documents/audiences.ts knowledgeFileAudiencesSql).
 */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: id(),
    companyId: companyId(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    /** What the content is, sniffed from its bytes (not its name). */
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    state: text('state', { enum: FILE_STATES }).notNull().default('draft'),
    /** Counts up with each new upload of the file; passages are always the current version's. */
    version: integer('version').notNull().default(1),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    extraction: text('extraction', { enum: FILE_EXTRACTIONS }).notNull().default('pending'),
    /** Why extraction failed, in words a curator can act on ("the PDF is encrypted"). */
    extractionError: text('extraction_error'),
    /** When a worker took the extraction (a running one whose worker died is taken again after a while). */
    extractionStartedAt: timestamp('extraction_started_at', { withTimezone: true }),
    extractedAt: timestamp('extracted_at', { withTimezone: true }),
    /** Pages, slides or sheet rows the extraction found (0 until done). */
    unitCount: integer('unit_count').notNull().default(0),
    passageCount: integer('passage_count').notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('knowledge_files_company_idx').on(t.companyId, t.updatedAt),
    index('knowledge_files_extraction_idx').on(t.extraction).where(sql`${t.extraction} IN ('pending', 'running')`),
  ],
);

/** The bytes of a file's current version, apart so that lists never read them. */
export const knowledgeFileContents = pgTable('knowledge_file_contents', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  content: bytea('content').notNull(),
});

/** The visibility groups a file is for; none means everyone of the company (once approved). */
export const knowledgeFileVisibilityGroups = pgTable(
  'knowledge_file_visibility_groups',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    visibilityGroupId: integer('visibility_group_id')
      .notNull()
      .references(() => visibilityGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.visibilityGroupId] })],
);

/**
 * A passage of a file's current version, with where it came from: a PDF page, a slide (its notes apart), a sheet's
 * row, or a section under a heading of a Word or text file.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    companyId: companyId(),
    fileId: integer('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The passage's search document id (documents/files.ts: the outbox names a document by one integer); readers use (file_id, seq). */
    id: integer('id').generatedAlwaysAsIdentity().notNull(),
    location: text('location', { enum: PASSAGE_LOCATIONS }).notNull(),
    /** The page, slide or sheet row number (1-based); null for a section. */
    number: integer('number'),
    /** The sheet's name, or the heading the section sits under. */
    label: text('label'),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.seq] }),
    uniqueIndex('knowledge_passages_id_unique').on(t.id),
    index('knowledge_passages_company_idx').on(t.companyId),
  ],
);

/** A positioning statement of the own organization: what we say, who owns it, and when it was last checked. */
export const positioningStatements = pgTable(
  'positioning_statements',
  {
    id: id(),
    companyId: companyId(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POSITIONING_KINDS }).notNull(),
    text: text('text').notNull(),
    /** The order within its kind. */
    position: integer('position').notNull().default(0),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    /** Passages a drafted statement was drawn from: [{fileId, seq}], for its citations. */
    sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('positioning_company_idx').on(t.companyId, t.kind, t.position)],
);

/** A fact of the company's (our customer count, a pricing tier) that cards insert by key and read as it is now. */
export const knowledgeVariables = pgTable(
  'knowledge_variables',
  {
    id: id(),
    companyId: companyId(),
    /** The key cards insert (`customer_count`): lower-case words joined by underscores. */
    key: text('key').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('knowledge_variables_key_unique').on(t.companyId, t.key)],
);

/**
 * A checklist step a curator confirmed (PATCH /company/confirm_step.json, products/confirm). A step's status is
 * otherwise computed from what exists (search-api/knowledgeHub/steps.ts).
 */
export const knowledgeSteps = pgTable(
  'knowledge_steps',
  {
    companyId: companyId(),
    step: text('step', { enum: KNOWLEDGE_STEPS }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.step] })],
);

/** A positioning draft in progress (the positioning step is `generating` while one runs, `error` if it failed). */
export const positioningDrafts = pgTable('positioning_drafts', {
  companyId: companyId().primaryKey(),
  state: text('state', { enum: ['running', 'failed'] }).notNull(),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
