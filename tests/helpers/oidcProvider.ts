// A real OpenID provider for the SSO tests: oidc-provider on 127.0.0.1 with one confidential client, its accounts
// given by the test (email, name, groups), PKCE required, and its dev login form driven over HTTP like a browser.
// Its signing key can be rotated, and an impostor can serve its metadata under another issuer name.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Ctx } from 'oidc-provider';

export type OidcAccount = { email: string; name: string; groups: string[] };

const newKey = () => ({ ...crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' });

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startOidcProvider(redirectUri: string) {
  const accounts = new Map<string, OidcAccount>();
  const client = { client_id: 'rivalscope', client_secret: crypto.randomBytes(24).toString('base64url') };
  let handler: http.RequestListener = () => {};
  const { server, url: issuer } = await listen((req, res) => handler(req, res));

  const build = () =>
    new Provider(issuer, {
      clients: [{ ...client, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
      jwks: { keys: [newKey()] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      // The claims go into the ID token, as most enterprise providers put email and groups there.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      cookies: { keys: ['oidc-test-cookie-key'] },
      ttl: { Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, Interaction: 600 },
      features: { devInteractions: { enabled: true } },
      findAccount: (_ctx: unknown, id: string) => {
        const account = accounts.get(id);
        return account && { accountId: id, claims: () => ({ sub: id, email: account.email, email_verified: true, name: account.name, groups: account.groups }) };
      },
      // A first-party client: consent is implied, so the only interaction is the login form.
      loadExistingGrant: async (ctx: Ctx) => {
        const provider = (ctx.oidc as unknown as { provider: Provider }).provider;
        const existing = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
        if (existing) return provider.Grant.find(existing);
        const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid email profile groups');
        grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
        await grant.save();
        return grant;
      },
    });
  handler = build().callback();

  return {
    issuer,
    client,
    accounts,
    /** A new provider instance with a new signing key: tokens are signed with a key id the client has not seen. */
    rotateKeys: () => void (handler = build().callback()),
    /** Plays the browser at the provider: from the authorization URL through the login form to the redirect back. */
    signIn: (authorizationUrl: string, accountId: string) => browseToRedirect(authorizationUrl, accountId, redirectUri),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Follows redirects with a cookie jar, posting the dev login form, until the provider sends the browser to `redirectUri`. */
async function browseToRedirect(start: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form or redirect: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many hops at the provider');
}

/**
 * Another issuer: serves the real provider's metadata under its own name (so discovery of it passes), while every
 * endpoint, and so every token, stays the real provider's: its ID tokens name the real issuer, not this one.
 */
export async function startIssuerImpostor(realIssuer: string) {
  const { server, url } = await listen(async (req, res) => {
    const meta = (await (await fetch(`${realIssuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    delete meta.authorization_response_iss_parameter_supported;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ...meta, issuer: url }));
  });
  return { issuer: url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
