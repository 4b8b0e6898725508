// Pure helpers of the sign-in page.
import { isSafeInternalPath } from '../core/routes.ts';
import '../i18n/areas/signin.ts';

/** The demo accounts hint shows only when the app is served from this machine. */
export const showsDemoHint = (hostname: string) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname);

/** redirectTo from the query string, kept only when it is a path inside the app. */
export function redirectTarget(query: URLSearchParams): string | undefined {
  const value = query.get('redirectTo');
  return isSafeInternalPath(value) ? value : undefined;
}

/**
 * What a refused sign-in says, told by the server's status (its own text is English; the page speaks the reader's
 * language): wrong credentials, a deactivated account, too many attempts (with the wait), or a missing field.
 */
export function signInError(status: number, retryAfter: string | null): { key: string; values?: { seconds: number } } {
  if (status === 401) return { key: 'signin.errors.invalid' };
  if (status === 403) return { key: 'signin.errors.deactivated' };
  if (status === 429) return { key: 'signin.errors.tooMany', values: { seconds: Math.max(1, Number(retryAfter) || 60) } };
  if (status === 400) return { key: 'signin.errors.required' };
  return { key: 'signin.errors.generic' };
}
