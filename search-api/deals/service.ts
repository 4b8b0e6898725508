// Deals (contracts/deals.ts): the list with its filters, one deal, the reader's competitive open deals, and the saved
// CSV mappings. Every read is the caller's company's; the routes have checked canReadWinLoss.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import {
  DEALS_PAGE_SIZE,
  type CompetitiveDeals,
  type Deal,
  type DealListQuery,
  type DealMapping,
  type DealMappingBody,
  type DealPage,
  type DealSummary,
} from '../../contracts/deals.ts';
import { apiError } from '../errors.ts';
import { containsPattern } from '../http/params.ts';
import { battlecardVisibleSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';
import { dealFiltersSql } from './filters.ts';

/** A deal's summary columns over deals d: the owner as a product user or as the CRM names them, its rivals in order. */
const SUMMARY_COLUMNS = sql`d.id, d.crm_id AS "crmId", d.name, d.account_name AS "accountName",
  d.owner_user_id AS "ownerUserId", coalesce(u.name, d.owner_name) AS "ownerName", coalesce(d.owner_email, u.email) AS "ownerEmail",
  d.amount, d.currency, d.stage, d.outcome, d.created_on::text AS "createdOn", d.closed_on::text AS "closedOn",
  coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'primary', r.id = d.primary_rival_id) ORDER BY x.n)
            FROM unnest(d.rival_ids) WITH ORDINALITY AS x(rid, n) JOIN rivals r ON r.id = x.rid AND r.company_id = d.company_id), '[]') AS rivals`;

type SummaryRow = {
  id: number;
  crmId: string;
  name: string;
  accountName: string | null;
  ownerUserId: number | null;
  ownerName: string | null;
  ownerEmail: string | null;
  amount: number | null;
  currency: string;
  stage: string;
  outcome: DealSummary['outcome'];
  createdOn: string;
  closedOn: string | null;
  rivals: DealSummary['rivals'];
};

const summaryOf = ({ ownerUserId, ownerName, ownerEmail, ...r }: SummaryRow): DealSummary => ({
  ...r,
  amount: r.amount === null ? null : Number(r.amount),
  owner: { userId: ownerUserId, name: ownerName, email: ownerEmail },
});

const SORTS: Record<DealListQuery['sort'], SQL> = {
  closed: sql`d.closed_on DESC NULLS LAST, d.id DESC`,
  amount: sql`d.amount DESC NULLS LAST, d.id DESC`,
  name: sql`lower(d.name), d.id`,
};

/** The summaries of the deals d that `where` picks (it scopes the company), in the order and the page given. */
export async function dealSummaries(db: Exec, where: SQL, page: { sort: DealListQuery['sort']; limit: number; offset?: number }): Promise<DealSummary[]> {
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS} FROM deals d LEFT JOIN users u ON u.id = d.owner_user_id
        WHERE ${where} ORDER BY ${SORTS[page.sort]} LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`,
  );
  return rows.map(summaryOf);
}

export async function listDeals(db: Exec, companyId: number, q: DealListQuery): Promise<DealPage> {
  const search = q.q ? sql` AND (d.name ILIKE ${containsPattern(q.q)} OR d.account_name ILIKE ${containsPattern(q.q)})` : sql``;
  const where = sql`${dealFiltersSql(companyId, q)}${search}`;
  const [items, [count]] = await Promise.all([
    dealSummaries(db, where, { sort: q.sort, limit: DEALS_PAGE_SIZE, offset: (q.page - 1) * DEALS_PAGE_SIZE }),
    rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM deals d WHERE ${where}`),
  ]);
  return { items, total: count.total, page: q.page, pageSize: DEALS_PAGE_SIZE };
}

