/// <reference types="chrome" />
// Every call to the product: its address, the Bearer token, JSON both ways, and failures in the reader's words.
import type { ErrorCode } from './messages.ts';
import { t } from './i18n.ts';
import { clearConnection, getConnection, type Connection } from './storage.ts';
import { unregisterBadges } from './sites.ts';

export class ApiFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Options = { method?: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown };

/** One call with an explicit connection (the connect form's, before it is kept). */
export async function request<T>(conn: Pick<Connection, 'productUrl' | 'token'>, path: string, opts: Options = {}): Promise<T> {
  const url = new URL(path, conn.productUrl);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      // The token is the only credential: cookies of a session in the same browser must not act for the extension.
      credentials: 'omit',
      headers: {
        Authorization: `Bearer ${conn.token}`,
        Accept: 'application/json',
        ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiFailure('network', t('errNetwork'));
  }
  if (res.ok) return (await res.json()) as T;
  if (res.status === 401) throw new ApiFailure('revoked', t('errRevoked'));
  if (res.status === 403) throw new ApiFailure('forbidden', t('errForbidden'));
  if (res.status === 429) throw new ApiFailure('rate_limited', t('errRateLimited'));
  const said = await res.json().then((b: { error?: unknown }) => (typeof b.error === 'string' ? b.error : null), () => null);
  throw new ApiFailure(res.status === 400 ? 'invalid' : 'server', said && res.status === 400 ? said : t('errServer', String(res.status)));
}

/**
 * One call with the kept connection. A 401 means the token was revoked or expired: the connection is dropped at once
 * and no badge is injected anywhere any more, so nothing keeps calling with a dead token.
 */
export async function call<T>(path: string, opts: Options = {}): Promise<T> {
  const conn = await getConnection();
  if (!conn) throw new ApiFailure('not_connected', t('errNotConnected'));
  try {
    return await request<T>(conn, path, opts);
  } catch (e) {
    if (e instanceof ApiFailure && e.code === 'revoked') await Promise.all([clearConnection(), unregisterBadges()]);
    throw e;
  }
}
