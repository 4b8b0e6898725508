// Pure helpers of the sign-in page.
import { isSafeInternalPath } from '../core/routes.ts';

/** The demo accounts hint shows only when the app is served from this machine. */
export const showsDemoHint = (hostname: string) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname);

/** redirectTo from the query string, kept only when it is a path inside the app. */
export function redirectTarget(query: URLSearchParams): string | undefined {
  const value = query.get('redirectTo');
  return isSafeInternalPath(value) ? value : undefined;
}

/** The server's message from a 400 with details, or its error text. */
export function signInErrorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return fallback;
}
