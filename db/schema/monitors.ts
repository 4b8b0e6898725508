// Monitors (issue #52): a rival's web page or a news feed checked on a schedule. A page's last text is kept as a
// snapshot to diff the next check against; each change, or each new feed entry, is a monitor change, and those that
// matter become intel items. Intel that arrives this way keeps where it came from as its sources, and a
// fingerprint per item finds the same story when it arrives again from another feed, page or email.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONITOR_KINDS, type DiffPart, type MonitorErrorReason } from '../../contracts/monitors.ts';
import { users } from './accounts.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { rivals } from './competitors.ts';
import { intelItems } from './intel.ts';

/** A page's text as last seen: readable blocks for display and their normalized forms for comparing. */
export type PageSnapshot = { title: string; blocks: string[]; comparable: string[] };

export const monitors = pgTable(
  'monitors',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind', { enum: MONITOR_KINDS }).notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    rivalId: integer('rival_id').references(() => rivals.id, { onDelete: 'set null' }),
    selector: text('selector'),
    intervalMinutes: integer('interval_minutes').notNull(),
    paused: boolean('paused').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    lastChangeAt: timestamp('last_change_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    /** Conditional requests: the validators of the last answer. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    snapshot: jsonb('snapshot').$type<PageSnapshot>(),
    /** Failed checks in a row: the next check backs off with them. */
    failures: integer('failures').notNull().default(0),
    errorReason: text('error_reason').$type<MonitorErrorReason>(),
    errorMessage: text('error_message'),
    errorStatus: integer('error_status'),
    errorAt: timestamp('error_at', { withTimezone: true }),
    /** Grows with every stored check: a check stores its result only over the version it read (no double write). */
    checkVersion: integer('check_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('monitors_company_idx').on(t.companyId, t.lastChangeAt),
    uniqueIndex('monitors_company_url_unique').on(t.companyId, t.kind, t.url),
    index('monitors_due_idx').on(t.nextCheckAt).where(sql`NOT ${t.paused}`),
  ],
);

/** A page change or a new feed entry. `key` is the entry's guid, or the page snapshot's hash, unique per monitor. */
export const monitorChanges = pgTable(
  'monitor_changes',
  {
    id: id(),
    companyId: companyId(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    parts: jsonb('parts').$type<DiffPart[]>(),
    addedSentences: text('added_sentences').array().notNull().default(sql`'{}'::text[]`),
    removedSentences: text('removed_sentences').array().notNull().default(sql`'{}'::text[]`),
    /** The page's text after the change. */
    snapshot: jsonb('snapshot').$type<PageSnapshot>(),
    intelId: integer('intel_id').references(() => intelItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('monitor_changes_key_unique').on(t.monitorId, t.key), index('monitor_changes_monitor_idx').on(t.monitorId, t.createdAt)],
);

/** Where an intel item came from: each feed entry, page change or email that told the same story. */
export const intelSources = pgTable(
  'intel_sources',
  {
    id: id(),
    companyId: companyId(),
    intelId: integer('intel_id')
      .notNull()
      .references(() => intelItems.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id').references(() => monitors.id, { onDelete: 'set null' }),
    changeId: integer('change_id').references(() => monitorChanges.id, { onDelete: 'set null' }),
    url: text('url'),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('intel_sources_intel_idx').on(t.intelId)],
);

/**
 * What finds the same story again: its canonical link, and a SimHash of its text with the hash's four 16-bit bands
 * (two hashes within 3 bits share at least one band exactly, so candidates come from four indexed lookups).
 */
export const intelFingerprints = pgTable(
  'intel_fingerprints',
  {
    intelId: integer('intel_id')
      .primaryKey()
      .references(() => intelItems.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    canonicalLink: text('canonical_link'),
    simhash: bigint('simhash', { mode: 'bigint' }).notNull(),
    band0: integer('band0').notNull(),
    band1: integer('band1').notNull(),
    band2: integer('band2').notNull(),
    band3: integer('band3').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('intel_fingerprints_link_idx').on(t.companyId, t.canonicalLink),
    index('intel_fingerprints_band0_idx').on(t.companyId, t.band0),
    index('intel_fingerprints_band1_idx').on(t.companyId, t.band1),
    index('intel_fingerprints_band2_idx').on(t.companyId, t.band2),
    index('intel_fingerprints_band3_idx').on(t.companyId, t.band3),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A file that came with intel by email (and the original message itself), kept as one of the item's sources. */
export const intelAttachments = pgTable(
  'intel_attachments',
  {
    id: id(),
    companyId: companyId(),
    intelId: integer('intel_id')
      .notNull()
      .references(() => intelItems.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('intel_attachments_intel_idx').on(t.intelId)],
);
