// The TOTP codes of authenticator apps (RFC 6238: SHA-1, 6 digits, 30-second steps) through otplib, and recovery
// codes. A code is accepted one step either side of now, for clocks that drift; the step it matched is answered
// so the caller can refuse that step, and every earlier one, next time (a code works once).
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '../../contracts/account.ts';

const ISSUER = 'Rivalscope';
const DRIFT_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (secret: string, email: string) => generateURI({ issuer: ISSUER, label: email, secret });

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** The time step `code` is the code of, when later than `afterStep`; null otherwise. */
export async function matchedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: DRIFT_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Letters and digits that cannot be mistaken for one another when copied by hand (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Fresh recovery codes as shown: ten characters (about 50 bits) in two groups of five. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A code as typed, in the one form whose digest is stored: no spaces or dashes, lower case. */
export const normalizedCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
