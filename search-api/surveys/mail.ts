// Mailing a survey's contacts: the first mail when the survey is sent (or a contact is added to a sent one), then
// reminders to those who have not answered, remindAfterDays after the last mail, at most maxReminders times and never
// after their link expired. A contact's token is made from the server's secret key and their row (SecretBox.derive),
// so every mail carries the same link while only its hash is kept. The work runs on the job runner's `survey-mail` queue; a sweep finds what is due, so nothing waits on
// the request that sent the survey, and a crash loses nothing: a contact not marked mailed is due again.
//
// Nobody is mailed twice: a contact's row stays locked while their mail goes out and is marked mailed in the same
// transaction, so a second worker skips it and a failed mail leaves it due.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Config } from '../../server-shared/config.ts';
import type { JobRunner, QueueHandler } from '../jobs/runner.ts';
import { Sweeper } from '../jobs/sweeper.ts';
import { renderActionMail } from '../mail/actionMail.ts';
import { mailerFrom, type MailMessage } from '../mail/transport.ts';
import { format, formatDay, readerLanguage } from '../strings/index.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { addDays, dueSql, hashToken } from './service.ts';

export const SURVEY_MAIL_QUEUE = 'survey-mail';
export const SURVEY_MAIL = {
  /** How often the scheduler looks for contacts due a mail (reminders are days apart). */
  sweepMs: 10 * 60_000,
  expireInSeconds: 30 * 60,
} as const;

export type SurveyMailDeps = { db: Db; config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'APP_URL' | 'SECRETS_KEY' | 'DATA_DIR' | 'NODE_ENV'>; logger?: Logger };

/** The link of the public page: the one place a token is ever written out. */
export const surveyLink = (config: Pick<Config, 'APP_URL'>, token: string) => `${config.APP_URL.replace(/\/+$/, '')}/win-loss/p/${token}`;

/** Written in the language of the curator who made the survey: a contact has no account, hence no language. */
export function renderSurveyMail(m: { to: string; name: string | null; companyName: string; url: string; expiresAt: Date; language: string; reminder: boolean }): MailMessage {
  const lang = readerLanguage(m.language);
  return renderActionMail({
    to: m.to,
    lang,
    title: format(lang, m.reminder ? 'survey.reminderSubject' : 'survey.subject', { company: m.companyName }),
    lead: format(lang, 'survey.lead', { name: m.name ?? 'none', company: m.companyName }),
    action: format(lang, 'survey.action'),
    actionText: format(lang, 'survey.actionText', { url: m.url }),
    url: m.url,
    note: format(lang, 'survey.note', { date: formatDay(lang, m.expiresAt, 'long') }),
    fallback: format(lang, 'survey.fallback'),
  });
}

type Due = { id: number; email: string; name: string | null; sent_at: Date | null; expires_at: Date; expires_in_days: number; company_name: string; language: string };

/** Mails every contact of the survey due a mail at `now`, one a transaction; answers how many were mailed. */
export async function mailSurvey(deps: SurveyMailDeps, surveyId: number, now = new Date()): Promise<number> {
  const mailer = mailerFrom(deps.config);
  if (!mailer) {
    deps.logger?.warn({ surveyId }, 'a survey is due mails but SMTP_URL is not set');
    return 0;
  }
  let mailed = 0;
  for (;;) {
    const sent = await deps.db.transaction(async (tx) => {
      const [r] = await rowsOf<Due>(
        tx,
        sql`SELECT r.id, r.email, r.name, r.sent_at, r.expires_at, s.expires_in_days, c.name AS company_name, coalesce(u.language, 'en') AS language
            FROM survey_recipients r JOIN surveys s ON s.id = r.survey_id JOIN companies c ON c.id = r.company_id LEFT JOIN users u ON u.id = s.created_by
            WHERE r.survey_id = ${surveyId} AND ${dueSql(now)}
            ORDER BY r.id LIMIT 1 FOR UPDATE OF r SKIP LOCKED`,
      );
      if (!r) return false;
      const reminder = r.sent_at !== null;
      const expiresAt = reminder ? new Date(r.expires_at) : addDays(now, r.expires_in_days);
      const token = secretBoxFor(deps.config).derive(`survey-link:${r.id}`);
      const at = sql`${now.toISOString()}::timestamptz`;
      await tx.execute(
        sql`UPDATE survey_recipients SET token_hash = ${hashToken(token)}, expires_at = ${expiresAt.toISOString()}::timestamptz,
              sent_at = coalesce(sent_at, ${at}), reminded_at = ${reminder ? at : null}, reminders = reminders + ${reminder ? 1 : 0}
            WHERE id = ${r.id}`,
      );
      await mailer.send([
        renderSurveyMail({ to: r.email, name: r.name, companyName: r.company_name, url: surveyLink(deps.config, token), expiresAt, language: r.language, reminder }),
      ]);
      return true;
    });
    if (!sent) return mailed;
    mailed++;
  }
}

/** The surveys with a contact due a mail at `now`. */
export async function surveysDue(db: Db, now = new Date()): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT DISTINCT r.survey_id AS id FROM survey_recipients r JOIN surveys s ON s.id = r.survey_id WHERE ${dueSql(now)} ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

export function surveyMailQueue(deps: SurveyMailDeps): QueueHandler {
  return {
    batchSize: 1,
    expireInSeconds: SURVEY_MAIL.expireInSeconds,
    handle: async (data) => {
      const mailed = await mailSurvey(deps, Number(data.surveyId));
      deps.logger?.info({ surveyId: data.surveyId, mailed }, 'survey mailed');
    },
  };
}

/**
 * Has a survey's due contacts mailed: through the job runner's queue, or in this request for an app without a runner
 * (as tests build it). A failed mail in-process is logged; the contact stays due for the next sweep.
 */
export async function requestMailing(deps: SurveyMailDeps & { jobs?: Pick<JobRunner, 'send'> }, surveyId: number): Promise<void> {
  if (deps.jobs) return deps.jobs.send(SURVEY_MAIL_QUEUE, { surveyId }, String(surveyId));
  try {
    await mailSurvey(deps, surveyId);
  } catch (err) {
    deps.logger?.error({ err, surveyId }, 'survey mails failed; the contacts left stay due');
  }
}

/** Finds the surveys due mails (reminders, and first mails a crash left) and sends them to the queue. */
export class SurveyMailScheduler {
  private readonly sweeper: Sweeper;

  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobRunner, 'send'>,
    opts: { logger?: Logger; sweepMs?: number } = {},
  ) {
    this.sweeper = new Sweeper(() => this.sendDue(), {
      name: 'survey mail scheduler',
      // Nothing announces work: the send route queues its own survey, and reminders are days apart.
      channel: 'rivalscope_survey_mail',
      sweepMs: opts.sweepMs ?? SURVEY_MAIL.sweepMs,
      logger: opts.logger,
    });
  }

  start = () => this.sweeper.start();
  stop = () => this.sweeper.stop();

  private async sendDue(): Promise<void> {
    for (const id of await surveysDue(this.db)) await this.jobs.send(SURVEY_MAIL_QUEUE, { surveyId: id }, String(id));
  }
}
