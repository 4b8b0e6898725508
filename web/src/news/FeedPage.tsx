// The news feed for sellers (/feed, part 1 §2): the published intel they may read, newest first. The URL is the
// state (feedUrlState.ts): the search box (applied after a pause in typing), filters by competitor, topic and
// publication date; the list scrolls on without end (20 at a time, rows virtualized); a row opens the item's
// detail in a drawer (?item=). Empty, loading, error and "closest matches only" states.
import { Button, Group, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FeedItem } from '../../../contracts/news.ts';
import { DATE_PRESETS, type DatePreset } from '../../../contracts/search.ts';
import { RefreshIcon } from '../brand/icons.tsx';
import { useRivals } from '../dashboard/api.ts';
import { useTranslation } from '../i18n/react.tsx';
import { InfiniteScrollSentinel, ResultSkeletons } from '../search/SearchResultList.tsx';
import { StaleResults } from '../shared/ResultsFrame.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { VirtualRows } from '../shared/VirtualRows.tsx';
import { useFeed, useFeedTopics } from './api.ts';
import { FEED_SEARCH_DEBOUNCE_MS, FEED_ROW_ESTIMATE_PX, FEED_ROW_GAP_PX } from './constants.ts';
import { FeedItemDrawer } from './FeedItemDrawer.tsx';
import { FeedItemRow } from './FeedItemRow.tsx';
import { emptyFeedState, feedHref, hasFeedFilters, parseFeedUrl, type FeedState } from './feedUrlState.ts';
import '../i18n/areas/news.ts';
import { trackSearchOpen } from '../usage/record.ts';

function useFeedState(): [FeedState, (next: FeedState) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseFeedUrl(search), [search]);
  const setState = useCallback((next: FeedState) => navigate(feedHref(next)), [navigate]);
  return [state, setState];
}

