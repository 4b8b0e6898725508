// How a report's figures read (contracts/reports.ts ReportFormat): counts with thousands separators, shares as
// "42 %", lengths as "2m 05s", signed changes as "+25 %" (green up, red down), days as "Nov 2, 2026". Pure; see
// format.test.ts.
import type { ReportCell, ReportFormat, ReportKpi } from '../../../contracts/reports.ts';

/** What an empty figure shows. */
export const NO_VALUE = '—';
const MINUS = '\u2212';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })));
  return f;
}

/** 1234 → "1,234"; 2.345 → "2.3". */
export const formatNumber = (value: number, locale = 'en') => numberFormat(locale, 1).format(value);

/** A share in percent: one decimal under 10, none above ("5.3", "42"). */
function percentDigits(share: number, locale: string): string {
  const pct = share * 100;
  const rounded = Math.abs(pct) < 10 ? Math.round(pct * 10) / 10 : Math.round(pct);
  return numberFormat(locale, 1).format(Math.abs(rounded) === 0 ? 0 : rounded);
}

/** 0.42 → "42 %"; 0.053 → "5.3 %". */
export const formatPercent = (share: number, locale = 'en') => `${percentDigits(share, locale)} %`;

/** 0.25 → "+25 %"; -0.1 → "−10 %"; 0 → "0 %". */
export function formatChange(change: number, locale = 'en'): string {
  const digits = percentDigits(Math.abs(change), locale);
  if (digits === '0') return '0 %';
  return `${change > 0 ? '+' : MINUS}${digits} %`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 45 → "45s"; 125 → "2m 05s"; 3720 → "1h 02m". */
export function formatSeconds(value: number): string {
  const total = Math.max(0, Math.round(value));
  if (total < 60) return `${total}s`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${pad(m)}m` : `${m}m ${pad(s)}s`;
}

/** "2026-11-02" (or a timestamp) → "Nov 2, 2026", read as UTC: a report's days are UTC days. */
export function formatDate(value: string, locale = 'en'): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** "2026-11-02" → "Nov 2": the ticks of a chart over days. Anything else is shown as given. */
export function formatDayTick(value: unknown, locale = 'en'): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return String(value ?? '');
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** A cell or figure as its format says; numbers given as strings are read as numbers. */
export function formatValue(value: ReportCell | undefined, format: ReportFormat, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (format === 'text') return String(value);
  if (format === 'date') return formatDate(String(value), locale);
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  switch (format) {
    case 'percent':
      return formatPercent(n, locale);
    case 'seconds':
      return formatSeconds(n);
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
 * its relative change ("+12 %"). None without a previous figure, or from zero (no ratio to tell).
 */
export function kpiTrend(kpi: Pick<ReportKpi, 'value' | 'previous' | 'format'>, locale = 'en'): KpiTrend | null {
  const { value, previous, format } = kpi;
  if (value === null || previous === null || previous === undefined || !Number.isFinite(value) || !Number.isFinite(previous)) return null;
  if (format === 'text' || format === 'date') return null;
  if (format === 'percent' || format === 'change') {
    const points = Math.round((value - previous) * 1000) / 10;
    if (points === 0) return { direction: 'flat', text: '0 pts' };
    return { direction: points > 0 ? 'up' : 'down', text: `${points > 0 ? '+' : MINUS}${numberFormat(locale, 1).format(Math.abs(points))} pts` };
  }
  if (previous === 0) return value === 0 ? { direction: 'flat', text: '0 %' } : null;
  const change = (value - previous) / Math.abs(previous);
  const text = formatChange(change, locale);
  return { direction: text === '0 %' ? 'flat' : change > 0 ? 'up' : 'down', text };
}
