// The deal search document (issue #56): a CRM opportunity as unified search finds it — its name and account
// (typos forgiven), its notes and the win and loss reasons given for it (names and quotes, whichever sayer gave
// them) as English text, and its rivals, outcome, owner, dates, amount and segments as exact values for filters
// and sorts. Only readers of win/loss query it (search-api/visibility canReadWinLoss, dealsFilter).
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { deals } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import type { DealOutcome } from '../contracts/deals.ts';
import { pageTail, selected, versionOf, type BuiltDoc, type Ref, type Selection } from './build.ts';
import { analysisSettings, englishText, entityRef, typoTolerantText } from './analysis.ts';

export const dealsIndex: IndexDefinition = {
  name: 'deals',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      dealId: { type: 'integer' },
      company_id: { type: 'integer' },
      name: typoTolerantText(true),
      accountName: typoTolerantText(true),
      notes: englishText,
      /** The names of the reasons given, and the quotes given with them, rep- and buyer-said alike. */
      reasons: englishText,
      reasonQuotes: englishText,
      reasonIds: { type: 'integer' },
      rivals: entityRef(),
      rivalIds: { type: 'integer' },
      primaryRivalId: { type: 'integer' },
      /** win | loss | churn | churn_positive | other; absent while the deal is open. */
      outcome: { type: 'keyword' },
      stage: { type: 'keyword' },
      ownerUserId: { type: 'integer' },
      ownerName: { type: 'keyword' },
      amount: { type: 'double' },
      currency: { type: 'keyword' },
      closedOn: { type: 'date' },
      createdOn: { type: 'date' },
      buyerPersona: { type: 'keyword' },
      industry: { type: 'keyword' },
      region: { type: 'keyword' },
      segment: { type: 'keyword' },
      technology: { type: 'keyword' },
      useCase: { type: 'keyword' },
      product: { type: 'keyword' },
    },
  },
};

export type DealDoc = {
  id: string;
  dealId: number;
  company_id: number;
  name: string;
  accountName: string | null;
  notes: string | null;
  reasons: string[];
  reasonQuotes: string[];
  reasonIds: number[];
  rivals: Ref[];
  rivalIds: number[];
  primaryRivalId: number | null;
  outcome: DealOutcome | null;
  stage: string;
  ownerUserId: number | null;
  ownerName: string | null;
  amount: number | null;
  currency: string;
  /** Dates as YYYY-MM-DD. */
  closedOn: string | null;
  createdOn: string;
  buyerPersona: string | null;
  industry: string | null;
  region: string | null;
  segment: string | null;
  technology: string | null;
  useCase: string | null;
  product: string | null;
};

// A bulk builder: raw SQL with its row type written out (an import reindexes deals by the hundred thousand).
const deal = alias(deals, 'd');

/** The deal documents of the selected deals. */
export async function buildDealDocs(db: Exec, s: Selection): Promise<BuiltDoc<DealDoc>[]> {
  type Row = Omit<DealDoc, 'id' | 'dealId' | 'reasons' | 'reasonQuotes' | 'reasonIds' | 'rivals' | 'amount'> & {
    version: string;
    amount: number | string | null;
    reason_names: string[];
    reason_quotes: string[];
    reason_ids: number[];
    rivals: Ref[];
  };
  const rows = await rowsOf<Row & { id: number }>(
    db,
    sql`SELECT d.id, ${versionOf('deals', deal.id)} AS version, d.company_id, d.name, d.account_name AS "accountName", d.notes,
          d.rival_ids AS "rivalIds", d.primary_rival_id AS "primaryRivalId", d.outcome, d.stage, d.owner_user_id AS "ownerUserId",
          d.owner_name AS "ownerName", d.amount, d.currency, d.closed_on::text AS "closedOn",
          d.created_on::text AS "createdOn", d.buyer_persona AS "buyerPersona", d.industry, d.region, d.segment, d.technology,
          d.use_case AS "useCase", d.product,
          coalesce(dr.names, '{}') AS reason_names, coalesce(dr.quotes, '{}') AS reason_quotes, coalesce(dr.ids, '{}') AS reason_ids,
          coalesce(rv.refs, '[]') AS rivals
        FROM deals d
        LEFT JOIN LATERAL (
          SELECT array_agg(DISTINCT w.name ORDER BY w.name) AS names, array_agg(DISTINCT w.id ORDER BY w.id) AS ids,
                 array_agg(DISTINCT r.quote ORDER BY r.quote) FILTER (WHERE r.quote IS NOT NULL AND r.quote <> '') AS quotes
          FROM deal_reasons r JOIN win_loss_reasons w ON w.id = r.reason_id WHERE r.deal_id = d.id) dr ON true
        LEFT JOIN LATERAL (
          SELECT json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.id) AS refs
          FROM rivals x WHERE x.id = ANY(d.rival_ids)) rv ON true
        WHERE ${selected(deal.id, s)} ${pageTail(deal.id, s)}`,
  );
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      dealId: r.id,
      company_id: r.company_id,
      name: r.name,
      accountName: r.accountName,
      notes: r.notes,
      reasons: r.reason_names,
      reasonQuotes: r.reason_quotes,
      reasonIds: r.reason_ids,
      rivals: r.rivals,
      rivalIds: r.rivalIds,
      primaryRivalId: r.primaryRivalId,
      outcome: r.outcome,
      stage: r.stage,
      ownerUserId: r.ownerUserId,
      ownerName: r.ownerName,
      amount: r.amount === null ? null : Number(r.amount),
      currency: r.currency,
      closedOn: r.closedOn,
      createdOn: r.createdOn,
      buyerPersona: r.buyerPersona,
      industry: r.industry,
      region: r.region,
      segment: r.segment,
      technology: r.technology,
      useCase: r.useCase,
      product: r.product,
    },
  }));
}
