// Sending a digest by mail (SMTP through nodemailer). A full send goes to every user of the company with
// emailDigest on, in Bcc batches, and marks the digest sent; a test send goes to named users of the company
// and leaves it a draft. Each recipient gets the mail in their own language. The digest row stays locked while
// the mail goes out, so it is never sent twice.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { DIGEST_MAIL_BATCH, type SendResult } from '../../contracts/digests.ts';
import type { Auth } from '../auth/context.ts';
import type { Config } from '../../server-shared/config.ts';
import { apiError } from '../errors.ts';
import { format, readerLanguage, type ReaderLanguage } from '../strings/index.ts';
import { mailerFrom, type MailMessage } from '../mail/transport.ts';
import { claimDraft, digestPosts, readSummary } from './service.ts';
import { renderDigestMail } from './template.ts';

/** Said to whoever tries anyway (the web disables sending); README tells the administrator about SMTP_URL. */

type Recipient = { email: string; language: string };

async function recipients(tx: Exec, companyId: number, to: string[] | undefined): Promise<Recipient[]> {
  if (!to) {
    return rowsOf<Recipient>(
      tx,
      sql`SELECT email, language FROM users WHERE company_id = ${companyId} AND email_digest AND deactivated_at IS NULL ORDER BY id`,
    );
  }
  const wanted = [...new Set(to)];
  const rows = await rowsOf<Recipient>(
    tx,
    sql`SELECT lower(email) AS email, language FROM users
        WHERE company_id = ${companyId} AND lower(email) IN (${sql.join(wanted.map((e) => sql`${e}`), sql`, `)})`,
  );
  const known = new Map(rows.map((r) => [r.email, r]));
  const stranger = wanted.find((e) => !known.has(e));
  if (stranger) throw apiError('digest_recipient_unknown', { email: stranger }, { field: 'to' });
  return wanted.map((e) => known.get(e)!);
}

/** The recipients' addresses by mail language, so each language's mail is rendered once. */
function byLanguage(list: Recipient[]): Map<ReaderLanguage, string[]> {
  const groups = new Map<ReaderLanguage, string[]>();
  for (const r of list) {
    const language = readerLanguage(r.language);
    const emails = groups.get(language);
    if (emails) emails.push(r.email);
    else groups.set(language, [r.email]);
  }
  return groups;
}

export async function sendDigest(db: Db, config: Config, auth: Auth, id: number, to?: string[]): Promise<SendResult> {
  return db.transaction(async (tx) => {
    await claimDraft(tx, auth.companyId, id);
    const mailer = mailerFrom(config);
    if (!mailer) throw apiError('mail_not_configured');
    const digest = await readSummary(tx, auth.companyId, id);
    const posts = await digestPosts(tx, auth.companyId, id, true);
    if (!posts.length) throw apiError('digest_empty');
    const list = await recipients(tx, auth.companyId, to);
    if (!list.length) throw apiError('digest_no_recipients');

    // A test send is not tracked: its opens and clicks are the curator checking the mail.
    const [{ token }] = await rowsOf<{ token: string }>(tx, sql`SELECT tracking_token AS token FROM email_digests WHERE id = ${id}`);
    const messages = [...byLanguage(list)].flatMap(([language, emails]): MailMessage[] => {
      const ctx = { companyName: auth.company.name, appUrl: config.APP_URL, language, trackingToken: to ? undefined : token };
      const mail = renderDigestMail({ ...digest, posts }, ctx);
      if (to) return [{ ...mail, to: emails, subject: format(language, 'digest.testSubject', { subject: mail.subject }) }];
      return Array.from({ length: Math.ceil(emails.length / DIGEST_MAIL_BATCH) }, (_, i) => ({
        ...mail,
        bcc: emails.slice(i * DIGEST_MAIL_BATCH, (i + 1) * DIGEST_MAIL_BATCH),
      }));
    });
    try {
      await mailer.send(messages);
    } catch (err) {
      throw apiError('mail_refused', { reason: (err as Error).message });
    }
    if (!to) {
      await tx.execute(
        sql`UPDATE email_digests SET state = 'sent', sent_at = now(), sent_by_id = ${auth.user.id}, recipients_count = ${list.length}
            WHERE id = ${id}`,
      );
    }
    return { test: Boolean(to), recipientsCount: list.length, digest: await readSummary(tx, auth.companyId, id) };
  });
}
