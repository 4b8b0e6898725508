// Call insights (contracts/calls.ts): sales calls imported from recorders' exports, every mention of a rival found in
// their passages, and per rival the mentions over time, the objections raised around them and the reps who met it.
// Everything here is for the company's curators and admins (routes.ts checks), scoped to their company, and a rival's
// mentions only for a rival the reader may see (visibility rivalVisibleSql).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import {
  CALLS_PAGE_SIZE,
  MENTIONS_PAGE_SIZE,
  OBJECTION_SENTIMENT,
  type CallDetail,
  type CallImport,
  type CallImporterName,
  type CallImportQuery,
  type CallListQuery,
  type CallOverview,
  type CallPage,
  type CallPassage,
  type CallRepOption,
  type CallSummary,
  type MentionPassage,
  type MentionQuery,
  type PassageIntelBody,
  type RivalMentions,
} from '../../contracts/calls.ts';
import type { TranscriptFormat } from '../../contracts/winLoss.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { apiError, fieldError } from '../errors.ts';
import { addQuotedSource } from '../cards/sources.ts';
import { takeIn } from '../monitors/intake.ts';
import type { RivalNames } from '../monitors/mentions.ts';
import { transcriptPool, type TranscriptPool } from '../transcripts/pool.ts';
import { rivalVisibleSql, type Viewer } from '../visibility/index.ts';
import { CALL_IMPORTER_REGISTRY, type ImportedCall } from './importers.ts';
import { fragmentSnippet, searchCalls } from './search.ts';
import { matchedPassages } from '../transcripts/matches.ts';
import { queryConcepts } from '../search/synonyms.ts';

/** Who imports or reads: a curator's viewer and, for writes, who they are (null for the demo seed and benches). */
export type CallActor = { viewer: Viewer; userId: number | null };

/** Calls analysed and written a batch at a time: the next batch is analysed on the threads while this one is written. */
const BATCH = 200;

const pgArray = (xs: unknown[]) => sql.param(xs);

/** Reads the body with the importer named, then imports its calls. */
export async function importExport(db: Db, actor: CallActor, importer: CallImporterName, body: Buffer, query: CallImportQuery, pool?: TranscriptPool): Promise<CallImport> {
  const calls = await CALL_IMPORTER_REGISTRY[importer].read(body, query);
  return importCalls(db, actor, importer, calls, pool);
}

/**
 * Imports calls an importer read: each call (by its external id, replacing its passages and mentions when it was
 * imported before), its passages with their sentiment and the rep's side told apart, and the rivals each names.
 * One transaction: an import lands whole or not at all.
 */
export function importCalls(db: Db, actor: CallActor, importer: CallImporterName, calls: ImportedCall[], pool: TranscriptPool = transcriptPool()): Promise<CallImport> {
  return db.transaction((tx) => importCallsIn(tx, actor, importer, calls, pool));
}

/** importCalls in the caller's transaction (the demo seed writes everything in one). */
export async function importCallsIn(tx: Exec, actor: CallActor, importer: CallImporterName, calls: ImportedCall[], pool: TranscriptPool = transcriptPool()): Promise<CallImport> {
  const companyId = actor.viewer.companyId;
  const rivals = await importerRivals(tx, actor.viewer);
  const reps = await repsByEmail(tx, companyId, calls);
  const deals = await dealsByCrmId(tx, companyId, calls);
  const texts = (c: ImportedCall) => c.transcript.turns.map((t) => t.text);
  const analyse = (at: number) => {
    const job = pool.analyse(calls.slice(at, at + BATCH).map(texts), rivals);
    // Awaited by the next round; a write that fails first leaves it unread, and its failure is then no one's.
    job.catch(() => undefined);
    return job;
  };

  const [imp] = await rowsOf<{ id: number }>(tx, sql`INSERT INTO call_imports (company_id, user_id, importer) VALUES (${companyId}, ${actor.userId}, ${importer}) RETURNING id`);
  const callIds: number[] = [];
  let mentions = 0;
  let next = analyse(0);
  for (let at = 0; at < calls.length; at += BATCH) {
    const analyses = await next;
    if (at + BATCH < calls.length) next = analyse(at + BATCH);
    const batch = calls.slice(at, at + BATCH).map((c, i) => ({ call: c, analysis: analyses[i], rep: c.rep.email ? (reps.get(c.rep.email) ?? null) : null }));
    const written = await writeBatch(tx, companyId, imp.id, batch, deals);
    callIds.push(...written.ids);
    mentions += written.mentions;
  }
  await tx.execute(sql`UPDATE call_imports SET calls = ${callIds.length}, mentions = ${mentions} WHERE id = ${imp.id}`);
  return { id: imp.id, importer, calls: callIds.length, mentions, callIds };
}

