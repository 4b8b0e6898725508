// /account/password_reset, outside the main layout and without a session: asks for the email and says a link is
// on its way. The server answers alike whether or not the address has an account, and so does this page.
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { SIGNIN_PATH } from '../core/routes.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { PublicCard } from '../pages/PublicCard.tsx';
import { useErrorText } from '../api/errorText.ts';
import { useRequestPasswordReset } from './api.ts';
import '../i18n/areas/account.ts';

export function PasswordResetRequestPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('account.reset.requestTitle')} · ${t('app.titleSuffix')}`);
  const { errorText, fieldErrors } = useErrorText();
  const send = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const errors = fieldErrors(send.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (email.trim()) send.mutate(email.trim());
  };

  return (
    <PublicCard width={420} testId="page-password-reset-request">
      {send.isSuccess ? (
        <Stack gap="md" align="flex-start" data-testid="password-reset-sent">
          <Title order={1} fz="h2">
            {t('account.reset.sentTitle')}
          </Title>
          <Text c="dimmed">{t('account.reset.sent', { email: send.variables })}</Text>
          <Anchor href={SIGNIN_PATH}>{t('account.reset.backToSignIn')}</Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz="h2">
                {t('account.reset.requestTitle')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('account.reset.requestIntro')}
              </Text>
            </Stack>
            {send.error && !errors.email && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="password-reset-error">
                {errorText(send.error)}
              </Alert>
            )}
            <TextInput
              type="email"
              name="email"
              label={t('account.reset.email')}
              value={email}
              onChange={(e) => {
                send.reset();
                setEmail(e.currentTarget.value);
              }}
              error={errors.email ?? (tried && !email.trim() ? t('account.reset.emailRequired') : undefined)}
              autoComplete="username"
              required
              autoFocus
              data-testid="password-reset-email"
            />
            <Button type="submit" size="md" fullWidth loading={send.isPending} data-testid="password-reset-send">
              {t('account.reset.send')}
            </Button>
            <Anchor href={SIGNIN_PATH} size="sm" ta="center">
              {t('account.reset.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
