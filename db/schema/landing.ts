// The company landing page: organizations, products, sections, curated sections and share-link uses.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANDING_SECTION_TYPES, SECTION_STATUSES, type GeneratedSectionData } from '../../contracts/landing.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';
import { profiles } from './competitors.ts';
import { jobs } from './jobs.ts';

// ---- The company landing page (part 3 §3, §4.5, §7.2, §7.3) ----

/** An organization: the company's own (its products feed the landing page's product filter) or another. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    url: text('url'),
    isOwnOrganization: boolean('is_own_organization').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('organizations_company_idx').on(t.companyId),
    uniqueIndex('organizations_own_unique').on(t.companyId).where(sql`${t.isOwnOrganization}`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    companyId: companyId(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What the product does, in a sentence or two (the knowledge hub's products step; the landing page's how we compare). */
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_organization_name_unique').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * A generated section of a profile's landing page (overview, how we compare, what's new) for one visibility scope:
 * the audiences its reader belongs to (search-api/visibility), so nobody reads a sentence drawn from something they
 * may not see; and for one reader's language (search-api/strings), which its own words and a model's text are
 * written in. `sourcesKey` fingerprints the sources and settings the data was made from; a view that finds
 * different ones queues a regeneration (`wantedKey`) and keeps showing the old data meanwhile.
 */
export const landingSections = pgTable(
  'landing_sections',
  {
    id: id(),
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    language: text('language').notNull().default('en'),
    sectionType: text('section_type', { enum: LANDING_SECTION_TYPES }).notNull(),
    status: text('status', { enum: SECTION_STATUSES }).notNull().default('pending'),
    data: jsonb('data').$type<GeneratedSectionData>(),
    sourcesKey: text('sources_key'),
    wantedKey: text('wanted_key'),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    error: text('error'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('landing_sections_unique').on(t.profileId, t.scope, t.language, t.sectionType)],
);

/** The cards a curator picked for a landing page's strengths or weaknesses section, in order. */
export const landingCuratedSections = pgTable(
  'landing_curated_sections',
  {
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    sectionType: text('section_type', { enum: ['strengths', 'weaknesses'] }).notNull(),
    cardIds: integer('card_ids').array().notNull().default(sql`'{}'::int[]`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.sectionType] })],
);

/** A copy of a landing page's share link (part 3 §9: tracked at most once per 5 s per reader and page), for reports. */
export const shareLinkUses = pgTable(
  'share_link_uses',
  {
    id: id(),
    companyId: companyId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('share_link_uses_company_created_idx').on(t.companyId, t.createdAt), index('share_link_uses_user_profile_idx').on(t.userId, t.profileId, t.createdAt)],
);
