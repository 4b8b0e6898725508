// Writing deals (issue #56): the one place that turns normalized deal rows into rows of `deals` and `deal_reasons`,
// for the CSV import, the Salesforce sync and the demo seed alike. A batch is one statement per table (arrays through
// unnest), so an import of a million rows makes a few hundred round trips, not millions; a deal is matched by its
// CRM id, so a re-import or a re-run of a sync updates, never duplicates.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from './client.ts';
import type { DealOutcome, SaidBy } from '../contracts/deals.ts';

/** A deal as its source gives it, its rivals, owner and reasons already resolved to ids. */
export type DealRow = {
  crmId: string;
  source: 'csv' | 'salesforce' | 'demo';
  name: string;
  accountName: string | null;
  accountCrmId: string | null;
  ownerEmail: string | null;
  ownerName: string | null;
  ownerUserId: number | null;
  amount: number | null;
  currency: string;
  stage: string;
  outcome: DealOutcome | null;
  createdOn: string;
  closedOn: string | null;
  rivalIds: number[];
  primaryRivalId: number | null;
  buyerPersona: string | null;
  industry: string | null;
  region: string | null;
  segment: string | null;
  technology: string | null;
  useCase: string | null;
  product: string | null;
  notes: string | null;
  crmModifiedAt: string | null;
  /**
   * The reasons this source gives, replacing those the same sayer gave before (a re-import of the rep's reasons
   * leaves the buyer's from surveys alone). Undefined leaves the deal's reasons as they are.
   */
  reasons?: { reasonId: number; saidBy: SaidBy; quote?: string | null }[];
};

/** Rows per statement: PostgreSQL's parameters stay few (one array per column), and a batch stays well under a second. */
export const DEAL_BATCH = 5_000;

/** An array as one parameter (drizzle would spread a bare array into a list of parameters). */
const pgArray = (xs: (string | number | null)[]) => sql.param(xs);

