// A competitor profile. Boards, cards and battlecards arrive with the boards release.
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { viewType } from '../app/routes.ts';
import { InfoIcon } from '../brand/icons.tsx';

export function ProfilePage({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(`${t('titles.profile')} ${profileId} · ${t('app.titleSuffix')}`);
  return (
    <Stack gap="lg" pt="md" data-testid="page-profile" data-profile-id={profileId}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            {t('profile.subtitle', { id: profileId })}
          </Text>
          <Badge variant="light" size="sm">
            {t(`profile.views.${viewType(pathname)}`)}
          </Badge>
        </Group>
        <Title order={1}>{t('profile.title')}</Title>
      </Stack>
      <Alert variant="light" color="indigo" title={t('profile.comingTitle')} icon={<InfoIcon />}>
        {t('profile.coming')}
      </Alert>
    </Stack>
  );
}
