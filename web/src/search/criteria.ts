// Board, tag and rival criteria of the search results page (part 2 §3 Board filter criterion, §4
// Filter mode cycle): clicking an unselected item adds it as "should"; clicking a selected one cycles
// should → must → must_not → should; the chip's × removes it. Pure functions; see criteria.test.ts.
import { nextCriterionType, type Criterion, type CriterionKind, type CriterionType } from '../../../contracts/search.ts';
import '../i18n/areas/searchFilters.ts';

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

/** The mode of a sidebar item in words ("any of", "must have", "excluded"), with what the next click does. */
export const modeWords = (c: Criterion | undefined) => {
  const mode = criterionDataMode(c);
  return { modeKey: `searchFilters.mode.${mode}`, nextKey: `searchFilters.mode.next.${mode}` };
};

export type ChipGroup = { field: CriterionKind; type: CriterionType; criteria: Criterion[] };

/**
 * The applied criteria as the chip bar reads them: one group per kind and mode, in the order they were
 * first applied, each introduced by its words ("Tagged with any of", "Must have tag", "Exclude boards").
 */
export function chipGroups(criteria: readonly Criterion[]): ChipGroup[] {
  const groups = new Map<string, ChipGroup>();
  for (const c of criteria) {
    const key = `${c.field}:${c.type}`;
    const g = groups.get(key) ?? { field: c.field, type: c.type, criteria: [] };
    g.criteria.push(c);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** i18n keys of a chip group's label (pluralised by its size) and of its tooltip. */
export const chipGroupKeys = (g: Pick<ChipGroup, 'field' | 'type'>) => ({
  labelKey: `searchFilters.group.${g.type}.${g.field}`,
  hintKey: `searchFilters.hint.${g.type}.${g.field}`,
});
