// A dynamic board (/dynamic-board/{id}; part 3 §2.4, §3, §4.8): a saved search whose cards are the live results
// for the reader, in the search results' card layout, its criteria shown as chips. Curators edit it in place (name,
// terms, criteria from the chips and the search sidebar, period, sort, published) and every change shows at once,
// rolled back with a notice when the server refuses it; they delete it after a confirm. A seller may look at another
// period without changing the board.
import { Badge, Button, Group, Modal, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { DATE_PRESETS, SEARCH_QUERY_MAX, type CriterionKind, type DatePreset } from '../../../contracts/search.ts';
import { DYNAMIC_BOARD_NAME_MAX } from '../../../contracts/dynamicBoards.ts';
import { ApiError } from '../api/client.ts';
import { useSession } from '../core/SessionContext.tsx';
import { BREAKPOINTS } from '../core/theme.ts';
import { ClockIcon, FilterIcon, SearchIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { AppliedFilters } from '../search/AppliedFilters.tsx';
import { cycleCriterion, removeCriterion } from '../search/criteria.ts';
import { SearchSidebar } from '../search/SearchSidebar.tsx';
import { CardResultPages, ResultSkeletons } from '../search/SearchResultList.tsx';
import { SortSelect } from '../search/SortSelect.tsx';
import { emptyNameBook, learnNames } from '../search/sidebarModel.ts';
import { FiltersDrawer, SIDEBAR_WIDTH, StaleResults } from '../shared/ResultsFrame.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { isCurator } from '../user/permissions.ts';
import { useDeleteDynamicBoard, useDynamicBoard, useUpdateDynamicBoard } from './api.ts';
import { filtersEdit, withCriterionNames, type BoardEdit } from './model.ts';
import boardClasses from './DynamicBoard.module.css';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/dynamicBoards.ts';

/** A text saved when the curator presses Enter or leaves the field; Escape puts the saved text back. */
function SavedText(props: { value: string; onSave: (text: string) => void; valid: (text: string) => boolean } & Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'>) {
  const { value, onSave, valid, ...input } = props;
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const next = text.trim();
    if (next !== value && valid(next)) onSave(next);
    else setText(value);
  };
  return (
    <TextInput
      {...input}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') setText(value);
      }}
    />
  );
}

