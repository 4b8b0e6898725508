// The search results sidebar (part 2 §2 Search): filters by competitors and their boards, tags (with a
// case-insensitive search, 500 ms, and a name | count sort) and last updated. Each section folds away,
// and so does each competitor's list of boards, so tags and dates stay in reach of a long board list.
// Clicking an item adds it as "any of"; clicking a selected one cycles any of → must have → excluded.
import { ActionIcon, Anchor, Box, Collapse, Group, Radio, SegmentedControl, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { DATE_PRESETS, type Criterion, type CriterionKind, type DatePreset, type SearchResponse } from '../../../contracts/search.ts';
import { ChevronRightIcon, SearchIcon } from '../brand/icons.tsx';
import { CriterionModeIcon } from '../shared/CriterionModeIcon.tsx';
import { formatNumber } from '../shared/numbers.ts';
import classes from '../shared/Results.module.css';
import { BOARD_FILTER_VISIBLE_BOARDS, BOARD_FILTER_VISIBLE_RIVALS, TAG_FILTER_DEBOUNCE_MS, TAG_FILTER_VISIBLE } from './constants.ts';
import { criterionDataMode, findCriterion, modeWords } from './criteria.ts';
import { boardGroups, firstOrSelected, groupOpenByDefault, groupSelected, tagItems, type FacetItem, type NameBook, type RivalBoards, type TagSort } from './sidebarModel.ts';
import '../i18n/areas/searchFilters.ts';

export type SidebarProps = {
  counters: SearchResponse['counters'] | undefined;
  criteria: Criterion[];
  updated: DatePreset;
  names: NameBook;
  loading: boolean;
  onCycle: (field: CriterionKind, id: number) => void;
  onUpdated: (preset: DatePreset) => void;
};

/** A chevron that turns down when what it toggles is open. */
function Chevron({ open, size = 14 }: { open: boolean; size?: number }) {
  return <ChevronRightIcon size={size} style={{ flex: 'none', transition: 'transform 120ms ease', transform: open ? 'rotate(90deg)' : undefined }} />;
}

/** A titled section that folds away; whether it is open is remembered in this browser. */
function FilterSection({ title, children, id, action }: { title: string; children: ReactNode; id: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useLocalStorage({ key: `rivalscope.search.${id}`, defaultValue: true, getInitialValueInEffect: false });
  return (
    <Stack gap={6} component="section" aria-labelledby={id} data-testid="filter-section" data-section={id} data-open={opened}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={22}>
        <Title order={2} id={id} fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          <UnstyledButton
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
            aria-controls={`${id}-body`}
            title={t(opened ? 'searchFilters.sections.collapse' : 'searchFilters.sections.expand', { section: title })}
            data-testid="filter-section-toggle"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color: 'inherit', font: 'inherit', letterSpacing: 'inherit', textTransform: 'inherit' }}
          >
            <Chevron open={opened} size={12} />
            {title}
          </UnstyledButton>
        </Title>
        {opened && action}
      </Group>
      <Collapse in={opened} id={`${id}-body`}>
        {children}
      </Collapse>
    </Stack>
  );
}

/** One board, tag or rival in the sidebar; its look and label say its mode and what a click does. */
function FacetButton(props: { field: CriterionKind; item: Pick<FacetItem, 'id' | 'name' | 'count'>; criterion: Criterion | undefined; onCycle: SidebarProps['onCycle']; testId: string; strong?: boolean }) {
  const { t, i18n } = useTranslation();
  const { item, criterion } = props;
  const words = modeWords(criterion);
  const modeText = t(words.modeKey);
  const next = t(words.nextKey);
  return (
    <UnstyledButton
      className={classes.facet}
      data-testid={props.testId}
      data-id={item.id}
      data-mode={criterionDataMode(criterion)}
      data-count={item.count}
      aria-label={t('search.facetLabel', { name: item.name, count: item.count, mode: modeText, next })}
      // The name too: a long one is cut short in the narrow sidebar.
      title={`${item.name}. ${next}`}
      onClick={() => props.onCycle(props.field, item.id)}
    >
      <span className={classes.facetIcon}>
        <CriterionModeIcon type={criterion?.type} />
      </span>
      <span className={classes.facetName} style={props.strong ? { fontWeight: 600 } : undefined}>
        {item.name}
      </span>
      {criterion && criterion.type !== 'should' && (
        <Text span size="xs" fw={600} c={criterion.type === 'must' ? 'teal.8' : 'red.7'} style={{ flex: 'none' }} data-testid="facet-mode">
          {modeText}
        </Text>
      )}
      <span className={classes.facetCount}>{formatNumber(item.count, i18n.language)}</span>
    </UnstyledButton>
  );
}

