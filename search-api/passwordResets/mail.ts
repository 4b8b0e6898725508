// The password reset mail, in the reader's own language (they have an account, hence a language).
import { format, readerLanguage } from '../strings/index.ts';
import { renderActionMail } from '../mail/actionMail.ts';
import type { MailMessage } from '../mail/transport.ts';

export function renderPasswordResetMail(m: { to: string; name: string; url: string; language: string }): MailMessage {
  const lang = readerLanguage(m.language);
  return renderActionMail({
    to: m.to,
    lang,
    title: format(lang, 'passwordReset.subject'),
    lead: format(lang, 'passwordReset.lead', { name: m.name }),
    action: format(lang, 'passwordReset.action'),
    actionText: format(lang, 'passwordReset.actionText', { url: m.url }),
    url: m.url,
    note: format(lang, 'passwordReset.expires'),
    fallback: format(lang, 'passwordReset.fallback'),
  });
}
