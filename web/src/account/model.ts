// Pure helpers of the profile and invitation pages.
import { PASSWORD_MIN_LENGTH } from '../../../contracts/account.ts';

/** Pictures must be https: the page's content policy loads no other remote images. */
export const isHttpsUrl = (value: string) => /^https:\/\/[^\s]+$/i.test(value);

/** The languages i18n has strings for ('cimode' is i18next's own test mode), named in the current language. */
export function languageOptions(supported: readonly string[], current: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([current || 'en'], { type: 'language' });
  return supported.map((code) => ({ value: code, label: names.of(code) ?? code }));
}

/** What is wrong with a new password and its confirmation, or null. */
export function passwordProblem(next: string, confirm: string): 'short' | 'mismatch' | null {
  if (next.length < PASSWORD_MIN_LENGTH) return 'short';
  return next === confirm ? null : 'mismatch';
}
