// The public page's side of a survey (contracts/winLoss.ts PublicSurvey, SurveyAnswerBody): a contact's token, looked
// up by its hash, opens their own survey and nothing else; the answer is checked against the survey's questions,
// stored once, and lands on the deal as buyer-said reasons and quote (db/deals.ts syncVoiceReasons).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { syncVoiceReasons } from '../../db/deals.ts';
import type { StoredSurveyAnswer } from '../../db/schema/voice.ts';
import { SURVEY_TEXT_MAX, type PublicSurvey, type SurveyAnswerBody, type SurveyQuestion } from '../../contracts/winLoss.ts';
import { apiError, fieldError } from '../errors.ts';
import { plainText } from '../html/sanitize.ts';
import { hashToken } from './service.ts';

/** What newToken makes (base64url); anything else is no token, without a look-up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

type Contact = {
  id: number;
  company_id: number;
  deal_id: number;
  name: string | null;
  expires_at: Date;
  answered_at: Date | null;
  survey_name: string;
  intro: string;
  questions: SurveyQuestion[];
  company_name: string;
  outcome: string | null;
};

/** The contact a token belongs to, if it was mailed; 404 otherwise, 410 once answered or expired. */
async function contactOf(db: Db, token: string, now: Date): Promise<Contact> {
  if (!TOKEN_SHAPE.test(token)) throw apiError('survey_not_found');
  const [c] = await rowsOf<Contact>(
    db,
    sql`SELECT r.id, r.company_id, r.deal_id, r.name, r.expires_at, r.answered_at, s.name AS survey_name, s.intro, s.questions,
          c.name AS company_name, d.outcome
        FROM survey_recipients r JOIN surveys s ON s.id = r.survey_id JOIN companies c ON c.id = r.company_id JOIN deals d ON d.id = r.deal_id
        WHERE r.token_hash = ${hashToken(token)} AND r.sent_at IS NOT NULL AND s.state = 'sent'`,
  );
  if (!c) throw apiError('survey_not_found');
  if (c.answered_at || new Date(c.expires_at) <= now) throw apiError('survey_closed');
  return c;
}

/** The reasons a `reasons` question offers: the company's taxonomy of the deal's outcome (none for churn and other). */
async function reasonsOf(db: Db, c: Contact): Promise<{ id: number; name: string }[]> {
  return rowsOf(db, sql`SELECT id, name FROM win_loss_reasons WHERE company_id = ${c.company_id} AND kind = ${c.outcome} ORDER BY lower(name), id`);
}

export async function openSurvey(db: Db, token: string, now = new Date()): Promise<PublicSurvey> {
  const c = await contactOf(db, token, now);
  await db.execute(sql`UPDATE survey_recipients SET opened_at = coalesce(opened_at, ${now.toISOString()}::timestamptz) WHERE id = ${c.id}`);
  return {
    companyName: c.company_name,
    name: c.survey_name,
    intro: c.intro,
    contactName: c.name,
    questions: c.questions,
    reasons: await reasonsOf(db, c),
    expiresAt: new Date(c.expires_at).toISOString(),
  };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The answers checked against the questions, text as plain text; the first text answer is the contact's quote. */
export function checkAnswers(questions: SurveyQuestion[], reasonIds: Set<number>, given: SurveyAnswerBody['answers']): StoredSurveyAnswer {
  const wrong = (id: string, problem: string) => fieldError('survey_answer_invalid', `answers.${id}`, { field: `answers.${id}`, problem });
  const ids = new Set(questions.map((q) => q.id));
  const stray = Object.keys(given).find((k) => !ids.has(k));
  if (stray !== undefined) throw wrong(stray, 'is not a question of this survey');
  const answers: Record<string, unknown> = {};
  const picked: number[] = [];
  let quote: string | null = null;
  for (const q of questions) {
    let v: unknown = given[q.id];
    if (q.type === 'text' && typeof v === 'string') v = plainText(v).trim();
    if (isEmpty(v)) {
      if (q.required) throw wrong(q.id, 'is required');
      continue;
    }
    const strings = Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
    const numbers = Array.isArray(v) && v.every((x) => typeof x === 'number') ? (v as number[]) : null;
    switch (q.type) {
      case 'rating':
        if (typeof v !== 'number' || v < 1 || v > q.scale) throw wrong(q.id, `must be a rating from 1 to ${q.scale}`);
        break;
      case 'single':
        if (typeof v !== 'string' || !q.options.includes(v)) throw wrong(q.id, 'must be one of the question’s options');
        break;
      case 'multiple':
        if (!strings || !strings.every((o) => q.options.includes(o))) throw wrong(q.id, 'must be among the question’s options');
        v = [...new Set(strings)];
        break;
      case 'reasons':
        if (!numbers || !numbers.every((id) => reasonIds.has(id))) throw wrong(q.id, 'must be among the reasons offered');
        v = [...new Set(numbers)];
        picked.push(...(v as number[]));
        break;
      case 'text':
        if (typeof v !== 'string') throw wrong(q.id, 'must be text');
        if (v.length > SURVEY_TEXT_MAX) throw wrong(q.id, `may have at most ${SURVEY_TEXT_MAX} characters`);
        quote ??= v;
        break;
    }
    answers[q.id] = v;
  }
  return { answers, reasonIds: [...new Set(picked)], quote };
}

/** Stores the answer once: the conditional UPDATE lets one of two racing submissions in, the other gets 410. */
export async function answerSurvey(db: Db, token: string, body: SurveyAnswerBody, now = new Date()): Promise<void> {
  const c = await contactOf(db, token, now);
  const reasons = await reasonsOf(db, c);
  const stored = checkAnswers(c.questions, new Set(reasons.map((r) => r.id)), body.answers);
  await db.transaction(async (tx) => {
    const at = sql`${now.toISOString()}::timestamptz`;
    const { rows } = await tx.execute(
      sql`UPDATE survey_recipients SET answer = ${JSON.stringify(stored)}::jsonb, answered_at = ${at}, opened_at = coalesce(opened_at, ${at})
          WHERE id = ${c.id} AND answered_at IS NULL AND expires_at > ${at} RETURNING id`,
    );
    if (!rows.length) throw apiError('survey_closed');
    await syncVoiceReasons(tx, c.company_id, [c.deal_id]);
  });
}
