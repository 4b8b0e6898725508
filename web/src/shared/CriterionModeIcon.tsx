// The icon of a criterion's mode (criterionMode.ts) on sidebar items and applied-filter chips: plus for
// "Any" (should), check for "Must", ban for "Not"; a faint plus when not selected.
import type { CriterionType } from '../../../contracts/search.ts';
import { BanIcon, CheckIcon, PlusIcon } from '../brand/icons.tsx';
import { criterionDisplay } from './criterionMode.ts';

export function CriterionModeIcon({ type, size = 14 }: { type: CriterionType | undefined; size?: number }) {
  if (!type) return <PlusIcon size={size} style={{ opacity: 0.35 }} />;
  const icon = criterionDisplay(type).icon;
  return icon === 'check' ? <CheckIcon size={size} /> : icon === 'ban' ? <BanIcon size={size} /> : <PlusIcon size={size} />;
}
