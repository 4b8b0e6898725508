import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { CenteredMessage } from './CenteredMessage.tsx';

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('titles.notAuthorized')} · ${t('app.titleSuffix')}`);
  return (
    <CenteredMessage
      testId="page-not-authorized"
      code="403"
      title={t('notAuthorized.title')}
      description={t('notAuthorized.description')}
    >
      <Button component={Link} to="/" mt="sm">
        {t('notAuthorized.home')}
      </Button>
    </CenteredMessage>
  );
}
