// The detail of a published intel item (?item={id} on the screens that list news): the curated title and summary,
// the source link, its competitors (each leading to that rival's news) and the reader's cards related to it (each
// opening over its board). A drawer on the right; on phones it fills the screen.
import { Alert, Anchor, Badge, Button, Divider, Drawer, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { FeedItemDetail } from '../../../contracts/news.ts';
import { AlertIcon, CardIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useHeldWhileClosing } from '../shared/useHeldWhileClosing.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useFeedItem } from './api.ts';
import { openItemOf, withOpenItem } from './feedUrlState.ts';
import { PriorityBadge, PublishedDate, type NewsLocationState } from './FeedItemRow.tsx';
import { ExternalIcon } from './icons.tsx';
import classes from './News.module.css';
import type { CardOpenState } from '../usage/cardSource.ts';
import '../i18n/areas/news.ts';

/** The item whose detail the URL opens, and how to close it (back, when this app opened it). */
export function useOpenItem(): [number | null, () => void] {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const close = useCallback(() => {
    if ((state as NewsLocationState | null)?.newsItem) navigate(-1);
    else navigate(withOpenItem(pathname, search, null), { replace: true });
  }, [navigate, pathname, search, state]);
  return [openItemOf(search), close];
}

function SourceLink({ item }: { item: FeedItemDetail }) {
  const { t } = useTranslation();
  if (!item.permalink) return item.source ? <Text size="sm" c="dimmed">{item.source}</Text> : null;
  return (
    <Button
      component="a"
      href={item.permalink}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      size="sm"
      rightSection={<ExternalIcon size={15} />}
      style={{ alignSelf: 'flex-start' }}
      data-testid="news-detail-source"
    >
      {item.source ? t('news.detail.source', { source: item.source }) : t('news.detail.sourceLink')}
      <VisuallyHidden> ({t('news.detail.newTab')})</VisuallyHidden>
    </Button>
  );
}

function DetailBody({ item }: { item: FeedItemDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="news-detail" data-id={item.id}>
      <Group gap="sm">
        <PriorityBadge priority={item.priority} />
        <PublishedDate at={item.publishedAt} />
      </Group>
      <Title order={2} fz="h3" data-testid="news-detail-title" style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Title>
      {item.topics.length > 0 && (
        <Group gap={6} aria-label={t('news.item.topics')}>
          {item.topics.map((topic) => (
            <Badge key={topic} size="sm" variant="outline" color="gray" radius="sm" tt="none" fw={500}>
              {topic}
            </Badge>
          ))}
        </Group>
      )}
      {item.summary && (
        <Text size="sm" c="gray.8" className={classes.summary} data-testid="news-detail-summary">
          {item.summary}
        </Text>
      )}
      <SourceLink item={item} />
      {item.rivals.length > 0 && (
        <>
          <Divider />
          <Stack gap={6} component="section" aria-labelledby="news-detail-rivals">
            <Text id="news-detail-rivals" size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {t('news.detail.rivals')}
            </Text>
            <Group gap="xs">
              {item.rivals.map((r) =>
                r.profileId ? (
                  <Button key={r.id} component={Link} to={`/profile/${r.profileId}/news`} variant="default" size="xs" data-testid="news-detail-rival">
                    {t('news.detail.rivalNews', { name: r.name })}
                  </Button>
                ) : (
                  <Badge key={r.id} variant="light" color="indigo" tt="none">
                    {r.name}
                  </Badge>
                ),
              )}
            </Group>
          </Stack>
        </>
      )}
      <Divider />
      <Stack gap={6} component="section" aria-labelledby="news-detail-related">
        <Text id="news-detail-related" size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('news.detail.related')}
        </Text>
        {item.relatedCards.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('news.detail.noRelated')}
          </Text>
        ) : (
          item.relatedCards.map((card) => (
            <Paper key={card.id} withBorder radius="md" px="sm" py={8} data-testid="news-detail-card">
              <Group gap="sm" wrap="nowrap">
                <CardIcon size={16} style={{ flex: 'none', color: 'var(--mantine-color-indigo-6)' }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/profile/${card.board.profileId}/view/card/${card.id}`} state={{ cardSource: 'feed' } satisfies CardOpenState} fw={600} size="sm" lineClamp={2}>
                    {card.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate>
                    {t('news.detail.relatedOn', { rival: card.rival.name, board: card.board.name })}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))
        )}
      </Stack>
    </Stack>
  );
}

export function FeedItemDrawer() {
  const { t } = useTranslation();
  const phone = usePhone();
  const [id, close] = useOpenItem();
  const detail = useFeedItem(useHeldWhileClosing(id));
  const missing = detail.isError && (detail.error as { status?: number }).status === 404;
  return (
    <Drawer
      opened={id !== null}
      onClose={close}
      position="right"
      size={phone ? '100%' : 560}
      title={
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('news.detail.label')}
        </Text>
      }
      data-testid="news-drawer"
    >
      {detail.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={12} w="30%" />
          <Skeleton h={24} w="90%" />
          <Skeleton h={12} w="100%" />
          <Skeleton h={12} w="95%" />
          <Skeleton h={12} w="70%" />
        </Stack>
      ) : detail.isError ? (
        <Alert color={missing ? 'gray' : 'red'} variant="light" icon={<AlertIcon />} data-testid="news-detail-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(missing ? 'news.detail.notFound' : 'news.detail.failed')}</Text>
            {!missing && (
              <Button size="xs" variant="light" color="red" onClick={() => void detail.refetch()} loading={detail.isFetching}>
                {t('news.error.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        <DetailBody item={detail.data} />
      )}
    </Drawer>
  );
}
