// Outgoing mail through nodemailer, configured by SMTP_URL and MAIL_FROM (search-api/config.ts).
// Without SMTP_URL there is no mailer: callers answer 503 and mails can only be previewed.
import nodemailer from 'nodemailer';
import type { Config } from '../../server-shared/config.ts';

export type MailMessage = {
  /** Visible recipients. */
  to?: string[];
  /** Hidden recipients: they share one SMTP transaction without seeing each other. */
  bcc?: string[];
  subject: string;
  html: string;
  text: string;
};

export type Mailer = { send(messages: MailMessage[]): Promise<void> };

/** Whether this server can send mail at all; the web disables sending without it. */
export const mailConfigured = (config: Pick<Config, 'SMTP_URL'>): boolean => Boolean(config.SMTP_URL);

export function mailerFrom(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer | null {
  const url = config.SMTP_URL;
  if (!url) return null;
  return {
    async send(messages) {
      const transport = nodemailer.createTransport(url);
      try {
        for (const m of messages) await transport.sendMail({ from: config.MAIL_FROM, ...m });
      } finally {
        transport.close();
      }
    },
  };
}
