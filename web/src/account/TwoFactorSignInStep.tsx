// The second step of a password sign-in with two-step verification: the 6-digit code of the authenticator app or a
// recovery code. Posts JSON; as a plain form post it also works (the server then answers 303 back here with
// ?twoFactor=1 and the refusal's code), so both paths word the refusal in the reader's language.
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SIGNIN_TWO_FACTOR_PATH } from '../../../contracts/account.ts';
import type { ApiErrorCode } from '../../../contracts/errors.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ApiError } from '../api/client.ts';
import { codeText, useErrorText } from '../api/errorText.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { PublicCard } from '../pages/PublicCard.tsx';
import { useSignInCode } from './api.ts';
import '../i18n/areas/account.ts';

export function TwoFactorSignInStep({ redirectTo, onRestart }: { redirectTo?: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [query] = useSearchParams();
  const send = useSignInCode();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const refusedCode = query.get('errorCode');
  // A refused form post's words, until the reader tries again here.
  const [posted, setPosted] = useState(refusedCode ? codeText(refusedCode as ApiErrorCode, query.get('error') ?? '') : null);
  const expired = send.error instanceof ApiError && send.error.code === 'two_factor_sign_in_expired';
  const error = missing ? t('account.twoFactor.signIn.required') : send.error ? errorText(send.error) : posted;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPosted(null);
    setMissing(!code.trim());
    if (!code.trim() || send.isPending) return;
    send.mutate({ code: code.trim(), ...(redirectTo ? { redirectTo } : {}) }, { onSuccess: (res) => window.location.assign(res.redirectTo) });
  };

  return (
    <PublicCard width={420} testId="page-signin-two-factor">
      <form method="post" action={SIGNIN_TWO_FACTOR_PATH} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {t('account.twoFactor.signIn.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('account.twoFactor.signIn.intro')}
            </Text>
          </Stack>
          {error && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              <span data-testid="signin-code-error">{error}</span>
            </Alert>
          )}
          <TextInput
            name="code"
            label={t('account.twoFactor.signIn.code')}
            value={code}
            onChange={(e) => {
              send.reset();
              setCode(e.currentTarget.value);
            }}
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={40}
            required
            autoFocus
            data-testid="signin-code"
          />
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <Button type="submit" size="md" fullWidth loading={send.isPending || send.isSuccess} disabled={expired} data-testid="signin-code-submit">
            {t('account.twoFactor.signIn.submit')}
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={onRestart} data-testid="signin-code-restart">
            {t('account.twoFactor.signIn.back')}
          </Anchor>
        </Stack>
      </form>
    </PublicCard>
  );
}
