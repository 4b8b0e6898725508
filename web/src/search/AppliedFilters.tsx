// The applied-filters bar of the search results page in a rep's words: the criteria grouped by kind and
// mode, each group introduced by what it does ("Tagged with any of:", "Must have tag:", "Exclude
// boards:", explained further in a tooltip), one chip per item — a click on the chip cycles its mode,
// its × removes it — plus the last-updated period and "Clear all". Without handlers the chips only show the
// criteria (a dynamic board read by a seller).
import { ActionIcon, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { Criterion, CriterionKind, DatePreset } from '../../../contracts/search.ts';
import { ClockIcon, CloseIcon } from '../brand/icons.tsx';
import { CriterionModeIcon } from '../shared/CriterionModeIcon.tsx';
import { chipGroupKeys, chipGroups, modeWords } from './criteria.ts';
import { DEFAULT_UPDATED } from './searchUrlState.ts';
import { criterionName, type NameBook } from './sidebarModel.ts';
import '../i18n/areas/searchFilters.ts';

const CHIP_COLORS = {
  should: { bg: 'var(--mantine-color-indigo-0)', border: 'var(--mantine-color-indigo-3)', fg: 'var(--mantine-color-indigo-8)' },
  must: { bg: 'var(--mantine-color-teal-6)', border: 'var(--mantine-color-teal-6)', fg: 'white' },
  must_not: { bg: 'white', border: 'var(--mantine-color-red-5)', fg: 'var(--mantine-color-red-8)' },
} as const;
const WORD_COLORS = { should: 'indigo.8', must: 'teal.8', must_not: 'red.8' } as const;

function Chip(props: { label: string; icon: ReactNode; colors: (typeof CHIP_COLORS)[keyof typeof CHIP_COLORS]; strike?: boolean; onClick?: () => void; onRemove?: () => void; clickLabel?: string; tooltip?: string; removeLabel: string; data: Record<string, string | number> }) {
  const { colors } = props;
  const button = (
    <UnstyledButton
      onClick={props.onClick}
      disabled={!props.onClick}
      aria-label={props.clickLabel}
      style={{ color: 'inherit', display: 'flex', alignItems: 'center', gap: 6, padding: props.onRemove ? '3px 4px 3px 10px' : '3px 10px', minWidth: 0, cursor: props.onClick ? 'pointer' : 'default' }}
    >
      {props.icon}
      <Text span size="sm" fw={500} truncate td={props.strike ? 'line-through' : undefined}>
        {props.label}
      </Text>
    </UnstyledButton>
  );
  return (
    <Group
      gap={0}
      wrap="nowrap"
      data-testid="applied-filter"
      {...props.data}
      style={{ border: `1px solid ${colors.border}`, background: colors.bg, color: colors.fg, borderRadius: 999, overflow: 'hidden', maxWidth: 'min(320px, 100%)' }}
    >
      {props.tooltip ? (
        <Tooltip label={props.tooltip} openDelay={300} withinPortal>
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {props.onRemove && (
        <ActionIcon variant="transparent" size="sm" radius="xl" c="inherit" aria-label={props.removeLabel} title={props.removeLabel} onClick={props.onRemove} mr={4} data-testid="applied-filter-remove">
          <CloseIcon size={13} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The words before a group of chips, with a sentence saying what the group does. */
function GroupWords({ text, hint, color }: { text: string; hint?: string; color: string }) {
  const words = (
    <Text span size="xs" fw={600} c={color} style={{ flex: 'none', cursor: hint ? 'help' : undefined }} data-testid="applied-filter-words">
      {text}:
    </Text>
  );
  return hint ? (
    <Tooltip label={hint} openDelay={200} multiline maw={260} withinPortal>
      {words}
    </Tooltip>
  ) : (
    words
  );
}

export function AppliedFilters(props: {
  criteria: Criterion[];
  updated: DatePreset;
  names: NameBook;
  onCycle?: (field: CriterionKind, id: number) => void;
  onRemove?: (field: CriterionKind, id: number) => void;
  onClearUpdated?: () => void;
  onClearAll?: () => void;
}) {
  const { onCycle, onRemove } = props;
  const { t } = useTranslation();
  const { criteria, updated } = props;
  if (!criteria.length && updated === DEFAULT_UPDATED) return null;
  return (
    <Group gap="xs" style={{ rowGap: 6 }} data-testid="applied-filters" role="region" aria-label={t('search.applied.label')}>
      {chipGroups(criteria).map((g) => {
        const keys = chipGroupKeys(g);
        const words = t(keys.labelKey, { count: g.criteria.length });
        return (
          <Group key={`${g.field}-${g.type}`} gap={6} role="group" aria-label={words} data-testid="applied-filter-group" data-field={g.field} data-mode={g.type} style={{ minWidth: 0, maxWidth: '100%', rowGap: 4 }}>
            <GroupWords text={words} hint={t(keys.hintKey)} color={WORD_COLORS[g.type]} />
            {g.criteria.map((c) => {
              const name = criterionName(props.names, c.field, c.value) ?? t(`search.applied.unknown.${c.field}`, { id: c.value });
              const mode = modeWords(c);
              return (
                <Chip
                  key={`${c.field}-${c.value}`}
                  label={name}
                  icon={<CriterionModeIcon type={c.type} size={13} />}
                  colors={CHIP_COLORS[c.type]}
                  strike={c.type === 'must_not'}
                  onClick={onCycle && (() => onCycle(c.field, c.value))}
                  clickLabel={onCycle && t('searchFilters.chip.label', { name, mode: t(mode.modeKey), next: t(mode.nextKey) })}
                  tooltip={onCycle && t(mode.nextKey)}
                  onRemove={onRemove && (() => onRemove(c.field, c.value))}
                  removeLabel={t('search.applied.remove', { name })}
                  data={{ 'data-field': c.field, 'data-id': c.value, 'data-mode': c.type }}
                />
              );
            })}
          </Group>
        );
      })}
      {updated !== DEFAULT_UPDATED && (
        <Group gap={6} wrap="nowrap" data-testid="applied-filter-group" data-field="updated">
          <GroupWords text={t('searchFilters.chip.updated')} color={WORD_COLORS.should} />
          <Chip
            label={t(`search.presets.${updated}`)}
            icon={<ClockIcon size={13} />}
            colors={CHIP_COLORS.should}
            onRemove={props.onClearUpdated}
            removeLabel={t('search.applied.remove', { name: t(`search.presets.${updated}`) })}
            data={{ 'data-field': 'updated', 'data-id': updated, 'data-mode': 'should' }}
          />
        </Group>
      )}
      {props.onClearAll && (
        <Button variant="subtle" size="compact-sm" onClick={props.onClearAll} data-testid="clear-filters">
          {t('search.applied.clearAll')}
        </Button>
      )}
    </Group>
  );
}
