import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { CenteredMessage } from './CenteredMessage.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.titleSuffix')}`);
  return (
    <CenteredMessage testId="page-not-found" code="404" title={t('notFound.title')} description={t('notFound.description')}>
      <Button component={Link} to="/" mt="sm">
        {t('notFound.home')}
      </Button>
    </CenteredMessage>
  );
}
