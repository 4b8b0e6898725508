// The bodies of the landing page's sections (part 3 §2.4, §4.5): a generated section in its states (content,
// "Updating…", "Fetching…" with the delay message, the error with Retry), the battlecards, the strengths and
// weaknesses from review insights, and the cards curators picked (with their Edit for curators).
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LANDING, type CuratedSection, type CuratedSectionType, type GeneratedSection, type LandingPage } from '../../../contracts/landing.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, EditIcon, RefreshIcon } from '../brand/icons.tsx';
import { withViewCard } from '../cards/cardUrl.ts';
import { useTranslation } from '../i18n/react.tsx';
import { TrendDownIcon, TrendUpIcon } from '../insights/icons.tsx';
import { shortDate } from '../shared/dates.ts';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { canSeeInsights } from '../user/permissions.ts';
import { openCardState } from '../usage/cardSource.ts';
import { useSaveCurated } from './api.ts';
import { GeneratedMarkdown } from './GeneratedMarkdown.tsx';
import classes from './Landing.module.css';
import { insightAnchor, picksChanged, sectionView } from './model.ts';
import '../i18n/areas/landing.ts';

// Curators only, once they edit a curated section.
const CardPicker = lazyComponent(() => import('../battlecards/CardPicker.tsx'), 'CardPicker');

/** The small note beside a section's title while it is written again over the content shown. */
export function UpdatingNote() {
  const { t } = useTranslation();
  return (
    <Group gap={6} c="dimmed" data-testid="landing-updating">
      <Loader size={12} type="oval" />
      <Text size="xs">{t('landing.generated.updating')}</Text>
    </Group>
  );
}

type GeneratedProps = {
  section: Pick<GeneratedSection, 'status' | 'data'> | undefined;
  /** Waited long enough for the delay message. */
  delayed: boolean;
  onRetry: () => void;
  retrying: boolean;
  landingPath: string;
  /** Said when the section came out empty. */
  empty: string;
};

