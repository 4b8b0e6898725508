// Board, tag and rival criteria of the search results page (part 2 §3 Board filter criterion, §4
// Filter mode cycle): clicking an unselected item adds it as "should"; clicking a selected one cycles
// should → must → must_not → should; the chip's × removes it. Pure functions; see criteria.test.ts.
import { nextCriterionType, type Criterion, type CriterionKind, type CriterionType } from '../../../contracts/search.ts';

export type CriterionTarget = { field: CriterionKind; value: number };

export const findCriterion = (criteria: readonly Criterion[], t: CriterionTarget): Criterion | undefined =>
  criteria.find((c) => c.field === t.field && c.value === t.value);

/** Adds the target as should, or moves an existing criterion to the next mode (in place, order kept). */
export function cycleCriterion(criteria: readonly Criterion[], t: CriterionTarget): Criterion[] {
  const existing = findCriterion(criteria, t);
  if (!existing) return [...criteria, { field: t.field, value: t.value, type: 'should' }];
  return criteria.map((c) => (c === existing ? { ...c, type: nextCriterionType(c.type) } : c));
}

export function removeCriterion(criteria: readonly Criterion[], t: CriterionTarget): Criterion[] {
  return criteria.filter((c) => !(c.field === t.field && c.value === t.value));
}

/** How a criterion mode reads and looks: "any" (should), "must", "not" (must_not). */
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

/** The data-mode attribute of a sidebar item: its criterion type, or 'off' when not selected. */
export const criterionDataMode = (c: Criterion | undefined): CriterionType | 'off' => c?.type ?? 'off';
