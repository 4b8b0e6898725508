// The fetch wrapper of the web app (part 1 §7, §8): JSON bodies, same-origin cookies, the CSRF header
// on every non-GET call, typed errors, and the full-page sign-in redirect on a 401 from /api.
import { isSignInExempt, signInPath } from '../core/routes.ts';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly requestId?: string,
    /** The server's code of the error and its values, which errorText.ts words in the reader's language. */
    readonly code?: string,
    readonly params?: Record<string, string | number>,
    /** Whether the message is the server's (false: the answer had none, and the message names the status). */
    readonly fromServer = true,
  ) {
    super(message);
  }
  get isNotFound() {
    return this.status === 404;
  }
  get isServerError() {
    return this.status >= 500;
  }
}

let csrfToken: string | null = null;

/** Set from GET /api/users/me.json; sent as X-CSRF-Token on every non-GET call. */
export function setCsrfToken(token: string | null | undefined) {
  csrfToken = token ?? null;
}
export const getCsrfToken = () => csrfToken;
/** The CSRF header of a non-GET call, empty before the token is known (also used by the usage tracker's own fetch). */
export const csrfHeaders = (): Record<string, string> => (csrfToken ? { 'X-CSRF-Token': csrfToken } : {});

export const isAbortError = (err: unknown): boolean =>
  (err instanceof DOMException || err instanceof Error) && err.name === 'AbortError';

/** Messages the app never reports to the user (part 1 §8). */
export const IGNORABLE_MESSAGES = ['You need to sign in or sign up before continuing', 'Authentication failed'];
export const isIgnorableError = (err: unknown): boolean =>
  isAbortError(err) || (err instanceof Error && IGNORABLE_MESSAGES.includes(err.message));

/** Whether a 401 on this request sends the browser to sign-in: only /api calls, never on the public win/loss path. */
export function shouldRedirectOn401(requestPath: string, currentPathname: string): boolean {
  return requestPath.startsWith('/api/') && !isSignInExempt(currentPathname);
}

/** Counts the session switches this page made (impersonation): a request sent before one answers 401 for the old session. */
let sessionSwitches = 0;

/** Marks that this page has just switched the session; requests still in flight under the old one send nobody to sign-in. */
export function sessionSwitched() {
  sessionSwitches += 1;
}

export function redirectToSignIn() {
  const { pathname, search } = window.location;
  window.location.assign(signInPath(`${pathname}${search}`));
}

/** Reads the error body the server sends ({error, code?, params?, details?, requestId}) or falls back to the status. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown; params?: unknown; details?: unknown; requestId?: unknown };
  const fallback = res.status === 404 ? 'Not found' : res.status >= 500 ? 'Server error' : `Request failed (${res.status})`;
  const fromServer = typeof b.error === 'string' && b.error !== '';
  const message = fromServer ? (b.error as string) : fallback;
  const requestId = typeof b.requestId === 'string' ? b.requestId : (res.headers.get('x-request-id') ?? undefined);
  const code = typeof b.code === 'string' && b.code ? b.code : undefined;
  const params = b.params && typeof b.params === 'object' && !Array.isArray(b.params) ? (b.params as Record<string, string | number>) : undefined;
  return new ApiError(res.status, message, b.details, requestId, code, params, fromServer);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** The browser HTTP cache mode, for answers the server lets the browser cache (e.g. no-cache to revalidate). */
  cache?: RequestCache;
};

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/** One request; answers the parsed JSON and the response (for headers such as Date). */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<{ data: T; response: Response }> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') Object.assign(headers, csrfHeaders());
  const url = withQuery(path, opts.query);
  const switchesAtSend = sessionSwitches;
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    cache: opts.cache,
  });
  if (!response.ok) {
    const err = await errorFromResponse(response);
    if (response.status === 401 && switchesAtSend === sessionSwitches && shouldRedirectOn401(path, window.location.pathname)) redirectToSignIn();
    throw err;
  }
  const data = (response.status === 204 ? null : await response.json()) as T;
  return { data, response };
}

export async function api<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}
