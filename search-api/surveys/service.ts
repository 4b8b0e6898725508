// Win/loss surveys (contracts/winLoss.ts): a curator builds a survey over closed deals' contacts, sends it (mail.ts
// mails each contact a link with their own token), and reads the program's health. A contact's row keeps only the
// sha256 of their token; a draft's contacts hold the hash of a token nobody has until the send replaces it.
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { surveyRecipients } from '../../db/schema.ts';
import type { SurveyBody, SurveyDetail, SurveyHealth, SurveyQuestion, SurveyRecipient, SurveyRecipientBody, SurveyState, SurveySummary } from '../../contracts/winLoss.ts';
import type { DealOutcome } from '../../contracts/deals.ts';
import { apiError, fieldError } from '../errors.ts';

const DAY_MS = 86_400_000;

/** 192 random bits, URL-safe: the only copy is in the mail. */
export const newToken = (): string => crypto.randomBytes(24).toString('base64url');
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

type HealthRow = { sent: number; opened: number; answered: number; median: number | string | null };

/** Figures of recipients `r` joined to their deals `d`; the median counts days from the deal's close to the answer. */
const HEALTH_COLUMNS = sql`count(r.sent_at)::int AS sent, count(r.opened_at)::int AS opened, count(r.answered_at)::int AS answered,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY ((r.answered_at AT TIME ZONE 'UTC')::date - d.closed_on)) AS median`;

function healthOf(r: HealthRow): SurveyHealth {
  return {
    sent: r.sent,
    opened: r.opened,
    answered: r.answered,
    responseRate: r.sent ? r.answered / r.sent : null,
    medianDaysToAnswer: r.median === null ? null : Number(r.median),
  };
}

type SummaryRow = HealthRow & { id: number; name: string; state: 'draft' | 'sent'; questions: number; recipients: number; waiting: number; created_at: Date; sent_at: Date | null };

/**
 * A sent survey is closed once no contact can still answer (each answered, or their link expired); the stored state
 * stays `sent`, so a contact added later opens it again.
 */
const stateOf = (r: Pick<SummaryRow, 'state' | 'recipients' | 'waiting'>): SurveyState => (r.state === 'sent' && r.recipients > 0 && r.waiting === 0 ? 'closed' : r.state);

