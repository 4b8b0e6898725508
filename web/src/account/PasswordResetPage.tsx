// /account/password_reset/{token}, the mailed link: choose a new password (twice), then sign in with it. A link
// that is unknown, replaced, expired or used says so, in the reader's language, with a way to ask for a new one.
import { Alert, Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { ApiError } from '../api/client.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useErrorText } from '../api/errorText.ts';
import { matchPattern, PASSWORD_RESET_PATH, SIGNIN_PATH } from '../core/routes.ts';
import { AlertIcon, CheckIcon } from '../brand/icons.tsx';
import { PublicCard } from '../pages/PublicCard.tsx';
import { useResetPassword } from './api.ts';
import { passwordProblem, resetLinkProblem } from './model.ts';
import '../i18n/areas/account.ts';
import '../i18n/areas/people.ts';

export function PasswordResetPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('account.reset.documentTitle')} · ${t('app.titleSuffix')}`);
  const { pathname } = useLocation();
  const token = matchPattern(`${PASSWORD_RESET_PATH}/:token`, pathname)?.token ?? '';
  const { errorText, fieldErrors } = useErrorText();
  const reset = useResetPassword(token);
  const [draft, setDraft] = useState({ password: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const problem = passwordProblem(draft.password, draft.confirm);
  const errors = fieldErrors(reset.error);
  const linkProblem = reset.error instanceof ApiError ? resetLinkProblem(reset.error.code) : null;

  const set = (patch: Partial<typeof draft>) => {
    reset.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!problem) reset.mutate(draft.password);
  };

  if (reset.isSuccess) {
    return (
      <PublicCard width={420} testId="page-password-reset">
        <Stack gap="md" align="flex-start" data-testid="password-reset-done">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal">
            <CheckIcon size={24} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {t('account.reset.doneTitle')}
          </Title>
          <Text c="dimmed">{t('account.reset.done')}</Text>
          <Button component="a" href={SIGNIN_PATH} data-testid="password-reset-signin">
            {t('account.reset.toSignIn')}
          </Button>
        </Stack>
      </PublicCard>
    );
  }

  return (
    <PublicCard width={420} testId="page-password-reset">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {t('account.reset.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('account.reset.intro')}
            </Text>
          </Stack>
          {reset.error && !errors.password && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="password-reset-error" data-problem={linkProblem ?? 'failed'}>
              <Stack gap={4} align="flex-start">
                <span>{linkProblem ? t(`account.reset.problems.${linkProblem}`) : errorText(reset.error)}</span>
                {linkProblem && <Anchor href={PASSWORD_RESET_PATH}>{t('account.reset.askAgain')}</Anchor>}
              </Stack>
            </Alert>
          )}
          <NewPasswordFields
            password={draft.password}
            confirm={draft.confirm}
            onChange={set}
            tried={tried}
            serverError={errors.password}
            autoFocus
            testIdPrefix="password-reset"
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={!!linkProblem} data-testid="password-reset-submit">
            {t('account.reset.submit')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