/** The demo seed's import (db/seed/calls.ts): a JSON export read and imported as a curator's would be, in the seed's transaction. */
export const callSeedImporter = {
  async importExport(tx: Exec, companyId: number, body: Buffer): Promise<{ calls: number; mentions: number }> {
    const calls = await CALL_IMPORTER_REGISTRY.json.read(body, { importer: 'json' });
    const viewer: Viewer = { companyId, curator: true, visibilityGroupIds: [], previewGroupId: null };
    return importCallsIn(tx, { viewer, userId: null }, 'json', calls);
  },
};

type Rep = { id: number; name: string };
type Analysed = { call: ImportedCall; analysis: { sentiment: number[]; rivalIds: number[][] }; rep: Rep | null };

/** The rivals an import looks for: those the importer may see, by name and alias (templates are no company's rivals). */
function importerRivals(db: Exec, v: Viewer): Promise<RivalNames[]> {
  return rowsOf<RivalNames>(
    db,
    sql`SELECT r.id, r.name, r.aliases FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE ${rivalVisibleSql(v)} AND NOT r.is_template ORDER BY r.id`,
  );
}

async function repsByEmail(db: Exec, companyId: number, calls: ImportedCall[]): Promise<Map<string, Rep>> {
  const emails = [...new Set(calls.flatMap((c) => (c.rep.email ? [c.rep.email.toLowerCase()] : [])))];
  if (!emails.length) return new Map();
  const rows = await rowsOf<Rep & { email: string }>(
    db,
    sql`SELECT id, name, lower(email) AS email FROM users WHERE company_id = ${companyId} AND lower(email) = ANY(${pgArray(emails)}::text[])`,
  );
  return new Map(rows.map((r) => [r.email, { id: r.id, name: r.name }]));
}

async function dealsByCrmId(db: Exec, companyId: number, calls: ImportedCall[]): Promise<Map<string, number>> {
  const crmIds = [...new Set(calls.flatMap((c) => (c.dealCrmId ? [c.dealCrmId] : [])))];
  if (!crmIds.length) return new Map();
  const rows = await rowsOf<{ id: number; crm_id: string }>(db, sql`SELECT id, crm_id FROM deals WHERE company_id = ${companyId} AND crm_id = ANY(${pgArray(crmIds)}::text[])`);
  return new Map(rows.map((r) => [r.crm_id, r.id]));
}

/** The speakers of our side: those the export names, else the rep's name; when none of them speaks, the first speaker. */
export function repSide(call: ImportedCall, rep: Rep | null): (speaker: string | null) => boolean {
  const named = (call.repSpeakers ?? [call.rep.name, rep?.name].filter((n): n is string => !!n)).map((n) => n.trim().toLowerCase());
  const speakers = call.transcript.turns.map((t) => t.speaker?.trim().toLowerCase() ?? null);
  const ours = new Set(speakers.some((s) => s !== null && named.includes(s)) ? named : speakers.slice(0, 1));
  return (speaker) => ours.has(speaker?.trim().toLowerCase() ?? null);
}

