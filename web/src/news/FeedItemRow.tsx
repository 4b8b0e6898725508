// One published intel item as sellers read it (/feed and the dashboard's news): its rivals and date, the curated
// title and summary with the matched terms highlighted, its topics and source, and a mark when curators found it
// important. The whole row opens the item's detail; the title is the real link (keyboard, middle-click).
import { Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { FeedItem } from '../../../contracts/news.ts';
import { useTranslation } from '../i18n/react.tsx';
import { relativeTime, shortDate } from '../shared/dates.ts';
import resultClasses from '../shared/Results.module.css';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import { withOpenItem } from './feedUrlState.ts';
import { FlameIcon } from './icons.tsx';
import classes from './News.module.css';
import '../i18n/areas/news.ts';

/** Set on the history entry that opened a detail, so closing it goes back rather than forward. */
export type NewsLocationState = { newsItem?: boolean };

export function PriorityBadge({ priority }: { priority: FeedItem['priority'] }) {
  const { t } = useTranslation();
  if (!priority) return null;
  const important = priority === 'important';
  return (
    <Badge
      size="sm"
      variant={important ? 'filled' : 'light'}
      color={important ? 'red' : 'grape'}
      leftSection={important ? <FlameIcon size={11} /> : undefined}
      style={{ flex: 'none' }}
      data-testid="news-priority"
      data-priority={priority}
    >
      {t(`news.item.${priority}`)}
    </Badge>
  );
}

export function PublishedDate({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Tooltip label={t('news.item.publishedOn', { date: shortDate(at, i18n.language) })} openDelay={400}>
      <Text component="time" dateTime={at} size="xs" c="dimmed" style={{ flex: 'none' }}>
        {relativeTime(at, i18n.language)}
      </Text>
    </Tooltip>
  );
}

/** `onOpen`: the reader opens the item's detail (for search analytics: the rank opened from a search). */
export function FeedItemRow({ item, onOpen }: { item: FeedItem; onOpen?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const titleRef = useRef<HTMLAnchorElement>(null);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      className={`${resultClasses.result} ${classes.row}`}
      data-testid="feed-item"
      data-id={item.id}
      data-priority={item.priority ?? undefined}
      aria-label={item.title}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a,button')) return;
        titleRef.current?.click();
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
          <Group gap={4} style={{ minWidth: 0 }} aria-label={t('news.item.rivals')}>
            {item.rivals.map((r) =>
              r.profileId ? (
                <Badge
                  key={r.id}
                  component={Link}
                  to={`/profile/${r.profileId}/news`}
                  size="sm"
                  variant="light"
                  color="indigo"
                  radius="sm"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  aria-label={t('news.detail.rivalNews', { name: r.name })}
                  data-testid="feed-item-rival"
                >
                  {r.name}
                </Badge>
              ) : (
                <Badge key={r.id} size="sm" variant="light" color="indigo" radius="sm" tt="none" data-testid="feed-item-rival">
                  {r.name}
                </Badge>
              ),
            )}
          </Group>
          <Group gap={8} wrap="nowrap" style={{ flex: 'none' }}>
            <PriorityBadge priority={item.priority} />
            <PublishedDate at={item.publishedAt} />
          </Group>
        </Group>
        <Anchor
          component={Link}
          to={withOpenItem(pathname, search, item.id)}
          state={{ newsItem: true } satisfies NewsLocationState}
          ref={titleRef}
          onClick={onOpen}
          className={resultClasses.resultTitle}
          fw={600}
          fz="md"
          lineClamp={2}
          data-testid="feed-item-title"
        >
          <SafeHighlight html={item.titleHtml || item.title} />
        </Anchor>
        {item.summaryHtml && <SafeHighlight html={item.summaryHtml} component="p" className={resultClasses.snippet} />}
        {(item.topics.length > 0 || item.source) && (
          <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
            {item.topics.map((topic) => (
              <Badge key={topic} size="sm" variant="outline" color="gray" radius="sm" tt="none" fw={500} data-testid="feed-item-topic">
                {topic}
              </Badge>
            ))}
            {item.source && (
              <Text span size="xs" c="dimmed" data-testid="feed-item-source">
                {item.source}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
