// The page for areas of Rivalscope that are not built yet; it names the area plainly.
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SparkIcon } from '../brand/icons.tsx';

export function ComingSoonPage({ area, params = {} }: { area: string; params?: Record<string, string> }) {
  const { t } = useTranslation();
  const name = t(`comingSoon.areas.${area}.name`, { defaultValue: area });
  useDocumentTitle(`${name} · ${t('app.titleSuffix')}`);
  const rest = params['*'] ?? '';
  const detail =
    area === 'search' && rest
      ? t('comingSoon.searchTerms', { terms: rest })
      : area === 'companySettings' && rest
        ? t('comingSoon.settingsSection', { section: rest })
        : area === 'userPage' && params.userId
          ? t('comingSoon.userId', { id: params.userId })
          : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} mt="lg" data-testid="page-coming-soon" data-area={area}>
      <Stack gap="md" maw={640}>
        <Group gap="sm">
          <ThemeIcon size={44} radius="md" variant="light">
            <SparkIcon size={24} />
          </ThemeIcon>
          <Badge variant="light" color="grape">
            {t('comingSoon.badge')}
          </Badge>
        </Group>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('comingSoon.title', { area: name })}
        </Title>
        <Text size="lg">{t(`comingSoon.areas.${area}.description`, { defaultValue: '' })}</Text>
        {detail && <Text c="dimmed">{detail}</Text>}
        <Text c="dimmed">{t('comingSoon.description')}</Text>
        <Group>
          <Button component={Link} to="/" variant="light">
            {t('comingSoon.backHome')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
