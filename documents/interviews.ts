// The interview search document (issue #57): a win/loss interview as search and Ask find it — its transcript's
// passages as English text (one value each, in order: a highlight names the passage that matched), its deal's name
// and account (typos forgiven), its rivals, and the deal's outcome and the interview's date as exact values. Win/loss
// content: only readers of win/loss query it (search-api/visibility canReadWinLoss, interviewsFilter).
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { interviews } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import type { DealOutcome } from '../contracts/deals.ts';
import { pageTail, selected, versionOf, type BuiltDoc, type Ref, type Selection } from './build.ts';
import { analysisSettings, englishText, entityRef, typoTolerantText } from './analysis.ts';

export const interviewsIndex: IndexDefinition = {
  name: 'interviews',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      interviewId: { type: 'integer' },
      company_id: { type: 'integer' },
      dealId: { type: 'integer' },
      dealName: typoTolerantText(),
      accountName: typoTolerantText(),
      buyerRole: englishText,
      interviewer: { type: 'keyword' },
      /** Every passage's text, in transcript order; buyerPassages the buyer's side only (what Ask quotes). */
      passages: englishText,
      buyerPassages: englishText,
      rivals: entityRef(),
      rivalIds: { type: 'integer' },
      /** The deal's outcome; absent while it is open. */
      outcome: { type: 'keyword' },
      interviewedOn: { type: 'date' },
    },
  },
};

export type InterviewDoc = {
  id: string;
  interviewId: number;
  company_id: number;
  dealId: number;
  dealName: string;
  accountName: string | null;
  buyerRole: string | null;
  interviewer: string;
  passages: string[];
  buyerPassages: string[];
  rivals: Ref[];
  rivalIds: number[];
  outcome: DealOutcome | null;
  /** YYYY-MM-DD. */
  interviewedOn: string;
};

const interview = alias(interviews, 'i');

/** The interview documents of the selected interviews. */
export async function buildInterviewDocs(db: Exec, s: Selection): Promise<BuiltDoc<InterviewDoc>[]> {
  type Row = Omit<InterviewDoc, 'id'> & { version: string };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT i.id AS "interviewId", ${versionOf('interviews', interview.id)} AS version, i.company_id, i.deal_id AS "dealId",
          d.name AS "dealName", d.account_name AS "accountName", i.buyer_role AS "buyerRole", i.interviewer,
          coalesce(p.texts, '{}') AS passages, coalesce(p.buyer, '{}') AS "buyerPassages",
          coalesce(rv.refs, '[]') AS rivals, d.rival_ids AS "rivalIds", d.outcome, i.interviewed_on::text AS "interviewedOn"
        FROM interviews i JOIN deals d ON d.id = i.deal_id
        LEFT JOIN LATERAL (
          SELECT array_agg(x.text ORDER BY x.seq) AS texts, array_agg(x.text ORDER BY x.seq) FILTER (WHERE x.is_buyer) AS buyer
          FROM interview_passages x WHERE x.interview_id = i.id) p ON true
        LEFT JOIN LATERAL (
          SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id) AS refs
          FROM rivals r WHERE r.id = ANY(d.rival_ids)) rv ON true
        WHERE ${selected(interview.id, s)} ${pageTail(interview.id, s)}`,
  );
  return rows.map(({ version, ...r }) => ({ id: r.interviewId, version: Number(version), doc: { id: String(r.interviewId), ...r } }));
}
