// The search results page (/search and /search/{terms}; part 2 §2 Search, part 1 §3 Search state):
// the URL is the state. Applied filters, the result count and sort, the results with infinite scroll,
// and the sidebar of boards, tags and last-updated presets whose counters refresh with the results; curators
// save the search as a dynamic board. Readers of win/loss also see the deals the terms find (DealResults.tsx); with the
// knowledge hub, everyone sees the passages of its files (FileResults.tsx).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import type { CardResult, CriterionKind } from '../../../contracts/search.ts';
import { ApiError } from '../api/client.ts';
import { BREAKPOINTS } from '../core/theme.ts';
import { FilterIcon } from '../brand/icons.tsx';
import { FiltersDrawer, SIDEBAR_WIDTH, StaleResults } from '../shared/ResultsFrame.tsx';
import { useSearchResults } from './api.ts';
import { AppliedFilters } from './AppliedFilters.tsx';
import { DidYouMean } from './DidYouMean.tsx';
import { SIDEBAR_WIDE_FROM_PX, SIDEBAR_WIDTH_SMALL } from './constants.ts';
import { cycleCriterion, removeCriterion } from './criteria.ts';
import { CardResultPages, ResultSkeletons } from './SearchResultList.tsx';
import { SearchSidebar } from './SearchSidebar.tsx';
import { SearchEmptyState, SearchErrorState } from './SearchStates.tsx';
import { SortSelect } from './SortSelect.tsx';
import { DEFAULT_UPDATED, hasFilters, searchHref } from './searchUrlState.ts';
import { emptyNameBook, learnNames } from './sidebarModel.ts';
import { useSearchState } from './useSearchState.ts';
import { useSession } from '../core/SessionContext.tsx';
import { lazyComponent } from '../core/chunkReload.ts';
import { flag, hasKnowledgeHub, isCurator, isWinLossEnabled } from '../user/permissions.ts';
import { DealResults } from './DealResults.tsx';
import { trackSearchOpen } from '../usage/record.ts';
import { useErrorText } from '../api/errorText.ts';

// Only curators save searches: a chunk of its own (imported statically, its shared code ended up in the dashboard's
// first screen).
const SaveSearch = lazyComponent(() => import('../dynamicBoards/SaveSearch.tsx'), 'SaveSearch');
// "Write a card for this" from search analytics (contracts/reports.ts writeCardPath): curators, ?newCard=1.
const WriteCardDialog = lazyComponent(() => import('./WriteCardDialog.tsx'), 'WriteCardDialog');
const NEW_CARD_PARAM = 'newCard';
// The knowledge hub's passages (FileResults.tsx): only for companies with the hub.
const FileResults = lazyComponent(() => import('./FileResults.tsx'), 'FileResults');

