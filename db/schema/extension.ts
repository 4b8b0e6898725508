// The browser extension (issue #55, contracts/extension.ts): the domains of each rival's websites, where the extension
// offers the rival's battlecard, and the company's CRM hosts, where it offers the battlecards of the rivals a page names.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { rivals } from './competitors.ts';

export const rivalDomains = pgTable(
  'rival_domains',
  {
    id: id(),
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    /** normalizeDomain's form: "acme.com", no "www.", no port. A domain belongs to one rival of a company. */
    domain: text('domain').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rival_domains_company_domain_idx').on(t.companyId, t.domain), index('rival_domains_rival_idx').on(t.rivalId)],
);

/** One row per company once a curator changed the CRM hosts; until then contracts/extension.ts DEFAULT_CRM_HOSTS. */
export const extensionSettings = pgTable('extension_settings', {
  companyId: companyId().primaryKey(),
  crmHosts: text('crm_hosts').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});
