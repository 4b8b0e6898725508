// The competitor dashboard. The tiles arrive with the boards release; until then a welcoming header.
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/SessionContext.tsx';
import { InfoIcon } from '../brand/icons.tsx';

export function DashboardPage() {
  const { t } = useTranslation();
  const { user, company } = useSession();
  useDocumentTitle(`${t('titles.dashboard')} · ${t('app.titleSuffix')}`);
  const name = user.firstName || user.name.split(' ')[0] || user.username;
  return (
    <Stack gap="lg" pt="md" data-testid="page-dashboard">
      <Stack gap={4}>
        <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('dashboard.welcome', { name })}
        </Text>
        <Title order={1}>{t('dashboard.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('dashboard.subtitle', { company: company.name })}
        </Text>
      </Stack>
      <Alert variant="light" color="indigo" title={t('dashboard.tilesTitle')} icon={<InfoIcon />}>
        {t('dashboard.tilesComing')}
      </Alert>
    </Stack>
  );
}