/** One batch of calls as one statement per table, arrays through unnest (db/deals.ts writes deals so). */
async function writeBatch(tx: Exec, companyId: number, importId: number, batch: Analysed[], deals: Map<string, number>): Promise<{ ids: number[]; mentions: number }> {
  const col = (f: (a: Analysed) => unknown) => pgArray(batch.map(f));
  const durationOf = (c: ImportedCall) => {
    const ends = c.transcript.turns.map((t) => t.endMs ?? t.startMs).filter((n): n is number => n !== null);
    return ends.length ? Math.max(...ends) : null;
  };
  const rows = await rowsOf<{ id: number; external_id: string }>(
    tx,
    sql`INSERT INTO calls (company_id, import_id, external_id, title, occurred_at, rep_user_id, rep_name, account_name, deal_id, transcript_format, duration_ms, word_count)
        SELECT ${companyId}, ${importId}, u.* FROM unnest(${col((a) => a.call.externalId)}::text[], ${col((a) => a.call.title)}::text[],
          ${col((a) => a.call.occurredAt)}::timestamptz[], ${col((a) => a.rep?.id ?? null)}::int[], ${col((a) => a.call.rep.name ?? a.rep?.name ?? null)}::text[],
          ${col((a) => a.call.accountName ?? null)}::text[], ${col((a) => (a.call.dealCrmId ? (deals.get(a.call.dealCrmId) ?? null) : null))}::int[],
          ${col((a) => a.call.transcript.format)}::text[], ${col((a) => durationOf(a.call))}::int[], ${col((a) => a.call.transcript.words)}::int[]) AS u
        ON CONFLICT (company_id, external_id) DO UPDATE SET import_id = EXCLUDED.import_id, title = EXCLUDED.title, occurred_at = EXCLUDED.occurred_at,
          rep_user_id = EXCLUDED.rep_user_id, rep_name = EXCLUDED.rep_name, account_name = EXCLUDED.account_name, deal_id = EXCLUDED.deal_id,
          transcript_format = EXCLUDED.transcript_format, duration_ms = EXCLUDED.duration_ms, word_count = EXCLUDED.word_count, updated_at = now()
        RETURNING id, external_id`,
  );
  const idOf = new Map(rows.map((r) => [r.external_id, r.id]));
  const ids = batch.map((a) => idOf.get(a.call.externalId)!);
  // A re-imported call's passages and mentions are those of this import only.
  await tx.execute(sql`DELETE FROM call_mentions WHERE call_id = ANY(${pgArray(ids)}::int[])`);
  await tx.execute(sql`DELETE FROM call_passages WHERE call_id = ANY(${pgArray(ids)}::int[])`);

  const p = { call: [] as number[], seq: [] as number[], speaker: [] as (string | null)[], rep: [] as boolean[], start: [] as (number | null)[], end: [] as (number | null)[], text: [] as string[], sentiment: [] as number[] };
  const m = { call: [] as number[], seq: [] as number[], rival: [] as number[], at: [] as string[], rep: [] as (number | null)[], sentiment: [] as number[], objection: [] as boolean[] };
  batch.forEach((a, i) => {
    const isRep = repSide(a.call, a.rep);
    a.call.transcript.turns.forEach((t, seq) => {
      const sentiment = a.analysis.sentiment[seq];
      p.call.push(ids[i]);
      p.seq.push(seq);
      p.speaker.push(t.speaker);
      p.rep.push(isRep(t.speaker));
      p.start.push(t.startMs);
      p.end.push(t.endMs);
      p.text.push(t.text);
      p.sentiment.push(sentiment);
      for (const rival of a.analysis.rivalIds[seq]) {
        m.call.push(ids[i]);
        m.seq.push(seq);
        m.rival.push(rival);
        m.at.push(a.call.occurredAt);
        m.rep.push(a.rep?.id ?? null);
        m.sentiment.push(sentiment);
        m.objection.push(sentiment <= OBJECTION_SENTIMENT);
      }
    });
  });
  await tx.execute(sql`INSERT INTO call_passages (company_id, call_id, seq, speaker, is_rep, start_ms, end_ms, text, sentiment)
    SELECT ${companyId}, u.* FROM unnest(${pgArray(p.call)}::int[], ${pgArray(p.seq)}::int[], ${pgArray(p.speaker)}::text[], ${pgArray(p.rep)}::bool[],
      ${pgArray(p.start)}::int[], ${pgArray(p.end)}::int[], ${pgArray(p.text)}::text[], ${pgArray(p.sentiment)}::real[]) AS u`);
  if (m.call.length) {
    await tx.execute(sql`INSERT INTO call_mentions (company_id, call_id, seq, rival_id, occurred_at, rep_user_id, sentiment, objection)
      SELECT ${companyId}, u.* FROM unnest(${pgArray(m.call)}::int[], ${pgArray(m.seq)}::int[], ${pgArray(m.rival)}::int[], ${pgArray(m.at)}::timestamptz[],
        ${pgArray(m.rep)}::int[], ${pgArray(m.sentiment)}::real[], ${pgArray(m.objection)}::bool[]) AS u`);
  }
  return { ids, mentions: m.call.length };
}