function FeedFilters({ state, onChange }: { state: FeedState; onChange: (next: FeedState) => void }) {
  const { t } = useTranslation();
  const rivals = useRivals('alpha');
  const topics = useFeedTopics();
  const rivalData = (rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  // A topic named in the URL stays choosable (and removable) even when no published item has it any more.
  const topicNames = [...new Set([...(topics.data ?? []).map((x) => x.name), ...state.topics])];
  const counts = new Map((topics.data ?? []).map((x) => [x.name, x.count]));
  const onSearch = useCallback((q: string) => onChange({ ...state, q }), [state, onChange]);
  // The search box has a row of its own; the filters share the next one (two of them on a phone), growing on wider
  // screens so that their chosen values stay readable.
  const flex = { flex: '2 1 150px', minWidth: 0 };
  return (
    <Paper withBorder radius="md" p="sm" role="search" aria-label={t('news.search.label')}>
      <Group gap="sm" wrap="wrap" align="flex-start">
        <SearchBox
          value={state.q}
          onSearch={onSearch}
          delayMs={FEED_SEARCH_DEBOUNCE_MS}
          label={t('news.search.label')}
          clearLabel={t('news.search.clear')}
          style={{ flex: '1 1 100%' }}
          data-testid="feed-search"
        />
        <MultiSelect
          size="sm"
          data={rivalData}
          value={state.rivalIds.map(String)}
          onChange={(ids) => onChange({ ...state, rivalIds: ids.map(Number) })}
          placeholder={state.rivalIds.length ? undefined : t('news.filters.allRivals')}
          aria-label={t('news.filters.rivals')}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="—"
          comboboxProps={{ withinPortal: true }}
          style={flex}
          data-testid="feed-filter-rivals"
        />
        <MultiSelect
          size="sm"
          data={topicNames.map((name) => ({ value: name, label: name }))}
          value={state.topics}
          onChange={(names) => onChange({ ...state, topics: names })}
          placeholder={state.topics.length ? undefined : t('news.filters.allTopics')}
          aria-label={t('news.filters.topics')}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="—"
          renderOption={({ option }) => (
            <Group justify="space-between" gap="sm" wrap="nowrap" w="100%">
              <Text size="sm" truncate>
                {option.label}
              </Text>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {counts.get(option.value)}
              </Text>
            </Group>
          )}
          comboboxProps={{ withinPortal: true }}
          style={flex}
          data-testid="feed-filter-topics"
        />
        <Select
          size="sm"
          data={DATE_PRESETS.map((p) => ({ value: p, label: t(`search.presets.${p}`) }))}
          value={state.dateRange}
          onChange={(v) => v && onChange({ ...state, dateRange: v as DatePreset })}
          allowDeselect={false}
          aria-label={t('news.filters.date')}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 140px', minWidth: 0, maxWidth: 200 }}
          data-testid="feed-filter-date"
        />
        {hasFeedFilters(state) && (
          <Button variant="subtle" size="sm" onClick={() => onChange({ ...emptyFeedState(), q: state.q })} data-testid="feed-clear-filters">
            {t('news.filters.clear')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function FeedPage() {
  const { t } = useTranslation();
  const [state, setState] = useFeedState();
  const feed = useFeed(state);
  useDocumentTitle(`${t('news.title')} · ${t('app.titleSuffix')}`);

  const pages = feed.data?.pages;
  // A page boundary can move while items are published: an item already shown is not shown twice.
  const items = useMemo(() => {
    const seen = new Set<number>();
    const out: FeedItem[] = [];
    for (const item of (pages ?? []).flatMap((p) => p.items)) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
    return out;
  }, [pages]);
  const first = pages?.[0];
  const total = first?.total ?? 0;
  const stale = feed.isPlaceholderData;
  // Usage: the first item opened from a search, with its rank in the whole list (contracts/usage.ts searchOpen).
  const rankOf = useMemo(() => new Map(items.map((item, i) => [item.id, i + 1])), [items]);
  const searchId = first?.searchId;
  const onOpen = (item: FeedItem) => {
    const rank = rankOf.get(item.id);
    if (searchId && rank && state.q.trim() && !stale) trackSearchOpen({ searchId, query: state.q, context: 'feed', rank });
  };
  const searching = state.q.trim() !== '' || hasFeedFilters(state);
  const more = useCallback(() => void feed.fetchNextPage({ cancelRefetch: false }), [feed]);

  let body;
  if (feed.isPending) body = <ResultSkeletons />;
  else if (feed.isError && !feed.data) {
    body = (
      <StatePanel kind="error" title={t('news.error.title')} text={t('news.error.text')} data-testid="feed-error">
        <Button leftSection={<RefreshIcon size={15} />} onClick={() => void feed.refetch()} loading={feed.isFetching} data-testid="feed-retry">
          {t('news.error.retry')}
        </Button>
      </StatePanel>
    );
  } else if (items.length === 0 && !stale) {
    body = searching ? (
      <StatePanel kind="empty" title={t('news.empty.noMatchTitle')} text={t('news.empty.noMatchText')} data-testid="feed-empty" data-kind="noMatch">
        <Button variant="light" onClick={() => setState(emptyFeedState())} data-testid="feed-empty-clear">
          {t('news.empty.clear')}
        </Button>
      </StatePanel>
    ) : (
      <StatePanel kind="empty" title={t('news.empty.title')} text={t('news.empty.text')} data-testid="feed-empty" data-kind="none" />
    );
  } else {
    body = (
      <>
        <VirtualRows
          items={items}
          getKey={(item) => item.id}
          estimateSize={FEED_ROW_ESTIMATE_PX}
          gap={FEED_ROW_GAP_PX}
          renderItem={(item) => <FeedItemRow item={item} onOpen={() => onOpen(item)} />}
          // A failed page waits for the reader's retry below rather than being asked for again at once.
          hasMore={!!feed.hasNextPage && !feed.isFetchNextPageError && !stale}
          loadingMore={feed.isFetchingNextPage}
          onMore={more}
          listProps={{ role: 'feed', 'aria-label': t('news.list.label'), 'data-testid': 'feed-list' }}
        />
        <InfiniteScrollSentinel hasMore={!!feed.hasNextPage && !stale} loading={feed.isFetchingNextPage} failed={feed.isFetchNextPageError} onMore={more} />
        {!feed.hasNextPage && items.length > 0 && (
          <Text size="xs" c="dimmed" ta="center" py="sm" data-testid="feed-end">
            {t('news.list.end')}
          </Text>
        )}
      </>
    );
  }

  return (
    <Stack gap="md" pt="md" maw={880} w="100%" mx="auto" data-testid="page-feed">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {t('news.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('news.subtitle')}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed" data-testid="feed-count" data-count={feed.data && !stale ? total : undefined} aria-live="polite">
          {feed.isPending || stale ? t('news.searching') : feed.data ? t('news.count', { count: total }) : '\u00a0'}
        </Text>
      </Group>
      <FeedFilters state={state} onChange={setState} />
      {first?.matched === 'any' && !stale && (
        <Text size="sm" c="orange.8" data-testid="feed-matched-any">
          {t('news.matchedAny')}
        </Text>
      )}
      <StaleResults stale={stale}>{body}</StaleResults>
      <FeedItemDrawer />
    </Stack>
  );
}