export async function getDeal(db: Exec, companyId: number, dealId: number): Promise<Deal> {
  const [row] = await rowsOf<
    SummaryRow &
      Pick<Deal, 'source' | 'buyerPersona' | 'industry' | 'region' | 'segment' | 'technology' | 'useCase' | 'product' | 'notes' | 'reasons' | 'crmUrl'> & {
        updatedAt: string | Date;
      }
  >(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}, d.source, d.buyer_persona AS "buyerPersona", d.industry, d.region, d.segment, d.technology,
          d.use_case AS "useCase", d.product, d.notes, d.updated_at AS "updatedAt",
          CASE WHEN d.source = 'salesforce' AND c.instance_url IS NOT NULL THEN rtrim(c.instance_url, '/') || '/' || d.crm_id END AS "crmUrl",
          coalesce((SELECT json_agg(json_build_object('id', w.id, 'kind', w.kind, 'name', w.name, 'saidBy', dr.said_by, 'quote', dr.quote)
                    ORDER BY w.kind DESC, dr.said_by DESC, w.name)
                    FROM deal_reasons dr JOIN win_loss_reasons w ON w.id = dr.reason_id
                    WHERE dr.deal_id = d.id AND dr.company_id = d.company_id), '[]') AS reasons
        FROM deals d LEFT JOIN users u ON u.id = d.owner_user_id LEFT JOIN crm_connections c ON c.company_id = d.company_id
        WHERE d.id = ${dealId} AND d.company_id = ${companyId}`,
  );
  if (!row) throw apiError('deal_not_found');
  const { updatedAt, source, buyerPersona, industry, region, segment, technology, useCase, product, notes, reasons, crmUrl, ...summary } = row;
  return {
    ...summaryOf(summary),
    source,
    reasons,
    buyerPersona,
    industry,
    region,
    segment,
    technology,
    useCase,
    product,
    notes,
    crmUrl,
    updatedAt: new Date(updatedAt).toISOString(),
  };
}

/** How many open deals the dashboard's widget shows. */
export const COMPETITIVE_DEALS_LIMIT = 10;

/**
 * The reader's own open deals that name a rival, newest first, each rival with the first battlecard of its profile
 * the reader may open (none when no battlecard is visible to them) and the profile it sits under (the battlecard's route).
 */
export async function competitiveDeals(db: Exec, viewer: Viewer, userId: number): Promise<CompetitiveDeals> {
  const rows = await rowsOf<CompetitiveDeals['deals'][number]>(
    db,
    sql`SELECT d.id, d.name, d.account_name AS "accountName", d.amount, d.currency, d.stage, d.closed_on::text AS "expectedCloseOn",
          (SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'primary', r.id = d.primary_rival_id,
                    'battlecardId', (SELECT bc.id FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id
                                     WHERE p.rival_id = r.id AND ${battlecardVisibleSql(viewer, 'bc')}
                                     ORDER BY bc.view_order, bc.id LIMIT 1),
                    'profileId', (SELECT p.id FROM profiles p WHERE p.rival_id = r.id AND ${rivalVisibleSql(viewer, 'r', 'p')}
                                  ORDER BY p.id LIMIT 1)) ORDER BY x.n)
           FROM unnest(d.rival_ids) WITH ORDINALITY AS x(rid, n) JOIN rivals r ON r.id = x.rid AND r.company_id = d.company_id) AS rivals
        FROM deals d
        WHERE d.company_id = ${viewer.companyId} AND d.owner_user_id = ${userId} AND d.outcome IS NULL AND cardinality(d.rival_ids) > 0
        ORDER BY d.created_on DESC, d.id DESC LIMIT ${COMPETITIVE_DEALS_LIMIT}`,
  );
  return { deals: rows.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount), rivals: r.rivals ?? [] })) };
}

// ---- saved CSV mappings ----

type MappingRow = { id: number; name: string; columns: DealMapping['columns']; updatedAt: string | Date };
const mappingOf = (r: MappingRow): DealMapping => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() });

export async function listMappings(db: Exec, companyId: number): Promise<DealMapping[]> {
  const rows = await rowsOf<MappingRow>(
    db,
    sql`SELECT id, name, columns, updated_at AS "updatedAt" FROM deal_mappings WHERE company_id = ${companyId} ORDER BY lower(name), id`,
  );
  return rows.map(mappingOf);
}

export async function getMapping(db: Exec, companyId: number, mappingId: number): Promise<DealMapping> {
  const [row] = await rowsOf<MappingRow>(
    db,
    sql`SELECT id, name, columns, updated_at AS "updatedAt" FROM deal_mappings WHERE id = ${mappingId} AND company_id = ${companyId}`,
  );
  if (!row) throw apiError('deal_mapping_not_found');
  return mappingOf(row);
}

/** Creates a mapping, or with an id changes that one; a name is the company's once (case-insensitive). */
export async function saveMapping(db: Exec, actor: { companyId: number; userId: number }, body: DealMappingBody, mappingId?: number): Promise<DealMapping> {
  const [taken] = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM deal_mappings WHERE company_id = ${actor.companyId} AND lower(name) = lower(${body.name})
        ${mappingId ? sql`AND id <> ${mappingId}` : sql``}`,
  );
  if (taken) throw apiError('deal_mapping_name_taken', { name: body.name });
  const columns = JSON.stringify(body.columns);
  const [row] = mappingId
    ? await rowsOf<MappingRow>(
        db,
        sql`UPDATE deal_mappings SET name = ${body.name}, columns = ${columns}::jsonb, updated_at = now()
            WHERE id = ${mappingId} AND company_id = ${actor.companyId} RETURNING id, name, columns, updated_at AS "updatedAt"`,
      )
    : await rowsOf<MappingRow>(
        db,
        sql`INSERT INTO deal_mappings (company_id, name, columns, created_by) VALUES (${actor.companyId}, ${body.name}, ${columns}::jsonb, ${actor.userId})
            RETURNING id, name, columns, updated_at AS "updatedAt"`,
      );
  if (!row) throw apiError('deal_mapping_not_found');
  return mappingOf(row);
}

export async function deleteMapping(db: Exec, companyId: number, mappingId: number): Promise<void> {
  const deleted = await rowsOf<{ id: number }>(db, sql`DELETE FROM deal_mappings WHERE id = ${mappingId} AND company_id = ${companyId} RETURNING id`);
  if (!deleted.length) throw apiError('deal_mapping_not_found');
}
