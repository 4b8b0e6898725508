// A stand-in for Salesforce on 127.0.0.1 that speaks its REST wire format, for the connector's tests and bench:
// the OAuth 2.0 web-server flow (authorize redirecting back with a code; the token endpoint's authorization_code and
// refresh_token grants; the identity URL), the query resource with nextRecordsUrl paging, and errors as Salesforce
// sends them (INVALID_SESSION_ID 401, REQUEST_LIMIT_EXCEEDED 403, QUERY_TIMEOUT 400). It holds Users, Accounts,
// Opportunities and OpportunityCompetitors in memory and answers the SOQL the sync sends: SELECT fields FROM object
// [WHERE SystemModstamp > datetime] ORDER BY SystemModstamp, Id [LIMIT n].
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SfRecord = Record<string, unknown> & { Id: string; SystemModstamp: number };
export type SfObject = 'User' | 'Account' | 'Opportunity' | 'OpportunityCompetitor';
export type Served = { kind: 'query' | 'more'; object: SfObject; soql?: string; records: number; locator?: string };
type Failure = { status: number; errorCode: string; message: string };

const API = '/services/data/v59.0';

/** Salesforce's datetime as it writes it: 2026-12-07T10:00:00.000+0000. */
export const sfStamp = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');

export async function startSalesforce(options: { clientId?: string; clientSecret?: string; maxPageSize?: number } = {}) {
  const clientId = options.clientId ?? 'sf-client-id';
  const clientSecret = options.clientSecret ?? 'sf-client-secret';
  const data: Record<SfObject, SfRecord[]> = { User: [], Account: [], Opportunity: [], OpportunityCompetitor: [] };
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  let accessToken = '';
  const locators = new Map<string, { object: SfObject; rows: SfRecord[]; fields: string[]; offset: number; size: number; all: boolean }>();
  const served: Served[] = [];
  const tokenGrants: string[] = [];
  /** Failures to answer, each before the call it names (the n-th query or page from now, 1 = the next). */
  const failures: { at: number; failure: Failure }[] = [];
  let calls = 0;
  let clock = Date.UTC(2026, 0, 1);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        route(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        json(res, 500, [{ message: String(err), errorCode: 'UNKNOWN_EXCEPTION' }]);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const identityUrl = `${url}/id/00D000000000001EAA/005000000000001AAA`;

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(body));
  }

  function issueAccessToken() {
    accessToken = `00D!${crypto.randomBytes(24).toString('base64url')}`;
    return accessToken;
  }

  function route(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const u = new URL(req.url ?? '/', url);
    if (u.pathname === '/services/oauth2/authorize') {
      const code = `aPrx${crypto.randomBytes(12).toString('hex')}`;
      codes.set(code, u.searchParams.get('redirect_uri') ?? '');
      const back = new URL(u.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      if (u.searchParams.get('state')) back.searchParams.set('state', u.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (u.pathname === '/services/oauth2/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return json(res, 400, { error: 'invalid_client', error_description: 'invalid client credentials' });
      }
      const grant = form.get('grant_type') ?? '';
      tokenGrants.push(grant);
      const base = { instance_url: url, id: identityUrl, token_type: 'Bearer', issued_at: String(Date.now()), scope: 'api refresh_token' };
      if (grant === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.has(code) || codes.get(code) !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant', error_description: 'authentication failure' });
        codes.delete(code);
        const refresh = `5Aep${crypto.randomBytes(24).toString('base64url')}`;
        refreshTokens.add(refresh);
        const access = issueAccessToken();
        return json(res, 200, { ...base, access_token: access, refresh_token: refresh, signature: sign(access) });
      }
      if (grant === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) return json(res, 400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
        const access = issueAccessToken();
        return json(res, 200, { ...base, access_token: access, signature: sign(access) });
      }
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'grant type not supported' });
    }
    if (u.pathname === new URL(identityUrl).pathname) {
      const token = u.searchParams.get('oauth_token') ?? bearer(req);
      if (token !== accessToken) return json(res, 403, 'Bad_OAuth_Token');
      return json(res, 200, {
        id: identityUrl,
        user_id: '005000000000001AAA',
        organization_id: '00D000000000001EAA',
        username: 'integration@acme.example',
        email: 'integration@acme.example',
        display_name: 'Integration User',
      });
    }
    if (u.pathname.startsWith(`${API}/query`)) {
      if (bearer(req) !== accessToken) return json(res, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
      calls++;
      const due = failures.findIndex((f) => f.at === calls);
      if (due >= 0) {
        const { failure } = failures.splice(due, 1)[0];
        return json(res, failure.status, [{ message: failure.message, errorCode: failure.errorCode }]);
      }
      const size = Math.min(batchSizeOf(req), options.maxPageSize ?? 2_000);
      const all = u.pathname.startsWith(`${API}/queryAll`);
      if (u.pathname === `${API}/query` || u.pathname === `${API}/queryAll`) return json(res, 200, query(u.searchParams.get('q') ?? '', size, all));
      const locator = u.pathname.slice(`${API}/${all ? 'queryAll' : 'query'}/`.length);
      const cursor = locators.get(locator.split('-')[0]);
      if (!cursor || Number(locator.split('-')[1]) !== cursor.offset) return json(res, 400, [{ message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' }]);
      return json(res, 200, page(cursor, locator.split('-')[0], 'more'));
    }
    json(res, 404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
  }

  function bearer(req: http.IncomingMessage) {
    return (req.headers.authorization ?? '').replace(/^Bearer /, '');
  }

  function batchSizeOf(req: http.IncomingMessage) {
    const m = /batchSize=(\d+)/.exec(String(req.headers['sforce-query-options'] ?? ''));
    return m ? Math.max(200, Math.min(2_000, Number(m[1]))) : 2_000;
  }

  function sign(token: string) {
    return crypto.createHmac('sha256', clientSecret).update(identityUrl + token).digest('base64');
  }

  /** A query's records; queryAll's include the deleted ones (IsDeleted), as Salesforce's recycle bin keeps them. */
  function query(soql: string, size: number, all: boolean) {
    const m = /^SELECT (.+?) FROM (\w+)(?: WHERE SystemModstamp > (\S+))? ORDER BY SystemModstamp, Id(?: LIMIT (\d+))?$/.exec(soql.trim());
    if (!m || !(m[2] in data)) throw new Error(`the stand-in does not understand: ${soql}`);
    const object = m[2] as SfObject;
    const since = m[3] ? Date.parse(m[3]) : -Infinity;
    let rows = data[object]
      .filter((r) => r.SystemModstamp > since && (all || r.IsDeleted !== true))
      .sort((a, b) => a.SystemModstamp - b.SystemModstamp || (a.Id < b.Id ? -1 : a.Id > b.Id ? 1 : 0));
    if (m[4]) rows = rows.slice(0, Number(m[4]));
    const id = `01g${crypto.randomBytes(6).toString('hex')}`;
    const cursor = { object, rows, fields: m[1].split(',').map((f) => f.trim()), offset: 0, size, all };
    locators.set(id, cursor);
    served.push({ kind: 'query', object, soql, records: Math.min(size, rows.length) });
    return page(cursor, id, null);
  }

  function page(cursor: { object: SfObject; rows: SfRecord[]; fields: string[]; offset: number; size: number; all: boolean }, id: string, kind: 'more' | null) {
    const slice = cursor.rows.slice(cursor.offset, cursor.offset + cursor.size);
    if (kind) served.push({ kind, object: cursor.object, records: slice.length, locator: `${id}-${cursor.offset}` });
    cursor.offset += slice.length;
    const done = cursor.offset >= cursor.rows.length;
    return {
      totalSize: cursor.rows.length,
      done,
      ...(done ? {} : { nextRecordsUrl: `${API}/${cursor.all ? 'queryAll' : 'query'}/${id}-${cursor.offset}` }),
      records: slice.map((r) => project(cursor.object, r, cursor.fields)),
    };
  }

  function project(object: SfObject, r: SfRecord, fields: string[]) {
    const out: Record<string, unknown> = { attributes: { type: object, url: `${API}/sobjects/${object}/${r.Id}` } };
    for (const f of fields) out[f] = f === 'SystemModstamp' ? sfStamp(r.SystemModstamp) : f === 'IsDeleted' ? r.IsDeleted === true : (r[f] ?? null);
    return out;
  }

  return {
    url,
    clientId,
    clientSecret,
    data,
    /** Every query and page served, in order. */
    served,
    /** The grant types the token endpoint answered. */
    tokenGrants,
    get accessToken() {
      return accessToken;
    },
    /** A later SystemModstamp for each call: records changed after a sync are newer than it. */
    tick(): number {
      clock += 1_000;
      return clock;
    },
    /** Adds or replaces a record, stamped now. */
    put(object: SfObject, record: Omit<SfRecord, 'SystemModstamp'>) {
      const row = { ...record, SystemModstamp: this.tick() } as SfRecord;
      const i = data[object].findIndex((r) => r.Id === row.Id);
      if (i >= 0) data[object][i] = row;
      else data[object].push(row);
      return row;
    },
    /** Deletes a record: queryAll answers it with IsDeleted, stamped now; query no longer does. */
    remove(object: SfObject, id: string) {
      const i = data[object].findIndex((r) => r.Id === id);
      data[object][i] = { ...data[object][i], IsDeleted: true, SystemModstamp: this.tick() };
    },
    /** The session ends: the next call answers INVALID_SESSION_ID until the client refreshes its token. */
    expireSession() {
      issueAccessToken();
    },
    /** The n-th query or page from now (1 = the next) answers this error instead. */
    failAt(n: number, failure: Failure) {
      failures.push({ at: calls + n, failure });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type SalesforceStandIn = Awaited<ReturnType<typeof startSalesforce>>;

export const LIMIT_EXCEEDED = { status: 403, errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' };
export const QUERY_TIMEOUT = { status: 400, errorCode: 'QUERY_TIMEOUT', message: 'Your query request was running for too long.' };
