// The dashboard's news variant (part 3 §2.4): its Boards | News toggle (saved in userData.dashboardNewsToggle),
// and the newest published items in the feed's own rows, opening their detail over the dashboard, with a way to
// all of the news. One chunk, loaded after the dashboard's first screen for companies with the news dashboard.
import { Anchor, Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { ArrowRightIcon, RefreshIcon } from '../brand/icons.tsx';
import { useSession } from '../core/SessionContext.tsx';
import { NOTICE_MS } from '../dashboard/model.ts';
import { useTranslation } from '../i18n/react.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useLatestNews, useSetNewsToggle } from './api.ts';
import { DASHBOARD_NEWS_SIZE, FEED_ROW_GAP_PX } from './constants.ts';
import { FeedItemDrawer } from './FeedItemDrawer.tsx';
import { FeedItemRow } from './FeedItemRow.tsx';
import { allNewsPath } from './model.ts';
import '../i18n/areas/news.ts';

export function DashboardNews() {
  const { t } = useTranslation();
  const { user } = useSession();
  const latest = useLatestNews(DASHBOARD_NEWS_SIZE);
  const seeAll = (
    <Anchor component={Link} to={allNewsPath(user)} fw={600} size="sm" data-testid="dashboard-news-all">
      <Group gap={4} wrap="nowrap">
        {t('news.dashboard.seeAll')}
        <ArrowRightIcon size={14} />
      </Group>
    </Anchor>
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-news-title" maw={880} data-testid="dashboard-news">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h4" id="dashboard-news-title">
          {t('news.dashboard.latest')}
        </Title>
        {seeAll}
      </Group>
      {latest.isPending ? (
        <Stack gap={FEED_ROW_GAP_PX} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </Stack>
      ) : latest.isError ? (
        <StatePanel kind="error" title={t('news.error.title')} text={t('news.error.text')} data-testid="dashboard-news-error">
          <Button leftSection={<RefreshIcon size={15} />} onClick={() => void latest.refetch()} loading={latest.isFetching}>
            {t('news.error.retry')}
          </Button>
        </StatePanel>
      ) : latest.data.items.length === 0 ? (
        <Text c="dimmed" data-testid="dashboard-news-empty">
          {t('news.dashboard.empty')}
        </Text>
      ) : (
        <Stack gap={FEED_ROW_GAP_PX} role="feed" aria-label={t('news.list.label')}>
          {latest.data.items.map((item) => (
            <FeedItemRow key={item.id} item={item} />
          ))}
          {latest.data.total > latest.data.items.length && (
            <Group justify="center">
              <Button component={Link} to={allNewsPath(user)} variant="light" rightSection={<ArrowRightIcon size={14} />} data-testid="dashboard-news-more">
                {t('news.dashboard.seeAll')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <FeedItemDrawer />
    </Stack>
  );
}

/** The Boards | News toggle; the dashboard follows the saved choice at once (useSetNewsToggle). */
export function NewsToggle({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const save = useSetNewsToggle();
  return (
    <SegmentedControl
      data={[
        { value: 'boards', label: t('news.toggle.boards') },
        { value: 'news', label: t('news.toggle.news') },
      ]}
      value={on ? 'news' : 'boards'}
      onChange={(v) => save.mutate(v === 'news', { onError: () => notifications.show({ color: 'red', message: t('news.toggle.saveError'), autoClose: NOTICE_MS }) })}
      aria-label={t('news.toggle.label')}
      data-testid="dashboard-view-toggle"
    />
  );
}
