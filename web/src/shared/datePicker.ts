// The calendars of @mantine/dates in the reader's language (i18n.language): month and weekday names come from
// dayjs' locale (its German one is loaded here; English is built in), the picked days in the field are written by
// Intl like every other date of the app ("Nov 2, 2026", "2. Nov. 2026"). Spread onto a DatePickerInput.
import type { DateFormatter } from '@mantine/dates';
import 'dayjs/locale/de';

const LONG_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** A day the picker holds ("2026-11-02", perhaps with a time, or a Date) as the language writes it. */
function dayText(format: Intl.DateTimeFormat, value: string | Date): string {
  const d = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  return Number.isNaN(d.getTime()) ? String(value) : format.format(d);
}

/** The field's text for a language: a day, days or a range as Mantine's own formatter lays them out. */
export function pickedDaysFormatter(locale: string, options: Intl.DateTimeFormatOptions = LONG_DAY): DateFormatter {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return ({ type, date, labelSeparator }) => {
    if (date === null) return '';
    if (!Array.isArray(date)) return dayText(format, date);
    if (type === 'range') {
      const [from, to] = date;
      if (!from) return '';
      return to ? `${dayText(format, from)} ${labelSeparator} ${dayText(format, to)}` : `${dayText(format, from)} ${labelSeparator} `;
    }
    return date.filter((d) => d !== null).map((d) => dayText(format, d)).join(', ');
  };
}

/** A DatePickerInput's language: its calendar's dayjs locale and the text of the picked days. */
export const datePickerLanguage = (locale: string, options?: Intl.DateTimeFormatOptions) => ({ locale, valueFormatter: pickedDaysFormatter(locale, options) });
