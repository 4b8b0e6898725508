// Two-step verification (TOTP) of one's own account, the second step of a password sign-in, and the company's
// requirement. The seed is sealed (server-shared/secretBox.ts), recovery codes are kept as SHA-256 digests, and
// each accepted code moves the user's last time step, in one conditional UPDATE, so a code works once even when
// posted twice at the same moment.
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Company, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { companies, pendingSignIns, sessions, twoFactors, users } from '../../db/schema.ts';
import { verifyPassword } from '../../server-shared/passwords.ts';
import type { SecretBox } from '../../server-shared/secretBox.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth, UserRow } from '../auth/context.ts';
import { randomToken, tokenDigest } from '../auth/sessions.ts';
import { toCompanyJson } from '../company/service.ts';
import { apiError, fieldError } from '../errors.ts';
import { matchedStep, newRecoveryCodes, newTotpSecret, normalizedCode, otpauthUri } from './totp.ts';

/** How long the second step of a sign-in may wait for its code. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

export async function twoFactorStatus(db: Db, auth: Auth): Promise<TwoFactorStatus> {
  const [row] = await db.select().from(twoFactors).where(and(eq(twoFactors.userId, auth.user.id), isNotNull(twoFactors.enabledAt)));
  return {
    enabled: Boolean(row),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.recoveryCodeHashes.length ?? 0,
    required: auth.company.requireTwoFactor,
  };
}

/** A new secret waiting for its first code, replacing one never confirmed; 409 when two-step verification is on. */
export async function startSetup(db: Db, box: SecretBox, auth: Auth): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const secretSealed = box.seal(secret);
  const written = await db
    .insert(twoFactors)
    .values({ userId: auth.user.id, secretSealed })
    .onConflictDoUpdate({ target: twoFactors.userId, set: { secretSealed, lastTimeStep: null, recoveryCodeHashes: [] }, setWhere: isNull(twoFactors.enabledAt) })
    .returning({ userId: twoFactors.userId });
  if (!written.length) throw apiError('two_factor_enabled_already');
  return { secret, uri: otpauthUri(secret, auth.user.email) };
}

const digests = (codes: string[]) => codes.map((c) => tokenDigest(normalizedCode(c)));

/**
 * Turns two-step verification on with the setup's first code and answers the recovery codes (shown this once). The
 * user's sessions restricted to enrollment become full ones.
 */
export async function confirmSetup(db: Db, box: SecretBox, auth: Auth, code: string): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(twoFactors).where(eq(twoFactors.userId, auth.user.id)).for('update');
    if (!row) throw apiError('two_factor_setup_missing');
    if (row.enabledAt) throw apiError('two_factor_enabled_already');
    const step = await matchedStep(box.open(row.secretSealed), code, null);
    if (step === null) throw fieldError('two_factor_code_wrong', 'code');
    const recoveryCodes = newRecoveryCodes();
    await tx
      .update(twoFactors)
      .set({ enabledAt: new Date(), lastTimeStep: step, recoveryCodeHashes: digests(recoveryCodes) })
      .where(eq(twoFactors.userId, auth.user.id));
    await tx.update(sessions).set({ twoFactorEnrollment: false }).where(eq(sessions.userId, auth.user.id));
    await recordAudit(tx, actorOf(auth), {
      action: 'user.two_factor.enable',
      targetType: 'user',
      targetId: auth.user.id,
      summary: `${auth.user.name} turned on two-step verification`,
    });
    return { recoveryCodes };
  });
}

/**
 * Uses a TOTP code: true when it is the code of a step later than the last one used, which becomes the last one.
 * The UPDATE's condition makes the check and the move one step, so the same code posted twice works once.
 */
async function useTotp(db: Db, box: SecretBox, row: typeof twoFactors.$inferSelect, code: string): Promise<boolean> {
  const step = await matchedStep(box.open(row.secretSealed), code, row.lastTimeStep);
  if (step === null) return false;
  const moved = await db
    .update(twoFactors)
    .set({ lastTimeStep: step })
    .where(and(eq(twoFactors.userId, row.userId), or(isNull(twoFactors.lastTimeStep), lt(twoFactors.lastTimeStep, step))))
    .returning({ userId: twoFactors.userId });
  return moved.length > 0;
}

const enabledRow = async (db: Db, userId: number) =>
  (await db.select().from(twoFactors).where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt))))[0];

