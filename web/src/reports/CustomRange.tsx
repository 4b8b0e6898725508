// A custom report period: two days picked in a calendar (@mantine/dates), at most REPORT_MAX_DAYS back and never
// after today. A chunk of its own, loaded when a reader picks a custom period.
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { REPORT_MAX_DAYS } from '../../../contracts/reports.ts';
import { useTranslation } from '../i18n/react.tsx';
import { datePickerLanguage } from '../shared/datePicker.ts';
import classes from './Reports.module.css';
import '../i18n/areas/reports.ts';

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const earliest = () => new Date(Date.now() - (REPORT_MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);

/** Two days picked in a calendar; the report follows once both are there. */
export function CustomRange({ from, to, onPick }: { from: string | null; to: string | null; onPick: (days: { from: string; to: string }) => void }) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState<DatesRangeValue<string>>([from, to]);
  useEffect(() => setValue([from, to]), [from, to]);
  return (
    <DatePickerInput
      type="range"
      size="sm"
      className={classes.customRange}
      w={{ base: undefined, xs: 250 }}
      value={value}
      onChange={(next) => {
        setValue(next);
        const [a, b] = next;
        if (a && b) onPick({ from: a.slice(0, 10), to: b.slice(0, 10) });
      }}
      allowSingleDateInRange
      minDate={earliest()}
      maxDate={today()}
      {...datePickerLanguage(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' })}
      labelSeparator="–"
      aria-label={t('reports.controls.customRange')}
      placeholder={t('reports.controls.pickDates')}
      popoverProps={{ withinPortal: true }}
      data-testid="report-custom-range"
    />
  );
}
