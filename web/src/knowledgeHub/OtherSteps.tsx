// The competitors step (with its flag: the company's rivals, and where to add one: the dashboard's new board) and the
// done step (the hub set up; its files are found by search).
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useRivals } from '../dashboard/api.ts';
import { useTranslation } from '../i18n/react.tsx';
import '../i18n/areas/knowledgeHub.ts';

export function CompetitorsStep() {
  const { t } = useTranslation();
  const rivals = useRivals('alpha');
  return (
    <Stack gap="sm" component="section" aria-labelledby="hub-rivals-title">
      <Group justify="space-between">
        <Title order={3} fz="h5" id="hub-rivals-title">
          {t('knowledgeHub.competitors.title')}
        </Title>
        <Button component={Link} to="/dashboard" variant="light" size="compact-sm">
          {t('knowledgeHub.competitors.add')}
        </Button>
      </Group>
      {rivals.isPending ? (
        <Loader aria-label={t('knowledgeHub.competitors.title')} />
      ) : (rivals.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('knowledgeHub.competitors.empty')}</Text>
      ) : (
        <Stack component="ul" gap={4} data-testid="hub-rivals">
          {(rivals.data ?? []).map((r) => (
            <li key={r.id}>
              <Anchor component={Link} to={`/profile/${r.profileId}`}>
                {r.name}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function DoneStep() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('knowledgeHub.done.title')}
      </Title>
      <Anchor component={Link} to="/search">
        {t('knowledgeHub.done.search')}
      </Anchor>
    </Stack>
  );
}
