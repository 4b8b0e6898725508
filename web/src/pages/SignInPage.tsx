// /account/signin, outside the main layout. Posts JSON; the same form also works as a plain form post
// (the server then answers 303 with ?error=, its code and redirectTo), so both paths show the message inline, in the
// reader's language.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSearchParams } from 'react-router';
import { SIGNIN_PATH } from '../core/routes.ts';
import { AlertIcon, InfoIcon } from '../brand/icons.tsx';
import { PublicCard } from './PublicCard.tsx';
import { ForgotPasswordLink } from '../account/ForgotPasswordLink.tsx';
import { TwoFactorSignInStep } from '../account/TwoFactorSignInStep.tsx';
import type { SignInNeedsCode } from '../../../contracts/account.ts';
import { formPostError, redirectTarget, showsDemoHint, signInError } from './signin.ts';
import { ssoRefusal, useSsoRouting } from './sso/ssoRouting.ts';
import { UsePasswordLink } from './sso/UsePasswordLink.tsx';
import '../i18n/areas/signin.ts';

export function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('titles.signin')} · ${t('app.titleSuffix')}`);
  const [query] = useSearchParams();
  const redirectTo = redirectTarget(query);
  const [error, setError] = useState<string | null>(() => {
    const refused = ssoRefusal(query.get('errorCode')) ?? formPostError(query);
    return refused && t(refused.key, refused.values);
  });
  const [loading, setLoading] = useState(false);
  // A user with two-step verification gives a code next (the server's JSON answer, or ?twoFactor=1 after a form post).
  const [needsCode, setNeedsCode] = useState(query.get('twoFactor') === '1');
  const sso = useSsoRouting(redirectTo);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (email && !sso.passwordShown) return continueFromEmail(email);
    if (!email || !password) {
      setError(t('signin.errors.required'));
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const res = await fetch(SIGNIN_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, password, ...(redirectTo ? { redirectTo } : {}) }),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok && (body as Partial<SignInNeedsCode> | null)?.twoFactorRequired) {
        setNeedsCode(true);
        setLoading(false);
        return;
      }
      if (res.ok) {
        const target = (body as { redirectTo?: unknown } | null)?.redirectTo;
        window.location.assign(typeof target === 'string' ? target : (redirectTo ?? '/'));
        return; // keep the button busy while the next page loads
      }
      const refused = ssoRefusal((body as { code?: unknown } | null)?.code) ?? signInError(res.status, res.headers.get('Retry-After'));
      setError(t(refused.key, refused.values));
    } catch {
      setError(t('signin.errors.network'));
    }
    setLoading(false);
  }

  // The email step: on to the identity provider, or the password field appears.
  async function continueFromEmail(email: string) {
    setLoading(true);
    setError(null);
    try {
      if ((await sso.continueWith(email)) === 'redirecting') return; // busy until the provider's page loads
    } catch {
      setError(t('signin.errors.network'));
    }
    setLoading(false);
  }

  if (needsCode) {
    const restart = () => {
      setNeedsCode(false);
      setError(null);
    };
    return <TwoFactorSignInStep redirectTo={redirectTo} onRestart={restart} />;
  }

  return (
    <PublicCard
      width={420}
      testId="page-signin"
      below={
        <>
          {showsDemoHint(window.location.hostname) && (
            <Alert variant="light" color="gray" icon={<InfoIcon />} data-testid="signin-demo-hint">
              <Text size="sm">{t('signin.demoHint')}</Text>
            </Alert>
          )}
          <Text ta="center" size="xs" c="dimmed">
            <Anchor href="/" c="dimmed">
              {t('app.name')}
            </Anchor>{' '}
            · {t('app.tagline')}
          </Text>
        </>
      }
    >
      <form method="post" action={SIGNIN_PATH} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {t('signin.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('signin.subtitle')}
            </Text>
          </Stack>
          {error && (
            <Alert color="red" variant="light" icon={<AlertIcon />} title={t('signin.errorTitle')} role="alert">
              <span data-testid="signin-error">{error}</span>
            </Alert>
          )}
          <TextInput
            name="email"
            type="email"
            label={t('signin.email')}
            placeholder={t('signin.emailPlaceholder')}
            autoComplete="username"
            required
            autoFocus
            onChange={(e) => sso.onEmailChange(e.currentTarget.value)}
            data-testid="signin-email"
          />
          {sso.passwordShown && (
            <PasswordInput
              name="password"
              label={t('signin.password')}
              autoComplete="current-password"
              required
              autoFocus={sso.focusPassword}
              data-testid="signin-password"
            />
          )}
          {!sso.isSso && <ForgotPasswordLink />}
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <Button type="submit" size="md" fullWidth loading={loading} disabled={loading} data-testid="signin-submit">
            {sso.passwordShown ? t('signin.submit') : sso.isSso ? t('signin.sso.continueSso') : t('signin.sso.continue')}
          </Button>
          {sso.isSso && <UsePasswordLink onClick={sso.usePassword} />}
        </Stack>
      </form>
    </PublicCard>
  );
}
