// Routing at sign-in (issue #53): the page asks for the email first; the server tells, by its domain alone, whether
// it signs in with a password or through the company's identity provider. An SSO domain goes to the provider (with
// where the user was headed); otherwise the password field appears. "Use a password instead" is for the one
// break-glass admin of a company that requires SSO.
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { SignInMethod } from '../../../../contracts/sso.ts';
import '../../i18n/areas/signin.ts';

/** Time after the last keystroke before the method is asked for. */
const LOOKUP_DEBOUNCE_MS = 300;
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

async function signInMethod(email: string): Promise<SignInMethod> {
  const res = await fetch('/api/account/signin_method', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: email.trim() }),
  });
  if (!res.ok) throw new Error(`signin_method answered ${res.status}`);
  return (await res.json()) as SignInMethod;
}

/** Where the provider's sign-in starts, carrying the page's redirectTo. */
export const ssoStartUrl = (url: string, redirectTo: string | undefined) => (redirectTo ? `${url}&${new URLSearchParams({ redirectTo })}` : url);

/** What the sign-in page shows for the email typed so far, and how it continues from the email step. */
export function useSsoRouting(redirectTo: string | undefined) {
  const [method, setMethod] = useState<SignInMethod | null>(null);
  const [passwordInstead, setPasswordInstead] = useState(false);
  // The field takes the focus when the user asked for it (Enter on the email, the link), never while they type.
  const [focusPassword, setFocusPassword] = useState(false);
  const latest = useRef('');

  const lookUp = async (email: string) => {
    latest.current = email;
    const answer = await signInMethod(email);
    // A slower answer for an email since changed is dropped.
    if (latest.current === email) setMethod(answer);
    return answer;
  };
  const onEmailChange = useDebouncedCallback((email: string) => {
    if (looksLikeEmail(email)) void lookUp(email).catch(() => setMethod({ method: 'password' }));
    else setMethod(null);
  }, LOOKUP_DEBOUNCE_MS);

  return {
    passwordShown: passwordInstead || method?.method === 'password',
    isSso: !passwordInstead && method?.method === 'sso',
    onEmailChange,
    focusPassword,
    usePassword: () => {
      setFocusPassword(true);
      setPasswordInstead(true);
    },
    /** From the email step: 'redirecting' to the provider, 'password' to ask for it. Throws when the server is unreachable. */
    async continueWith(email: string): Promise<'redirecting' | 'password'> {
      const answer = await lookUp(email);
      if (answer.method === 'password') {
        setFocusPassword(true);
        return 'password';
      }
      window.location.assign(ssoStartUrl(answer.url, redirectTo));
      return 'redirecting';
    },
  };
}

/** The sign-in refusals of single sign-on, each worded in the signin area. */
const SSO_REFUSALS = new Set(['sso_not_configured', 'sso_required', 'sso_state_invalid', 'sso_failed', 'sso_replayed', 'sso_email_missing', 'sso_email_other_company']);

/**
 * The sign-in page's wording of a refusal of single sign-on, by its code: a JSON answer's, or the errorCode the
 * server sends the browser back with. Null for any other code.
 */
export function ssoRefusal(code: unknown): { key: string; values?: undefined } | null {
  return typeof code === 'string' && SSO_REFUSALS.has(code) ? { key: `signin.sso.errors.${code}` } : null;
}
