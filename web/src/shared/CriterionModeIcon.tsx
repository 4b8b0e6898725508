// The icon of a criterion's mode (criterionMode.ts) on sidebar items and applied-filter chips: plus for
// "Any" (should), check for "Must", ban for "Not"; a faint plus when not selected.
import type { CriterionType } from '../../../contracts/search.ts';
import { PlusIcon } from '../brand/icons.tsx';
import { CRITERION_ICONS, criterionDisplay } from './criterionMode.ts';

export function CriterionModeIcon({ type, size = 14 }: { type: CriterionType | undefined; size?: number }) {
  if (!type) return <PlusIcon size={size} style={{ opacity: 0.35 }} />;
  const ModeIcon = CRITERION_ICONS[criterionDisplay(type).icon];
  return <ModeIcon size={size} />;
}
