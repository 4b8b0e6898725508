// The intel feed: intel items and their rivals, saved views, posts and email digests.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INTEL_CHANNELS, INTEL_PRIORITIES, INTEL_STATES } from '../../contracts/intel.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';
import { rivals } from './competitors.ts';

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
