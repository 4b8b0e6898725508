// The "last updated" filter: a preset, date math, or an ISO date, as a range lower bound (and an
// upper bound for yesterday). Presets use the spec's date values (now-7d/d ...).
import { evalDateMath } from '../../engine/datemath.ts';
import type { RangeParams } from '../../engine/port.ts';
import { DATE_PRESETS, type DatePreset } from '../../contracts/search.ts';
import { fieldError } from '../errors.ts';

const PRESET_RANGES: Record<DatePreset, RangeParams | null> = {
  allTime: null,
  today: { gte: 'now-0d/d' },
  yesterday: { gte: 'now-1d/d', lt: 'now-0d/d' },
  last2Days: { gte: 'now-2d/d' },
  last7Days: { gte: 'now-7d/d' },
  last30Days: { gte: 'now-30d/d' },
  last90Days: { gte: 'now-90d/d' },
};

export function updatedRange(value: string | undefined, param = 'updated_start'): RangeParams | null {
  if (!value) return null;
  const v = value.startsWith('date-') ? value.slice(5) : value;
  if ((DATE_PRESETS as readonly string[]).includes(v)) return PRESET_RANGES[v as DatePreset];
  if (/^now/.test(v) || /^\d{4}-\d{2}-\d{2}/.test(v)) {
    try {
      evalDateMath(v);
    } catch {
      throw fieldError('date_malformed', param, { param, value });
    }
    return { gte: v };
  }
  throw fieldError('date_unknown', param, { param, presets: DATE_PRESETS.join(', ') });
}
