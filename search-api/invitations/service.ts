// Invitations to join a company: an admin invites an email with a role and a visibility group; the link
// carries a random token of which only the SHA-256 is stored (as for sessions), works once, and expires.
// The person opens it, sets a name and a password, and becomes a user of the company. Every change is
// audited in its transaction; creating holds the company lock that people changes share
// (users/changes.ts), so one email cannot get two pending invitations at once.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  invitationPath,
  rolesFor,
  type AcceptInvitationBody,
  type Invitation,
  type InvitationBody,
  type InvitationLink,
  type InvitationPreview,
  type InvitationProblem,
  type RoleChoice,
} from '../../contracts/account.ts';
import { digestDefaultsOf } from '../../contracts/settings.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { invitations, userRoles, users, visibilityGroupMembers, type CompanyData } from '../../db/schema.ts';
import type { Config } from '../../server-shared/config.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth, UserRow } from '../auth/context.ts';
import { randomToken, tokenDigest } from '../auth/sessions.ts';
import type { ApiErrorCode } from '../../contracts/errors.ts';
import { apiError, fieldError } from '../errors.ts';
import { mailerFrom } from '../mail/transport.ts';
import { lockCompany, requireOwn } from '../ownership.ts';
import { renderInvitationMail } from './mail.ts';

/** How long a link works. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

type Row = {
  id: number;
  companyId: number;
  email: string;
  role: RoleChoice;
  visibilityGroupId: number | null;
  visibilityGroupName: string | null;
  invitedById: number | null;
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

const SELECT_ROWS = sql`SELECT i.id, i.company_id AS "companyId", i.email, i.role, i.visibility_group_id AS "visibilityGroupId",
    g.name AS "visibilityGroupName", i.invited_by AS "invitedById", u.name AS "invitedByName",
    i.created_at AS "createdAt", i.expires_at AS "expiresAt", i.accepted_at AS "acceptedAt", i.revoked_at AS "revokedAt"
  FROM invitations i
  LEFT JOIN visibility_groups g ON g.id = i.visibility_group_id
  LEFT JOIN users u ON u.id = i.invited_by`;

const toJson = (r: Row): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  visibilityGroup: r.visibilityGroupId === null ? null : { id: r.visibilityGroupId, name: r.visibilityGroupName! },
  invitedBy: r.invitedById === null ? null : { id: r.invitedById, name: r.invitedByName! },
  createdAt: new Date(r.createdAt).toISOString(),
  expiresAt: new Date(r.expiresAt).toISOString(),
  expired: new Date(r.expiresAt).getTime() <= Date.now(),
});

/** The company's invitations not yet accepted or revoked, newest first (expired ones too: they can be renewed or revoked). */
export async function listInvitations(db: Exec, companyId: number): Promise<Invitation[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`${SELECT_ROWS} WHERE i.company_id = ${companyId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.created_at DESC, i.id DESC`,
  );
  return rows.map(toJson);
}

async function pendingRow(tx: Exec, companyId: number, id: number): Promise<Row> {
  const [row] = await rowsOf<Row>(tx, sql`${SELECT_ROWS} WHERE i.id = ${id} AND i.company_id = ${companyId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL`);
  if (!row) throw apiError('invitation_not_found');
  return row;
}

/**
 * 400 naming `email` when it cannot join the company: it has an account, or is outside the company's email domains.
 * One account may be invited: an active user of the company that SCIM provisioned without a password
 * (search-api/scim/users.ts); accepting then sets their password. Answers that user's id, or null for a new person.
 */
async function invitableUser(tx: Exec, company: { companyId: number; emailDomains: string[] }, email: string): Promise<number | null> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const domains = company.emailDomains.map((d) => d.toLowerCase());
  if (domains.length && !domains.includes(domain)) throw fieldError('invitation_email_domain', 'email', { domains: domains.join(' or ') });
  const [taken] = await rowsOf<{ id: number; provisioned: boolean }>(
    tx,
    sql`SELECT u.id, u.company_id = ${company.companyId} AND u.password_hash IS NULL AND u.deactivated_at IS NULL AND s.user_id IS NOT NULL AS provisioned
        FROM users u LEFT JOIN scim_users s ON s.user_id = u.id WHERE lower(u.email) = ${email.toLowerCase()}`,
  );
  if (taken && !taken.provisioned) throw fieldError('invitation_email_taken', 'email');
  return taken?.id ?? null;
}