// ---- reads ----

/** A rival the viewer may see, or 404 rival_not_found. */
async function visibleRival(db: Exec, v: Viewer, rivalId: number): Promise<{ id: number; name: string }> {
  const [rival] = await rowsOf<{ id: number; name: string }>(db, sql`SELECT r.id, r.name FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.id = ${rivalId} AND ${rivalVisibleSql(v)}`);
  if (!rival) throw apiError('rival_not_found');
  return rival;
}

type SummaryRow = {
  id: number;
  externalId: string;
  title: string;
  occurredAt: Date | string;
  repUserId: number | null;
  repName: string | null;
  accountName: string | null;
  dealId: number | null;
  dealName: string | null;
  format: TranscriptFormat;
  durationMs: number | null;
  words: number;
  rivals: { id: number; name: string; mentions: number }[];
};

/** The summaries of the company's calls of these ids, in the order given; a call's rivals those the viewer may see. */
async function summaries(db: Exec, v: Viewer, ids: number[]): Promise<CallSummary[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`SELECT c.id, c.external_id AS "externalId", c.title, c.occurred_at AS "occurredAt", c.rep_user_id AS "repUserId",
          coalesce(u.name, c.rep_name) AS "repName", c.account_name AS "accountName", c.deal_id AS "dealId", d.name AS "dealName",
          c.transcript_format AS format, c.duration_ms AS "durationMs", c.word_count AS words,
          coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'mentions', x.n) ORDER BY x.n DESC, x.id)
            FROM (SELECT r.id, r.name, count(*)::int AS n FROM call_mentions m JOIN rivals r ON r.id = m.rival_id JOIN profiles p ON p.rival_id = r.id
                  WHERE m.call_id = c.id AND ${rivalVisibleSql(v)} GROUP BY r.id, r.name) x), '[]') AS rivals
        FROM calls c LEFT JOIN users u ON u.id = c.rep_user_id LEFT JOIN deals d ON d.id = c.deal_id
        WHERE c.company_id = ${v.companyId} AND c.id = ANY(${pgArray(ids)}::int[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        externalId: r.externalId,
        title: r.title,
        occurredAt: new Date(r.occurredAt).toISOString(),
        rep: { userId: r.repUserId, name: r.repName },
        accountName: r.accountName,
        deal: r.dealId === null ? null : { id: r.dealId, name: r.dealName ?? '' },
        format: r.format,
        durationMs: r.durationMs,
        words: r.words,
        rivals: r.rivals,
      },
    ];
  });
}

/** A page of the company's calls, latest first; with `q`, those whose transcripts say it (the calls index), with what matched. */
export async function listCalls(db: Db, engine: SearchEngine, v: Viewer, q: CallListQuery): Promise<CallPage> {
  if (q.rivalId) await visibleRival(db, v, q.rivalId);
  const from = (q.page - 1) * CALLS_PAGE_SIZE;
  if (q.q) {
    const cs = await queryConcepts(db, v.companyId, q.q);
    const found = await searchCalls(engine, v, cs, { rivalId: q.rivalId, repId: q.repId, from, size: CALLS_PAGE_SIZE });
    const matches = await matchedPassages(db, v.companyId, 'calls', found.hits.map((h) => ({ id: h.callId, fragments: h.fragments })), fragmentSnippet);
    const items = (await summaries(db, v, found.hits.map((h) => h.callId))).map((s) => ({ ...s, matches: matches.get(s.id) ?? [] }));
    return { items, total: found.total, page: q.page, pageSize: CALLS_PAGE_SIZE };
  }
  const where: SQL[] = [sql`c.company_id = ${v.companyId}`];
  if (q.rivalId) where.push(sql`EXISTS (SELECT 1 FROM call_mentions m WHERE m.call_id = c.id AND m.rival_id = ${q.rivalId})`);
  if (q.repId) where.push(sql`c.rep_user_id = ${q.repId}`);
  const cond = sql.join(where, sql` AND `);
  const [{ total }] = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM calls c WHERE ${cond}`);
  const ids = await rowsOf<{ id: number }>(db, sql`SELECT c.id FROM calls c WHERE ${cond} ORDER BY c.occurred_at DESC, c.id DESC LIMIT ${CALLS_PAGE_SIZE} OFFSET ${from}`);
  return { items: await summaries(db, v, ids.map((r) => r.id)), total, page: q.page, pageSize: CALLS_PAGE_SIZE };
}

