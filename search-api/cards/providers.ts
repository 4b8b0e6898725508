// Provider data for dynamic data blocks (part 1 §7 Providers; part 2 §8): one provider's stored data for
// a rival named by id or by its web domain. Unknown providers and companies get the spec's errors; a
// rival without data yet gets an empty object, which the UI shows as the empty-data notice. Provider `own` is not
// stored: it is computed from the company's CRM deals (crmFacts.ts).
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { ProviderAnswer, ProviderName } from '../../contracts/cards.ts';
import { SFDC_CONDITIONS, type SfdcCondition } from '../../contracts/deals.ts';
import { apiError } from '../errors.ts';
import { crmFacts } from './crmFacts.ts';
import { rivalVisibleSql, type Viewer } from '../visibility/index.ts';

/** The host of a rival URL or a domain as typed, without scheme, www. and path. */
const bareHost = (s: string) =>
  s.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').split(/[/?#:]/)[0];

export async function providerData(
  db: Db,
  v: Viewer & { winLoss: boolean },
  provider: ProviderName,
  by: { rivalId?: number; domain?: string; condition?: SfdcCondition },
): Promise<ProviderAnswer> {
  const host = by.domain ? bareHost(by.domain) : '';
  if (by.rivalId === undefined && !host) throw apiError('company_identifier_invalid', undefined, [{ field: 'rivalId', message: 'give rivalId or domain' }]);
  const [rival] = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT r.id, r.name FROM rivals r JOIN profiles p ON p.rival_id = r.id
        WHERE ${rivalVisibleSql(v)}
          AND ${by.rivalId !== undefined ? sql`r.id = ${by.rivalId}` : sql`regexp_replace(regexp_replace(lower(r.url), '^[a-z]+://(www\\.)?', ''), '[/?#:].*$', '') = ${host}`}
        ORDER BY r.id LIMIT 1`,
  );
  if (!rival) throw apiError('company_identifier_invalid', undefined, [{ field: by.rivalId !== undefined ? 'rivalId' : 'domain', message: 'unknown company' }]);
  if (provider === 'own') {
    const own = await crmFacts(db, v.companyId, rival.id, by.condition ?? SFDC_CONDITIONS[0], { withDeals: v.winLoss });
    return { provider, rival, data: own.data, updatedAt: own.updatedAt && new Date(own.updatedAt).toISOString() };
  }
  const [row] = await rowsOf<{ data: Record<string, unknown>; updatedAt: Date | string }>(
    db,
    sql`SELECT data, updated_at AS "updatedAt" FROM provider_data WHERE rival_id = ${rival.id} AND provider = ${provider} AND company_id = ${v.companyId}`,
  );
  return { provider, rival, data: row?.data ?? {}, updatedAt: row ? new Date(row.updatedAt).toISOString() : null };
}
