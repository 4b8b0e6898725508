// Win/loss interviews (contracts/winLoss.ts): the list (words searched in the interviews index), an interview with its
// passages, a transcript read and analysed, a curator's review of a passage, and the quote library. Every read and
// write is the caller's company's; the routes have checked canReadWinLoss (and the curator for writes). Whatever
// changes the confirmed tags of a deal's interviews ends with syncVoiceReasons, the one writer of buyer-said reasons.
import { matchedPassages } from '../transcripts/matches.ts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { syncVoiceReasons } from '../../db/deals.ts';
import { insertPassages, type AnalysedPassage } from '../../db/interviews.ts';
import type { DealOutcome } from '../../contracts/deals.ts';
import {
  INTERVIEWS_PAGE_SIZE,
  QUOTES_PAGE_SIZE,
  type InterviewBody,
  type InterviewDetail,
  type InterviewListQuery,
  type InterviewPage,
  type InterviewPassage,
  type InterviewSummary,
  type PassageReviewBody,
  type QuoteListQuery,
  type QuotePage,
  type ReasonRef,
} from '../../contracts/winLoss.ts';
import type { Query, SearchEngine } from '../../engine/port.ts';
import { apiError } from '../errors.ts';
import { rivalNames } from '../monitors/context.ts';
import type { RivalNames } from '../monitors/mentions.ts';
import { MARK_CLOSE, MARK_OPEN } from '../search/request.ts';
import { markedSnippet } from '../search/highlight.ts';
import { analysePassages } from '../transcripts/analyse.ts';
import { parseTranscript, TranscriptError, type Transcript, type Turn } from '../transcripts/parse.ts';
import type { AnalysedTranscript, InterviewAnalyser } from '../../db/seed/interviews.ts';
import { interviewsFilter, type Viewer } from '../visibility/index.ts';
import { reasonKindsFor, reasonTagger, type TaggableReason } from './tagger.ts';

export type InterviewDeps = { db: Db; engine: SearchEngine };
type Actor = { companyId: number; userId: number };

const DEAL_JSON = sql`json_build_object('id', d.id, 'name', d.name, 'accountName', d.account_name, 'outcome', d.outcome,
  'closedOn', d.closed_on::text,
  'rivals', coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'primary', r.id = d.primary_rival_id) ORDER BY x.n)
            FROM unnest(d.rival_ids) WITH ORDINALITY AS x(rid, n) JOIN rivals r ON r.id = x.rid AND r.company_id = d.company_id), '[]'))`;

/** An interview's summary columns over interviews i joined to its deal d. */
const SUMMARY_COLUMNS = sql`i.id, ${DEAL_JSON} AS deal, i.interviewed_on::text AS "interviewedOn", i.interviewer,
  i.buyer_role AS "buyerRole", i.buyer_speakers AS "buyerSpeakers", i.transcript_format AS format, i.transcript_name AS "transcriptName",
  i.word_count AS words, coalesce(c.passages, 0) AS passages, coalesce(c.confirmed, 0) AS confirmed, coalesce(c.to_review, 0) AS "toReview",
  coalesce(c.quotes, 0) AS quotes`;
const SUMMARY_FROM = sql`interviews i JOIN deals d ON d.id = i.deal_id AND d.company_id = i.company_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS passages, count(*) FILTER (WHERE p.reason_ids IS NOT NULL)::int AS confirmed,
      count(*) FILTER (WHERE p.reason_ids IS NULL AND cardinality(p.suggested_reason_ids) > 0)::int AS to_review,
      count(*) FILTER (WHERE p.quoted)::int AS quotes
    FROM interview_passages p WHERE p.interview_id = i.id) c ON true`;

type SummaryRow = Omit<InterviewSummary, 'transcript' | 'matches'> & {
  format: NonNullable<InterviewSummary['transcript']>['format'] | null;
  transcriptName: string | null;
  words: number;
  passages: number;
};

const summaryOf = ({ format, transcriptName, words, passages, ...r }: SummaryRow): InterviewSummary => ({
  ...r,
  transcript: format ? { format, name: transcriptName, words, passages } : null,
});

