// A rival's website domain for the browser extension (contracts/extension.ts, rival_domains): given when a rival is
// made with a website, by the board wizard (search-api/rivals/authoring.ts) and the demo seed alike, so the two
// never word the rule differently. Curators change domains afterwards (search-api/extension/sites.ts).
import { sql } from 'drizzle-orm';
import { normalizeDomain } from '../contracts/extension.ts';
import type { Exec } from './client.ts';

/**
 * Gives each rival its website's domain (normalizeDomain of its url) unless a rival of the company has that domain
 * already: the first rival keeps a shared one, as migration 0034's backfill does. Answers how many it added.
 */
export async function addWebsiteDomains(db: Pick<Exec, 'execute'>, companyId: number, rivals: readonly { id: number; url: string | null | undefined }[]): Promise<number> {
  const rows = rivals.flatMap((r) => {
    const domain = r.url ? normalizeDomain(r.url) : null;
    return domain ? [{ id: r.id, domain }] : [];
  });
  if (!rows.length) return 0;
  const { rowCount } = await db.execute(sql`
    INSERT INTO rival_domains (company_id, rival_id, domain)
    SELECT ${companyId}, r, d FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.domain))}::text[]) AS x(r, d)
    ON CONFLICT (company_id, domain) DO NOTHING`);
  return rowCount ?? 0;
}
