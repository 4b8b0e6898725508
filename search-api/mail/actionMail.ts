// The layout of a mail that asks the reader to follow one link (an invitation, a password reset): a heading, a
// lead, the button and a footnote with the address spelled out for mail readers that do not show buttons. Every
// text is escaped here; callers pass plain words in the reader's language.
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import type { MailMessage } from './transport.ts';

export type ActionMailInput = {
  to: string;
  lang: string;
  /** The subject, also the heading. */
  title: string;
  lead: string;
  action: string;
  /** The plain-text part's line for the action, with the address in it. */
  actionText: string;
  url: string;
  /** What to know about the link (expiry, single use), before the spelled-out address. */
  note: string;
  fallback: string;
};

export function renderActionMail(m: ActionMailInput): MailMessage {
  const html = `<!doctype html>
<html lang="${escapeHtml(m.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(m.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px">
  <div style="font-size:12px;font-weight:600;color:#4f46e5;text-transform:uppercase;letter-spacing:.08em">Rivalscope</div>
  <h1 style="margin:8px 0 16px;font-size:22px;line-height:1.3;color:#0f172a">${escapeHtml(m.title)}</h1>
  <p style="margin:0 0 20px;font-size:15px;line-height:1.55;color:#334155">${escapeHtml(m.lead)}</p>
  <p style="margin:0 0 20px"><a href="${escapeHtml(m.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-size:14px;font-weight:600">${escapeHtml(m.action)}</a></p>
  <p style="margin:0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(m.note)} ${escapeHtml(m.fallback)} <a href="${escapeHtml(m.url)}" style="color:#4f46e5">${escapeHtml(m.url)}</a></p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [m.lead, '', m.actionText, '', m.note, ''].join('\n');
  return { to: [m.to], subject: m.title, html, text };
}
