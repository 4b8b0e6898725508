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

type Refusal = ReturnType<typeof signInError>;
const BY_CODE: Record<string, (seconds: number) => Refusal> = {
  sign_in_failed: () => ({ key: 'signin.errors.invalid' }),
  account_deactivated: () => ({ key: 'signin.errors.deactivated' }),
  sign_in_too_many: (seconds) => ({ key: 'signin.errors.tooMany', values: { seconds } }),
  invalid_input: () => ({ key: 'signin.errors.required' }),
};

/**
 * What a refused plain form post says: the server sends the browser back with ?error= (its English text), errorCode
 * and errorValues; the page words the code in the reader's language. Null when the post was not refused.
 */
export function formPostError(query: URLSearchParams): Refusal | null {
  if (!query.get('error')) return null;
  let seconds = 60;
  try {
    const values = JSON.parse(query.get('errorValues') ?? '{}') as { seconds?: unknown };
    if (typeof values.seconds === 'number' && values.seconds > 0) seconds = values.seconds;
  } catch {
    // Values that do not parse: the default wait.
  }
  const code = query.get('errorCode') ?? '';
  return Object.hasOwn(BY_CODE, code) ? BY_CODE[code](seconds) : { key: 'signin.errors.generic' };
}