function ShowMore({ shown, total, expanded, onToggle, allKey = 'search.sidebar.showAll' }: { shown: number; total: number; expanded: boolean; onToggle: () => void; allKey?: string }) {
  const { t } = useTranslation();
  if (total <= shown && !expanded) return null;
  return (
    <Anchor component="button" type="button" size="xs" onClick={onToggle} ta="left" pl={6}>
      {expanded ? t('search.sidebar.showLess') : t(allKey, { count: total })}
    </Anchor>
  );
}

/** A competitor with a fold of its boards (the first few, then "Show all"). */
function RivalGroup({ group, open, onToggle, criteria, onCycle }: { group: RivalBoards; open: boolean; onToggle: () => void; criteria: Criterion[]; onCycle: SidebarProps['onCycle'] }) {
  const { t, i18n } = useTranslation();
  const [allBoards, setAllBoards] = useState(false);
  const name = group.rival.name ?? (group.rival.id === null ? t('search.sidebar.otherRival') : `#${group.rival.id}`);
  const boardsId = `rival-boards-${group.rival.id ?? 'other'}`;
  const boards = allBoards ? group.boards : firstOrSelected(group.boards, BOARD_FILTER_VISIBLE_BOARDS, (b) => !!b.criterion);
  const rivalCriterion = group.rival.id === null ? undefined : findCriterion(criteria, { field: 'rival', value: group.rival.id });
  return (
    <Stack gap={2} role="group" aria-label={name} data-testid="rival-group" data-rival-id={group.rival.id ?? undefined}>
      <Group gap={2} wrap="nowrap">
        {group.boards.length > 0 ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={boardsId}
            aria-label={t(open ? 'searchFilters.rival.hideBoards' : 'searchFilters.rival.showBoards', { name })}
            title={t(open ? 'searchFilters.rival.hideBoards' : 'searchFilters.rival.showBoards', { name })}
            data-testid="rival-boards-toggle"
          >
            <Chevron open={open} size={13} />
          </ActionIcon>
        ) : (
          // No board to show while a competitor filter narrows the boards: keep the names aligned.
          <Box w={22} style={{ flex: 'none' }} />
        )}
        {group.rival.id !== null ? (
          <FacetButton field="rival" item={{ id: group.rival.id, name, count: group.count }} criterion={rivalCriterion} onCycle={onCycle} testId="filter-rival" strong />
        ) : (
          <Group justify="space-between" wrap="nowrap" style={{ flex: 1 }} px={6}>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <span className={classes.facetCount}>{formatNumber(group.count, i18n.language)}</span>
          </Group>
        )}
      </Group>
      {open && group.boards.length > 0 && (
        <Stack gap={2} pl={26} id={boardsId} data-testid="rival-boards">
          {boards.map((b) => (
            <FacetButton key={b.id} field="board" item={b} criterion={b.criterion} onCycle={onCycle} testId="filter-board" />
          ))}
          <ShowMore shown={boards.length} total={group.boards.length} expanded={allBoards} onToggle={() => setAllBoards((e) => !e)} allKey="searchFilters.rival.moreBoards" />
        </Stack>
      )}
    </Stack>
  );
}

