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

/** The data-mode attribute of a sidebar item: its criterion type, or 'off' when not selected. */
export const criterionDataMode = (c: Criterion | undefined): CriterionType | 'off' => c?.type ?? 'off';