async function summaries(db: Exec, companyId: number, now: Date, only?: number): Promise<SurveySummary[]> {
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`SELECT s.id, s.name, s.state, jsonb_array_length(s.questions)::int AS questions, s.created_at, s.sent_at,
          count(r.id)::int AS recipients, ${HEALTH_COLUMNS},
          count(r.id) FILTER (WHERE r.answered_at IS NULL AND (r.sent_at IS NULL OR r.expires_at > ${ts(now)}))::int AS waiting
        FROM surveys s LEFT JOIN survey_recipients r ON r.survey_id = s.id LEFT JOIN deals d ON d.id = r.deal_id
        WHERE s.company_id = ${companyId} ${only === undefined ? sql`` : sql`AND s.id = ${only}`}
        GROUP BY s.id ORDER BY s.created_at DESC, s.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    state: stateOf(r),
    questions: r.questions,
    recipients: r.recipients,
    createdAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
    health: healthOf(r),
  }));
}

export const listSurveys = (db: Exec, companyId: number, now = new Date()) => summaries(db, companyId, now);

export async function programHealth(db: Exec, companyId: number): Promise<SurveyHealth> {
  const [row] = await rowsOf<HealthRow>(
    db,
    sql`SELECT ${HEALTH_COLUMNS} FROM survey_recipients r JOIN deals d ON d.id = r.deal_id WHERE r.company_id = ${companyId}`,
  );
  return healthOf(row);
}

type SettingsRow = { intro: string; questions: SurveyQuestion[]; expires_in_days: number; remind_after_days: number; max_reminders: number };
type RecipientRow = {
  id: number;
  deal_id: number;
  deal_name: string;
  outcome: DealOutcome | null;
  closed_on: string | null;
  email: string;
  name: string | null;
  sent_at: Date | null;
  opened_at: Date | null;
  answered_at: Date | null;
  expires_at: Date;
  reminders: number;
};

function recipientState(r: RecipientRow, now: Date): SurveyRecipient['state'] {
  if (r.answered_at) return 'answered';
  if (!r.sent_at) return 'pending';
  if (new Date(r.expires_at) <= now) return 'expired';
  return r.opened_at ? 'opened' : 'sent';
}

export async function readSurvey(db: Exec, companyId: number, id: number, now = new Date()): Promise<SurveyDetail> {
  const [summary] = await summaries(db, companyId, now, id);
  if (!summary) throw apiError('survey_not_found');
  const [settings] = await rowsOf<SettingsRow>(db, sql`SELECT intro, questions, expires_in_days, remind_after_days, max_reminders FROM surveys WHERE id = ${id}`);
  const recipients = await rowsOf<RecipientRow>(
    db,
    sql`SELECT r.id, r.deal_id, d.name AS deal_name, d.outcome, d.closed_on::text AS closed_on, r.email, r.name, r.sent_at, r.opened_at,
          r.answered_at, r.expires_at, r.reminders
        FROM survey_recipients r JOIN deals d ON d.id = r.deal_id WHERE r.survey_id = ${id} ORDER BY r.id`,
  );
  const { questions: _count, recipients: _n, ...rest } = summary;
  return {
    ...rest,
    intro: settings.intro,
    questions: settings.questions,
    expiresInDays: settings.expires_in_days,
    remindAfterDays: settings.remind_after_days,
    maxReminders: settings.max_reminders,
    recipients: recipients.map((r) => ({
      id: r.id,
      deal: { id: r.deal_id, name: r.deal_name, outcome: r.outcome, closedOn: r.closed_on },
      email: r.email,
      name: r.name,
      state: recipientState(r, now),
      sentAt: iso(r.sent_at),
      reminders: r.reminders,
      answeredAt: iso(r.answered_at),
    })),
  };
}

const contactKey = (r: { dealId: number; email: string }) => `${r.dealId}:${r.email.toLowerCase()}`;

/** Each contact once per deal, and every deal a closed one of the company (a contact of an open deal has no verdict to give). */
async function checkRecipients(db: Exec, companyId: number, recipients: SurveyRecipientBody[]): Promise<void> {
  const seen = new Set<string>();
  recipients.forEach((r, i) => {
    const key = contactKey(r);
    if (seen.has(key)) throw fieldError('survey_recipient_twice', `recipients.${i}.email`, { field: `recipients.${i}.email` });
    seen.add(key);
  });
  const dealIds = [...new Set(recipients.map((r) => r.dealId))];
  if (!dealIds.length) return;
  const closed = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM deals WHERE company_id = ${companyId} AND id = ANY(${sql.param(dealIds)}::int[]) AND outcome IS NOT NULL AND closed_on IS NOT NULL`,
  );
  const ok = new Set(closed.map((d) => d.id));
  const bad = recipients.findIndex((r) => !ok.has(r.dealId));
  if (bad >= 0) throw fieldError('survey_deal_not_closed', `recipients.${bad}.dealId`, { field: `recipients.${bad}.dealId` });
}

