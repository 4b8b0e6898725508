import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorFromResponse, isAbortError, isIgnorableError, sessionSwitched, shouldRedirectOn401, withQuery } from './client.ts';
import { clockOffset } from './session.ts';

describe('shouldRedirectOn401', () => {
  it('redirects for /api calls outside the public win/loss path', () => {
    expect(shouldRedirectOn401('/api/users/me.json', '/dashboard')).toBe(true);
    expect(shouldRedirectOn401('/api/users/me.json', '/win-loss/p/survey/1')).toBe(false);
    expect(shouldRedirectOn401('/account/signin', '/account/signin')).toBe(false);
    expect(shouldRedirectOn401('/api/company.json', '/account/signin')).toBe(false);
  });
});

describe('a 401', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** fetch answering 401 when released, and where the page was sent. */
  function stub() {
    const sentTo: string[] = [];
    vi.stubGlobal('window', { location: { pathname: '/impersonate', search: '', assign: (to: string) => sentTo.push(to) } });
    const releases: (() => void)[] = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => releases.push(() => resolve(new Response('{}', { status: 401 })))));
    return { sentTo, release: () => releases.splice(0).forEach((r) => r()) };
  }

  it('sends the browser to sign-in, unless the page switched the session while the request was out', async () => {
    const { sentTo, release } = stub();
    const before = api('/api/impersonate/users.json').catch((e: unknown) => e);
    sessionSwitched();
    release();
    expect(await before).toBeInstanceOf(ApiError);
    expect(sentTo).toEqual([]);

    const after = api('/api/users/me.json').catch((e: unknown) => e);
    release();
    await after;
    expect(sentTo).toEqual(['/account/signin?redirectTo=%2Fimpersonate']);
  });
});

describe('errorFromResponse', () => {
  it('reads the server error body', async () => {
    const res = new Response(JSON.stringify({ error: 'Invalid featureFlag', details: { field: 'featureFlag' }, requestId: 'r1' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
    const err = await errorFromResponse(res);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Invalid featureFlag', details: { field: 'featureFlag' }, requestId: 'r1' });
  });

  it('names 404 and 500 without a body', async () => {
    const notFound = await errorFromResponse(new Response('nope', { status: 404 }));
    expect(notFound.message).toBe('Not found');
    expect(notFound.isNotFound).toBe(true);
    const server = await errorFromResponse(new Response('', { status: 500, headers: { 'x-request-id': 'abc' } }));
    expect(server).toMatchObject({ message: 'Server error', requestId: 'abc', isServerError: true });
  });
});

describe('error classes', () => {
  it('ignores abort errors and the ignorable messages', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isIgnorableError(new Error('Authentication failed'))).toBe(true);
    expect(isIgnorableError(new ApiError(500, 'boom'))).toBe(false);
  });
});

describe('withQuery', () => {
  it('appends defined values', () => {
    expect(withQuery('/api/users.json', { query: 'a b', limit: 10, page: undefined, x: null })).toBe('/api/users.json?query=a+b&limit=10');
    expect(withQuery('/api/x?y=1', { z: true })).toBe('/api/x?y=1&z=true');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});

describe('clockOffset', () => {
  it('measures the server clock from the Date header, ignoring sub-second noise', () => {
    const t = Date.parse('2025-01-01T12:00:00.000Z');
    expect(clockOffset('Wed, 01 Jan 2025 12:00:30 GMT', t)).toBe(30_000);
    expect(clockOffset('Wed, 01 Jan 2025 12:00:01 GMT', t)).toBe(0);
    expect(clockOffset(null, t)).toBe(0);
    expect(clockOffset('garbage', t)).toBe(0);
  });
});