function BoardFilter({ counters, criteria, names, onCycle }: SidebarProps) {
  const { t } = useTranslation();
  const [allRivals, setAllRivals] = useState(false);
  // Folds the user opened or closed, by rival; the others follow groupOpenByDefault.
  const [folds, setFolds] = useState<Record<string, boolean>>({});
  const all = boardGroups(counters, criteria, names);
  const groups = allRivals ? all : firstOrSelected(all, BOARD_FILTER_VISIBLE_RIVALS, (g) => groupSelected(g, criteria));
  if (!all.length) {
    return (
      <Text size="sm" c="dimmed" pl={6}>
        {t('search.sidebar.noBoards')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="board-filters">
      {groups.map((g) => {
        const key = String(g.rival.id ?? 'other');
        const open = folds[key] ?? groupOpenByDefault(g, criteria, all.length);
        return <RivalGroup key={key} group={g} open={open} onToggle={() => setFolds((f) => ({ ...f, [key]: !open }))} criteria={criteria} onCycle={onCycle} />;
      })}
      <ShowMore shown={groups.length} total={all.length} expanded={allRivals} onToggle={() => setAllRivals((e) => !e)} allKey="search.sidebar.showAllRivals" />
    </Stack>
  );
}

function TagSortToggle({ sort, onSort }: { sort: TagSort; onSort: (s: TagSort) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      value={sort}
      onChange={(v) => onSort(v as TagSort)}
      data={[
        { value: 'name', label: t('search.sidebar.sortName') },
        { value: 'count', label: t('search.sidebar.sortCount') },
      ]}
      aria-label={t('search.sidebar.tagSort')}
      data-testid="tag-filter-sort"
      styles={{ label: { paddingBlock: 0, paddingInline: 8, fontSize: 11 } }}
    />
  );
}

function TagFilter({ counters, criteria, names, onCycle, sort }: SidebarProps & { sort: TagSort }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, TAG_FILTER_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState(false);
  const items = tagItems(counters, criteria, names, sort, debounced);
  const shown = expanded ? items : items.slice(0, Math.max(TAG_FILTER_VISIBLE, items.filter((i) => i.criterion).length));
  return (
    <Stack gap={6}>
      <TextInput
        size="xs"
        leftSection={<SearchIcon size={13} />}
        placeholder={t('search.sidebar.tagSearch')}
        aria-label={t('search.sidebar.tagSearch')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="tag-filter-search"
      />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" pl={6}>
          {debounced.trim() ? t('search.sidebar.noTagMatch', { text: debounced.trim() }) : t('search.sidebar.noTags')}
        </Text>
      ) : (
        <Stack gap={2} data-testid="tag-filters">
          {shown.map((tag) => (
            <FacetButton key={tag.id} field="tag" item={tag} criterion={tag.criterion} onCycle={onCycle} testId="filter-tag" />
          ))}
          <ShowMore shown={shown.length} total={items.length} expanded={expanded} onToggle={() => setExpanded((e) => !e)} />
        </Stack>
      )}
    </Stack>
  );
}

function LastUpdatedFilter({ updated, onUpdated }: Pick<SidebarProps, 'updated' | 'onUpdated'>) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={updated} onChange={(v) => onUpdated(v as DatePreset)} aria-label={t('search.sidebar.lastUpdated')}>
      <Stack gap={6} pl={6}>
        {DATE_PRESETS.map((p) => (
          <Radio key={p} value={p} size="xs" label={t(`search.presets.${p}`)} data-testid="filter-updated" data-value={p} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function SidebarSkeleton() {
  return (
    <Stack gap={8}>
      {[80, 60, 70, 50, 65].map((w, i) => (
        <Skeleton key={i} height={14} width={`${w}%`} radius="sm" />
      ))}
    </Stack>
  );
}

export function SearchSidebar(props: SidebarProps & { width: number | string; sticky?: boolean }) {
  const { t } = useTranslation();
  const { width, sticky = true, ...rest } = props;
  const [tagSort, setTagSort] = useState<TagSort>('count');
  return (
    <Box
      component="aside"
      aria-label={t('search.sidebar.label')}
      w={width}
      className={sticky ? classes.sidebar : undefined}
      data-testid="search-sidebar"
    >
      <Stack gap="md">
        <FilterSection title={t('searchFilters.sections.boards')} id="filter-boards">
          {rest.loading && !rest.counters ? <SidebarSkeleton /> : <BoardFilter {...rest} />}
        </FilterSection>
        <FilterSection title={t('search.sidebar.tags')} id="filter-tags" action={<TagSortToggle sort={tagSort} onSort={setTagSort} />}>
          {rest.loading && !rest.counters ? <SidebarSkeleton /> : <TagFilter {...rest} sort={tagSort} />}
        </FilterSection>
        <FilterSection title={t('search.sidebar.lastUpdated')} id="filter-updated">
          <LastUpdatedFilter updated={rest.updated} onUpdated={rest.onUpdated} />
        </FilterSection>
      </Stack>
    </Box>
  );
}
