// The invitation mail: who invites whom to which company, and the link. Names come from users and
// companies; the layout escapes them. Written in the inviter's language: the invitee has no
// account, hence no language, yet.
import type { RoleChoice } from '../../contracts/account.ts';
import { format, formatDay, readerLanguage } from '../strings/index.ts';
import { renderActionMail } from '../mail/actionMail.ts';
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
  const inviter = m.inviterName ?? format(lang, 'invitation.someAdmin');
  return renderActionMail({
    to: m.to,
    lang,
    title: format(lang, 'invitation.join', { company: m.companyName }),
    lead: format(lang, 'invitation.lead', { inviter, company: m.companyName, role: m.role }),
    action: format(lang, 'invitation.accept'),
    actionText: format(lang, 'invitation.acceptText', { url: m.url }),
    url: m.url,
    note: format(lang, 'invitation.expires', { date: formatDay(lang, m.expiresAt, 'long') }),
    fallback: format(lang, 'invitation.fallback'),
  });
}