async function summaries(db: Exec, where: SQL, page: { limit: number; offset: number }): Promise<InterviewSummary[]> {
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where}
        ORDER BY i.interviewed_on DESC, i.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map(summaryOf);
}

/** The company's interviews, latest first; with words, those whose transcript, deal or rivals hold them (the index). */
export async function listInterviews(deps: InterviewDeps, viewer: Pick<Viewer, 'companyId'>, q: InterviewListQuery): Promise<InterviewPage> {
  const offset = (q.page - 1) * INTERVIEWS_PAGE_SIZE;
  if (q.q) return searchInterviews(deps, viewer, { ...q, q: q.q }, offset);
  const where = sql`i.company_id = ${viewer.companyId}
    ${q.dealId ? sql`AND i.deal_id = ${q.dealId}` : sql``} ${q.rivalId ? sql`AND d.rival_ids @> ARRAY[${q.rivalId}::int]` : sql``}`;
  const [items, [count]] = await Promise.all([
    summaries(deps.db, where, { limit: INTERVIEWS_PAGE_SIZE, offset }),
    rowsOf<{ total: number }>(deps.db, sql`SELECT count(*)::int AS total FROM interviews i JOIN deals d ON d.id = i.deal_id WHERE ${where}`),
  ]);
  return { items, total: count.total, page: q.page, pageSize: INTERVIEWS_PAGE_SIZE };
}

/** A matched passage's fragment, about a snippet line or two, and how many an interview shows. */
const MATCH_FRAGMENT_CHARS = 160;
const MATCH_FRAGMENTS = 3;

/** The fields an interview's words are looked for in. */
const INTERVIEW_SEARCH_FIELDS = ['passages', 'dealName', 'accountName', 'buyerRole', 'rivals.name'];

/** The engine request for interviews holding every word of `text` (interviewsFilter; the caller checked canReadWinLoss). */
export function interviewSearch(viewer: Pick<Viewer, 'companyId'>, text: string, opts: { dealId?: number; rivalId?: number; from: number; size: number }) {
  const filter: Query[] = [...interviewsFilter(viewer)];
  if (opts.dealId) filter.push({ term: { dealId: opts.dealId } });
  if (opts.rivalId) filter.push({ term: { rivalIds: opts.rivalId } });
  return {
    query: { bool: { must: [{ multi_match: { query: text, fields: INTERVIEW_SEARCH_FIELDS, type: 'cross_fields' as const, operator: 'and' as const } }], filter } },
    from: opts.from,
    size: opts.size,
    highlight: {
      pre_tags: [MARK_OPEN],
      post_tags: [MARK_CLOSE],
      // A few fragments of the passages that matched, not the passages whole: a transcript is thousands of words.
      fields: { passages: { fragment_size: MATCH_FRAGMENT_CHARS, number_of_fragments: MATCH_FRAGMENTS } },
      // Only the passages' own words are marked: a match in the deal's name names no passage.
      highlight_query: { match: { passages: { query: text } } },
    },
    _source: false,
    track_total_hits: true,
  };
}

export { markedSnippet };

