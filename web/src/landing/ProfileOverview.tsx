// The landing page's overview under an Ask answer about one rival (part 3 §3, §8): its written overview with the
// citation chips (folded to a few lines), a short fetching line while it is written, 'errorLoading' when it cannot be had, and the way to
// the rival's landing page. Loaded with the first such answer, so Ask does not carry it.
import { Anchor, Group, Loader, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { useLandingPage } from './api.ts';
import { GeneratedMarkdown } from './GeneratedMarkdown.tsx';
import { UpdatingNote } from './LandingSections.tsx';
import { generatedSection, sectionView } from './model.ts';
import '../i18n/areas/landing.ts';

/** The overview starts folded to a few lines: the answer above is what was asked for. */
const OVERVIEW_HEIGHT = 160;

export function ProfileOverview({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation();
  const page = useLandingPage({ by: 'profile', id: profileId });
  const overview = page.data && generatedSection(page.data, 'overview');
  const view = page.isError ? 'failed' : sectionView(overview);
  const landingPath = page.data ? `/company/${page.data.rival.id}` : '';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="ask-overview" data-view={view}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('landing.askOverview.title', { name })}
          </Text>
          {view === 'updating' && <UpdatingNote />}
        </Group>
        {view === 'failed' ? (
          <Text size="sm" c="dimmed" data-testid="ask-overview-error">
            {t('landing.askOverview.errorLoading')}
          </Text>
        ) : view === 'fetching' || !overview?.data ? (
          <Group gap="xs" c="dimmed">
            <Loader size="xs" type="dots" />
            <Text size="sm">{t('landing.askOverview.fetching', { name })}</Text>
          </Group>
        ) : (
          <Spoiler
            maxHeight={OVERVIEW_HEIGHT}
            showLabel={t('landing.askOverview.showMore')}
            hideLabel={t('landing.askOverview.showLess')}
            styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
          >
            <GeneratedMarkdown markdown={overview.data.markdown} citations={overview.data.citations} landingPath={landingPath} cardSource="ask" />
          </Spoiler>
        )}
        {page.data && (
          <Anchor component={Link} to={landingPath} size="sm" data-testid="ask-overview-link">
            {t('landing.askOverview.open', { name: page.data.rival.name })}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