export function SearchPage() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [state, setState] = useSearchState();
  const results = useSearchResults(state);
  const [names, setNames] = useState(emptyNameBook);
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`, true, { getInitialValueInEffect: false });
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_WIDE_FROM_PX}px)`, true, { getInitialValueInEffect: false });
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const { user, company } = useSession();
  const canSave = isCurator(user) && flag(company, 'dynamicBoards');
  const { search } = useLocation();
  const navigate = useNavigate();
  const writingCard = isCurator(user) && new URLSearchParams(search).get(NEW_CARD_PARAM) === '1';
  const closeWriteCard = () => navigate(searchHref(state, search, [NEW_CARD_PARAM]), { replace: true });

  useDocumentTitle(`${state.terms ? t('search.titleTerms', { terms: state.terms }) : t('search.title')} · ${t('app.titleSuffix')}`);

  const pages = results.data?.pages;
  useEffect(() => {
    if (pages) setNames((book) => pages.reduce((b, p) => learnNames(b, p), book));
  }, [pages]);

  const first = pages?.[0];

  const cards = useMemo(() => {
    const seen = new Set<number>();
    const out: CardResult[] = [];
    for (const p of pages ?? [])
      for (const c of p.results) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        out.push(c);
      }
    return out;
  }, [pages]);
  const total = first?.nr_results ?? 0;
  const stale = results.isPlaceholderData;
  // Usage: the first result opened from a search, with its rank in the whole list (the pages come from one search).
  const searchId = first?.searchId;
  const onOpen = (card: CardResult, rank: number) => {
    if (searchId && state.terms && !stale) trackSearchOpen({ searchId, query: state.terms, context: 'cards', rank, cardId: card.id });
  };

  const onCycle = (field: CriterionKind, id: number) => setState({ ...state, criteria: cycleCriterion(state.criteria, { field, value: id }) });
  const onRemove = (field: CriterionKind, id: number) => setState({ ...state, criteria: removeCriterion(state.criteria, { field, value: id }) });
  const clearAll = () => setState({ ...state, criteria: [], updated: DEFAULT_UPDATED });
  const filtered = hasFilters(state);

  const sidebar = (sticky: boolean, width: number | string) => (
    <SearchSidebar
      width={width}
      sticky={sticky}
      counters={first?.counters}
      criteria={state.criteria}
      updated={state.updated}
      names={names}
      loading={results.isPending}
      onCycle={onCycle}
      onUpdated={(updated) => setState({ ...state, updated })}
    />
  );

  const errorMessage = results.error instanceof ApiError && results.error.status === 400 ? errorText(results.error) : null;

  let body;
  if (results.isPending) body = <ResultSkeletons />;
  else if (results.isError && !results.data) {
    body = <SearchErrorState message={errorMessage} onRetry={() => void results.refetch()} retrying={results.isFetching} />;
  } else if (total === 0 && !stale) {
    body = <SearchEmptyState terms={state.terms} filtered={filtered} onClearFilters={clearAll} />;
  } else {
    body = (
      <>
        <CardResultPages cards={cards} label={t('search.resultsLabel')} stale={stale} pages={results} onOpen={onOpen} />
        {!results.hasNextPage && cards.length > 0 && total > cards.length && (
          <Text size="xs" c="dimmed" ta="center" py="sm">
            {t('search.windowEnd', { count: cards.length })}
          </Text>
        )}
      </>
    );
  }

  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" pt="xs" data-testid="page-search">
      {desktop && sidebar(true, wide ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_SMALL)}
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* A very long query would fill a phone's screen: two lines, the whole of it on hover. */}
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lineClamp={2} title={state.terms || undefined} style={{ overflowWrap: 'anywhere' }}>
              {state.terms ? t('search.headingTerms', { terms: state.terms }) : t('search.heading')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="results-count" data-count={results.data && !stale ? total : undefined} aria-live="polite">
              {results.isPending ? t('search.searching') : results.data ? t('search.count', { count: total }) : '\u00a0'}
            </Text>
            {first?.didYouMean && <DidYouMean suggestion={first.didYouMean} onPick={(terms) => setState({ ...state, terms })} />}
            {first?.matched === 'any' && (
              <Text size="sm" c="orange.8" data-testid="matched-any">
                {t('search.matchedAny')}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {!desktop && (
              <Button variant="default" size="xs" leftSection={<FilterIcon size={14} />} onClick={filtersDrawer.open} data-testid="open-filters">
                {state.criteria.length ? t('search.filtersCount', { count: state.criteria.length }) : t('search.filters')}
              </Button>
            )}
            {canSave && (
              <Suspense fallback={null}>
                <SaveSearch state={state} />
              </Suspense>
            )}
            <SortSelect value={state.sort} onChange={(sort) => setState({ ...state, sort })} />
          </Group>
        </Group>
        <AppliedFilters
          criteria={state.criteria}
          updated={state.updated}
          names={names}
          onCycle={onCycle}
          onRemove={onRemove}
          onClearUpdated={() => setState({ ...state, updated: DEFAULT_UPDATED })}
          onClearAll={clearAll}
        />
        {state.terms && isWinLossEnabled(user, company) && <DealResults terms={state.terms} />}
        {state.terms && hasKnowledgeHub(company) && (
          <Suspense fallback={null}>
            <FileResults terms={state.terms} curator={isCurator(user)} />
          </Suspense>
        )}
        <StaleResults stale={stale}>{body}</StaleResults>
      </Stack>
      {!desktop && (
        <FiltersDrawer opened={filtersOpened} onClose={filtersDrawer.close} title={t('search.filters')}>
          {sidebar(false, '100%')}
        </FiltersDrawer>
      )}
      {writingCard && (
        <Suspense fallback={null}>
          <WriteCardDialog terms={state.terms} onClose={closeWriteCard} />
        </Suspense>
      )}
    </Group>
  );
}
