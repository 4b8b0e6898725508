// OpenSearch date math: `now-7d/d`, `2024-03-01||+1M/M`, ISO dates and epoch millis, with time zones.
// Calendar units (y, M, w, d) move on the local timeline of the time zone, clock units (h, m, s)
// on the instant timeline, as java.time does in OpenSearch.

import { EngineQueryError } from './errors.ts';

export type DateUnit = 'y' | 'q' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

export interface DateMathOptions {
  /** Epoch millis used for `now` (default Date.now()). */
  now?: number;
  /** IANA zone (`Europe/Paris`), `UTC`/`Z`, or an offset (`+01:00`). Default UTC. */
  timeZone?: string;
  /** Round up (to the last millisecond of the unit) instead of down: used for `lte` and `gt`. */
  roundUp?: boolean;
}

const DAY = 86_400_000;
const UNIT_MS: Record<'h' | 'm' | 's', number> = { h: 3_600_000, m: 60_000, s: 1000 };

// ---------------------------------------------------------------- time zones

type Zone = { fixed: number } | { iana: string; fmt: Intl.DateTimeFormat };
const zoneCache = new Map<string, Zone>();

function zone(tz: string | undefined): Zone {
  const key = tz ?? 'UTC';
  let z = zoneCache.get(key);
  if (z) return z;
  const fixed = parseOffset(key);
  if (fixed !== null) z = { fixed };
  else {
    try {
      const fmt = new Intl.DateTimeFormat('en-US', {
        timeZone: key,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      z = { iana: key, fmt };
    } catch {
      throw new EngineQueryError(`unknown time zone [${key}]`);
    }
  }
  zoneCache.set(key, z);
  return z;
}

function parseOffset(tz: string): number | null {
  if (tz === 'UTC' || tz === 'Z' || tz === 'GMT' || tz === 'Etc/UTC') return 0;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(tz);
  if (!m) return null;
  const h = Number(m[2]);
  const min = Number(m[3] ?? 0);
  if (h > 18 || min > 59) throw new EngineQueryError(`invalid time zone offset [${tz}]`);
  return (m[1] === '-' ? -1 : 1) * (h * 3_600_000 + min * 60_000);
}

/** Throws EngineQueryError when the zone is unknown. */
export function assertTimeZone(tz: string): void {
  zone(tz);
}

/** Offset of the zone from UTC at the given instant, in ms (local = utc + offset). */
export function zoneOffset(tz: string | undefined, utcMs: number): number {
  const z = zone(tz);
  if ('fixed' in z) return z.fixed;
  // Intl works in whole seconds; the offset never has a sub-second part.
  const base = Math.floor(utcMs / 1000) * 1000;
  const parts = z.fmt.formatToParts(new Date(base));
  let y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  for (const p of parts) {
    switch (p.type) {
      case 'year': y = Number(p.value); break;
      case 'month': mo = Number(p.value); break;
      case 'day': d = Number(p.value); break;
      case 'hour': h = Number(p.value); break;
      case 'minute': mi = Number(p.value); break;
      case 'second': s = Number(p.value); break;
    }
  }
  return Date.UTC(y, mo - 1, d, h, mi, s) - base;
}

/** The wall-clock time of an instant in the zone, expressed as if it were UTC millis. */
export function toLocal(utcMs: number, tz: string | undefined): number {
  return utcMs + zoneOffset(tz, utcMs);
}

/**
 * The instant of a wall-clock time in the zone. In a DST gap the time is moved forward by the gap;
 * in an overlap the earlier instant wins (java.time's ZonedDateTime.of rules).
 */
export function fromLocal(localMs: number, tz: string | undefined): number {
  const z = zone(tz);
  if ('fixed' in z) return localMs - z.fixed;
  const o1 = zoneOffset(tz, localMs - zoneOffset(tz, localMs));
  const a = localMs - o1;
  const o2 = zoneOffset(tz, a - 3 * 3_600_000);
  const o3 = zoneOffset(tz, a + 3 * 3_600_000);
  const candidates = [localMs - o2, localMs - o3, a].filter((t) => zoneOffset(tz, t) === localMs - t);
  if (candidates.length > 0) return Math.min(...candidates);
  // Gap: shift forward by the gap, i.e. use the offset before the transition.
  return localMs - Math.min(o2, o3);
}

// ---------------------------------------------------------------- calendar arithmetic

function addLocal(localMs: number, n: number, unit: 'y' | 'q' | 'M' | 'w' | 'd'): number {
  const d = new Date(localMs);
  if (unit === 'd') return localMs + n * DAY;
  if (unit === 'w') return localMs + n * 7 * DAY;
  const months = unit === 'y' ? 12 * n : unit === 'q' ? 3 * n : n;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const ty = y + Math.floor(m / 12);
  const tm = ((m % 12) + 12) % 12;
  // Clamp the day to the target month's length (Jan 31 + 1M = Feb 28/29), as java.time does.
  const lastDay = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(ty, tm, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** Adds n units; calendar units in the zone's local time. */
export function addUnits(utcMs: number, n: number, unit: DateUnit, tz?: string): number {
  if (unit === 'h' || unit === 'm' || unit === 's') return utcMs + n * UNIT_MS[unit];
  return fromLocal(addLocal(toLocal(utcMs, tz), n, unit), tz);
}

function floorLocal(localMs: number, unit: DateUnit): number {
  const d = new Date(localMs);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  switch (unit) {
    case 'y': return Date.UTC(y, 0, 1);
    case 'q': return Date.UTC(y, mo - (mo % 3), 1);
    case 'M': return Date.UTC(y, mo, 1);
    case 'w': {
      const day = Math.floor(localMs / DAY) * DAY;
      const dow = (d.getUTCDay() + 6) % 7; // Monday = 0 (ISO weeks)
      return day - dow * DAY;
    }
    case 'd': return Math.floor(localMs / DAY) * DAY;
    case 'h': return Math.floor(localMs / 3_600_000) * 3_600_000;
    case 'm': return Math.floor(localMs / 60_000) * 60_000;
    case 's': return Math.floor(localMs / 1000) * 1000;
  }
}

/** Start of the unit containing the instant, in the zone. */
export function roundDown(utcMs: number, unit: DateUnit, tz?: string): number {
  return fromLocal(floorLocal(toLocal(utcMs, tz), unit), tz);
}

/** Last millisecond of the unit containing the instant, in the zone. */
export function roundUp(utcMs: number, unit: DateUnit, tz?: string): number {
  return addUnits(roundDown(utcMs, unit, tz), 1, unit, tz) - 1;
}

// ---------------------------------------------------------------- parsing

const ISO =
  /^([+-]?\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/**
 * Parses an ISO 8601 date (`strict_date_optional_time`) or epoch millis. Missing parts are filled
 * with their minimum, or their maximum when rounding up (so `lte: '2024-01-05'` includes that day).
 */
export function parseDate(text: string, options: { timeZone?: string; roundUp?: boolean } = {}): number {
  const m = ISO.exec(text);
  if (!m) {
    if (/^-?\d+$/.test(text)) return Number(text);
    throw new EngineQueryError(`failed to parse date [${text}]`);
  }
  const up = options.roundUp === true;
  const year = Number(m[1]);
  const month = m[2] !== undefined ? Number(m[2]) : up ? 12 : 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = m[3] !== undefined ? Number(m[3]) : up ? lastDay : 1;
  const hour = m[4] !== undefined ? Number(m[4]) : up ? 23 : 0;
  const minute = m[5] !== undefined ? Number(m[5]) : up ? 59 : 0;
  const second = m[6] !== undefined ? Number(m[6]) : up ? 59 : 0;
  const ms = m[7] !== undefined ? Number(m[7].slice(0, 3).padEnd(3, '0')) : up ? 999 : 0;
  if (month < 1 || month > 12 || day < 1 || day > lastDay || hour > 23 || minute > 59 || second > 59) {
    throw new EngineQueryError(`failed to parse date [${text}]: field out of range`);
  }
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const z = m[8];
  if (z !== undefined) {
    const off = parseOffset(z);
    return local - (off ?? 0);
  }
  return fromLocal(local, options.timeZone);
}

const UNITS = new Set(['y', 'q', 'M', 'w', 'd', 'h', 'H', 'm', 's']);

/**
 * Evaluates date math (`now`, `now-7d/d`, `2024-01-01||+1M/M`) or a plain date / epoch millis.
 * Throws EngineQueryError on malformed input.
 */
export function evalDateMath(expr: string | number, options: DateMathOptions = {}): number {
  if (typeof expr === 'number') {
    if (!Number.isFinite(expr)) throw new EngineQueryError(`invalid date [${expr}]`);
    return expr;
  }
  const tz = options.timeZone;
  if (tz !== undefined) assertTimeZone(tz);
  let time: number;
  let math: string;
  if (expr.startsWith('now')) {
    time = options.now ?? Date.now();
    math = expr.slice(3);
  } else {
    const sep = expr.indexOf('||');
    if (sep < 0) return parseDate(expr, { timeZone: tz, roundUp: options.roundUp });
    time = parseDate(expr.slice(0, sep), { timeZone: tz });
    math = expr.slice(sep + 2);
  }
  let i = 0;
  while (i < math.length) {
    const c = math[i++];
    if (c === '/') {
      const unit = math[i++];
      if (unit === undefined || !UNITS.has(unit)) throw new EngineQueryError(`malformed date math [${expr}]: unknown rounding unit`);
      const u = (unit === 'H' ? 'h' : unit) as DateUnit;
      time = options.roundUp ? roundUp(time, u, tz) : roundDown(time, u, tz);
    } else if (c === '+' || c === '-') {
      let j = i;
      while (j < math.length && math[j] >= '0' && math[j] <= '9') j++;
      const n = j > i ? Number(math.slice(i, j)) : 1;
      const unit = math[j];
      if (unit === undefined || !UNITS.has(unit)) throw new EngineQueryError(`malformed date math [${expr}]: unknown unit`);
      const u = (unit === 'H' ? 'h' : unit) as DateUnit;
      time = addUnits(time, c === '-' ? -n : n, u, tz);
      i = j + 1;
    } else {
      throw new EngineQueryError(`malformed date math [${expr}]: unexpected [${c}]`);
    }
  }
  return time;
}

/** Parses a document's date value (ISO string or epoch millis); NaN when it is not a date. */
export function docDate(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string') return NaN;
  // Canonical UTC ISO (what JSON.stringify of a Date gives): the native parser is exact and fast.
  if (value.length === 24 && value.charCodeAt(23) === 90 && value.charCodeAt(10) === 84) {
    const t = Date.parse(value);
    if (!Number.isNaN(t)) return t;
  }
  try {
    return parseDate(value);
  } catch {
    return NaN;
  }
}

/** Formats like OpenSearch's `strict_date_optional_time`: `2024-01-05T00:00:00.000Z` or `...+01:00`. */
export function formatDate(utcMs: number, tz?: string): string {
  const off = tz === undefined ? 0 : zoneOffset(tz, utcMs);
  const iso = new Date(utcMs + off).toISOString().slice(0, -1);
  if (off === 0) return `${iso}Z`;
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off) / 60_000;
  return `${iso}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** Maps an OpenSearch calendar_interval to a rounding unit. */
export function calendarUnit(interval: string): DateUnit {
  switch (interval) {
    case 'minute': case '1m': return 'm';
    case 'hour': case '1h': return 'h';
    case 'day': case '1d': return 'd';
    case 'week': case '1w': return 'w';
    case 'month': case '1M': return 'M';
    case 'quarter': case '1q': return 'q';
    case 'year': case '1y': return 'y';
    default: throw new EngineQueryError(`unknown calendar_interval [${interval}]`);
  }
}
