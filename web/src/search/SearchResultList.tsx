// The result list of the search results page: each result with its highlighted title, the breadcrumb
// rival › board (lane), a highlighted snippet, the relative updated date and the tags; infinite scroll
// through an IntersectionObserver sentinel (with a "Load more" button for keyboards); skeletons.
import { Anchor, Badge, Box, Button, Group, Loader, Paper, Skeleton, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import type { CardResult } from '../../../contracts/search.ts';
import { ChevronRightIcon, SearchIcon } from '../brand/icons.tsx';
import { laneHref, withViewCard } from '../cards/cardUrl.ts';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import classes from '../shared/Results.module.css';
import type { CardViewSource } from '../../../contracts/usage.ts';
import { openCardState } from '../usage/cardSource.ts';

function ResultBreadcrumb({ card }: { card: CardResult }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" c="dimmed" fz="xs" style={{ minWidth: 0 }} aria-label={t('search.result.breadcrumb')}>
      <Anchor component={Link} to={`/profile/${card.profile.id}`} size="xs" c="dimmed" fw={600} truncate onClick={(e) => e.stopPropagation()}>
        {card.rival.name}
      </Anchor>
      <ChevronRightIcon size={12} style={{ flex: 'none' }} />
      <Anchor component={Link} to={laneHref(card.board.profileId || card.profile.id, card.board.id)} size="xs" c="dimmed" truncate onClick={(e) => e.stopPropagation()}>
        {card.board.name}
      </Anchor>
    </Group>
  );
}

/** source: where the card counts as opened from (usage cardView); onOpen: told when the reader opens it here. */
export function SearchResultItem({ card, source = 'search', onOpen }: { card: CardResult; source?: CardViewSource; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const href = withViewCard(pathname, search, card.id);
  const titleRef = useRef<HTMLAnchorElement>(null);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      className={classes.result}
      data-testid="search-result"
      data-card-id={card.id}
      data-board-id={card.board.id}
      data-rival-id={card.rival.id}
      // The whole result opens the card; the title is the real link (keyboard, middle-click).
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a,button')) return;
        titleRef.current?.click();
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
          <ResultBreadcrumb card={card} />
          <Tooltip label={t('search.result.updatedAt', { date: shortDate(card.updatedAt, i18n.language) })} openDelay={400}>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }} data-testid="result-updated">
              {relativeTime(card.updatedAt, i18n.language)}
            </Text>
          </Tooltip>
        </Group>
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Anchor
            component={Link}
            to={href}
            state={openCardState(source)}
            ref={titleRef}
            // Opening in a new tab (modified or middle click) opens the result too; the card's view there counts as a link.
            onClick={() => onOpen?.()}
            onAuxClick={(e) => e.button === 1 && onOpen?.()}
            className={classes.resultTitle}
            fw={600}
            fz="md"
            data-testid="search-result-title"
          >
            <SafeHighlight html={card.titleHtml || card.data.name} />
          </Anchor>
          {card.isDraft && (
            <Badge size="xs" color="gray" variant="outline" style={{ flex: 'none' }}>
              {t('search.result.draft')}
            </Badge>
          )}
          {card.scratchpad && (
            <Tooltip label={t('search.result.scratchpadHint')} openDelay={300}>
              <Badge size="xs" color="yellow" variant="light" style={{ flex: 'none' }} data-testid="result-scratchpad">
                {t('search.result.scratchpad')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {card.snippetHtml && (
          <Box data-testid="search-result-snippet">
            <SafeHighlight html={card.snippetHtml} component="p" className={classes.snippet} />
          </Box>
        )}
        {card.tags.length > 0 && (
          <Group gap={4} aria-label={t('search.result.tags')}>
            {card.tags.map((tag) => (
              // A tag the search matched is filled, marked with the search glass, and said to match.
              <Badge
                key={tag.id}
                size="sm"
                radius="sm"
                variant={tag.highlight ? 'filled' : 'light'}
                color={tag.highlight ? 'indigo' : 'gray'}
                tt="none"
                fw={500}
                leftSection={tag.highlight ? <SearchIcon size={10} /> : undefined}
                data-testid="result-tag"
                data-id={tag.id}
                data-matched={tag.highlight || undefined}
              >
                {tag.name}
                {tag.highlight && <VisuallyHidden> {t('search.result.tagMatched')}</VisuallyHidden>}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function ResultSkeletons({ count = 4 }: { count?: number }) {
  return (
    <Stack gap="sm" data-testid="search-loading" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Paper withBorder radius="md" p="md" key={i}>
          <Stack gap={8}>
            <Skeleton height={10} width="30%" />
            <Skeleton height={16} width={`${60 + ((i * 13) % 30)}%`} />
            <Skeleton height={10} width="95%" />
            <Skeleton height={10} width="80%" />
            <Group gap={6}>
              <Skeleton height={18} width={60} radius="sm" />
              <Skeleton height={18} width={80} radius="sm" />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Loads the next page when it scrolls into view (400 px ahead). */
export function InfiniteScrollSentinel(props: { hasMore: boolean; loading: boolean; failed: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { hasMore, loading, failed, onMore } = props;
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;

  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
    }, { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading, failed]);

  if (!hasMore) return null;
  return (
    <Box ref={ref} py="md" data-testid="search-more">
      <Group justify="center" gap="sm">
        {loading ? (
          <>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('search.loadingMore')}
            </Text>
          </>
        ) : failed ? (
          <>
            <Text size="sm" c="red.7">
              {t('search.moreFailed')}
            </Text>
            <Button size="compact-sm" variant="light" onClick={onMore}>
              {t('search.retry')}
            </Button>
          </>
        ) : (
          <Button size="compact-sm" variant="subtle" onClick={onMore}>
            {t('search.loadMore')}
          </Button>
        )}
      </Group>
    </Box>
  );
}

type Pages = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;

/**
 * Pages of card results (the search page's, a dynamic board's): the list, dimmed while stale, and its sentinel. `source`
 * is where an opened card counts as opened from; `onOpen` hears which one, with its 1-based rank in the whole list.
 */
export function CardResultPages({
  cards,
  label,
  stale,
  pages,
  source = 'search',
  onOpen,
}: {
  cards: CardResult[];
  label: string;
  stale: boolean;
  pages: Pages;
  source?: CardViewSource;
  onOpen?: (card: CardResult, rank: number) => void;
}) {
  return (
    <>
      <Stack gap="sm" component="section" aria-label={label} data-testid="search-results" className={stale ? classes.stale : undefined} aria-busy={stale}>
        {cards.map((card, i) => (
          <SearchResultItem key={card.id} card={card} source={source} onOpen={onOpen && (() => onOpen(card, i + 1))} />
        ))}
      </Stack>
      <InfiniteScrollSentinel
        hasMore={!!pages.hasNextPage && !stale}
        loading={pages.isFetchingNextPage}
        failed={pages.isFetchNextPageError}
        onMore={() => void pages.fetchNextPage({ cancelRefetch: false })}
      />
    </>
  );
}
