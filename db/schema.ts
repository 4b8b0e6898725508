// The PostgreSQL schema (drizzle), one module per area under db/schema/, re-exported here for every
// importer, drizzle(pool, { schema }) and drizzle-kit. PostgreSQL is the source of truth: every row carries
// company_id and every query is scoped by the signed-in user's company. Names follow the spec's words.
export { companies, type CompanyData } from './schema/companies.ts';
export * from './schema/accounts.ts';
export * from './schema/competitors.ts';
export * from './schema/intel.ts';
export * from './schema/jobs.ts';
export * from './schema/ask.ts';
export * from './schema/reviews.ts';
export * from './schema/landing.ts';
export * from './schema/usage.ts';
export * from './schema/monitors.ts';
export * from './schema/apiTokens.ts';
export * from './schema/scim.ts';
export * from './schema/sso.ts';
export * from './schema/integrations.ts';
export * from './schema/slack.ts';
export * from './schema/extension.ts';
export * from './schema/deals.ts';
export * from './schema/voice.ts';
export * from './schema/knowledgeHub.ts';
