// The time limits of single sign-on.

/** An OIDC sign-in's sealed flow cookie lives this long: long enough to sign in at the provider, short enough that a stolen one is soon worthless. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
/** Requests to an OIDC provider (discovery, token, JWKS, userinfo) give up after this many seconds. */
export const OIDC_PROVIDER_TIMEOUT_S = 10;
/** How long a SAML AuthnRequest we sent may be answered. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;
/** Clock difference tolerated between us and a SAML IdP. */
export const SAML_CLOCK_SKEW_MS = 60_000;
