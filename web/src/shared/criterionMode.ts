// How a criterion's mode reads and looks wherever filters cycle should → must → must_not → should: the
// sidebar items and applied-filter chips of search and alerts. Pure; see criterionMode.test.ts.
import type { CriterionType } from '../../../contracts/search.ts';
import { BanIcon, CheckIcon, PlusIcon } from '../brand/icons.tsx';

/** "any" (should), "must", "not" (must_not). */
export type CriterionMode = 'any' | 'must' | 'not';

export type CriterionDisplay = {
  mode: CriterionMode;
  /** i18n key of the short label ("Any", "Must", "Not"). */
  labelKey: string;
  /** i18n key of the accessible description of what clicking does next. */
  nextKey: string;
  color: 'indigo' | 'teal' | 'red';
  variant: 'light' | 'filled' | 'outline';
  icon: 'plus' | 'check' | 'ban';
  strike: boolean;
};

export const CRITERION_DISPLAY: Record<CriterionType, CriterionDisplay> = {
  should: { mode: 'any', labelKey: 'search.mode.any', nextKey: 'search.mode.nextMust', color: 'indigo', variant: 'light', icon: 'plus', strike: false },
  must: { mode: 'must', labelKey: 'search.mode.must', nextKey: 'search.mode.nextNot', color: 'teal', variant: 'filled', icon: 'check', strike: false },
  must_not: { mode: 'not', labelKey: 'search.mode.not', nextKey: 'search.mode.nextAny', color: 'red', variant: 'outline', icon: 'ban', strike: true },
};

export const criterionDisplay = (type: CriterionType): CriterionDisplay => CRITERION_DISPLAY[type];

/** The icon drawn for each mode's `icon` (CriterionModeIcon.tsx, a dynamic board tile's criteria). */
export const CRITERION_ICONS: Record<CriterionDisplay['icon'], typeof PlusIcon> = { plus: PlusIcon, check: CheckIcon, ban: BanIcon };
