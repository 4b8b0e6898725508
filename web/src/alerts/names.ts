// Display names of filter values: states, priorities, content types and channels from the strings of the
// area (unknown words shown as they are), rivals by name, null rivals as "No rival".
import { useCallback } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { FilterValue } from '../../../contracts/intel.ts';
import { useRivalOptions } from './api.ts';
import { FACETS, type FacetId } from './facets.ts';
import '../i18n/areas/alerts.ts';

const WORDS: Partial<Record<FacetId, string>> = { states: 'alerts.states', priorities: 'alerts.priorities', contentTypes: 'alerts.contentTypes' };

export function useValueName(facet: FacetId) {
  const { t } = useTranslation();
  const rivals = useRivalOptions(facet === 'rivals');
  return useCallback(
    (value: FilterValue['value'], given?: string): string => {
      if (value === null) return t('alerts.noRival');
      const words = WORDS[facet];
      if (words) return t(`${words}.${value}`, { defaultValue: given || String(value).replace(/_/g, ' ') });
      if (facet === 'rivals') return given || rivals.data?.find((r) => r.id === Number(value))?.name || `#${value}`;
      return given || String(value);
    },
    [facet, rivals.data, t],
  );
}

/** The list parameter's facet, for applied-filter chips. */
export const FACET_OF_PARAM: Partial<Record<string, FacetId>> = Object.fromEntries(FACETS.map((f) => [f.param, f.id]));
