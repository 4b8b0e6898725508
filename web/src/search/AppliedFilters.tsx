// The applied-filters bar of the search results page: one chip per criterion showing its mode (Any,
// Must, Not) and name — a click on the chip cycles the mode, its × removes it — plus the last-updated
// period and "Clear all".
import { ActionIcon, Button, Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Criterion, CriterionKind, DatePreset } from '../../../contracts/search.ts';
import { ClockIcon, CloseIcon } from '../brand/icons.tsx';
import { criterionDisplay } from '../shared/criterionMode.ts';
import { CriterionModeIcon } from '../shared/CriterionModeIcon.tsx';
import { DEFAULT_UPDATED } from './searchUrlState.ts';
import { criterionName, type NameBook } from './sidebarModel.ts';

const CHIP_COLORS = {
  should: { bg: 'var(--mantine-color-indigo-0)', border: 'var(--mantine-color-indigo-3)', fg: 'var(--mantine-color-indigo-8)' },
  must: { bg: 'var(--mantine-color-teal-6)', border: 'var(--mantine-color-teal-6)', fg: 'white' },
  must_not: { bg: 'white', border: 'var(--mantine-color-red-5)', fg: 'var(--mantine-color-red-8)' },
} as const;

function Chip(props: { label: string; kindLabel: string; modeLabel: string; icon: ReactNode; colors: (typeof CHIP_COLORS)[keyof typeof CHIP_COLORS]; strike?: boolean; onClick?: () => void; onRemove: () => void; clickLabel?: string; removeLabel: string; data: Record<string, string | number> }) {
  const { colors } = props;
  return (
    <Group
      gap={0}
      wrap="nowrap"
      data-testid="applied-filter"
      {...props.data}
      style={{ border: `1px solid ${colors.border}`, background: colors.bg, color: colors.fg, borderRadius: 999, overflow: 'hidden', maxWidth: 320 }}
    >
      <UnstyledButton
        onClick={props.onClick}
        disabled={!props.onClick}
        aria-label={props.clickLabel}
        title={props.clickLabel}
        style={{ color: 'inherit', display: 'flex', alignItems: 'center', gap: 6, padding: '3px 4px 3px 10px', minWidth: 0, cursor: props.onClick ? 'pointer' : 'default' }}
      >
        {props.icon}
        <Text span size="xs" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em', flex: 'none' }}>
          {props.modeLabel}
        </Text>
        <Text span size="xs" c="inherit" style={{ opacity: 0.8, flex: 'none' }}>
          {props.kindLabel}
        </Text>
        <Text span size="sm" fw={500} truncate td={props.strike ? 'line-through' : undefined}>
          {props.label}
        </Text>
      </UnstyledButton>
      <ActionIcon variant="transparent" size="sm" radius="xl" c="inherit" aria-label={props.removeLabel} title={props.removeLabel} onClick={props.onRemove} mr={4} data-testid="applied-filter-remove">
        <CloseIcon size={13} />
      </ActionIcon>
    </Group>
  );
}

export function AppliedFilters(props: {
  criteria: Criterion[];
  updated: DatePreset;
  names: NameBook;
  onCycle: (field: CriterionKind, id: number) => void;
  onRemove: (field: CriterionKind, id: number) => void;
  onClearUpdated: () => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation();
  const { criteria, updated } = props;
  if (!criteria.length && updated === DEFAULT_UPDATED) return null;
  return (
    <Group gap={8} data-testid="applied-filters" role="region" aria-label={t('search.applied.label')}>
      {criteria.map((c) => {
        const d = criterionDisplay(c.type);
        const name = criterionName(props.names, c.field, c.value) ?? t(`search.applied.unknown.${c.field}`, { id: c.value });
        const mode = t(d.labelKey);
        return (
          <Chip
            key={`${c.field}-${c.value}`}
            label={name}
            kindLabel={t(`search.applied.kind.${c.field}`)}
            modeLabel={mode}
            icon={<CriterionModeIcon type={c.type} size={13} />}
            colors={CHIP_COLORS[c.type]}
            strike={d.strike}
            onClick={() => props.onCycle(c.field, c.value)}
            clickLabel={t('search.applied.cycle', { name, mode, next: t(d.nextKey) })}
            onRemove={() => props.onRemove(c.field, c.value)}
            removeLabel={t('search.applied.remove', { name })}
            data={{ 'data-field': c.field, 'data-id': c.value, 'data-mode': c.type }}
          />
        );
      })}
      {updated !== DEFAULT_UPDATED && (
        <Chip
          label={t(`search.presets.${updated}`)}
          kindLabel={t('search.applied.kind.updated')}
          modeLabel=""
          icon={<ClockIcon size={13} />}
          colors={CHIP_COLORS.should}
          onRemove={props.onClearUpdated}
          removeLabel={t('search.applied.remove', { name: t(`search.presets.${updated}`) })}
          data={{ 'data-field': 'updated', 'data-id': updated, 'data-mode': 'should' }}
        />
      )}
      <Button variant="subtle" size="compact-sm" onClick={props.onClearAll} data-testid="clear-filters">
        {t('search.applied.clearAll')}
      </Button>
    </Group>
  );
}
