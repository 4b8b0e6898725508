// Competitors: rivals, rival groups, profiles, boards, cards, tags, battlecards, card feedback, provider data and dynamic boards.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DATE_PRESETS, SEARCH_SORTS, type Criterion } from '../../contracts/search.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users, visibilityGroups } from './accounts.ts';

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
    /** Other names the rival goes by (a short name, a former name): monitors find rivals in news by these too. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
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