export async function getCall(db: Db, v: Viewer, id: number): Promise<CallDetail> {
  const [summary] = await summaries(db, v, [id]);
  if (!summary) throw apiError('call_not_found');
  const passages = await rowsOf<CallPassage>(
    db,
    sql`SELECT cp.seq, cp.speaker, cp.is_rep AS "isRep", cp.start_ms AS "startMs", cp.end_ms AS "endMs", cp.text, cp.sentiment,
          coalesce(array_agg(m.rival_id ORDER BY m.rival_id) FILTER (WHERE m.rival_id IS NOT NULL), '{}') AS "rivalIds",
          coalesce(bool_or(m.objection), false) AS objection
        FROM call_passages cp
        LEFT JOIN (call_mentions m JOIN rivals r ON r.id = m.rival_id JOIN profiles p ON p.rival_id = r.id AND ${rivalVisibleSql(v)})
          ON m.call_id = cp.call_id AND m.seq = cp.seq
        WHERE cp.call_id = ${id} AND cp.company_id = ${v.companyId}
        GROUP BY cp.call_id, cp.seq ORDER BY cp.seq`,
  );
  return { ...summary, passages };
}

/** A day's bounds of the overview and mentions' dates (YYYY-MM-DD, `to` inclusive). */
function dateRange(q: { from?: string; to?: string }, column: SQL): SQL {
  const parts: SQL[] = [];
  if (q.from) parts.push(sql`${column} >= ${q.from}::date`);
  if (q.to) parts.push(sql`${column} < ${q.to}::date + 1`);
  return parts.length ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``;
}

