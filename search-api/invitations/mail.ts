// The invitation mail: who invites whom to which company, and the link. Names come from users and
// companies, so every one is escaped in the HTML part. Written in the inviter's language: the invitee has no
// account, hence no language, yet.
import type { RoleChoice } from '../../contracts/account.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { format, formatDay, readerLanguage } from '../strings/index.ts';
import type { MailMessage } from '../mail/transport.ts';

export type InvitationMailInput = {
  to: string;
  companyName: string;
  inviterName: string | null;
  role: RoleChoice;
  url: string;
  expiresAt: Date;
  language: string;
};

export function renderInvitationMail(m: InvitationMailInput): MailMessage {
  const lang = readerLanguage(m.language);
  const join = format(lang, 'invitation.join', { company: m.companyName });
  const inviter = m.inviterName ?? format(lang, 'invitation.someAdmin');
  const lead = format(lang, 'invitation.lead', { inviter, company: m.companyName, role: m.role });
  const expires = format(lang, 'invitation.expires', { date: formatDay(lang, m.expiresAt, 'long') });
  const accept = format(lang, 'invitation.accept');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(join)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px">
  <div style="font-size:12px;font-weight:600;color:#4f46e5;text-transform:uppercase;letter-spacing:.08em">Rivalscope</div>
  <h1 style="margin:8px 0 16px;font-size:22px;line-height:1.3;color:#0f172a">${escapeHtml(join)}</h1>
  <p style="margin:0 0 20px;font-size:15px;line-height:1.55;color:#334155">${escapeHtml(lead)}</p>
  <p style="margin:0 0 20px"><a href="${escapeHtml(m.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-size:14px;font-weight:600">${escapeHtml(accept)}</a></p>
  <p style="margin:0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(expires)} ${escapeHtml(format(lang, 'invitation.fallback'))} <a href="${escapeHtml(m.url)}" style="color:#4f46e5">${escapeHtml(m.url)}</a></p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [lead, '', format(lang, 'invitation.acceptText', { url: m.url }), '', expires, ''].join('\n');
  return { to: [m.to], subject: join, html, text };
}
