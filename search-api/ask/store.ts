// Ask in PostgreSQL: chat sessions, answers (chat items) and usage events, always within the asker's
// company and, for sessions and answers, the asker's own rows.
import { sql } from 'drizzle-orm';
import type { Answer, AnswerSource, SessionCategory, SessionSummary, Sentiment, UsageEventBody } from '../../contracts/ask.ts';
import type { Db } from '../../db/client.ts';

export type Owner = { companyId: number; userId: number };

/** Longest session title kept (the first question). */
export const SESSION_TITLE_CHARS = 200;
export const SESSIONS_LISTED = 200;

const SESSION_COLUMNS = sql`s.id, s.title, s.category, s.is_dealtip, s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;

function toSession(r: Record<string, unknown>): SessionSummary {
  return {
    id: r.id as number,
    title: r.title as string,
    category: r.category as SessionCategory,
    is_dealtip: r.is_dealtip as boolean,
    createdAt: new Date(r.createdAt as string).toISOString(),
    updatedAt: new Date(r.updatedAt as string).toISOString(),
  };
}

export async function createSession(db: Db, o: Owner, title: string, category: SessionCategory): Promise<number> {
  const { rows } = await db.execute(sql`
    INSERT INTO ask_sessions (company_id, user_id, title, category)
    VALUES (${o.companyId}, ${o.userId}, ${title.slice(0, SESSION_TITLE_CHARS)}, ${category}) RETURNING id`);
  return (rows[0] as { id: number }).id;
}

export async function readSession(db: Db, o: Owner, id: number): Promise<SessionSummary | null> {
  const { rows } = await db.execute(sql`SELECT ${SESSION_COLUMNS} FROM ask_sessions s
    WHERE s.id = ${id} AND s.company_id = ${o.companyId} AND s.user_id = ${o.userId}`);
  return rows[0] ? toSession(rows[0] as Record<string, unknown>) : null;
}

/** The asker's sessions, newest first; `q` matches the title or any question of the session. */
export async function listSessions(db: Db, o: Owner, q?: string): Promise<SessionSummary[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.execute(sql`SELECT ${SESSION_COLUMNS} FROM ask_sessions s
    WHERE s.company_id = ${o.companyId} AND s.user_id = ${o.userId}
      ${pattern ? sql`AND (s.title ILIKE ${pattern} OR EXISTS (SELECT 1 FROM ask_answers a WHERE a.session_id = s.id AND a.question ILIKE ${pattern}))` : sql``}
    ORDER BY s.updated_at DESC, s.id DESC LIMIT ${SESSIONS_LISTED}`);
  return (rows as Record<string, unknown>[]).map(toSession);
}

export async function insertAnswer(db: Db, o: Owner, sessionId: number, question: string, isLlmFallback: boolean): Promise<number> {
  const { rows } = await db.execute(sql`
    INSERT INTO ask_answers (company_id, session_id, user_id, question, is_llm_fallback)
    VALUES (${o.companyId}, ${sessionId}, ${o.userId}, ${question}, ${isLlmFallback}) RETURNING id`);
  await db.execute(sql`UPDATE ask_sessions SET updated_at = now() WHERE id = ${sessionId} AND company_id = ${o.companyId}`);
  return (rows[0] as { id: number }).id;
}

export type Finished = { html: string; sources: AnswerSource[]; profileId: number | null; supportedRivalId: number | null };

export async function finishAnswer(db: Db, companyId: number, id: number, f: Finished) {
  await db.execute(sql`UPDATE ask_answers SET status = 'done', text = ${f.html}, sources = ${JSON.stringify(f.sources)}::jsonb,
      profile_id = ${f.profileId}, supported_rival_id = ${f.supportedRivalId}
    WHERE id = ${id} AND company_id = ${companyId}`);
}

export async function failAnswer(db: Db, companyId: number, id: number, message: string) {
  await db.execute(sql`UPDATE ask_answers SET status = 'error', error = ${message} WHERE id = ${id} AND company_id = ${companyId}`);
}

const ANSWER_SELECT = sql`SELECT a.id, a.session_id AS "sessionId", a.question, a.text, a.sources, a.is_llm_fallback, a.profile_id AS "profileId",
    a.supported_rival_id AS "supportedRivalId", a.status, a.error, a.sentiment, a.created_at AS "createdAt", p.name AS "profileName"
  FROM ask_answers a LEFT JOIN profiles p ON p.id = a.profile_id AND p.company_id = a.company_id`;

function toAnswer(r: Record<string, unknown>): Answer {
  const profileId = r.profileId as number | null;
  return {
    id: r.id as number,
    sessionId: r.sessionId as number,
    question: r.question as string,
    text: r.text as string,
    sources: r.sources as AnswerSource[],
    is_llm_fallback: r.is_llm_fallback as boolean,
    isProfileResponse: profileId !== null && r.profileName != null,
    profileId,
    supportedRivalId: r.supportedRivalId as number | null,
    profile: profileId !== null && r.profileName != null ? { id: profileId, name: r.profileName as string, url: `/profile/${profileId}` } : null,
    sentiment: r.sentiment as Sentiment | null,
    status: r.status as Answer['status'],
    error: r.error as string | null,
    createdAt: new Date(r.createdAt as string).toISOString(),
  };
}

export async function readAnswer(db: Db, o: Owner, id: number): Promise<Answer | null> {
  const { rows } = await db.execute(sql`${ANSWER_SELECT} WHERE a.id = ${id} AND a.company_id = ${o.companyId} AND a.user_id = ${o.userId}`);
  return rows[0] ? toAnswer(rows[0] as Record<string, unknown>) : null;
}

export async function sessionAnswers(db: Db, o: Owner, sessionId: number): Promise<Answer[]> {
  const { rows } = await db.execute(
    sql`${ANSWER_SELECT} WHERE a.session_id = ${sessionId} AND a.company_id = ${o.companyId} AND a.user_id = ${o.userId} ORDER BY a.id`,
  );
  return (rows as Record<string, unknown>[]).map(toAnswer);
}

/** Sets the sentiment; the same sentiment again changes nothing (an active thumb does nothing). */
export async function setSentiment(db: Db, o: Owner, answerId: number, sentiment: Sentiment): Promise<{ changed: boolean } | null> {
  const { rows } = await db.execute(sql`
    WITH target AS (SELECT id, sentiment FROM ask_answers WHERE id = ${answerId} AND company_id = ${o.companyId} AND user_id = ${o.userId}),
    updated AS (UPDATE ask_answers a SET sentiment = ${sentiment} FROM target
      WHERE a.id = target.id AND target.sentiment IS DISTINCT FROM ${sentiment} RETURNING a.id)
    SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM updated)::int AS changed`);
  const r = rows[0] as { found: number; changed: number };
  if (!r.found) return null;
  if (r.changed) await recordEvent(db, o, { kind: 'feedback', answerId, data: { sentiment } });
  return { changed: r.changed > 0 };
}

export async function recordEvent(db: Db, o: Owner, e: { kind: UsageEventBody['kind'] | 'feedback'; answerId?: number; data?: Record<string, unknown> }) {
  await db.execute(sql`INSERT INTO ask_events (company_id, user_id, answer_id, kind, data)
    VALUES (${o.companyId}, ${o.userId}, ${e.answerId ?? null}, ${e.kind}, ${JSON.stringify(e.data ?? {})}::jsonb)`);
}