/** The second step of a sign-in: a 6-digit code, or a recovery code, which is used up. */
export async function useSecondFactor(db: Db, box: SecretBox, userId: number, given: string): Promise<boolean> {
  const row = await enabledRow(db, userId);
  if (!row) return false;
  const code = normalizedCode(given);
  if (/^\d{6}$/.test(code)) return useTotp(db, box, row, code);
  const hash = tokenDigest(code);
  const used = await db
    .update(twoFactors)
    .set({ recoveryCodeHashes: sql`array_remove(${twoFactors.recoveryCodeHashes}, ${hash})` })
    .where(and(eq(twoFactors.userId, userId), sql`${hash} = ANY(${twoFactors.recoveryCodeHashes})`))
    .returning({ userId: twoFactors.userId });
  return used.length > 0;
}

/**
 * Whether the signed-in user proved it is them again, with a current code or their password, before turning two-step
 * verification off or replacing recovery codes. 409 when it is not on.
 */
export async function proofHolds(db: Db, box: SecretBox, auth: Auth, proof: { code?: string; currentPassword?: string }): Promise<boolean> {
  const row = await enabledRow(db, auth.user.id);
  if (!row) throw apiError('two_factor_not_enabled');
  if (proof.code !== undefined) return useTotp(db, box, row, proof.code);
  return verifyPassword(auth.user.passwordHash, proof.currentPassword ?? '');
}

export async function disableTwoFactor(db: Db, auth: Auth): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, auth.user.id));
    await recordAudit(tx, actorOf(auth), {
      action: 'user.two_factor.disable',
      targetType: 'user',
      targetId: auth.user.id,
      summary: `${auth.user.name} turned off two-step verification`,
    });
  });
}

export async function regenerateRecoveryCodes(db: Db, auth: Auth): Promise<RecoveryCodes> {
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.update(twoFactors).set({ recoveryCodeHashes: digests(recoveryCodes) }).where(eq(twoFactors.userId, auth.user.id));
    await recordAudit(tx, actorOf(auth), {
      action: 'user.two_factor.recovery_codes',
      targetType: 'user',
      targetId: auth.user.id,
      summary: `${auth.user.name} made new recovery codes for two-step verification`,
    });
  });
  return { recoveryCodes };
}

/**
 * What a right password leads to: a pending sign-in waiting for the code (its cookie token) when the user has two-step
 * verification; otherwise a session, restricted to enrollment when the company requires it.
 */
export async function passwordSignInStep(db: Db, user: UserRow): Promise<{ pendingToken: string } | { enroll: boolean }> {
  const [row] = await db
    .select({ enabledAt: twoFactors.enabledAt, required: companies.requireTwoFactor })
    .from(companies)
    .leftJoin(twoFactors, eq(twoFactors.userId, user.id))
    .where(eq(companies.id, user.companyId));
  if (!row?.enabledAt) return { enroll: Boolean(row?.required) };
  const token = randomToken();
  const now = Date.now();
  // Abandoned sign-ins go as new ones come.
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date(now)));
  await db.insert(pendingSignIns).values({ id: tokenDigest(token), userId: user.id, expiresAt: new Date(now + PENDING_SIGN_IN_MS) });
  return { pendingToken: token };
}

/** The live pending sign-in of a cookie token, with its user; 401 when it is unknown or past its five minutes. */
export async function pendingSignIn(db: Db, token: string | undefined): Promise<{ id: string; user: UserRow }> {
  if (!token || token.length > 100) throw apiError('two_factor_sign_in_expired');
  const [row] = await db
    .select({ id: pendingSignIns.id, user: users })
    .from(pendingSignIns)
    .innerJoin(users, eq(users.id, pendingSignIns.userId))
    .where(and(eq(pendingSignIns.id, tokenDigest(token)), gt(pendingSignIns.expiresAt, new Date())));
  if (!row || row.user.deactivatedAt) throw apiError('two_factor_sign_in_expired');
  return row;
}

export async function endPendingSignIn(db: Db, id: string): Promise<void> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id));
}

/** The company's requirement for password sign-ins, audited when it changes. */
export async function setTwoFactorRequirement(db: Db, auth: Auth, required: boolean): Promise<Company> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, auth.companyId)).for('update');
    if (before.requireTwoFactor === required) return before;
    const [after] = await tx.update(companies).set({ requireTwoFactor: required }).where(eq(companies.id, auth.companyId)).returning();
    await recordAudit(tx, actorOf(auth), {
      action: 'company.two_factor',
      targetType: 'company',
      targetId: auth.companyId,
      summary: required ? 'Required two-step verification for password sign-ins' : 'Stopped requiring two-step verification for password sign-ins',
      detail: { before: before.requireTwoFactor, after: required },
    });
    return after;
  });
  return toCompanyJson(db, row);
}
