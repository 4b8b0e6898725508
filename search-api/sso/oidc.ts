// Sign-in over OpenID Connect with openid-client: discovery, the authorization code flow with PKCE, state and
// nonce checked against the sealed flow cookie (flowCookie.ts), the ID token's issuer, audience and signature checked
// by the library against the discovered metadata and JWKS.
//
// Every request to the provider (discovery, JWKS, token) goes through the one outbound client (search-api/outbound):
// the issuer is a URL an admin typed, so it gets the address rules, caps and timeouts of every such fetch.
//
// The issuer is discovered afresh for each redirect and each callback (sign-ins are rare, and it is two small
// requests): a provider that rotates its signing keys is always read with its current JWKS, and a changed setting
// takes effect at once on every server.
import * as client from 'openid-client';
import type { Config } from '../../server-shared/config.ts';
import type { SecretBox } from '../../server-shared/secretBox.ts';
import { apiError } from '../errors.ts';
import type { OutboundClient } from '../outbound/client.ts';
import { isAllowedHost, literalIp, type AllowHosts } from '../outbound/rules.ts';
import { OIDC_PROVIDER_TIMEOUT_S } from './constants.ts';
import type { OidcFlow } from './flowCookie.ts';
import type { SsoIdentity } from './provision.ts';
import type { SsoSettingsRow } from './settings.ts';

const SCOPE = 'openid email profile groups';

/** Where plain http may be used for an issuer (what the environment and OUTBOUND_ALLOW_HOSTS allow), and the client that reaches it. */
export type IssuerRules = { nodeEnv: Config['NODE_ENV']; allowHosts: AllowHosts; outbound: OutboundClient };

/** openid-client's fetch, answered by the outbound client (which follows redirects itself, each hop checked). */
function outboundFetch(outbound: OutboundClient): client.CustomFetch {
  return async (url, options) => {
    const method = options.method.toUpperCase();
    const answer =
      method === 'GET'
        ? await outbound.get(url, { accept: ['json'], robots: false })
        : await outbound.send(url, { method: 'POST', body: String(options.body ?? ''), headers: options.headers });
    return new Response(new Uint8Array(answer.body), { status: answer.status, headers: { 'content-type': answer.contentType } });
  };
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || /^127\./.test(literalIp(url.hostname)) || literalIp(url.hostname) === '::1';

/**
 * http issuers only on this machine in development and tests (a local provider), or on a host the operator
 * allowed; everything else must be https, so tokens and the client secret never cross a network in the clear.
 */
function allowsHttp(url: URL, rules: IssuerRules): boolean {
  return (isLoopback(url) && (rules.nodeEnv === 'test' || rules.nodeEnv === 'development')) || isAllowedHost(url, rules.allowHosts);
}

export async function discoverIssuer(rules: IssuerRules, issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  const url = new URL(issuer);
  const insecure = url.protocol === 'http:';
  if (insecure && !allowsHttp(url, rules)) throw new Error('an http issuer is allowed only on this machine or on OUTBOUND_ALLOW_HOSTS; use https');
  const fetch = outboundFetch(rules.outbound);
  const config = await client.discovery(url, clientId, undefined, client.ClientSecretBasic(clientSecret), {
    timeout: OIDC_PROVIDER_TIMEOUT_S,
    execute: insecure ? [client.allowInsecureRequests] : [],
    [client.customFetch]: fetch,
  });
  config.timeout = OIDC_PROVIDER_TIMEOUT_S;
  config[client.customFetch] = fetch;
  return config;
}

function configurationOf(rules: IssuerRules, box: SecretBox, settings: SsoSettingsRow) {
  return discoverIssuer(rules, settings.oidcIssuer!, settings.oidcClientId!, box.open(settings.oidcClientSecret!));
}

/** The provider's authorization URL for this attempt, and the flow to keep for its callback. */
export async function startOidc(rules: IssuerRules, box: SecretBox, settings: SsoSettingsRow, p: { redirectUri: string; email: string; redirectTo: string }) {
  const config = await configurationOf(rules, box, settings);
  const flow: OidcFlow = {
    companyId: settings.companyId,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    redirectTo: p.redirectTo,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: p.redirectUri,
    scope: SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    login_hint: p.email,
  });
  return { url: url.href, flow };
}

/** Exchanges the callback's code and returns who signed in; any failed check throws. */
export async function finishOidc(rules: IssuerRules, box: SecretBox, settings: SsoSettingsRow, callbackUrl: URL, flow: OidcFlow): Promise<SsoIdentity> {
  const config = await configurationOf(rules, box, settings);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = { ...tokens.claims() };
  // Providers that keep scope claims out of the ID token (oidc-provider, Azure's groups) give them at userinfo.
  if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
    claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
  }
  // An address the provider itself says is unverified could be anyone's.
  if (typeof claims.email !== 'string' || claims.email_verified === false) throw apiError('sso_email_missing');
  return {
    email: claims.email,
    name: typeof claims.name === 'string' ? claims.name : null,
    groups: Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [],
  };
}
