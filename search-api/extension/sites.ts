// Where the browser extension shows badges (contracts/extension.ts): each rival's website domains and the company's
// CRM hosts, as curators set them. A new rival starts with its website's domain (db/rivalDomains.ts).
import { sql } from 'drizzle-orm';
import { DEFAULT_CRM_HOSTS, normalizeCrmHost, normalizeDomain, type CrmHosts, type ExtensionSites, type RivalDomains } from '../../contracts/extension.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth } from '../auth/context.ts';
import { apiError, fieldError } from '../errors.ts';

/** The company's CRM hosts: the curators' list once they changed it, else the defaults. */
export async function crmHostsOf(db: Exec, companyId: number): Promise<string[]> {
  const [row] = await rowsOf<{ hosts: string[] }>(db, sql`SELECT crm_hosts AS hosts FROM extension_settings WHERE company_id = ${companyId}`);
  return row ? row.hosts : [...DEFAULT_CRM_HOSTS];
}

/** Every rival of the company (drafts too: curators set them up before publishing) with its domains. */
export async function readSites(db: Db, companyId: number): Promise<ExtensionSites> {
  const [rivals, crmHosts] = await Promise.all([
    rowsOf<{ id: number; name: string; domains: string[] }>(
      db,
      sql`SELECT r.id, r.name, coalesce(array_agg(d.domain ORDER BY d.id) FILTER (WHERE d.id IS NOT NULL), '{}') AS domains
          FROM rivals r LEFT JOIN rival_domains d ON d.rival_id = r.id AND d.company_id = r.company_id
          WHERE r.company_id = ${companyId} GROUP BY r.id ORDER BY r.view_order, r.id`,
    ),
    crmHostsOf(db, companyId),
  ]);
  return { rivals, crmHosts };
}

/** Normalizes a list (an invalid entry is a 422 naming it) and drops repeats, keeping the first one's place. */
function normalizeAll(values: readonly string[], normalize: (s: string) => string | null, invalid: (index: number, value: string) => Error): string[] {
  const out = values.map((v, index) => {
    const n = normalize(v);
    if (!n) throw invalid(index, v);
    return n;
  });
  return [...new Set(out)];
}

const domainTaken = (domain: string, rival: string) => fieldError('extension_domain_taken', 'domains', { domain, rival });

/** Replaces a rival's domains; a domain of another rival of the company is a 409 naming that rival. Bad input writes nothing. */
export async function setRivalDomains(db: Db, companyId: number, rivalId: number, given: readonly string[]): Promise<RivalDomains> {
  const domains = normalizeAll(given, normalizeDomain, (index, value) => fieldError('extension_domain_invalid', `domains.${index}`, { index, value }));
  try {
    await db.transaction(async (tx) => {
      // Locking the rival queues two changes of its domains; another rival's change that takes the same domain meets the unique index.
      const [rival] = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM rivals WHERE id = ${rivalId} AND company_id = ${companyId} FOR UPDATE`);
      if (!rival) throw apiError('rival_not_found');
      const [taken] = await rowsOf<{ domain: string; name: string }>(
        tx,
        sql`SELECT d.domain, r.name FROM rival_domains d JOIN rivals r ON r.id = d.rival_id
            WHERE d.company_id = ${companyId} AND d.rival_id <> ${rivalId} AND d.domain = ANY(${sql.param(domains)}::text[])
            ORDER BY array_position(${sql.param(domains)}::text[], d.domain) LIMIT 1`,
      );
      if (taken) throw domainTaken(taken.domain, taken.name);
      await tx.execute(sql`DELETE FROM rival_domains WHERE rival_id = ${rivalId} AND company_id = ${companyId}`);
      if (domains.length) {
        await tx.execute(sql`INSERT INTO rival_domains (company_id, rival_id, domain)
          SELECT ${companyId}, ${rivalId}, d FROM unnest(${sql.param(domains)}::text[]) WITH ORDINALITY AS x(d, o) ORDER BY o`);
      }
    });
  } catch (e) {
    // Another rival took one of the domains between the check and the insert.
    if ((e as { code?: string }).code === '23505') throw domainTaken(domains.join(', '), 'another rival');
    throw e;
  }
  return { rivalId, domains };
}

/** Replaces the company's CRM hosts (an empty list turns CRM badges off). */
export async function setCrmHosts(db: Db, auth: Auth, given: readonly string[]): Promise<CrmHosts> {
  const hosts = normalizeAll(given, normalizeCrmHost, (index, value) => fieldError('extension_crm_host_invalid', `hosts.${index}`, { index, value }));
  await db.transaction(async (tx) => {
    const before = await crmHostsOf(tx, auth.companyId);
    await tx.execute(sql`
      INSERT INTO extension_settings (company_id, crm_hosts) VALUES (${auth.companyId}, ${sql.param(hosts)}::text[])
      ON CONFLICT (company_id) DO UPDATE SET crm_hosts = EXCLUDED.crm_hosts, updated_at = now()`);
    await recordAudit(tx, actorOf(auth), {
      action: 'extension.crmHosts',
      targetType: 'integration',
      summary: `Changed the browser extension's CRM hosts to ${hosts.length ? hosts.join(', ') : 'none'}`,
      detail: { before, after: hosts },
    });
  });
  return { hosts };
}
