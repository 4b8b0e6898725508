// The search results sidebar (part 2 §2 Search): filters by boards (grouped by rival), tags (with a
// case-insensitive search, 500 ms, and a name | count sort) and last updated. Clicking an item adds it
// as "any" (should); clicking a selected one cycles should → must → must_not → should.
import { Anchor, Box, Group, Radio, SegmentedControl, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type Criterion, type CriterionKind, type DatePreset, type SearchResponse } from '../../../contracts/search.ts';
import { SearchIcon } from '../brand/icons.tsx';
import { criterionDisplay } from '../shared/criterionMode.ts';
import { CriterionModeIcon } from '../shared/CriterionModeIcon.tsx';
import classes from '../shared/Results.module.css';
import { BOARD_FILTER_VISIBLE_RIVALS, TAG_FILTER_DEBOUNCE_MS, TAG_FILTER_VISIBLE } from './constants.ts';
import { criterionDataMode, findCriterion } from './criteria.ts';
import { boardGroups, tagItems, type FacetItem, type NameBook, type TagSort } from './sidebarModel.ts';

export type SidebarProps = {
  counters: SearchResponse['counters'] | undefined;
  criteria: Criterion[];
  updated: DatePreset;
  names: NameBook;
  loading: boolean;
  onCycle: (field: CriterionKind, id: number) => void;
  onUpdated: (preset: DatePreset) => void;
};

function FilterSection({ title, children, id, action }: { title: string; children: ReactNode; id: string; action?: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={22}>
        <Title order={2} id={id} fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/** One board, tag or rival in the sidebar; its look and label say its mode and what a click does. */
function FacetButton(props: { field: CriterionKind; item: Pick<FacetItem, 'id' | 'name' | 'count'>; criterion: Criterion | undefined; onCycle: SidebarProps['onCycle']; testId: string; strong?: boolean }) {
  const { t } = useTranslation();
  const { item, criterion } = props;
  const modeText = criterion ? t(criterionDisplay(criterion.type).labelKey) : t('search.mode.off');
  const next = criterion ? t(criterionDisplay(criterion.type).nextKey) : t('search.mode.nextAdd');
  return (
    <UnstyledButton
      className={classes.facet}
      data-testid={props.testId}
      data-id={item.id}
      data-mode={criterionDataMode(criterion)}
      data-count={item.count}
      aria-label={t('search.facetLabel', { name: item.name, count: item.count, mode: modeText, next })}
      title={next}
      onClick={() => props.onCycle(props.field, item.id)}
    >
      <span className={classes.facetIcon}>
        <CriterionModeIcon type={criterion?.type} />
      </span>
      <span className={classes.facetName} style={props.strong ? { fontWeight: 600 } : undefined}>
        {item.name}
      </span>
      {criterion && criterion.type !== 'should' && (
        <Text span size="10px" fw={700} tt="uppercase" c={criterion.type === 'must' ? 'teal.8' : 'red.7'}>
          {modeText}
        </Text>
      )}
      <span className={classes.facetCount}>{item.count}</span>
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

function BoardFilter({ counters, criteria, names, onCycle }: SidebarProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const all = boardGroups(counters, criteria, names);
  const selected = (g: (typeof all)[number]) =>
    g.boards.some((b) => b.criterion) || (g.rival.id !== null && !!findCriterion(criteria, { field: 'rival', value: g.rival.id }));
  const groups = expanded ? all : all.filter((g, i) => i < BOARD_FILTER_VISIBLE_RIVALS || selected(g));
  if (!all.length) {
    return (
      <Text size="sm" c="dimmed" pl={6}>
        {t('search.sidebar.noBoards')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="board-filters">
      {groups.map((g) => {
        const rivalCriterion = g.rival.id === null ? undefined : findCriterion(criteria, { field: 'rival', value: g.rival.id });
        return (
          <Stack gap={2} key={g.rival.id ?? 'other'} role="group" aria-label={g.rival.name ?? t('search.sidebar.otherRival')}>
            {g.rival.id !== null ? (
              <FacetButton
                field="rival"
                item={{ id: g.rival.id, name: g.rival.name ?? `#${g.rival.id}`, count: g.count }}
                criterion={rivalCriterion}
                onCycle={onCycle}
                testId="filter-rival"
                strong
              />
            ) : (
              <Text size="sm" fw={600} pl={6}>
                {t('search.sidebar.otherRival')}
              </Text>
            )}
            <Stack gap={2} pl={14}>
              {g.boards.map((b) => (
                <FacetButton key={b.id} field="board" item={b} criterion={b.criterion} onCycle={onCycle} testId="filter-board" />
              ))}
            </Stack>
          </Stack>
        );
      })}
      <ShowMore shown={groups.length} total={all.length} expanded={expanded} onToggle={() => setExpanded((e) => !e)} allKey="search.sidebar.showAllRivals" />
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
      <Stack gap="lg">
        <FilterSection title={t('search.sidebar.boards')} id="filter-boards">
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
