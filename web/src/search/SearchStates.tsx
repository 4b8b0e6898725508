// The empty and error states of the search results page.
import { Button, List } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { RefreshIcon } from '../brand/icons.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';

export function SearchEmptyState({ terms, filtered, onClearFilters }: { terms: string; filtered: boolean; onClearFilters: () => void }) {
  const { t } = useTranslation();
  const words = terms.trim().split(/\s+/).filter(Boolean).length;
  return (
    <StatePanel kind="empty" title={terms ? t('search.empty.titleTerms', { terms }) : t('search.empty.title')} text={t('search.empty.tryIntro')} data-testid="search-empty">
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
    </StatePanel>
  );
}

export function SearchErrorState({ message, onRetry, retrying }: { message: string | null; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      kind="error"
      title={t('search.error.title')}
      text={message ? t('search.error.withMessage', { message }) : t('search.error.description')}
      data-testid="search-error"
    >
      <Button leftSection={<RefreshIcon size={15} />} onClick={onRetry} loading={retrying} data-testid="search-retry">
        {t('search.retry')}
      </Button>
    </StatePanel>
  );
}