/** Inserts or updates the deals by (company, CRM id); returns how many were new and how many changed. */
export async function upsertDeals(db: Exec, companyId: number, rows: DealRow[]): Promise<{ created: number; updated: number; ids: number[] }> {
  let created = 0;
  let updated = 0;
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += DEAL_BATCH) {
    const batch = rows.slice(i, i + DEAL_BATCH);
    const col = <T>(f: (r: DealRow) => T) => pgArray(batch.map(f) as (string | number | null)[]);
    // Rivals as a text of a PostgreSQL array per row ('{1,2}'), since unnest flattens a two-dimensional array.
    const rivalText = batch.map((r) => `{${r.rivalIds.join(',')}}`);
    const written = await rowsOf<{ id: number; inserted: boolean }>(
      db,
      sql`INSERT INTO deals AS d (company_id, crm_id, source, name, account_name, account_crm_id, owner_email, owner_name, owner_user_id,
            amount, currency, stage, outcome, created_on, closed_on, rival_ids, primary_rival_id, buyer_persona, industry, region,
            segment, technology, use_case, product, notes, crm_modified_at)
          SELECT ${companyId}, u.crm_id, u.source, u.name, u.account_name, u.account_crm_id, u.owner_email, u.owner_name, u.owner_user_id,
            u.amount, u.currency, u.stage, u.outcome, u.created_on, u.closed_on, u.rival_ids::int[], u.primary_rival_id, u.buyer_persona,
            u.industry, u.region, u.segment, u.technology, u.use_case, u.product, u.notes, u.crm_modified_at
          FROM unnest(${col((r) => r.crmId)}::text[], ${col((r) => r.source)}::text[], ${col((r) => r.name)}::text[],
            ${col((r) => r.accountName)}::text[], ${col((r) => r.accountCrmId)}::text[], ${col((r) => r.ownerEmail)}::text[],
            ${col((r) => r.ownerName)}::text[], ${col((r) => r.ownerUserId)}::int[], ${col((r) => r.amount)}::float8[],
            ${col((r) => r.currency)}::text[], ${col((r) => r.stage)}::text[], ${col((r) => r.outcome)}::text[],
            ${col((r) => r.createdOn)}::date[], ${col((r) => r.closedOn)}::date[], ${pgArray(rivalText)}::text[], ${col((r) => r.primaryRivalId)}::int[],
            ${col((r) => r.buyerPersona)}::text[], ${col((r) => r.industry)}::text[], ${col((r) => r.region)}::text[],
            ${col((r) => r.segment)}::text[], ${col((r) => r.technology)}::text[], ${col((r) => r.useCase)}::text[],
            ${col((r) => r.product)}::text[], ${col((r) => r.notes)}::text[], ${col((r) => r.crmModifiedAt)}::timestamptz[])
            AS u(crm_id, source, name, account_name, account_crm_id, owner_email, owner_name, owner_user_id, amount, currency, stage,
              outcome, created_on, closed_on, rival_ids, primary_rival_id, buyer_persona, industry, region, segment, technology,
              use_case, product, notes, crm_modified_at)
          ON CONFLICT (company_id, crm_id) DO UPDATE SET
            source = excluded.source, name = excluded.name, account_name = excluded.account_name, account_crm_id = excluded.account_crm_id,
            owner_email = excluded.owner_email, owner_name = excluded.owner_name, owner_user_id = excluded.owner_user_id,
            amount = excluded.amount, currency = excluded.currency, stage = excluded.stage, outcome = excluded.outcome,
            created_on = excluded.created_on, closed_on = excluded.closed_on, rival_ids = excluded.rival_ids,
            primary_rival_id = excluded.primary_rival_id, buyer_persona = excluded.buyer_persona, industry = excluded.industry,
            region = excluded.region, segment = excluded.segment, technology = excluded.technology, use_case = excluded.use_case,
            product = excluded.product, notes = excluded.notes, crm_modified_at = excluded.crm_modified_at, updated_at = now()
          RETURNING d.id, (xmax = 0) AS inserted`,
    );
    for (const w of written) {
      ids.push(w.id);
      if (w.inserted) created++;
      else updated++;
    }
    await replaceReasons(db, companyId, batch, written);
  }
  return { created, updated, ids };
}

/** The reasons of the rows that carry them: each sayer's old reasons go, the new ones come, in two statements. */
async function replaceReasons(db: Exec, companyId: number, batch: DealRow[], written: { id: number; inserted: boolean }[]): Promise<void> {
  const dealIds: number[] = [];
  const sayers: string[] = [];
  const reasonDeal: number[] = [];
  const reasonId: number[] = [];
  const reasonSayer: string[] = [];
  const reasonQuote: (string | null)[] = [];
  batch.forEach((r, i) => {
    if (!r.reasons) return;
    const { id, inserted } = written[i];
    // A deal new in this statement has no reasons yet: only an updated one has old ones to drop.
    if (!inserted) {
      for (const s of new Set(['rep', ...r.reasons.map((x) => x.saidBy)])) {
        dealIds.push(id);
        sayers.push(s);
      }
    }
    for (const x of r.reasons) {
      reasonDeal.push(id);
      reasonId.push(x.reasonId);
      reasonSayer.push(x.saidBy);
      reasonQuote.push(x.quote ?? null);
    }
  });
  // By the primary key's deal_id first: a join on the pairs alone was planned as a hash over all the company's reasons,
  // which grows with every batch of a large import.
  if (dealIds.length) {
    await db.execute(
      sql`DELETE FROM deal_reasons r WHERE r.deal_id = ANY(${pgArray(dealIds)}::int[]) AND r.company_id = ${companyId}
            AND (r.deal_id, r.said_by) IN (SELECT * FROM unnest(${pgArray(dealIds)}::int[], ${pgArray(sayers)}::text[])) AND NOT r.from_voice`,
    );
  }
  if (reasonDeal.length === 0) return;
  await db.execute(
    sql`INSERT INTO deal_reasons (company_id, deal_id, reason_id, said_by, quote)
        SELECT ${companyId}, u.deal_id, u.reason_id, u.said_by, u.quote
        FROM unnest(${pgArray(reasonDeal)}::int[], ${pgArray(reasonId)}::int[], ${pgArray(reasonSayer)}::text[], ${pgArray(reasonQuote)}::text[]) AS u(deal_id, reason_id, said_by, quote)
        ON CONFLICT (deal_id, reason_id, said_by) DO UPDATE SET from_voice = false, quote = coalesce(EXCLUDED.quote, deal_reasons.quote)`,
  );
}

