// Pure helpers of the profile and invitation pages.
import { PASSWORD_MIN_LENGTH } from '../../../contracts/account.ts';

/** Pictures must be https: the page's content policy loads no other remote images. */
export const isHttpsUrl = (value: string) => /^https:\/\/[^\s]+$/i.test(value);

/** The languages i18n has strings for, each named in itself ("Deutsch"), so a reader finds theirs in any language. */
export function languageOptions(supported: readonly string[]): { value: string; label: string }[] {
  return supported.map((code) => {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return { value: code, label: name.charAt(0).toLocaleUpperCase(code) + name.slice(1) };
  });
}

/** What is wrong with a new password and its confirmation, or null. */
export function passwordProblem(next: string, confirm: string): 'short' | 'mismatch' | null {
  if (next.length < PASSWORD_MIN_LENGTH) return 'short';
  return next === confirm ? null : 'mismatch';
}

const RESET_LINK_PROBLEMS = { password_reset_unknown: 'unknown', password_reset_expired: 'expired', password_reset_used: 'used' } as const;

/** Why a password reset link no longer works, from the server's error code; null for any other refusal. */
export const resetLinkProblem = (code: string | undefined): (typeof RESET_LINK_PROBLEMS)[keyof typeof RESET_LINK_PROBLEMS] | null =>
  code && Object.hasOwn(RESET_LINK_PROBLEMS, code) ? RESET_LINK_PROBLEMS[code as keyof typeof RESET_LINK_PROBLEMS] : null;
