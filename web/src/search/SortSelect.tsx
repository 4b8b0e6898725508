// The sort of a list of card results (the search results page, a dynamic board).
import { Select } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { SEARCH_SORTS, type SearchSort } from '../../../contracts/search.ts';
import { SortIcon } from '../brand/icons.tsx';

export function SortSelect({ value, onChange }: { value: SearchSort; onChange: (s: SearchSort) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      size="xs"
      w={170}
      value={value}
      onChange={(v) => v && onChange(v as SearchSort)}
      allowDeselect={false}
      leftSection={<SortIcon size={14} />}
      data={SEARCH_SORTS.map((s) => ({ value: s, label: t(`search.sort.${s}`) }))}
      aria-label={t('search.sort.label')}
      data-testid="search-sort"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
