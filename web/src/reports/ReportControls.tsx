// The period and filters of a report, kept in the URL (urlState.ts): a date preset, or a custom range picked in a
// calendar (CustomRange.tsx; it starts from the period on screen); the role for search analytics and consumer usage; when a card
// counts as stale for data hygiene.
import { Group, Input, Select } from '@mantine/core';
import { Suspense } from 'react';
import { lazyComponent } from '../core/chunkReload.ts';
import { DEFAULT_STALE_DAYS, REPORT_ROLES, type ReportDateRange, type ReportPeriod, type ReportRole } from '../../../contracts/reports.ts';
import { useTranslation } from '../i18n/react.tsx';
import { CalendarIcon } from './icons.tsx';
import classes from './Reports.module.css';
import { dateRangesFor, presetDays, usesRole, usesStaleDays, withDateRange, type ReportAt, type ReportUrlState } from './urlState.ts';
import '../i18n/areas/reports.ts';

/** The choices of "stale after" on data hygiene, in days. */
const STALE_DAYS_CHOICES = [30, 90, DEFAULT_STALE_DAYS, 365] as const;

type Props = {
  at: Pick<ReportAt, 'id' | 'type'>;
  state: ReportUrlState;
  /** The period on screen, where a custom range starts. */
  period: ReportPeriod | undefined;
  onChange: (next: ReportUrlState) => void;
};

// The calendar (and its date library) loads only for a custom period.
const CustomRange = lazyComponent(() => import('./CustomRange.tsx'), 'CustomRange');

export function ReportControls({ at, state, period, onChange }: Props) {
  const { t } = useTranslation();
  const ranges = dateRangesFor(at.id, at.type);

  const pickRange = (value: string | null) => {
    if (!value || value === state.dateRange) return;
    const range = value as ReportDateRange;
    if (range !== 'customDateRange') return onChange(withDateRange(state, range));
    // A custom range starts as the period the reader is looking at, ready to be narrowed or widened.
    const days = period ? { from: period.from, to: period.to } : presetDays('last30Days', new Date());
    onChange(withDateRange(state, 'customDateRange', days));
  };

  return (
    <Group gap="xs" wrap="wrap" className={classes.controls} role="group" aria-label={t('reports.controls.label')} data-testid="report-controls">
      <Select
        size="sm"
        w={{ base: undefined, xs: 190 }}
        data={ranges.map((r) => ({ value: r, label: t(`dateRanges.${r}`) }))}
        value={state.dateRange}
        onChange={pickRange}
        allowDeselect={false}
        aria-label={t('reports.controls.dateRange')}
        leftSection={<CalendarIcon size={15} />}
        comboboxProps={{ withinPortal: true }}
        data-testid="report-date-range"
      />
      {state.dateRange === 'customDateRange' && (
        <Suspense fallback={<Input.Placeholder component="div" w={{ base: undefined, xs: 250 }} />}>
          <CustomRange from={state.from} to={state.to} onPick={(days) => onChange(withDateRange(state, 'customDateRange', days))} />
        </Suspense>
      )}
      {usesRole(at.id) && (
        <Select
          size="sm"
          w={{ base: undefined, xs: 150 }}
          data={REPORT_ROLES.map((r) => ({ value: r, label: t(`reports.roles.${r}`) }))}
          value={state.role}
          onChange={(v) => v && onChange({ ...state, role: v as ReportRole })}
          allowDeselect={false}
          aria-label={t('reports.controls.role')}
          comboboxProps={{ withinPortal: true }}
          data-testid="report-role"
        />
      )}
      {usesStaleDays(at.id, at.type) && (
        <Select
          size="sm"
          w={{ base: undefined, xs: 200 }}
          className={classes.wideControl}
          data={STALE_DAYS_CHOICES.map((d) => ({ value: String(d), label: `${t('reports.controls.staleDays')} ${t('reports.controls.staleDaysOption', { count: d })}` }))}
          value={String(state.staleDays ?? DEFAULT_STALE_DAYS)}
          onChange={(v) => v && onChange({ ...state, staleDays: Number(v) === DEFAULT_STALE_DAYS ? null : Number(v) })}
          allowDeselect={false}
          aria-label={t('reports.controls.staleDays')}
          comboboxProps={{ withinPortal: true }}
          data-testid="report-stale-days"
        />
      )}
    </Group>
  );
}
