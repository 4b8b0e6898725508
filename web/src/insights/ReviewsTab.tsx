// The reviews tab of a supported rival (part 3 §2.3, §2.4, §7.1): the filter sidebar (a drawer on phones), the
// count and sort, the aspect filtered by, the review cards 25 a page with Mantine's pagination, and the empty
// and error states. The query string is the state.
import { Badge, Box, Button, CloseButton, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { Paging } from '../shared/Paging.tsx';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REVIEW_SORTS, type ReviewSort, type SupportedRival } from '../../../contracts/insights.ts';
import { BREAKPOINTS } from '../core/theme.ts';
import { FilterIcon, RefreshIcon, SortIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import resultClasses from '../shared/Results.module.css';
import { FiltersDrawer, SIDEBAR_WIDTH, StaleResults } from '../shared/ResultsFrame.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useAspects, useReviews } from './api.ts';
import { aspectReviewsPath, DEFAULT_REVIEW_FILTERS, hasReviewFilters, mergeAspectPages, pageCount, parseReviewFilters, reviewFiltersSearch, withFilters, type ReviewFilters } from './model.ts';
import { ReviewCard, usePinReview } from './ReviewCard.tsx';
import { ReviewSidebar } from './ReviewSidebar.tsx';
import '../i18n/areas/insights.ts';

type Props = { rival: SupportedRival; curator: boolean };

export function ReviewsTab({ rival, curator }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseReviewFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback((next: ReviewFilters) => navigate({ search: reviewFiltersSearch(next) }), [navigate]);
  // Date presets count from when the tab opened, so the query (and its cache) stays the same while it is open.
  const [now] = useState(() => new Date());
  const reviews = useReviews(rival.id, filters, now);
  const aspects = useAspects(rival.id, filters, now, 'none');
  const onPin = usePinReview();
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`, true, { getInitialValueInEffect: false });
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const aspectHref = (aspectId: number) => aspectReviewsPath(rival.id, aspectId);

  const data = reviews.data;
  const total = data?.pagination.total ?? 0;
  const stale = reviews.isPlaceholderData;
  const filtered = hasReviewFilters(filters);
  const aspectTitle = filters.aspectId === null ? null : (mergeAspectPages(aspects.data?.pages ?? []).find((a) => a.id === filters.aspectId)?.title ?? `#${filters.aspectId}`);
  const clear = () => setFilters({ ...DEFAULT_REVIEW_FILTERS, sort: filters.sort });

  const sidebar = <ReviewSidebar rivalId={rival.id} filters={filters} now={now} curator={curator} onChange={setFilters} />;

  let body;
  if (reviews.isPending) {
    body = (
      <Stack gap="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={150} radius="md" />
        ))}
      </Stack>
    );
  } else if (reviews.isError && !data) {
    body = (
      <StatePanel kind="error" title={t('insights.errors.reviewsTitle')} text={t('insights.errors.generic')} data-testid="reviews-error">
        <Button leftSection={<RefreshIcon size={15} />} onClick={() => void reviews.refetch()} loading={reviews.isFetching}>
          {t('insights.retry')}
        </Button>
      </StatePanel>
    );
  } else if (!data || data.reviews.length === 0) {
    body = (
      <StatePanel
        kind="empty"
        title={t(filtered ? 'insights.empty.reviewsFiltered' : 'insights.empty.reviews')}
        text={t(filtered ? 'insights.empty.reviewsFilteredText' : 'insights.empty.reviewsText')}
        data-testid="reviews-empty"
      >
        {filtered && (
          <Button variant="light" onClick={clear} data-testid="reviews-empty-clear">
            {t('insights.filters.clear')}
          </Button>
        )}
      </StatePanel>
    );
  } else {
    const pages = pageCount(total, data.pagination.size);
    body = (
      <Stack gap="sm">
        <Stack gap="sm" component="section" aria-label={t('insights.tabs.reviews')} data-testid="review-list" className={stale ? resultClasses.stale : undefined} aria-busy={stale}>
          {data.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} onPin={onPin} aspectHref={aspectHref} activeAspectId={filters.aspectId} />
          ))}
        </Stack>
        {pages > 1 && (
          <Group justify="center" pt="sm">
            <Paging
              total={pages}
              value={filters.page}
              onChange={(page) => {
                setFilters({ ...filters, page });
                window.scrollTo({ top: 0 });
              }}
              withEdges={desktop}
              siblings={desktop ? 1 : 0}
              getControlProps={(control) => ({ 'aria-label': t(`insights.pagination.${control}`) })}
              data-testid="reviews-pagination"
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" data-testid="reviews-tab">
      {desktop && (
        <Box component="aside" w={SIDEBAR_WIDTH} className={resultClasses.sidebar} aria-label={t('insights.filters.label')}>
          {sidebar}
        </Box>
      )}
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed" data-testid="reviews-count" data-count={data && !stale ? total : undefined} aria-live="polite">
            {reviews.isPending ? t('insights.loading') : t('insights.reviews.count', { count: total })}
          </Text>
          <Group gap="xs">
            {!desktop && (
              <Button variant="default" size="xs" leftSection={<FilterIcon size={14} />} onClick={filtersDrawer.open} data-testid="open-filters">
                {t('insights.filters.label')}
              </Button>
            )}
            <Select
              size="xs"
              w={170}
              value={filters.sort}
              onChange={(v) => v && setFilters(withFilters(filters, { sort: v as ReviewSort }))}
              allowDeselect={false}
              leftSection={<SortIcon size={14} />}
              data={REVIEW_SORTS.map((s) => ({ value: s, label: t(`insights.sorts.${s}`) }))}
              aria-label={t('insights.sorts.label')}
              comboboxProps={{ withinPortal: true }}
              data-testid="reviews-sort"
            />
          </Group>
        </Group>
        {filtered && (
          <Group gap={6} data-testid="applied-filters">
            {aspectTitle && (
              <Badge
                variant="light"
                color="indigo"
                radius="sm"
                tt="none"
                size="lg"
                fw={500}
                data-testid="applied-aspect"
                rightSection={<CloseButton size="xs" variant="transparent" c="inherit" onClick={() => setFilters(withFilters(filters, { aspectId: null }))} aria-label={t('insights.filters.removeAspect', { aspect: aspectTitle })} />}
              >
                {t('insights.filters.aspectApplied', { aspect: aspectTitle })}
              </Badge>
            )}
            <Button size="compact-sm" variant="subtle" onClick={clear} data-testid="filters-clear">
              {t('insights.filters.clear')}
            </Button>
          </Group>
        )}
        <StaleResults stale={stale}>{body}</StaleResults>
      </Stack>
      {!desktop && (
        <FiltersDrawer opened={filtersOpened} onClose={filtersDrawer.close} title={t('insights.filters.label')}>
          {sidebar}
        </FiltersDrawer>
      )}
    </Group>
  );
}