/** New contacts, each with a placeholder token (its hash of a token no one keeps) until they are mailed. */
async function addRecipients(db: Exec & Pick<Db, 'insert'>, companyId: number, surveyId: number, recipients: SurveyRecipientBody[], expiresInDays: number) {
  if (!recipients.length) return;
  const expiresAt = addDays(new Date(), expiresInDays);
  await db
    .insert(surveyRecipients)
    .values(recipients.map((r) => ({ companyId, surveyId, dealId: r.dealId, email: r.email, name: r.name ?? null, tokenHash: hashToken(newToken()), expiresAt })))
    .onConflictDoNothing();
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockSurvey(tx: Tx, companyId: number, id: number) {
  const [row] = await rowsOf<{ id: number; state: 'draft' | 'sent' }>(tx, sql`SELECT id, state FROM surveys WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`);
  if (!row) throw apiError('survey_not_found');
  return row;
}

export async function createSurvey(db: Db, companyId: number, userId: number, body: SurveyBody): Promise<SurveyDetail> {
  await checkRecipients(db, companyId, body.recipients);
  const id = await db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO surveys (company_id, name, intro, questions, expires_in_days, remind_after_days, max_reminders, created_by)
          VALUES (${companyId}, ${body.name}, ${body.intro}, ${JSON.stringify(body.questions)}::jsonb, ${body.expiresInDays}, ${body.remindAfterDays},
                  ${body.maxReminders}, ${userId})
          RETURNING id`,
    );
    await addRecipients(tx, companyId, row.id, body.recipients, body.expiresInDays);
    return row.id;
  });
  return readSurvey(db, companyId, id);
}

/**
 * A draft takes the body whole. A sent survey keeps what its contacts were sent: the body must repeat it and every
 * contact, and may add contacts (then `added` is true and the caller has them mailed); anything else is 409 survey_sent.
 */
export async function updateSurvey(db: Db, companyId: number, id: number, body: SurveyBody): Promise<{ survey: SurveyDetail; added: boolean }> {
  await checkRecipients(db, companyId, body.recipients);
  const added = await db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, companyId, id);
    const existing = await rowsOf<{ id: number; deal_id: number; email: string }>(tx, sql`SELECT id, deal_id, email FROM survey_recipients WHERE survey_id = ${id}`);
    const wanted = new Set(body.recipients.map(contactKey));
    const known = new Set(existing.map((r) => contactKey({ dealId: r.deal_id, email: r.email })));
    const fresh = body.recipients.filter((r) => !known.has(contactKey(r)));
    const gone = existing.filter((r) => !wanted.has(contactKey({ dealId: r.deal_id, email: r.email })));
    if (survey.state !== 'draft') {
      const [same] = await rowsOf<{ same: boolean }>(
        tx,
        sql`SELECT (name = ${body.name} AND intro = ${body.intro} AND questions = ${JSON.stringify(body.questions)}::jsonb
                AND expires_in_days = ${body.expiresInDays} AND remind_after_days = ${body.remindAfterDays} AND max_reminders = ${body.maxReminders}) AS same
            FROM surveys WHERE id = ${id}`,
      );
      if (!same.same || gone.length) throw apiError('survey_sent');
    } else {
      await tx.execute(
        sql`UPDATE surveys SET name = ${body.name}, intro = ${body.intro}, questions = ${JSON.stringify(body.questions)}::jsonb,
              expires_in_days = ${body.expiresInDays}, remind_after_days = ${body.remindAfterDays}, max_reminders = ${body.maxReminders}, updated_at = now()
            WHERE id = ${id}`,
      );
      if (gone.length) await tx.execute(sql`DELETE FROM survey_recipients WHERE id = ANY(${sql.param(gone.map((r) => r.id))}::int[])`);
      const kept = body.recipients.filter((r) => known.has(contactKey(r)));
      if (kept.length) {
        await tx.execute(
          sql`UPDATE survey_recipients r SET name = x.name
              FROM unnest(${sql.param(kept.map((k) => k.dealId))}::int[], ${sql.param(kept.map((k) => k.email.toLowerCase()))}::text[],
                          ${sql.param(kept.map((k) => k.name ?? null))}::text[]) AS x(deal_id, email, name)
              WHERE r.survey_id = ${id} AND r.deal_id = x.deal_id AND lower(r.email) = x.email`,
        );
      }
    }
    await addRecipients(tx, companyId, id, fresh, body.expiresInDays);
    return survey.state !== 'draft' && fresh.length > 0;
  });
  return { survey: await readSurvey(db, companyId, id), added };
}

/** Deleting a survey takes its answers' reasons off their deals. */
export async function deleteSurvey(db: Db, companyId: number, id: number, sync: (tx: Exec, dealIds: number[]) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSurvey(tx, companyId, id);
    const answered = await rowsOf<{ deal_id: number }>(tx, sql`SELECT DISTINCT deal_id FROM survey_recipients WHERE survey_id = ${id} AND answered_at IS NOT NULL`);
    await tx.execute(sql`DELETE FROM surveys WHERE id = ${id}`);
    await sync(tx, answered.map((r) => r.deal_id));
  });
}

/** Marks the survey sent (a draft) after checking it has contacts; mail.ts mails those not mailed yet. */
export async function markSent(db: Db, companyId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSurvey(tx, companyId, id);
    const [{ n }] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM survey_recipients WHERE survey_id = ${id}`);
    if (n === 0) throw fieldError('survey_no_recipients', 'recipients');
    await tx.execute(sql`UPDATE surveys SET state = 'sent', sent_at = coalesce(sent_at, ${ts(now)}), updated_at = now() WHERE id = ${id}`);
  });
}

/** Recipients `r` of surveys `s` due a mail at `now`: never mailed, or unanswered and due a reminder before their link expires. */
export const dueSql = (now: Date): SQL =>
  sql`s.state = 'sent' AND r.answered_at IS NULL AND (r.sent_at IS NULL OR (r.reminders < s.max_reminders AND r.expires_at > ${ts(now)}
        AND coalesce(r.reminded_at, r.sent_at) + make_interval(days => s.remind_after_days) <= ${ts(now)}))`;
