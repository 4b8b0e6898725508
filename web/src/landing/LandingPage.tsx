// The company landing page, /company/{rivalId}[/reviews] and the share link /company/{rivalId}/profile/{profileId}
// (part 3 §2.3, §2.4, §4.5, §4.6): what a seller reads about one rival before a call. The header; a table of
// contents that follows the reading (scroll-spy); the sections, each folding away: how we compare and the overview
// (written, polled while they are, with Retry when they fail), the battlecards, the strengths and weaknesses from
// review insights and the cards curators picked; and What's new beside them, or above them on narrower screens.
// A #insight-{id} in the address (a citation followed from Ask) and the reviews tab scroll to their place.
import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { GeneratedSectionType, LandingPage as Page } from '../../../contracts/landing.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { companyTail } from '../core/routes.ts';
import { useSession } from '../core/SessionContext.tsx';
import { RefreshIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Section } from '../shared/Section.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useLazyDisclosure } from '../shared/useLazyDisclosure.ts';
import { isCurator } from '../user/permissions.ts';
import { useLandingPage, useRetryFailed, type LandingSource } from './api.ts';
import { useDelayMessage, useScrollSpy } from './hooks.ts';
import classes from './Landing.module.css';
import { LandingHeader } from './LandingHeader.tsx';
import { BattlecardList, CuratedColumns, GeneratedBody, InsightColumns, showsCurated, UpdatingNote } from './LandingSections.tsx';
import { generatedSection, sectionView, SECTION_IDS, type SectionId } from './model.ts';
import { WhatsNew } from './WhatsNew.tsx';
import '../i18n/areas/landing.ts';

/** Scrolls a place of the page into view and flashes it, so the eye finds it. */
function reveal(element: HTMLElement) {
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.animate([{ backgroundColor: 'var(--mantine-color-yellow-1)' }, { backgroundColor: 'transparent' }], { duration: 1800, easing: 'ease-out' });
}

// Curators only, once they open the settings.
const SettingsModal = lazyComponent(() => import('./SettingsModal.tsx'), 'SettingsModal');

export function LandingPage({ rivalId, rest }: { rivalId: string; rest: string }) {
  const tail = companyTail(rest);
  const source: LandingSource = tail?.profileId ? { by: 'profile', id: tail.profileId } : { by: 'rival', id: Number(rivalId) };
  const page = useLandingPage(source);
  const { t } = useTranslation();
  useDocumentTitle(`${page.data?.rival.name ?? t('landing.sections.overview')} · ${t('app.titleSuffix')}`);

  if (page.isPending) {
    return (
      <Stack gap="lg" pt="xs" data-testid="landing-loading">
        <Skeleton h={56} w={360} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (page.isError) {
    if ((page.error as { status?: number }).status === 404) {
      return <StatePanel kind="empty" title={t('landing.notFound.title')} text={t('landing.notFound.text')} data-testid="landing-not-found" />;
    }
    return (
      <StatePanel kind="error" title={t('landing.failed.title')} text={t('landing.failed.text')} data-testid="landing-error">
        <Button variant="light" leftSection={<RefreshIcon size={15} />} loading={page.isFetching} onClick={() => void page.refetch()}>
          {t('landing.retry')}
        </Button>
      </StatePanel>
    );
  }
  return <Landing key={page.data.profileId} page={page.data} source={source} scrollTo={tail?.tab === 'reviews' ? 'insights' : null} />;
}

function Landing({ page, source, scrollTo }: { page: Page; source: LandingSource; scrollTo: SectionId | null }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const curator = isCurator(user);
  const { hash, key, pathname } = useLocation();
  const retry = useRetryFailed(source);
  const [settingsOpened, settingsMounted, settings] = useLazyDisclosure();
  // Citations' places are on this page, whichever of its addresses it was opened by.
  const landingPath = pathname;

  const waiting = page.generated.sections.some((s) => sectionView(s) === 'fetching');
  const delayed = useDelayMessage(waiting);

  const shown = useMemo(() => SECTION_IDS.filter((id) => id !== 'curated' || showsCurated(page, curator)), [page, curator]);
  const mainRef = useRef<HTMLDivElement>(null);
  const [current, mark] = useScrollSpy(mainRef, shown);

  // The reviews tab opens at the strengths and weaknesses.
  useEffect(() => {
    if (scrollTo) document.querySelector(`[data-section="${scrollTo}"]`)?.scrollIntoView({ block: 'start' });
  }, [scrollTo]);
  // A place the address names (a citation followed, here or from Ask), each time it is followed.
  useEffect(() => {
    const target = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) reveal(target);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash is read as of each navigation (key)
  }, [key]);

  /** A written section: its content (or its state), and the "Updating…" note beside its title while it is written again. */
  const written = (type: GeneratedSectionType) => {
    const section = generatedSection(page, type);
    return {
      aside: sectionView(section) === 'updating' ? <UpdatingNote /> : undefined,
      content: (
        <GeneratedBody
          section={section}
          delayed={delayed}
          onRetry={() => retry.mutate()}
          retrying={retry.isPending}
          landingPath={landingPath}
          empty={t('landing.generated.empty')}
        />
      ),
    };
  };
  const body: Record<SectionId, { aside?: ReactNode; content: ReactNode }> = {
    how_we_compare: written('how_we_compare'),
    battlecards: { content: <BattlecardList battlecards={page.battlecards} /> },
    insights: { content: <InsightColumns page={page} /> },
    curated: { content: <CuratedColumns page={page} curator={curator} /> },
    overview: written('overview'),
  };

  const pick = (id: SectionId) => {
    document.querySelector(`[data-section="${id}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    mark(id);
  };

  return (
    <Stack gap="lg" pt="xs" data-testid="page-landing" data-rival-id={page.rival.id} data-profile-id={page.profileId}>
      <LandingHeader page={page} onSettings={settings.open} />
      <div className={classes.layout}>
        <Toc ids={shown} current={current} onPick={pick} />
        <div className={classes.main} ref={mainRef}>
          <Stack gap="md">
            {shown.map((id) => (
              <Paper key={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
                <Section area="landing" id={id} title={t(`landing.sections.${id}`)} aside={body[id].aside}>
                  {body[id].content}
                </Section>
              </Paper>
            ))}
          </Stack>
        </div>
        <div className={classes.aside}>
          <WhatsNew profileId={page.profileId} landingPath={landingPath} />
        </div>
      </div>
      {settingsMounted && page.settings && (
        <Suspense fallback={null}>
          <SettingsModal opened={settingsOpened} onClose={settings.close} settings={page.settings} profileId={page.profileId} organizationId={company.ownOrganizationId} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The table of contents: a list beside the sections, a bar of chips above them on narrow screens. */
function Toc({ ids, current, onPick }: { ids: readonly SectionId[]; current: string | null; onPick: (id: SectionId) => void }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  // In the chip bar, the current chip scrolls into view.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="location"]');
    if (list && link && list.scrollWidth > list.clientWidth) list.scrollTo({ left: link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2, behavior: 'smooth' });
  }, [current]);
  return (
    <nav aria-label={t('landing.toc')} className={classes.toc} data-testid="landing-toc">
      <div className={classes.tocList} ref={listRef}>
        {ids.map((id) => (
          <a
            key={id}
            href={`#section-${id}`}
            className={classes.tocLink}
            aria-current={current === id ? 'location' : undefined}
            onClick={(e) => {
              e.preventDefault();
              onPick(id);
            }}
            data-testid="landing-toc-link"
            data-section-id={id}
          >
            {t(`landing.sections.${id}`)}
          </a>
        ))}
      </div>
    </nav>
  );
}
