// 'Authentication failed': user or company came back empty; both are cleared (part 1 §5, §8).
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { clearSession } from '../api/session.ts';
import { signInPath } from '../core/routes.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { CenteredMessage } from './CenteredMessage.tsx';

export function AuthFailedPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  useEffect(() => clearSession(client), [client]);
  const here = `${window.location.pathname}${window.location.search}`;
  return (
    <CenteredMessage
      testId="auth-failed"
      fullScreen
      icon={<AlertIcon size={28} />}
      title={t('auth.failed.title')}
      description={t('auth.failed.description')}
    >
      <Button component="a" href={signInPath(here)} mt="sm">
        {t('auth.failed.signIn')}
      </Button>
    </CenteredMessage>
  );
}