function DeleteBoard({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteDynamicBoard();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toastSuccess(t('dynamicBoards.actions.deleted', { name }));
        void navigate('/dashboard');
      },
      onError: (err) => toastError(t('dynamicBoards.actions.deleteFailed', { name }), err),
    });
  return (
    <>
      <Button variant="subtle" color="red" size="xs" onClick={open} data-testid="dynamic-board-delete">
        {t('dynamicBoards.actions.delete')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('dynamicBoards.actions.deleteTitle', { name })} centered data-testid="dynamic-board-delete-modal">
        <Text size="sm">{t('dynamicBoards.actions.deleteBody')}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={close}>
            {t('dynamicBoards.actions.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm} data-autofocus data-testid="dynamic-board-delete-confirm">
            {t('dynamicBoards.actions.deleteConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

export function DynamicBoardPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { user } = useSession();
  const curator = isCurator(user);
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`, true, { getInitialValueInEffect: false });
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  // A seller's own period; null reads the board's saved one.
  const [period, setPeriod] = useState<DatePreset | null>(null);
  const results = useDynamicBoard(id, period, curator);
  const update = useUpdateDynamicBoard(id);
  const [learned, setLearned] = useState(emptyNameBook);

  const pages = results.data?.pages;
  const board = pages?.[0];
  useEffect(() => {
    if (pages) setLearned((book) => pages.reduce((b, p) => learnNames(b, p.results), book));
  }, [pages]);
  useDocumentTitle(`${board?.name ?? t('dynamicBoards.title')} · ${t('app.titleSuffix')}`);
  const names = useMemo(() => (board ? withCriterionNames(learned, board.criteria) : learned), [learned, board]);

  if (results.isPending) return <ResultSkeletons />;
  if (!board) {
    const missing = results.error instanceof ApiError && results.error.isNotFound;
    return (
      <StatePanel kind="error" title={t('dynamicBoards.loadFailed')} text={missing ? t('dynamicBoards.notFound') : errorText(results.error)} data-testid="dynamic-board-error">
        {!missing && (
          <Button variant="light" color="red" onClick={() => void results.refetch()} loading={results.isFetching}>
            {t('dynamicBoards.retry')}
          </Button>
        )}
      </StatePanel>
    );
  }

  const save = (edit: BoardEdit) => update.mutate(edit, { onError: (err) => toastError(t('dynamicBoards.actions.saveFailed'), err) });
  const cards = pages.flatMap((p) => p.results.results);
  const total = board.results.nr_results;
  const stale = results.isPlaceholderData || update.isPending;
  const shownPeriod = period ?? board.updated_start;
  const choosePeriod = (preset: DatePreset) => {
    if (curator) save({ updated_start: preset });
    else setPeriod(preset === board.updated_start ? null : preset);
  };
  const onCycle = (field: CriterionKind, value: number) => save(filtersEdit(cycleCriterion(board.criteria, { field, value })));
  const onRemove = (field: CriterionKind, value: number) => save(filtersEdit(removeCriterion(board.criteria, { field, value })));
  const sidebar = (sticky: boolean, width: number | string) => (
    <SearchSidebar
      width={width}
      sticky={sticky}
      counters={board.results.counters}
      criteria={board.criteria}
      updated={board.updated_start}
      names={names}
      loading={results.isFetching && !board.results.counters}
      onCycle={onCycle}
      onUpdated={choosePeriod}
    />
  );

  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" pt="xs" data-testid="page-dynamic-board" data-id={board.id}>
      {curator && desktop && sidebar(true, SIDEBAR_WIDTH)}
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={4}>
          <Group gap="xs">
            <Text c="indigo.7" fw={600} size="xs" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {t('dynamicBoards.kicker')}
            </Text>
            {board.isDraft && (
              <Badge size="sm" color="gray" variant="outline" data-testid="dynamic-board-draft">
                {t('dynamicBoards.draft')}
              </Badge>
            )}
          </Group>
          {curator ? (
            <SavedText
              value={board.name}
              onSave={(name) => save({ name })}
              valid={(name) => name.length > 0 && name.length <= DYNAMIC_BOARD_NAME_MAX}
              maxLength={DYNAMIC_BOARD_NAME_MAX}
              aria-label={t('dynamicBoards.fields.name')}
              variant="unstyled"
              classNames={{ input: boardClasses.nameInput }}
              data-testid="dynamic-board-name"
            />
          ) : (
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }} data-testid="dynamic-board-name">
              {board.name}
            </Title>
          )}
          <Text size="sm" c="dimmed" data-testid="results-count" data-count={stale ? undefined : total} aria-live="polite">
            {t('dynamicBoards.count', { count: total })}
          </Text>
        </Stack>

        <Group gap="sm" align="flex-end" wrap="wrap">
          {curator ? (
            <SavedText
              value={board.query}
              onSave={(query) => save({ query })}
              valid={(query) => query.length <= SEARCH_QUERY_MAX}
              label={t('dynamicBoards.fields.query')}
              placeholder={t('dynamicBoards.fields.queryPlaceholder')}
              leftSection={<SearchIcon size={14} />}
              size="xs"
              w={{ base: '100%', xs: 260 }}
              data-testid="dynamic-board-query"
            />
          ) : (
            board.query && (
              <Text size="sm" data-testid="dynamic-board-query">
                <Text span c="dimmed" size="sm">
                  {t('dynamicBoards.fields.query')}:{' '}
                </Text>
                “{board.query}”
              </Text>
            )
          )}
          {/* Curators set the saved period in the sidebar; a seller picks one for their own reading. */}
          {!curator && (
            <Select
              size="xs"
              w={170}
              aria-label={t('dynamicBoards.fields.updated')}
              leftSection={<ClockIcon size={14} />}
              data={DATE_PRESETS.map((p) => ({ value: p, label: t(`search.presets.${p}`) }))}
              value={shownPeriod}
              onChange={(v) => v && choosePeriod(v as DatePreset)}
              allowDeselect={false}
              data-testid="dynamic-board-updated"
            />
          )}
          {curator && (
            <>
              <SortSelect value={board.sort} onChange={(sort) => save({ sort })} />
              <Switch
                label={t('dynamicBoards.fields.publish')}
                description={t('dynamicBoards.fields.publishHint')}
                checked={!board.isDraft}
                onChange={(e) => save({ isDraft: !e.currentTarget.checked })}
                data-testid="dynamic-board-publish"
              />
              {!desktop && (
                <Button variant="default" size="xs" leftSection={<FilterIcon size={14} />} onClick={filtersDrawer.open} data-testid="open-filters">
                  {t('dynamicBoards.actions.filters')}
                </Button>
              )}
              <DeleteBoard id={board.id} name={board.name} />
            </>
          )}
        </Group>

        {board.criteria.length > 0 || (curator && board.updated_start !== 'allTime') ? (
          // A seller's period is in their own select; a curator's saved one is a chip like the criteria.
          <AppliedFilters
            criteria={board.criteria}
            updated={curator ? board.updated_start : 'allTime'}
            names={names}
            onCycle={curator ? onCycle : undefined}
            onRemove={curator ? onRemove : undefined}
            onClearUpdated={curator ? () => save({ updated_start: 'allTime' }) : undefined}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('dynamicBoards.anyCards')}
          </Text>
        )}

        <StaleResults stale={stale}>
          {total === 0 ? (
            <StatePanel kind="empty" title={t('dynamicBoards.empty.title')} text={t(curator ? 'dynamicBoards.empty.curatorText' : 'dynamicBoards.empty.text')} data-testid="dynamic-board-empty" />
          ) : (
            <CardResultPages cards={cards} label={board.name} stale={stale} pages={results} source="dynamicBoard" />
          )}
        </StaleResults>
      </Stack>
      {curator && !desktop && (
        <FiltersDrawer opened={filtersOpened} onClose={filtersDrawer.close} title={t('dynamicBoards.actions.filters')}>
          {sidebar(false, '100%')}
        </FiltersDrawer>
      )}
    </Group>
  );
}