/**
 * The deals' buyer-said reasons from their own voice, written again from what gives them: the passages of the deals'
 * interviews whose reasons a curator confirmed (the buyer's side only; a passage in the quote library quoted first),
 * and their survey contacts' answers. A reason the CRM also gives stays the CRM's. Only reasons of the deal's outcome
 * count, as everywhere else.
 */
export async function syncVoiceReasons(db: Exec, companyId: number, dealIds: number[]): Promise<void> {
  if (dealIds.length === 0) return;
  await db.execute(sql`DELETE FROM deal_reasons WHERE company_id = ${companyId} AND deal_id = ANY(${pgArray(dealIds)}::int[]) AND from_voice`);
  await db.execute(
    sql`INSERT INTO deal_reasons (company_id, deal_id, reason_id, said_by, quote, from_voice)
        SELECT DISTINCT ON (v.deal_id, v.reason_id) ${companyId}, v.deal_id, v.reason_id, 'buyer', v.quote, true
        FROM (
          SELECT i.deal_id, r.reason_id, p.text AS quote, p.quoted AS preferred, i.interviewed_on::timestamptz AS said_at
          FROM interviews i JOIN interview_passages p ON p.interview_id = i.id, unnest(p.reason_ids) AS r(reason_id)
          WHERE i.company_id = ${companyId} AND i.deal_id = ANY(${pgArray(dealIds)}::int[]) AND p.is_buyer
          UNION ALL
          SELECT s.deal_id, x.reason_id::int, s.answer->>'quote', false, s.answered_at
          FROM survey_recipients s, jsonb_array_elements_text(s.answer->'reasonIds') AS x(reason_id)
          WHERE s.company_id = ${companyId} AND s.deal_id = ANY(${pgArray(dealIds)}::int[]) AND s.answered_at IS NOT NULL
        ) v
        JOIN deals d ON d.id = v.deal_id AND d.company_id = ${companyId}
        JOIN win_loss_reasons w ON w.id = v.reason_id AND w.company_id = ${companyId} AND w.kind = d.outcome
        ORDER BY v.deal_id, v.reason_id, v.preferred DESC, (v.quote IS NOT NULL) DESC, v.said_at DESC
        ON CONFLICT DO NOTHING`,
  );
}

/**
 * The ids of reasons of a kind by name (case-insensitive), adding to the company's taxonomy those it lacks: a CRM
 * export names the reasons its reps picked, and refusing a file for a new one would help no one.
 */
export async function reasonIdsByName(db: Exec, companyId: number, kind: 'win' | 'loss', names: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  await db.execute(
    sql`INSERT INTO win_loss_reasons (company_id, kind, name) SELECT ${companyId}, ${kind}, n FROM unnest(${pgArray(wanted)}::text[]) n
        ON CONFLICT DO NOTHING`,
  );
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM win_loss_reasons WHERE company_id = ${companyId} AND kind = ${kind}
        AND lower(name) = ANY(${pgArray(wanted.map((n) => n.toLowerCase()))}::text[])`,
  );
  for (const r of rows) out.set(r.name.toLowerCase(), r.id);
  return out;
}
