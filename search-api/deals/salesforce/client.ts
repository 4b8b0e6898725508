// The Salesforce client: jsforce (v3) with its OAuth2 web-server flow, every call checked by the outbound guard. jsforce
// makes its HTTP calls itself (node-fetch, following redirects), so its transport is replaced by one that passes each
// URL through the guard's rules first, and follows no redirect (search-api/outbound/rules.ts checkUrl: http(s), no credentials, a literal IP
// public or on OUTBOUND_ALLOW_HOSTS); a host name's addresses are checked by the guard (checkDestination) before a
// login URL is stored and before a run or an exchange starts. The same goes for every instance URL Salesforce names.
import { Connection, OAuth2, type HttpRequest, type HttpRequestOptions, type TokenResponse } from 'jsforce';
import { Transport } from 'jsforce/lib/transport.js';
import type { OutboundClient } from '../../outbound/client.ts';
import { OutboundError } from '../../outbound/errors.ts';
import { checkUrl, type AllowHosts } from '../../outbound/rules.ts';
import { SALESFORCE } from './constants.ts';

/** What a connection needs to reach Salesforce: the guard's allow list, and the guard for host names. */
export type Reach = { allowHosts: AllowHosts; outbound: Pick<OutboundClient, 'checkDestination'> };

class GuardedTransport extends Transport {
  constructor(private readonly allowHosts: AllowHosts) {
    super();
  }

  override httpRequest(req: HttpRequest, options?: HttpRequestOptions) {
    // Throwing here rejects jsforce's request before any connection is made.
    checkUrl(req.url, this.allowHosts);
    // A redirect would reach a URL the guard never saw; Salesforce's REST and OAuth endpoints answer without one.
    return super.httpRequest(req, { ...options, followRedirect: false });
  }
}

export type OAuthSettings = { loginUrl: string; clientId: string; clientSecret: string; redirectUri: string };

export function oauth2Of(reach: Reach, s: OAuthSettings): OAuth2 {
  const oauth2 = new OAuth2({ loginUrl: s.loginUrl.replace(/\/+$/, ''), clientId: s.clientId, clientSecret: s.clientSecret, redirectUri: s.redirectUri });
  oauth2._transport = new GuardedTransport(reach.allowHosts);
  return oauth2;
}

/** A connection with the tokens given; `onRefresh` is told each access token jsforce gets after INVALID_SESSION_ID. */
export function connectionOf(
  reach: Reach,
  oauth2: OAuth2,
  tokens: { instanceUrl?: string; accessToken?: string; refreshToken?: string },
  onRefresh?: (accessToken: string, res: TokenResponse) => void,
): Connection {
  const conn = new Connection({ oauth2, version: SALESFORCE.apiVersion, ...tokens });
  conn._transport = new GuardedTransport(reach.allowHosts);
  if (onRefresh) conn.on('refresh', (accessToken: string, res: TokenResponse) => onRefresh(accessToken, res));
  return conn;
}

/** Checks a Salesforce URL with the guard (its host's addresses included), answering the reason in words when refused. */
export async function checkReach(reach: Reach, url: string): Promise<string | null> {
  try {
    await reach.outbound.checkDestination(url);
    return null;
  } catch (err) {
    if (err instanceof OutboundError) return err.message;
    throw err;
  }
}

/** Salesforce's error code of a failed call (INVALID_SESSION_ID, REQUEST_LIMIT_EXCEEDED, …), or null. */
export const errorCodeOf = (err: unknown): string | null =>
  typeof err === 'object' && err !== null && typeof (err as { errorCode?: unknown }).errorCode === 'string' ? (err as { errorCode: string }).errorCode : null;

/** A failure in words for the admin: never a token or a URL's query. */
export function failureText(err: unknown): string {
  const code = errorCodeOf(err);
  if (code === 'REQUEST_LIMIT_EXCEEDED') return 'The Salesforce API limit was reached; the sync resumes later';
  if (code === 'INVALID_SESSION_ID' || code === 'invalid_grant') return 'Salesforce refused the session; reconnect Salesforce';
  if (err instanceof OutboundError) return err.message;
  if (code) return `Salesforce answered ${code}`;
  return 'Salesforce could not be reached';
}