export function GeneratedBody({ section, delayed, onRetry, retrying, landingPath, empty }: GeneratedProps) {
  const { t } = useTranslation();
  const view = sectionView(section);
  const data = section?.data;
  return (
    <Stack gap="xs" data-testid="landing-generated" data-view={view}>
      {view === 'failed' && (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="landing-section-error">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('landing.generated.failed')}</Text>
            <Button size="compact-sm" variant="light" color="red" leftSection={<RefreshIcon size={14} />} loading={retrying} onClick={onRetry} data-testid="landing-retry">
              {t('landing.generated.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {view === 'fetching' ? (
        <Stack gap={8} aria-busy="true">
          <Group gap="xs" c="dimmed">
            <Loader size="xs" type="dots" />
            <Text size="sm" aria-live="polite">
              {t('landing.generated.fetching')}
            </Text>
          </Group>
          <Skeleton h={10} w="92%" />
          <Skeleton h={10} w="85%" />
          <Skeleton h={10} w="60%" />
          {delayed && (
            <Text size="xs" c="dimmed" data-testid="landing-delay">
              {t('landing.generated.delay')}
            </Text>
          )}
        </Stack>
      ) : (
        data && (
          <div>
            {data.markdown.trim() ? (
              <GeneratedMarkdown markdown={data.markdown} citations={data.citations} landingPath={landingPath} />
            ) : (
              <Text size="sm" c="dimmed">
                {empty}
              </Text>
            )}
            {(data.uses_public_sources || data.uses_private_sources) && (
              <Text size="xs" c="dimmed" data-testid="landing-source-hints">
                {[data.uses_private_sources && t('landing.generated.privateSources'), data.uses_public_sources && t('landing.generated.publicSources')]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </div>
        )
      )}
    </Stack>
  );
}

export function BattlecardList({ battlecards }: { battlecards: LandingPage['battlecards'] }) {
  const { t, i18n } = useTranslation();
  if (!battlecards.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('landing.battlecards.none')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {battlecards.map((b) => (
        <Group key={b.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="landing-battlecard">
          <Anchor component={Link} to={b.url} fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {b.title}
          </Anchor>
          <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
            {b.review && (
              <Tooltip label={t('landing.battlecards.reviewedOn', { date: shortDate(b.review.reviewedAt, i18n.language) })}>
                <Badge size="sm" variant="light" color="teal" radius="sm" tt="none" data-testid="landing-battlecard-reviewed">
                  {t('landing.battlecards.reviewed')}
                </Badge>
              </Tooltip>
            )}
            <Text size="xs" c="dimmed">
              {t('landing.battlecards.updated', { date: shortDate(b.updatedAt, i18n.language) })}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** A column of strengths or of weaknesses, under a heading that says which. */
function Column({ kind, title, testId, children }: { kind: CuratedSectionType; title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group gap="xs">
        <ThemeIcon size={24} radius="xl" variant="light" color={kind === 'strengths' ? 'teal' : 'red'}>
          {kind === 'strengths' ? <TrendUpIcon size={14} /> : <TrendDownIcon size={14} />}
        </ThemeIcon>
        <Title order={3} fz="md">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

/** Insights a column shows before "show all": the strongest, so the sections below stay in reach. */
const INSIGHTS_SHOWN = 5;

export function InsightColumns({ page }: { page: LandingPage }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { hash } = useLocation();
  const [expanded, setExpanded] = useState<ReadonlySet<CuratedSectionType>>(new Set());
  if (!page.insights) {
    return (
      <Text size="sm" c="dimmed" data-testid="landing-no-insights">
        {t('landing.insights.none', { name: page.rival.name })}
      </Text>
    );
  }
  const { insights } = page;
  const toggle = (kind: CuratedSectionType) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  return (
    <div className={classes.columns}>
      {(['strengths', 'weaknesses'] as const).map((kind) => {
        const list = insights[kind];
        // A column holding the insight the address names (a citation followed) unfolds to show it.
        const open = expanded.has(kind) || list.some((i) => insightAnchor(i.id) === hash.slice(1));
        return (
          <Column key={kind} kind={kind} title={t(`landing.insights.${kind}`)} testId={`landing-insights-${kind}`}>
            {list.length === 0 && (
              <Text size="sm" c="dimmed">
                {t(kind === 'strengths' ? 'landing.insights.noStrengths' : 'landing.insights.noWeaknesses')}
              </Text>
            )}
            {(open ? list : list.slice(0, INSIGHTS_SHOWN)).map((insight) => (
              <Stack key={insight.id} gap={2} id={insightAnchor(insight.id)} className={classes.item} data-testid="landing-insight">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  {/* The review insights screen is for curators (and staff impersonating): they open the insight's sources there. */}
                  {canSeeInsights(user) ? (
                    <Anchor component={Link} to={`/insights/${insights.supportedRivalId}?insightId=${insight.id}`} fw={600} size="sm">
                      {insight.title}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm">
                      {insight.title}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                    {t('landing.insights.reviews', { count: insight.reviewCount })}
                  </Text>
                </Group>
                <Text size="sm" c="gray.7" lineClamp={3}>
                  {insight.summary}
                </Text>
              </Stack>
            ))}
            {list.length > INSIGHTS_SHOWN && (
              <Anchor component="button" type="button" size="sm" onClick={() => toggle(kind)} aria-expanded={open} style={{ alignSelf: 'flex-start' }} data-testid="landing-insights-more">
                {open ? t('landing.insights.showFewer') : t(`landing.insights.showAll.${kind}`, { count: list.length })}
              </Anchor>
            )}
          </Column>
        );
      })}
    </div>
  );
}

function CuratedCards({ section }: { section: CuratedSection | undefined }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (!section?.cards.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('landing.curated.none')}
      </Text>
    );
  }
  return section.cards.map((card) => (
    <Paper key={card.id} withBorder radius="md" p="sm" data-testid="landing-curated-card" data-card-id={card.id}>
      <Anchor component={Link} to={withViewCard(pathname, search, card.id)} state={openCardState('landing')} fw={600} size="sm">
        {card.title}
      </Anchor>
      {card.excerpt && (
        <Text size="sm" c="dimmed" lineClamp={3} mt={4}>
          {card.excerpt}
        </Text>
      )}
    </Paper>
  ));
}

/** Whether the curated section shows: curators always (to pick cards), everyone else once it has cards. */
export const showsCurated = (page: LandingPage, curator: boolean) => curator || page.curated.sections.some((s) => s.cards.length > 0);

export function CuratedColumns({ page, curator }: { page: LandingPage; curator: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CuratedSectionType | null>(null);
  const save = useSaveCurated(page.profileId);
  const sectionOf = (kind: CuratedSectionType) => page.curated.sections.find((s) => s.sectionType === kind);
  const done = (kind: CuratedSectionType, picked: number[]) => {
    setEditing(null);
    if (!picksChanged(sectionOf(kind)?.cardIds ?? [], picked)) return;
    save.mutate(
      { sectionType: kind, cardIds: picked },
      { onSuccess: () => toastSuccess(t('landing.curated.saved')), onError: (err) => toastError(t('landing.curated.saveError'), err) },
    );
  };
  return (
    <div className={classes.columns}>
      {(['strengths', 'weaknesses'] as const).map((kind) => (
        <Column key={kind} kind={kind} title={t(`landing.curated.${kind}`)} testId={`landing-curated-${kind}`}>
          <CuratedCards section={sectionOf(kind)} />
          {curator && (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<EditIcon size={14} />}
              onClick={() => setEditing(kind)}
              loading={save.isPending && save.variables?.sectionType === kind}
              aria-label={t('landing.curated.editLabel', { section: t(`landing.curated.${kind}`) })}
              style={{ alignSelf: 'flex-start' }}
              data-testid="landing-curated-edit"
            >
              {t('landing.curated.edit')}
            </Button>
          )}
        </Column>
      ))}
      {editing && (
        <Suspense fallback={null}>
          <CardPicker
            profileId={page.profileId}
            title={t('landing.curated.pickerTitle', { section: t(`landing.curated.${editing}`) })}
            max={LANDING.curatedCardsMax}
            limit={t('landing.curated.limit', { max: LANDING.curatedCardsMax })}
            initial={sectionOf(editing)?.cardIds ?? []}
            onDone={(picked) => done(editing, picked)}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
