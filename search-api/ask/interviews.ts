// Interview passages as Ask cites them: the passage quoted, the interview named by the buyer's role, the account and
// the date ("Interview with VP Sales, Northwind — 2026-03-10"). Read from PostgreSQL by company, so a passage the
// index still holds after its interview was deleted or its transcript replaced is never quoted.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { Passage } from './retrieval.ts';

/** Where the win/loss area shows an interview's passage. */
export const interviewPassagePath = (id: number, seq: number) => `/win-loss/interviews/${id}?passage=${seq}`;

export const interviewTitle = (i: { buyerRole: string | null; accountName: string | null; dealName: string; interviewedOn: string }) =>
  `Interview with ${[i.buyerRole, i.accountName ?? i.dealName].filter(Boolean).join(', ')} — ${i.interviewedOn}`;

/** The passages found (an interview and a buyer passage's text), in the order given, as Ask's passages. */
export async function interviewCitations(db: Exec, companyId: number, found: { interviewId: number; text: string }[]): Promise<Passage[]> {
  if (!found.length) return [];
  type Row = { interviewId: number; seq: number; text: string; buyerRole: string | null; accountName: string | null; dealName: string; interviewedOn: string; rivalIds: number[]; createdAt: Date; updatedAt: Date };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT p.interview_id AS "interviewId", p.seq, p.text, i.buyer_role AS "buyerRole", d.account_name AS "accountName", d.name AS "dealName",
          i.interviewed_on::text AS "interviewedOn", d.rival_ids AS "rivalIds", i.created_at AS "createdAt", i.updated_at AS "updatedAt"
        FROM interview_passages p JOIN interviews i ON i.id = p.interview_id AND i.company_id = p.company_id
        JOIN deals d ON d.id = i.deal_id AND d.company_id = i.company_id
        WHERE p.company_id = ${companyId} AND p.is_buyer AND p.interview_id = ANY(${sql.param(found.map((f) => f.interviewId))}::int[])
          AND p.text = ANY(${sql.param(found.map((f) => f.text))}::text[])
        ORDER BY p.seq`,
  );
  return found.flatMap((f) => {
    const r = rows.find((x) => x.interviewId === f.interviewId && x.text === f.text);
    if (!r) return [];
    return [{
      docType: 'interview' as const,
      id: r.interviewId,
      title: interviewTitle(r),
      url: interviewPassagePath(r.interviewId, r.seq),
      text: r.text,
      rivalIds: r.rivalIds,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    }];
  });
}