async function lockedCompany(tx: Exec, companyId: number) {
  await lockCompany(tx, companyId);
  const [company] = await rowsOf<{ name: string; emailDomains: string[] }>(
    tx,
    sql`SELECT name, email_domains AS "emailDomains" FROM companies WHERE id = ${companyId}`,
  );
  return company;
}

function linkOf(config: Config, row: Row, token: string): InvitationLink {
  const path = invitationPath(token);
  return { invitation: toJson(row), url: `${config.APP_URL.replace(/\/+$/, '')}${path}`, path, mailed: false };
}

/**
 * Mails the link, in the inviter's `language`, when SMTP is configured; a refusal is reported, not thrown: the
 * admin can still copy the link.
 */
async function mailLink(config: Config, companyName: string, row: Row, link: InvitationLink, language: string): Promise<InvitationLink> {
  const mailer = mailerFrom(config);
  if (!mailer) return link;
  const mail = renderInvitationMail({
    to: row.email,
    companyName,
    inviterName: row.invitedByName,
    role: row.role,
    url: link.url,
    expiresAt: new Date(row.expiresAt),
    language,
  });
  try {
    await mailer.send([mail]);
    return { ...link, mailed: true };
  } catch (err) {
    return { ...link, mailError: `The mail server did not accept the invitation: ${(err as Error).message}` };
  }
}

/** Marks a pending invitation of the company (404 when there is none) and answers its email. */
async function updatePending(tx: Exec, companyId: number, id: number, set: SQL): Promise<string> {
  const [row] = await rowsOf<{ email: string }>(
    tx,
    sql`UPDATE invitations SET ${set} WHERE id = ${id} AND company_id = ${companyId} AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email`,
  );
  if (!row) throw apiError('invitation_not_found');
  return row.email;
}

export async function createInvitation(db: Db, config: Config, auth: Auth, body: z.output<typeof InvitationBody>): Promise<InvitationLink> {
  const token = randomToken();
  const { row, companyName } = await db.transaction(async (tx) => {
    const company = await lockedCompany(tx, auth.companyId);
    await requireOwn(tx, 'visibility_groups', auth.companyId, body.visibilityGroupId === null ? [] : [body.visibilityGroupId], 'visibilityGroupId');
    await invitableUser(tx, { companyId: auth.companyId, emailDomains: company.emailDomains }, body.email);
    const [pending] = await rowsOf(
      tx,
      sql`SELECT 1 FROM invitations WHERE company_id = ${auth.companyId} AND lower(email) = ${body.email} AND accepted_at IS NULL AND revoked_at IS NULL`,
    );
    if (pending) throw fieldError('invitation_email_pending', 'email');
    const [{ id }] = await tx
      .insert(invitations)
      .values({
        companyId: auth.companyId,
        email: body.email,
        role: body.role,
        visibilityGroupId: body.visibilityGroupId,
        tokenHash: tokenDigest(token),
        invitedBy: auth.user.id,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning({ id: invitations.id });
    const row = await pendingRow(tx, auth.companyId, id);
    await recordAudit(tx, actorOf(auth), {
      action: 'invitation.create',
      targetType: 'invitation',
      targetId: id,
      summary: `Invited ${body.email} as ${body.role}${row.visibilityGroupName ? ` in ${row.visibilityGroupName}` : ''}`,
      detail: { email: body.email, role: body.role, visibilityGroupId: body.visibilityGroupId },
    });
    return { row, companyName: company.name };
  });
  return mailLink(config, companyName, row, linkOf(config, row, token), auth.user.language);
}

/**
 * A new link for a pending invitation (the token is not stored, so a link cannot be shown twice): the
 * old link stops working and the new one gets a fresh expiry. Not mailed: the admin copies it.
 */
export async function renewInvitation(db: Db, config: Config, auth: Auth, id: number): Promise<InvitationLink> {
  const token = randomToken();
  const row = await db.transaction(async (tx) => {
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const email = await updatePending(tx, auth.companyId, id, sql`token_hash = ${tokenDigest(token)}, expires_at = ${expiresAt}`);
    await recordAudit(tx, actorOf(auth), { action: 'invitation.link', targetType: 'invitation', targetId: id, summary: `Made a new invitation link for ${email}` });
    return pendingRow(tx, auth.companyId, id);
  });
  return linkOf(config, row, token);
}

export async function revokeInvitation(db: Db, auth: Auth, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const email = await updatePending(tx, auth.companyId, id, sql`revoked_at = now()`);
    await recordAudit(tx, actorOf(auth), { action: 'invitation.revoke', targetType: 'invitation', targetId: id, summary: `Revoked the invitation of ${email}` });
  });
}

