// The state of one OIDC sign-in between the redirect to the identity provider and its callback: state, nonce, PKCE
// verifier, company and where to go after. It travels in a short-lived cookie sealed with the deployment's secret box,
// so the browser can neither read the verifier nor change a value, and no server keeps a row per attempt.
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { SecretBox } from '../../server-shared/secretBox.ts';
import { OIDC_FLOW_TTL_MS } from './constants.ts';

export const SSO_FLOW_COOKIE = 'rs_sso_flow';

const Flow = z.object({
  companyId: z.number().int(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirectTo: z.string(),
  expiresAt: z.number(),
});
export type OidcFlow = Omit<z.infer<typeof Flow>, 'expiresAt'>;

export function setFlowCookie(req: Request, res: Response, box: SecretBox, flow: OidcFlow) {
  const sealed = box.seal(JSON.stringify({ ...flow, expiresAt: Date.now() + OIDC_FLOW_TTL_MS }));
  // Lax: the provider's redirect back is a top-level GET, which carries it.
  res.cookie(SSO_FLOW_COOKIE, sealed, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/auth/', maxAge: OIDC_FLOW_TTL_MS });
}

/** The flow of this browser's pending sign-in, or null when there is none, it expired or it was tampered with. */
export function takeFlowCookie(req: Request, res: Response, box: SecretBox): OidcFlow | null {
  const sealed: unknown = req.cookies?.[SSO_FLOW_COOKIE];
  res.clearCookie(SSO_FLOW_COOKIE, { path: '/auth/' });
  if (typeof sealed !== 'string') return null;
  try {
    const flow = Flow.parse(JSON.parse(box.open(sealed)));
    return flow.expiresAt > Date.now() ? flow : null;
  } catch {
    return null;
  }
}
