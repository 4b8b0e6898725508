// The invitation mail: who invites whom to which company, and the link. Names come from users and
// companies, so every one is escaped in the HTML part.
import type { RoleChoice } from '../../contracts/account.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import type { MailMessage } from '../mail/transport.ts';

export type InvitationMailInput = { to: string; companyName: string; inviterName: string | null; role: RoleChoice; url: string; expiresAt: Date };

const ROLE_WORDS: Record<RoleChoice, string> = { admin: 'an admin', curator: 'a curator', consumer: 'a member' };

export function renderInvitationMail(m: InvitationMailInput): MailMessage {
  const who = m.inviterName ?? 'An admin';
  const lead = `${who} invited you to join ${m.companyName} on Rivalscope as ${ROLE_WORDS[m.role]}.`;
  const expires = `The link works once and expires on ${m.expiresAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Join ${escapeHtml(m.companyName)} on Rivalscope</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px">
  <div style="font-size:12px;font-weight:600;color:#4f46e5;text-transform:uppercase;letter-spacing:.08em">Rivalscope</div>
  <h1 style="margin:8px 0 16px;font-size:22px;line-height:1.3;color:#0f172a">Join ${escapeHtml(m.companyName)} on Rivalscope</h1>
  <p style="margin:0 0 20px;font-size:15px;line-height:1.55;color:#334155">${escapeHtml(lead)}</p>
  <p style="margin:0 0 20px"><a href="${escapeHtml(m.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-size:14px;font-weight:600">Accept the invitation</a></p>
  <p style="margin:0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(expires)} If the button does not work, open this address: <a href="${escapeHtml(m.url)}" style="color:#4f46e5">${escapeHtml(m.url)}</a></p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [lead, '', `Accept the invitation: ${m.url}`, '', expires, ''].join('\n');
  return { to: [m.to], subject: `Join ${m.companyName} on Rivalscope`, html, text };
}