export async function callOverview(db: Db, v: Viewer, q: { from?: string; to?: string }): Promise<CallOverview> {
  const [{ calls }] = await rowsOf<{ calls: number }>(db, sql`SELECT count(*)::int AS calls FROM calls c WHERE c.company_id = ${v.companyId}${dateRange(q, sql`c.occurred_at`)}`);
  const rivals = await rowsOf<CallOverview['rivals'][number] & { lastAt: Date | string | null }>(
    db,
    sql`SELECT r.id, r.name, count(m.call_id)::int AS mentions, (count(m.call_id) FILTER (WHERE m.objection))::int AS objections,
          count(DISTINCT m.call_id)::int AS calls, max(m.occurred_at) AS "lastAt"
        FROM rivals r JOIN profiles p ON p.rival_id = r.id
        LEFT JOIN call_mentions m ON m.rival_id = r.id AND m.company_id = ${v.companyId}${dateRange(q, sql`m.occurred_at`)}
        WHERE ${rivalVisibleSql(v)} AND NOT r.is_template
        GROUP BY r.id, r.name ORDER BY mentions DESC, r.name, r.id`,
  );
  return { calls, rivals: rivals.map((r) => ({ ...r, lastAt: r.lastAt ? new Date(r.lastAt).toISOString() : null })) };
}

/** The company's product users with calls, by name: the calls' rep filter (it filters by user id). */
export async function callReps(db: Exec, v: Viewer): Promise<CallRepOption[]> {
  return rowsOf<CallRepOption>(
    db,
    sql`SELECT u.id AS "userId", u.name, count(*)::int AS calls
        FROM calls c JOIN users u ON u.id = c.rep_user_id AND u.company_id = c.company_id
        WHERE c.company_id = ${v.companyId}
        GROUP BY u.id, u.name ORDER BY u.name, u.id`,
  );
}

/** Reps who met the rival listed, at most. */
const TOP_REPS = 10;

export async function rivalMentions(db: Db, v: Viewer, q: MentionQuery): Promise<RivalMentions> {
  const rival = await visibleRival(db, v, q.rivalId);
  const scope = sql`m.company_id = ${v.companyId} AND m.rival_id = ${rival.id}${dateRange(q, sql`m.occurred_at`)}`;
  const months = await rowsOf<RivalMentions['months'][number]>(
    db,
    sql`SELECT to_char(date_trunc('month', m.occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS mentions,
          (count(*) FILTER (WHERE m.objection))::int AS objections
        FROM call_mentions m WHERE ${scope} GROUP BY 1 ORDER BY 1`,
  );
  const reps = await rowsOf<RivalMentions['reps'][number]>(
    db,
    sql`SELECT c.rep_user_id AS "userId", coalesce(u.name, c.rep_name) AS name, count(DISTINCT m.call_id)::int AS calls, count(*)::int AS mentions
        FROM call_mentions m JOIN calls c ON c.id = m.call_id LEFT JOIN users u ON u.id = c.rep_user_id
        WHERE ${scope} AND (c.rep_user_id IS NOT NULL OR c.rep_name IS NOT NULL)
        GROUP BY c.rep_user_id, coalesce(u.name, c.rep_name) ORDER BY calls DESC, mentions DESC, name LIMIT ${TOP_REPS}`,
  );
  const items = await rowsOf<MentionPassage & { occurredAt: Date | string; repUserId: number | null; repName: string | null }>(
    db,
    sql`SELECT m.call_id AS "callId", m.seq, c.title, c.occurred_at AS "occurredAt", c.rep_user_id AS "repUserId", coalesce(u.name, c.rep_name) AS "repName",
          cp.speaker, cp.is_rep AS "isRep", cp.text, cp.sentiment, m.objection
        FROM call_mentions m JOIN calls c ON c.id = m.call_id JOIN call_passages cp ON cp.call_id = m.call_id AND cp.seq = m.seq
        LEFT JOIN users u ON u.id = c.rep_user_id
        WHERE ${scope}${q.objections ? sql` AND m.objection` : sql``}
        ORDER BY m.occurred_at DESC, m.call_id DESC, m.seq LIMIT ${MENTIONS_PAGE_SIZE} OFFSET ${(q.page - 1) * MENTIONS_PAGE_SIZE}`,
  );
  const total = months.reduce((n, m) => n + m.mentions, 0);
  return {
    rival,
    total,
    objections: months.reduce((n, m) => n + m.objections, 0),
    months,
    reps,
    items: items.map(({ repUserId, repName, occurredAt, ...i }) => ({ ...i, occurredAt: new Date(occurredAt).toISOString(), rep: { userId: repUserId, name: repName } })),
    page: q.page,
    pageSize: MENTIONS_PAGE_SIZE,
  };
}

