// The companies table, and the company_id column every company-scoped table carries.
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';

export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Company feature flags, forced home route, analytics and defaults (part 1 §3, §6). */
export type CompanyData = {
  flags?: Record<string, boolean>;
  forceHome?: string | null;
  /** Where consumers land when no home is forced: 'dashboard' (default), 'landing', 'battlecard' or 'profile'. */
  consumerHome?: 'dashboard' | 'landing' | 'battlecard' | 'profile';
  analytics?: Record<string, unknown>;
  defaults?: Record<string, unknown>;
};

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  url: text('url'),
  iconUrl: text('icon_url'),
  createdAt: createdAt(),
  reviewFrequency: integer('review_frequency'),
  reviewRole: text('review_role'),
  ownOrganizationId: integer('own_organization_id'),
  domain: text('domain'),
  emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
  companyData: jsonb('company_data').$type<CompanyData>().notNull().default({}),
  usageReports: jsonb('usage_reports')
    .$type<{ consumer?: boolean; curator?: boolean; individual?: boolean; leaderboards?: boolean }>()
    .notNull()
    .default({}),
  sfdc: jsonb('sfdc').$type<Record<string, unknown>>().notNull().default({}),
  askPermittedVisibilityGroups: integer('ask_permitted_visibility_groups').array().notNull().default(sql`'{}'::int[]`),
  /** Users who sign in with a password must use two-step verification; those without it enroll first. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** The secret part of the company's intel address (intel+{token}@…): mail to it from one of the company's users becomes intel. */
  intelEmailToken: text('intel_email_token')
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
});