async function searchInterviews(deps: InterviewDeps, viewer: Pick<Viewer, 'companyId'>, q: InterviewListQuery & { q: string }, offset: number): Promise<InterviewPage> {
  const res = await deps.engine.search('interviews', {
    ...interviewSearch(viewer, q.q, { dealId: q.dealId, rivalId: q.rivalId, from: offset, size: INTERVIEWS_PAGE_SIZE }),
    sort: [{ interviewedOn: 'desc' }, { interviewId: 'desc' }],
  });
  const ids = res.hits.map((h) => Number(h.id));
  if (ids.length === 0) return { items: [], total: res.total.value, page: q.page, pageSize: INTERVIEWS_PAGE_SIZE };
  const hits = res.hits.map((h) => ({ id: Number(h.id), fragments: h.highlight?.passages ?? [] }));
  const [rows, matched] = await Promise.all([
    summaries(deps.db, sql`i.company_id = ${viewer.companyId} AND i.id = ANY(${sql.param(ids)}::int[])`, { limit: ids.length, offset: 0 }),
    matchedPassages(deps.db, viewer.companyId, 'interviews', hits, markedSnippet),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // An interview the index still holds but the database no longer does (deleted, not yet reindexed) is left out.
  const items = ids.flatMap((id) => {
    const s = byId.get(id);
    return s ? [{ ...s, matches: matched.get(id) ?? [] }] : [];
  });
  return { items, total: res.total.value, page: q.page, pageSize: INTERVIEWS_PAGE_SIZE };
}

type PassageRow = Omit<InterviewPassage, 'suggestedReasons' | 'reasons'> & { suggestedReasonIds: number[]; reasonIds: number[] | null };

async function taxonomy(db: Exec, companyId: number): Promise<Map<number, ReasonRef>> {
  const rows = await rowsOf<ReasonRef>(db, sql`SELECT id, kind, name FROM win_loss_reasons WHERE company_id = ${companyId} ORDER BY kind DESC, lower(name), id`);
  return new Map(rows.map((r) => [r.id, r]));
}
const refsOf = (ids: number[], reasons: Map<number, ReasonRef>) => ids.flatMap((id) => reasons.get(id) ?? []);

export async function getInterview(db: Exec, companyId: number, id: number): Promise<InterviewDetail> {
  const [summary] = await summaries(db, sql`i.company_id = ${companyId} AND i.id = ${id}`, { limit: 1, offset: 0 });
  if (!summary) throw apiError('interview_not_found');
  const [rows, reasons] = await Promise.all([
    rowsOf<PassageRow>(
      db,
      sql`SELECT seq, speaker, is_buyer AS "isBuyer", start_ms AS "startMs", end_ms AS "endMs", text, sentiment,
            suggested_reason_ids AS "suggestedReasonIds", reason_ids AS "reasonIds", quoted
          FROM interview_passages WHERE company_id = ${companyId} AND interview_id = ${id} ORDER BY seq`,
    ),
    taxonomy(db, companyId),
  ]);
  const passages = rows.map(({ suggestedReasonIds, reasonIds, ...p }) => ({
    ...p,
    suggestedReasons: refsOf(suggestedReasonIds, reasons),
    reasons: reasonIds === null ? null : refsOf(reasonIds, reasons),
  }));
  return { ...summary, passages };
}

async function dealOf(db: Exec, companyId: number, dealId: number): Promise<{ id: number; outcome: DealOutcome | null }> {
  const [deal] = await rowsOf<{ id: number; outcome: DealOutcome | null }>(db, sql`SELECT id, outcome FROM deals WHERE id = ${dealId} AND company_id = ${companyId}`);
  if (!deal) throw apiError('deal_not_found');
  return deal;
}

export async function createInterview(db: Exec, actor: Actor, body: InterviewBody): Promise<InterviewSummary> {
  await dealOf(db, actor.companyId, body.dealId);
  const [{ id }] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO interviews (company_id, deal_id, interviewed_on, interviewer, buyer_role, buyer_speakers, created_by)
        VALUES (${actor.companyId}, ${body.dealId}, ${body.interviewedOn}, ${body.interviewer}, ${body.buyerRole ?? null},
                ${sql.param(body.buyerSpeakers)}::text[], ${actor.userId})
        RETURNING id`,
  );
  const [summary] = await summaries(db, sql`i.company_id = ${actor.companyId} AND i.id = ${id}`, { limit: 1, offset: 0 });
  return summary;
}

/** Deletes an interview; the reasons its passages gave leave its deal. */
export async function deleteInterview(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await rowsOf<{ dealId: number }>(tx, sql`DELETE FROM interviews WHERE id = ${id} AND company_id = ${companyId} RETURNING deal_id AS "dealId"`);
    if (!gone) throw apiError('interview_not_found');
    await syncVoiceReasons(tx, companyId, [gone.dealId]);
  });
}

// ---- analysis ----

/** What analysing a company's transcripts needs, read once: its reason taxonomy (as a tagger) and its rivals' names. */
type AnalysisContext = { tag: ReturnType<typeof reasonTagger>; rivals: RivalNames[] };

async function analysisContext(db: Exec, companyId: number): Promise<AnalysisContext> {
  const [reasons, rivals] = await Promise.all([
    rowsOf<TaggableReason>(db, sql`SELECT id, kind, name FROM win_loss_reasons WHERE company_id = ${companyId} ORDER BY id`),
    rivalNames(db, companyId),
  ]);
  return { tag: reasonTagger(reasons), rivals };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A transcript's turns as passages: the buyer's side (the speakers named as the buyer's, or when none are named every
 * speaker but the interviewer), each passage's sentiment by the reviews' pipeline, and the reasons of the deal's
 * outcome the tagger suggests for the buyer's passages. The upload and the demo seed both analyse with this.
 */
function analyseInterview(
  turns: readonly Turn[],
  interview: { interviewer: string; buyerSpeakers: readonly string[]; outcome: DealOutcome | null },
  ctx: AnalysisContext,
): AnalysedPassage[] {
  const isBuyer = (speaker: string | null) =>
    interview.buyerSpeakers.length ? speaker !== null && interview.buyerSpeakers.some((b) => sameName(b, speaker)) : speaker === null || !sameName(speaker, interview.interviewer);
  const kinds = reasonKindsFor(interview.outcome);
  const analysed = analysePassages(turns.map((t) => t.text), ctx.rivals);
  return turns.map((t, i) => {
    const a = analysed[i];
    const buyer = isBuyer(t.speaker);
    return {
      ...t,
      seq: i + 1,
      isBuyer: buyer,
      sentiment: a.sentiment,
      suggestedReasonIds: ctx.tag({ text: t.text, isBuyer: buyer, sentiment: a.sentiment, namesRival: a.rivalIds.length > 0 }, kinds),
    };
  });
}

/**
 * The reading and analysis of a company's transcripts (the demo seed is handed this, db/seed/interviews.ts): the
 * company's taxonomy and rivals read once, then each file parsed and analysed as an upload is.
 */
export const interviewAnalyser: InterviewAnalyser = async (db, companyId) => {
  const ctx = await analysisContext(db, companyId);
  return async (file, opts, interview) => {
    const transcript = await parseTranscript(file, opts);
    return { format: transcript.format, words: transcript.words, passages: analyseInterview(transcript.turns, interview, ctx) };
  };
};

/** Writes an interview's passages (replacing any) and its transcript's columns. */
async function writePassages(db: Exec, companyId: number, interviewId: number, transcript: Pick<Transcript, 'format' | 'words'> & { name: string | null }, passages: AnalysedPassage[]) {
  await db.execute(sql`DELETE FROM interview_passages WHERE interview_id = ${interviewId} AND company_id = ${companyId}`);
  await insertPassages(db, companyId, passages.map((p) => ({ ...p, interviewId })));
  await db.execute(
    sql`UPDATE interviews SET transcript_format = ${transcript.format}, transcript_name = ${transcript.name}, word_count = ${transcript.words},
          updated_at = now() WHERE id = ${interviewId} AND company_id = ${companyId}`,
  );
}

/**
 * Reads, analyses and stores an interview's transcript, replacing its passages and their tags (so the reasons they
 * gave leave the deal until confirmed again). A file too large is 413, any other unreadable file 400, and nothing
 * is written then: the file is read before the transaction starts.
 */
export async function uploadTranscript(db: Db, companyId: number, id: number, body: Buffer, opts: { format?: string; fileName?: string }): Promise<InterviewDetail> {
  const [interview] = await rowsOf<{ dealId: number; interviewer: string; buyerSpeakers: string[]; outcome: DealOutcome | null }>(
    db,
    sql`SELECT i.deal_id AS "dealId", i.interviewer, i.buyer_speakers AS "buyerSpeakers", d.outcome
        FROM interviews i JOIN deals d ON d.id = i.deal_id WHERE i.id = ${id} AND i.company_id = ${companyId}`,
  );
  if (!interview) throw apiError('interview_not_found');
  const analyse = await interviewAnalyser(db, companyId);
  let transcript: AnalysedTranscript;
  try {
    transcript = await analyse(body, opts, interview);
  } catch (e) {
    if (!(e instanceof TranscriptError)) throw e;
    throw apiError(e.reason === 'too_large' ? 'transcript_too_large' : 'transcript_unreadable', { name: opts.fileName ?? 'the upload', problem: e.message });
  }
  await db.transaction(async (tx) => {
    await writePassages(tx, companyId, id, { ...transcript, name: opts.fileName ?? null }, transcript.passages);
    await syncVoiceReasons(tx, companyId, [interview.dealId]);
  });
  return getInterview(db, companyId, id);
}

/** A curator confirms or changes a passage's reasons (reasons of the company's taxonomy) and quotes it or not. */
export async function reviewPassage(db: Db, actor: Actor, id: number, seq: number, body: PassageReviewBody): Promise<InterviewPassage> {
  const reasons = await taxonomy(db, actor.companyId);
  const unknown = body.reasonIds.find((r) => !reasons.has(r));
  if (unknown !== undefined) throw apiError('ids_unknown', { field: 'reasonIds', id: unknown }, [{ field: 'reasonIds', message: `unknown id ${unknown}` }]);
  const reasonIds = [...new Set(body.reasonIds)];
  await db.transaction(async (tx) => {
    const [row] = await rowsOf<{ dealId: number }>(
      tx,
      sql`UPDATE interview_passages p SET reason_ids = ${sql.param(reasonIds)}::int[], quoted = ${body.quoted}, reviewed_by = ${actor.userId}, reviewed_at = now()
          FROM interviews i WHERE i.id = p.interview_id AND p.interview_id = ${id} AND p.seq = ${seq} AND p.company_id = ${actor.companyId}
          RETURNING i.deal_id AS "dealId"`,
    );
    if (!row) {
      const [exists] = await rowsOf(tx, sql`SELECT 1 FROM interviews WHERE id = ${id} AND company_id = ${actor.companyId}`);
      throw apiError(exists ? 'passage_not_found' : 'interview_not_found');
    }
    await syncVoiceReasons(tx, actor.companyId, [row.dealId]);
  });
  const detail = await getInterview(db, actor.companyId, id);
  return detail.passages.find((p) => p.seq === seq)!;
}

/** The quote library: passages a curator quoted, newest interview first, by reason, rival and the deal's outcome. */
export async function listQuotes(db: Exec, companyId: number, q: QuoteListQuery): Promise<QuotePage> {
  const where = sql`p.company_id = ${companyId} AND p.quoted
    ${q.reasonId ? sql`AND p.reason_ids @> ARRAY[${q.reasonId}::int]` : sql``}
    ${q.rivalId ? sql`AND d.rival_ids @> ARRAY[${q.rivalId}::int]` : sql``}
    ${q.outcome ? sql`AND d.outcome = ${q.outcome}` : sql``}`;
  const from = sql`interview_passages p JOIN interviews i ON i.id = p.interview_id AND i.company_id = p.company_id
    JOIN deals d ON d.id = i.deal_id AND d.company_id = i.company_id`;
  const [rows, [count], reasons] = await Promise.all([
    rowsOf<Omit<QuotePage['items'][number], 'reasons'> & { reasonIds: number[] | null; suggestedReasonIds: number[] }>(
      db,
      sql`SELECT p.interview_id AS "interviewId", p.seq, p.text, p.speaker, i.buyer_role AS "buyerRole", i.interviewed_on::text AS "interviewedOn",
            ${DEAL_JSON} AS deal, p.reason_ids AS "reasonIds", p.suggested_reason_ids AS "suggestedReasonIds", p.sentiment
          FROM ${from} WHERE ${where}
          ORDER BY i.interviewed_on DESC, p.interview_id DESC, p.seq LIMIT ${QUOTES_PAGE_SIZE} OFFSET ${(q.page - 1) * QUOTES_PAGE_SIZE}`,
    ),
    rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`),
    taxonomy(db, companyId),
  ]);
  const items = rows.map(({ reasonIds, suggestedReasonIds, ...r }) => ({ ...r, reasons: refsOf(reasonIds ?? suggestedReasonIds, reasons) }));
  return { items, total: count.total, page: q.page, pageSize: QUOTES_PAGE_SIZE };
}
