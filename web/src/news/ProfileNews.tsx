// One rival's news (/profile/{id}/news, part 2 §2): its published intel and the changes to its cards, newest
// first, with older news on demand. Opening it records the visit (userData.boardNewsVisits) once the news is
// shown, for readers with unread badges; what came since their previous visit is marked new.
import { Alert, Anchor, Avatar, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isUnread, lastNewsVisit, type ProfileNewsItem } from '../../../contracts/news.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, ArrowLeftIcon, CardIcon } from '../brand/icons.tsx';
import { initials } from '../dashboard/model.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useProfile } from '../profile/api.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useProfileNews, useRecordNewsVisit } from './api.ts';
import { PublishedDate } from './FeedItemRow.tsx';
import { ExternalIcon, NewsIcon } from './icons.tsx';
import { showsUnreadBadges } from './model.ts';
import classes from './News.module.css';
import type { CardOpenState } from '../usage/cardSource.ts';
import '../i18n/areas/news.ts';

function NewsEntry({ item, profileId, unread }: { item: ProfileNewsItem; profileId: number; unread: boolean }) {
  const { t } = useTranslation();
  const intel = item.kind === 'intel';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={item.title} data-testid="profile-news-item" data-kind={item.kind} data-id={item.id} data-unread={unread || undefined}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={34} radius="xl" variant="light" color={intel ? 'indigo' : 'teal'} style={{ flex: 'none' }} aria-hidden>
          {intel ? <NewsIcon size={17} /> : <CardIcon size={17} />}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} wrap="wrap" style={{ rowGap: 2 }}>
            <Text size="xs" fw={700} c={intel ? 'indigo.7' : 'teal.8'} tt="uppercase" style={{ letterSpacing: '0.05em' }}>
              {intel ? t('news.profile.intel') : t('news.profile.card')}
            </Text>
            <PublishedDate at={item.at} />
            {unread && (
              <Badge size="xs" color="red" variant="light" data-testid="profile-news-new">
                {t('news.item.new')}
              </Badge>
            )}
          </Group>
          {item.kind === 'intel' ? (
            <>
              {item.permalink ? (
                <Anchor href={item.permalink} target="_blank" rel="noopener noreferrer" fw={600} c="dark" lineClamp={2} data-testid="profile-news-title">
                  {item.title} <ExternalIcon size={13} style={{ verticalAlign: '-1px', opacity: 0.6 }} />
                </Anchor>
              ) : (
                <Text fw={600} lineClamp={2} data-testid="profile-news-title">
                  {item.title}
                </Text>
              )}
              {item.summary && (
                <Text size="sm" c="gray.7" lineClamp={4} className={classes.summary}>
                  {item.summary}
                </Text>
              )}
              {item.source && (
                <Text size="xs" c="dimmed">
                  {item.source}
                </Text>
              )}
            </>
          ) : (
            <>
              <Anchor
                component={Link}
                to={`/profile/${profileId}/view/card/${item.id}`}
                state={{ cardSource: 'feed' } satisfies CardOpenState}
                fw={600}
                c="dark"
                lineClamp={2}
                data-testid="profile-news-title"
              >
                {item.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(item.change === 'created' ? 'news.profile.created' : 'news.profile.updated', { board: item.board.name })}
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

export function ProfileNews({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const badges = showsUnreadBadges(user, company);
  const news = useProfileNews(profileId);
  // The avatar only: the board view usually has the profile cached already.
  const profile = useProfile(profileId);
  const record = useRecordNewsVisit();
  // What was new is read before this visit is recorded, and stays so while the page is open.
  const [since] = useState(() => ({ visit: lastNewsVisit(user.userData, profileId), now: new Date() }));
  const recorded = useRef<number | null>(null);
  const first = news.data?.pages[0];
  const rival = first?.rival;
  useDocumentTitle(`${rival ? t('news.profile.title', { name: rival.name }) : t('news.title')} · ${t('app.titleSuffix')}`);

  // Once per open, when the news is there to read.
  useEffect(() => {
    if (!badges || !first || recorded.current === profileId) return;
    recorded.current = profileId;
    record.mutate(profileId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- record is a new object each render; the ref keeps it to one call
  }, [badges, first, profileId]);

  const notFound = news.isError && (news.error as { status?: number }).status === 404;
  const items = news.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="lg" pt="md" maw={880} w="100%" data-testid="page-profile-news" data-profile-id={profileId}>
      <Group gap="md" wrap="nowrap" align="center" data-testid="profile-news-header">
        <Avatar src={profile.data?.rival.iconUrl} size={52} radius="md" color="indigo" alt="">
          {rival ? initials(rival.name) : null}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {rival ? (
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }} data-testid="profile-news-rival">
              {t('news.profile.title', { name: rival.name })}
            </Title>
          ) : (
            <Skeleton h={28} w={260} />
          )}
          <Group gap="xs">
            <Button component={Link} to={`/profile/${profileId}`} variant="default" size="xs" leftSection={<ArrowLeftIcon size={14} />} data-testid="profile-news-board">
              {t('news.profile.board')}
            </Button>
            {rival && (
              <Button component={Link} to={`/company/${rival.id}`} variant="default" size="xs">
                {t('news.profile.overview')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>

      {news.isPending ? (
        <Stack gap="sm" aria-busy="true" data-testid="profile-news-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </Stack>
      ) : news.isError ? (
        <Alert color={notFound ? 'gray' : 'red'} variant="light" icon={<AlertIcon />} data-testid="profile-news-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(notFound ? 'news.profile.notFound' : 'news.profile.failed')}</Text>
            {!notFound && (
              <Button size="xs" variant="light" color="red" onClick={() => void news.refetch()} loading={news.isFetching}>
                {t('news.error.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        <StatePanel kind="empty" title={t('news.profile.empty', { name: rival?.name ?? '' })} text={t('news.profile.emptyText')} data-testid="profile-news-empty" />
      ) : (
        <Stack gap="sm" component="section" aria-label={t('news.list.label')} data-testid="profile-news-list">
          <Text size="sm" c="dimmed">
            {t('news.profile.subtitle')}
          </Text>
          {items.map((item) => (
            <NewsEntry key={`${item.kind}-${item.id}-${item.at}`} item={item} profileId={profileId} unread={badges && isUnread(item.at, since.visit, since.now)} />
          ))}
          {news.hasNextPage && (
            <Group justify="center" gap="sm">
              {news.isFetchNextPageError && (
                <Text size="sm" c="red.7">
                  {t('news.profile.moreFailed')}
                </Text>
              )}
              <Button variant="light" onClick={() => void news.fetchNextPage()} loading={news.isFetchingNextPage} data-testid="profile-news-more">
                {t('news.profile.more')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
