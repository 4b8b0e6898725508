// How a report's figures read (contracts/reports.ts ReportFormat), in the reader's language (i18n.language): counts
// with thousands separators ("1,234", "1.234"), shares as "42%" ("42 %"), lengths as "2m 05s" ("2 Min. 05 Sek."),
// signed changes as "+25%" (green up, red down), days as "Nov 2, 2026" ("2. Nov. 2026"). Pure; see format.test.ts.
import type { ReportCell, ReportFormat, ReportKpi } from '../../../contracts/reports.ts';
import { formatNumber, numberFormat } from '../shared/numbers.ts';

export { formatNumber };

/** What an empty figure shows. */
export const NO_VALUE = '—';
const MINUS = '\u2212';

/** A share in percent, rounded: one decimal under 10, none above (5.3, 42); never -0. */
function percentRounded(share: number): number {
  const pct = share * 100;
  const rounded = Math.abs(pct) < 10 ? Math.round(pct * 10) / 10 : Math.round(pct);
  return rounded === 0 ? 0 : rounded;
}

/** Percent (already rounded) as the language writes it: 5.3 → "5.3%", "5,3 %" in German. */
const percentText = (pct: number, locale: string) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(pct / 100);

/** 0.42 → "42%"; 0.053 → "5.3%" (German "42 %", "5,3 %"). */
export const formatPercent = (share: number, locale: string) => percentText(percentRounded(share), locale);

/** 0.25 → "+25%"; -0.1 → "−10%"; 0 → "0%". */
export function formatChange(change: number, locale: string): string {
  const pct = percentRounded(Math.abs(change));
  if (pct === 0) return percentText(0, locale);
  return `${change > 0 ? '+' : MINUS}${percentText(pct, locale)}`;
}

/** A whole number of a time unit, short: "2m", "05s" (German "2 Min.", "05 Sek."). */
const unitText = (value: number, unit: 'hour' | 'minute' | 'second', locale: string, minimumIntegerDigits = 1) =>
  numberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow', minimumIntegerDigits }).format(value);

/** 45 → "45s"; 125 → "2m 05s"; 3720 → "1h 02m" (German "45 Sek.", "2 Min. 05 Sek."). */
export function formatSeconds(value: number, locale: string): string {
  const total = Math.max(0, Math.round(value));
  if (total < 60) return unitText(total, 'second', locale);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${unitText(h, 'hour', locale)} ${unitText(m, 'minute', locale, 2)}` : `${unitText(m, 'minute', locale)} ${unitText(s, 'second', locale, 2)}`;
}

/** "2026-11-02" (or a timestamp) → "Nov 2, 2026", read as UTC: a report's days are UTC days. */
export function formatDate(value: string, locale: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** "2026-11-02" → "Nov 2": the ticks of a chart over days. Anything else is shown as given. */
export function formatDayTick(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return String(value ?? '');
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** A cell or figure as its format says; numbers given as strings are read as numbers. */
export function formatValue(value: ReportCell | undefined, format: ReportFormat, locale: string): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (format === 'text') return String(value);
  if (format === 'date') return formatDate(String(value), locale);
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  switch (format) {
    case 'percent':
      return formatPercent(n, locale);
    case 'seconds':
      return formatSeconds(n, locale);
    case 'change':
      return formatChange(n, locale);
    default:
      return formatNumber(n, locale);
  }
}

/** The colour a signed change reads in: green up, red down, grey for none. */
export function changeTone(value: ReportCell | undefined): 'up' | 'down' | 'flat' {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n) || Math.abs(n) < 0.0005) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/** Formats whose cells read as numbers (right-aligned, tabular figures). */
export const isNumericFormat = (format: ReportFormat) => format !== 'text' && format !== 'date';

export type KpiTrend = { direction: 'up' | 'down' | 'flat'; text: string };

/**
 * A key figure against the period before: shares and changes move in points ("+4.5 pts"), everything else by
 * its relative change ("+12%"). None without a previous figure, or from zero (no ratio to tell). `points` words
 * a signed number of points in the reader's language (reports.kpis.points).
 */
export function kpiTrend(kpi: Pick<ReportKpi, 'value' | 'previous' | 'format'>, locale: string, points: (signed: string) => string): KpiTrend | null {
  const { value, previous, format } = kpi;
  if (value === null || previous === null || previous === undefined || !Number.isFinite(value) || !Number.isFinite(previous)) return null;
  if (format === 'text' || format === 'date') return null;
  if (format === 'percent' || format === 'change') {
    const moved = Math.round((value - previous) * 1000) / 10;
    if (moved === 0) return { direction: 'flat', text: points('0') };
    return { direction: moved > 0 ? 'up' : 'down', text: points(`${moved > 0 ? '+' : MINUS}${formatNumber(Math.abs(moved), locale)}`) };
  }
  if (previous === 0) return value === 0 ? { direction: 'flat', text: formatChange(0, locale) } : null;
  const change = (value - previous) / Math.abs(previous);
  const flat = percentRounded(Math.abs(change)) === 0;
  return { direction: flat ? 'flat' : change > 0 ? 'up' : 'down', text: formatChange(change, locale) };
}
