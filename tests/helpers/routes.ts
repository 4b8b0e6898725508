// The app's routes read from Express's own router stack, and a fingerprint of one company's rows: tests
// that walk every route (tenant isolation, fuzzing) cover a new route the day it is added and notice
// any write it makes.
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import type { Db } from '../../db/client.ts';
import { SCIM_BASE_PATH } from '../../contracts/scim.ts';

export type Route = { method: string; path: string };

/** Every route of the app with its full path. */
export function routesOf(app: Express): Route[] {
  const out: Route[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        // A router matches paths below where it is mounted: the root, /api or SCIM's base.
        const mount = ['', '/api', SCIM_BASE_PATH].find((m) => layer.match(`${m}/x`)) ?? '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as any).router.stack, '');
  return out;
}

/**
 * Every table that holds a company's data. Usage events and their rollups are left out: the recorder writes them a
 * moment after the request that caused them, so they would change a fingerprint taken around a later request.
 */
const COMPANY_TABLES = [
  'users', 'user_roles', 'bookmarks', 'visibility_groups', 'visibility_group_members', 'rivals', 'rival_groups',
  'rival_group_members', 'profiles', 'boards', 'cards', 'card_visibility_groups', 'tags', 'card_tags', 'card_sources',
  'battlecards', 'intel_items', 'intel_rivals', 'jobs', 'intel_views', 'posts', 'email_digests', 'digest_favorites',
  'card_comments', 'provider_data', 'ask_sessions', 'ask_answers', 'ask_events', 'search_synonyms', 'invitations',
  'audit_events', 'notifications', 'card_follows', 'reviews', 'review_imports', 'aspects', 'review_aspects', 'insights',
  'organizations', 'products', 'landing_sections', 'landing_curated_sections', 'share_link_uses', 'dynamic_boards', 'monitors',
  'monitor_changes', 'intel_sources', 'intel_fingerprints', 'intel_attachments', 'api_tokens', 'sso_settings', 'sso_domains',
  'saml_message_ids', 'scim_tokens', 'scim_users', 'scim_groups', 'integration_events', 'chat_integrations', 'chat_routes',
  'webhook_endpoints', 'deliveries', 'slack_users', 'rival_domains', 'extension_settings', 'win_loss_reasons',
  'deals', 'deal_reasons', 'deal_mappings', 'deal_imports', 'crm_connections', 'crm_accounts', 'crm_users', 'interviews',
  'interview_passages', 'surveys', 'survey_recipients', 'call_imports', 'calls', 'call_passages', 'call_mentions',
];

/** A digest of everything the company owns (and its session count); any write changes it. */
export async function companyFingerprint(db: Db, companyId: number | ReturnType<typeof sql>): Promise<string> {
  // One statement, one round trip (the fuzzer takes it around every write). Per table the row count and the sum of
  // the rows' xmin: an insert or delete changes the count, and an update writes a new row version with a newer
  // transaction id, so any write shows without reading (or sorting) the rows' contents.
  const perTable = COMPANY_TABLES.map(
    (table) =>
      sql`(SELECT count(*) || ':' || coalesce(sum(x.xmin::text::bigint), 0) FROM ${sql.identifier(table)} x WHERE company_id = ${companyId}) AS ${sql.identifier(table)}`,
  );
  const { rows } = await db.execute(
    sql`SELECT ${sql.join(perTable, sql`, `)}, (SELECT md5(c::text) FROM companies c WHERE id = ${companyId}) AS company,
      (SELECT count(*) FROM sessions WHERE company_id = ${companyId}) AS sessions`,
  );
  return JSON.stringify(rows[0]);
}
