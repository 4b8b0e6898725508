// How a criterion's mode looks everywhere (sidebar items and applied-filter chips): "Any" (should),
// "Must" (must) and "Not" (must_not), each with its own colour and icon.
import type { CriterionType } from '../../../contracts/search.ts';
import { BanIcon, CheckIcon, PlusIcon } from '../brand/icons.tsx';
import { criterionDisplay } from './criteria.ts';

export function CriterionModeIcon({ type, size = 14 }: { type: CriterionType | undefined; size?: number }) {
  if (!type) return <PlusIcon size={size} style={{ opacity: 0.35 }} />;
  const icon = criterionDisplay(type).icon;
  return icon === 'check' ? <CheckIcon size={size} /> : icon === 'ban' ? <BanIcon size={size} /> : <PlusIcon size={size} />;
}