// ---- a passage turned into intel or a card's source ----

type PassageRow = { title: string; occurredAt: Date | string; speaker: string | null; text: string; rivalIds: number[] };

async function passage(db: Exec, companyId: number, callId: number, seq: number): Promise<PassageRow> {
  const [row] = await rowsOf<PassageRow>(
    db,
    sql`SELECT c.title, c.occurred_at AS "occurredAt", cp.speaker, cp.text,
          coalesce((SELECT array_agg(m.rival_id ORDER BY m.rival_id) FROM call_mentions m WHERE m.call_id = cp.call_id AND m.seq = cp.seq), '{}') AS "rivalIds"
        FROM calls c JOIN call_passages cp ON cp.call_id = c.id WHERE c.id = ${callId} AND c.company_id = ${companyId} AND cp.seq = ${seq}`,
  );
  if (!row) throw apiError('call_passage_not_found');
  return row;
}

/** Where a passage is read in the product: the call's page, at the passage. */
export const passageLink = (appUrl: string, callId: number, seq: number) => new URL(`/call-insights/calls/${callId}?seq=${seq}`, appUrl).toString();

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Titles of intel made of a passage: the call's, then its first words. */
const TITLE_WORDS = 12;

/**
 * The passage as an intel item of channel `call`, through intake like any intel that arrives (monitors/intake.ts): it
 * is de-duplicated by its link (the same passage turned twice is one item), indexed by the feed's triggers, and about
 * the rivals the passage names unless the curator names others.
 */
export async function passageToIntel(db: Db, actor: CallActor & { userId: number }, appUrl: string, callId: number, seq: number, body: PassageIntelBody): Promise<{ alertId: number }> {
  const companyId = actor.viewer.companyId;
  const p = await passage(db, companyId, callId, seq);
  const rivalIds = body.rivalIds ?? p.rivalIds;
  for (const [i, id] of rivalIds.entries()) {
    const [seen] = await rowsOf<{ id: number }>(db, sql`SELECT r.id FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.id = ${id} AND ${rivalVisibleSql(actor.viewer)}`);
    if (!seen) throw fieldError('intel_rival_unknown', `rivalIds.${i}`, { field: 'rivalIds', id });
  }
  const words = p.text.split(/\s+/);
  const said = `${words.slice(0, TITLE_WORDS).join(' ')}${words.length > TITLE_WORDS ? '…' : ''}`;
  const link = passageLink(appUrl, callId, seq);
  const date = new Date(p.occurredAt).toISOString().slice(0, 10);
  const { intelId } = await db.transaction((tx) =>
    takeIn(tx, companyId, {
      channel: 'call',
      title: body.title ?? `${p.title}: “${said}”`,
      summary: p.text,
      bodyHtml: `<blockquote><p>${escapeHtml(p.text)}</p></blockquote><p>${escapeHtml([p.speaker, p.title, date].filter(Boolean).join(' · '))}</p>`,
      link,
      source: p.title,
      rivalIds,
      topics: [],
      submittedById: actor.userId,
    }),
  );
  return { alertId: intelId };
}

/** The passage as a source of a card the curator may write, quoted, linking back to the call. */
export async function passageToSource(db: Db, actor: CallActor & { userId: number }, appUrl: string, callId: number, seq: number, cardId: number): Promise<{ cardId: number }> {
  const p = await passage(db, actor.viewer.companyId, callId, seq);
  await addQuotedSource(db, actor.viewer, actor.userId, cardId, { permalink: passageLink(appUrl, callId, seq), prettyName: p.title, quote: p.text, referableType: 'Call' });
  return { cardId };
}