const PROBLEMS = { expired: 'invitation_expired', revoked: 'invitation_revoked', used: 'invitation_used' } as const satisfies Record<InvitationProblem, ApiErrorCode>;

type Usable = Row & { companyName: string; companyData: CompanyData; emailDomains: string[] };

/**
 * The invitation a link's token names; 404 unknown, 410 naming why it no longer works. With `lock`, its
 * row is locked first, so of two acceptances at once the second reads the first's outcome.
 */
async function usableByToken(tx: Exec, token: string, lock = false): Promise<Usable> {
  if (token.length > 100) throw apiError('invitation_not_found');
  const hash = tokenDigest(token);
  if (lock) await tx.execute(sql`SELECT id FROM invitations WHERE token_hash = ${hash} FOR UPDATE`);
  const [row] = await rowsOf<Usable>(
    tx,
    sql`SELECT r.*, c.name AS "companyName", c.company_data AS "companyData", c.email_domains AS "emailDomains"
        FROM (${SELECT_ROWS} WHERE i.token_hash = ${hash}) r JOIN companies c ON c.id = r."companyId"`,
  );
  if (!row) throw apiError('invitation_not_found');
  const problem: InvitationProblem | null = row.acceptedAt ? 'used' : row.revokedAt ? 'revoked' : new Date(row.expiresAt).getTime() <= Date.now() ? 'expired' : null;
  if (problem) throw apiError(PROBLEMS[problem], undefined, { reason: problem });
  return row;
}

export async function previewInvitation(db: Exec, token: string): Promise<InvitationPreview> {
  const row = await usableByToken(db, token);
  return { email: row.email, role: row.role, companyName: row.companyName, invitedBy: row.invitedByName, expiresAt: new Date(row.expiresAt).toISOString() };
}

/**
 * Accepts an invitation: the user is made with the invitation's email, role and group (or, for a person SCIM
 * provisioned without a password, given the password, role and group, keeping the name their identity provider
 * sets), the invitation is marked used, all at once (the invitation row is locked, so a link is used once however
 * fast it is posted twice). Answers the user, for the caller to sign in.
 */
export async function acceptInvitation(db: Db, token: string, body: z.output<typeof AcceptInvitationBody>): Promise<UserRow> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const inv = await usableByToken(tx, token, true);
    const provisioned = await invitableUser(tx, inv, inv.email);
    const [user] =
      provisioned === null
        ? await tx
            .insert(users)
            .values({
              companyId: inv.companyId,
              email: inv.email,
              username: inv.email.split('@')[0].replace(/[^\w.-]/g, '') || 'user',
              name: body.name,
              firstName: body.name.split(/\s+/)[0],
              passwordHash,
              emailDigest: digestDefaultsOf(inv.companyData).newUsersReceive,
            })
            .returning()
        : await tx.update(users).set({ passwordHash }).where(eq(users.id, provisioned)).returning();
    const roles = rolesFor(inv.role);
    if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ companyId: inv.companyId, userId: user.id, role }))).onConflictDoNothing();
    if (inv.visibilityGroupId !== null) {
      await tx.insert(visibilityGroupMembers).values({ companyId: inv.companyId, userId: user.id, visibilityGroupId: inv.visibilityGroupId }).onConflictDoNothing();
    }
    await tx.execute(sql`UPDATE invitations SET accepted_at = now(), accepted_user_id = ${user.id} WHERE id = ${inv.id}`);
    await recordAudit(tx, { companyId: inv.companyId, userId: user.id }, {
      action: 'invitation.accept',
      targetType: 'invitation',
      targetId: inv.id,
      summary: `${user.name} accepted the invitation of ${inv.email} and ${provisioned === null ? 'joined' : 'set a password'} as ${inv.role}`,
      detail: { userId: user.id, role: inv.role, visibilityGroupId: inv.visibilityGroupId },
    });
    return user;
  });
}
