// The call search document (issue #57): a sales call as call insights' search finds it — its passages (what was
// said, as English text; search answers which passages matched), its title and account (typos forgiven), the rivals
// it names, its rep and date as exact values for filters and sorts. Only the company's curators and admins query it
// (search-api/visibility callsFilter, after routes check the role).
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { calls } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { pageTail, selected, versionOf, type BuiltDoc, type Ref, type Selection } from './build.ts';
import { analysisSettings, englishText, entityRef, typoTolerantText } from './analysis.ts';

export const callsIndex: IndexDefinition = {
  name: 'calls',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      callId: { type: 'integer' },
      company_id: { type: 'integer' },
      title: typoTolerantText(true),
      accountName: typoTolerantText(),
      /** The passages' texts in their order (a passage's seq is its place). */
      passages: englishText,
      rivals: entityRef(),
      rivalIds: { type: 'integer' },
      repUserId: { type: 'integer' },
      /** The rep's name as the import wrote it. */
      repName: { type: 'keyword' },
      occurredAt: { type: 'date' },
    },
  },
};

export type CallDoc = {
  id: string;
  callId: number;
  company_id: number;
  title: string;
  accountName: string | null;
  passages: string[];
  rivals: Ref[];
  rivalIds: number[];
  repUserId: number | null;
  repName: string | null;
  occurredAt: string;
};

// A bulk builder: raw SQL with its row type written out (an import reindexes calls by the thousand).
const call = alias(calls, 'c');

/** The call documents of the selected calls. */
export async function buildCallDocs(db: Exec, s: Selection): Promise<BuiltDoc<CallDoc>[]> {
  type Row = Omit<CallDoc, 'id' | 'callId' | 'occurredAt'> & { id: number; version: string; occurredAt: Date | string };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT c.id, ${versionOf('calls', call.id)} AS version, c.company_id, c.title, c.account_name AS "accountName",
          c.rep_user_id AS "repUserId", c.rep_name AS "repName", c.occurred_at AS "occurredAt",
          coalesce((SELECT array_agg(p.text ORDER BY p.seq) FROM call_passages p WHERE p.call_id = c.id), '{}') AS passages,
          coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id) FROM rivals r
                    WHERE r.id IN (SELECT m.rival_id FROM call_mentions m WHERE m.call_id = c.id)), '[]') AS rivals
        FROM calls c
        WHERE ${selected(call.id, s)} ${pageTail(call.id, s)}`,
  );
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      callId: r.id,
      company_id: r.company_id,
      title: r.title,
      accountName: r.accountName,
      passages: r.passages,
      rivals: r.rivals,
      rivalIds: r.rivals.map((x) => x.id),
      repUserId: r.repUserId,
      repName: r.repName,
      occurredAt: new Date(r.occurredAt).toISOString(),
    },
  }));
}
