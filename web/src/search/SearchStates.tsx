// The empty and error states of the search results page.
import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon, RefreshIcon, SearchIcon } from '../brand/icons.tsx';

export function SearchEmptyState({ terms, filtered, onClearFilters }: { terms: string; filtered: boolean; onClearFilters: () => void }) {
  const { t } = useTranslation();
  const words = terms.trim().split(/\s+/).filter(Boolean).length;
  return (
    <Paper withBorder radius="md" p="xl" data-testid="search-empty">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="gray">
          <SearchIcon size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {terms ? t('search.empty.titleTerms', { terms }) : t('search.empty.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('search.empty.tryIntro')}
        </Text>
        <List size="sm" spacing={4}>
          {filtered && <List.Item>{t('search.empty.removeFilters')}</List.Item>}
          {terms && <List.Item>{t('search.empty.checkSpelling')}</List.Item>}
          {words > 1 && <List.Item>{t('search.empty.fewerWords')}</List.Item>}
          <List.Item>{t('search.empty.general')}</List.Item>
        </List>
        {filtered && (
          <Button variant="light" onClick={onClearFilters} data-testid="search-empty-clear">
            {t('search.empty.clearFilters')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function SearchErrorState({ message, onRetry, retrying }: { message: string | null; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="search-error" role="alert">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="red">
          <AlertIcon size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('search.error.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {message ? t('search.error.withMessage', { message }) : t('search.error.description')}
        </Text>
        <Button leftSection={<RefreshIcon size={15} />} onClick={onRetry} loading={retrying} data-testid="search-retry">
          {t('search.retry')}
        </Button>
      </Stack>
    </Paper>
  );
}
