// Intel by email (issue #52): a message to a company's intel address (intel+{token}@INTEL_EMAIL_DOMAIN) from one of
// that company's users becomes an intel item (channel email): the subject its title, the body its content, sanitized
// with the product's one allow-list, the rivals and topics it names found as monitors find them, and its attachments
// and the original message kept as its sources. Anything else is refused with the reason, and nothing is written.
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Db, Exec } from '../../db/client.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { readCompanyContext } from '../monitors/context.ts';
import { takeIn, type Intake } from '../monitors/intake.ts';
import { rivalsMentioned, topicsMentioned } from '../monitors/mentions.ts';

export const INTEL_EMAIL = {
  /** A message larger than this is refused by the listener before it is read. */
  maxMessageBytes: 25 * 1024 * 1024,
  /** Attachments kept per message, and the largest one kept (a larger one is listed in the item, not stored). */
  maxAttachments: 10,
  maxAttachmentBytes: 10 * 1024 * 1024,
  summaryChars: 400,
} as const;

/** Why a message is refused: the listener answers with the SMTP code and words of each. */
export class Refused extends Error {
  constructor(
    readonly reason: 'unknown_address' | 'unknown_sender' | 'empty',
    message: string,
  ) {
    super(message);
  }
}

/** The company an intel address belongs to, or null. */
export async function companyOfAddress(db: Exec, address: string, domain: string): Promise<number | null> {
  const m = /^intel\+([a-f0-9]{16,64})@(.+)$/i.exec(address.trim());
  if (!m || m[2].toLowerCase() !== domain.toLowerCase()) return null;
  const { rows } = await db.execute(sql`SELECT id FROM companies WHERE intel_email_token = ${m[1].toLowerCase()}`);
  return rows.length ? (rows[0] as { id: number }).id : null;
}

/** The company's intel address. */
export async function intelAddress(db: Exec, companyId: number, domain: string): Promise<string> {
  const { rows } = await db.execute(sql`SELECT intel_email_token FROM companies WHERE id = ${companyId}`);
  return `intel+${(rows[0] as { intel_email_token: string }).intel_email_token}@${domain}`;
}

/** Turns one raw message sent to `companyId`'s address into an intel item; answers its id. */
export async function receiveIntelEmail(db: Db, companyId: number, raw: Buffer): Promise<{ intelId: number; joined: boolean }> {
  const mail = await simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: INTEL_EMAIL.maxMessageBytes });
  const from = mail.from?.value[0]?.address?.toLowerCase();
  const { rows: senders } = from
    ? await db.execute(sql`SELECT id FROM users WHERE company_id = ${companyId} AND lower(email) = ${from} AND deactivated_at IS NULL`)
    : { rows: [] };
  if (!senders.length) throw new Refused('unknown_sender', 'The sender is not a user of this company');
  const userId = (senders[0] as { id: number }).id;
  const html = mail.html || (mail.text ? `<p>${escapeHtml(mail.text).replace(/\n{2,}/g, '</p><p>').replace(/\n/g, '<br>')}</p>` : '');
  const text = mail.text?.trim() || htmlToText(html);
  const title = (mail.subject ?? '').trim() || text.slice(0, 80);
  if (!title && !text) throw new Refused('empty', 'The message has no subject and no text');
  const context = `${title}\n${text}`;
  const { rivals, topics, thesaurus } = await readCompanyContext(db, companyId);
  return db.transaction(async (tx) => {
    const intake = await takeIn(tx, companyId, {
      channel: 'email',
      title,
      summary: text.slice(0, INTEL_EMAIL.summaryChars),
      bodyHtml: html,
      link: null,
      source: from!.split('@')[1] ?? null,
      fromAddress: from!,
      rivalIds: rivalsMentioned(context, rivals),
      topics: topicsMentioned(context, topics, thesaurus),
      submittedById: userId,
    });
    await keepFiles(tx, companyId, intake, mail, raw);
    return { intelId: intake.intelId, joined: intake.joined };
  });
}

/**
 * The original message, as the link of the source the message is, and its attachments, each within the size cap, as
 * the item's attachments and further sources.
 */
async function keepFiles(tx: Exec, companyId: number, intake: Intake, mail: ParsedMail, raw: Buffer): Promise<void> {
  const keep = async (filename: string, contentType: string, content: Buffer): Promise<string | null> => {
    if (content.length > INTEL_EMAIL.maxAttachmentBytes) return null;
    const { rows } = await tx.execute(sql`
      INSERT INTO intel_attachments (company_id, intel_id, filename, content_type, size, data)
      VALUES (${companyId}, ${intake.intelId}, ${filename.slice(0, 200)}, ${contentType}, ${content.length}, ${content}) RETURNING id`);
    return `/api/intel/v1/${intake.intelId}/attachments/${(rows[0] as { id: number }).id}`;
  };
  const original = await keep('original-message.eml', 'message/rfc822', raw);
  await tx.execute(sql`UPDATE intel_sources SET url = ${original} WHERE id = ${intake.sourceId}`);
  for (const a of mail.attachments.slice(0, INTEL_EMAIL.maxAttachments)) {
    const filename = a.filename ?? 'attachment';
    const url = await keep(filename, a.contentType, a.content);
    const title = url ? filename : `${filename} (not kept: larger than ${INTEL_EMAIL.maxAttachmentBytes / 1024 / 1024} MB)`;
    await tx.execute(sql`INSERT INTO intel_sources (company_id, intel_id, url, title) VALUES (${companyId}, ${intake.intelId}, ${url}, ${title.slice(0, 300)})`);
  }
}

/** One attachment of the company's item, or null. */
export async function readAttachment(db: Exec, companyId: number, intelId: number, id: number) {
  const { rows } = await db.execute(sql`
    SELECT filename, content_type, data FROM intel_attachments WHERE company_id = ${companyId} AND intel_id = ${intelId} AND id = ${id}`);
  return (rows[0] as { filename: string; content_type: string; data: Buffer } | undefined) ?? null;
}
