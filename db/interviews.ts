// Interview passages as stored (db/schema/voice.ts interview_passages): the one writer of their rows, for an upload's
// transcript (search-api/interviews/service.ts) and the demo seed's interviews alike.
import { sql } from 'drizzle-orm';
import type { Exec } from './client.ts';

/** A transcript's turn as analysed: the buyer's side or not, its sentiment and the reasons the tagger suggests. */
export type AnalysedPassage = {
  seq: number;
  speaker: string | null;
  isBuyer: boolean;
  startMs: number | null;
  endMs: number | null;
  text: string;
  sentiment: number;
  suggestedReasonIds: number[];
};

/** A passage to store: of an interview, with the reasons a curator confirmed (the demo seed's reviews) or none yet. */
export type StoredPassage = AnalysedPassage & { interviewId: number; reasonIds?: number[] | null; quoted?: boolean };

/** Inserts passages of any number of interviews in one statement (an upload's, or the whole demo's). */
export async function insertPassages(db: Exec, companyId: number, passages: StoredPassage[]) {
  if (!passages.length) return;
  const col = <T>(f: (p: StoredPassage) => T) => sql.param(passages.map(f));
  const ids = (xs: number[] | null | undefined) => (xs ? JSON.stringify(xs) : null);
  await db.execute(
    sql`INSERT INTO interview_passages (company_id, interview_id, seq, speaker, is_buyer, start_ms, end_ms, text, sentiment, suggested_reason_ids, reason_ids, quoted)
        SELECT ${companyId}, x.interview_id, x.seq, x.speaker, x.is_buyer, x.start_ms, x.end_ms, x.text, x.sentiment,
          coalesce((SELECT array_agg(v::int) FROM jsonb_array_elements_text(x.suggested) v), '{}'),
          CASE WHEN x.confirmed IS NOT NULL THEN coalesce((SELECT array_agg(v::int) FROM jsonb_array_elements_text(x.confirmed) v), '{}') END,
          x.quoted
        FROM unnest(${col((p) => p.interviewId)}::int[], ${col((p) => p.seq)}::int[], ${col((p) => p.speaker)}::text[], ${col((p) => p.isBuyer)}::boolean[],
                    ${col((p) => p.startMs)}::int[], ${col((p) => p.endMs)}::int[], ${col((p) => p.text)}::text[],
                    ${col((p) => p.sentiment)}::real[], ${col((p) => ids(p.suggestedReasonIds))}::jsonb[], ${col((p) => ids(p.reasonIds))}::jsonb[],
                    ${col((p) => p.quoted ?? false)}::boolean[])
          AS x(interview_id, seq, speaker, is_buyer, start_ms, end_ms, text, sentiment, suggested, confirmed, quoted)`,
  );
}
