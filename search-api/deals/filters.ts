// The DealFilters of contracts/deals.ts as SQL over deals d: every deals list and win/loss report reads through here,
// so a drill-down from a report lands on the same deals the report counted.
import { sql, type SQL } from 'drizzle-orm';
import type { DealFilters, SegmentDimension } from '../../contracts/deals.ts';

/** The column of each segment dimension (and of the product). */
export const DIMENSION_COLUMNS: Record<SegmentDimension | 'product', string> = {
  buyerPersona: 'buyer_persona',
  industry: 'industry',
  region: 'region',
  segment: 'segment',
  technology: 'technology',
  useCase: 'use_case',
  product: 'product',
};

/** The company's deals that pass the filters; closedAfter and closedBefore are inclusive. */
export function dealFiltersSql(companyId: number, f: DealFilters, d = 'd'): SQL {
  const col = (c: string) => sql.raw(`${d}.${c}`);
  const parts: SQL[] = [sql`${col('company_id')} = ${companyId}`];
  if (f.rivalId !== undefined) parts.push(sql`${col('rival_ids')} @> ARRAY[${f.rivalId}::int]`);
  if (f.outcome === 'open') parts.push(sql`${col('outcome')} IS NULL`);
  else if (f.outcome) parts.push(sql`${col('outcome')} = ${f.outcome}`);
  if (f.ownerId !== undefined) parts.push(sql`${col('owner_user_id')} = ${f.ownerId}`);
  for (const [key, column] of Object.entries(DIMENSION_COLUMNS) as [keyof typeof DIMENSION_COLUMNS, string][]) {
    const value = f[key];
    if (value !== undefined) parts.push(sql`${col(column)} = ${value}`);
  }
  if (f.reasonId !== undefined || f.saidBy !== undefined) {
    const reason = f.reasonId !== undefined ? sql` AND dr.reason_id = ${f.reasonId}` : sql``;
    const sayer = f.saidBy !== undefined ? sql` AND dr.said_by = ${f.saidBy}` : sql``;
    parts.push(sql`EXISTS (SELECT 1 FROM deal_reasons dr WHERE dr.deal_id = ${col('id')} AND dr.company_id = ${companyId}${reason}${sayer})`);
  }
  if (f.closedAfter) parts.push(sql`${col('closed_on')} >= ${f.closedAfter}::date`);
  if (f.closedBefore) parts.push(sql`${col('closed_on')} <= ${f.closedBefore}::date`);
  return sql.join(parts, sql` AND `);
}
