// The filters of both win/loss tabs: a rival, each segment dimension, product, owner and a closed date range, each
// offered with the values the company's deals have (the facets).
import { Button, Group, Select, SimpleGrid, TextInput, VisuallyHidden } from '@mantine/core';
import { SEGMENT_DIMENSIONS } from '../../../contracts/deals.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useFacets } from './api.ts';
import type { Filters } from './model.ts';
import '../i18n/areas/winLoss.ts';

type Props = { filters: Filters; onChange: (filters: Filters) => void };

export function FiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const facets = useFacets().data;
  const set = (patch: Filters) => onChange({ ...filters, ...patch });
  const any = t('winLoss.filters.any');
  const active = Object.values(filters).filter((v) => v !== undefined).length;
  const pick = (testId: string, label: string, data: { value: string; label: string }[], value: string | undefined, change: (v: string | undefined) => void) => (
    <Select
      key={testId}
      label={label}
      placeholder={any}
      data={data}
      value={value ?? null}
      onChange={(v) => change(v ?? undefined)}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
  const strings = (values: string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));

  return (
    <section aria-label={t('winLoss.filters.label')} data-testid="win-loss-filters">
      <VisuallyHidden component="h2">{t('winLoss.filters.label')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 4, xl: 6 }} spacing="sm" verticalSpacing="xs">
        {pick(
          'filter-rival',
          t('winLoss.filters.rival'),
          (facets?.rivals ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          filters.rivalId === undefined ? undefined : String(filters.rivalId),
          (v) => set({ rivalId: v === undefined ? undefined : Number(v) }),
        )}
        {SEGMENT_DIMENSIONS.map((d) => pick(`filter-${d}`, t(`winLoss.filters.${d}`), strings(facets?.[d]), filters[d], (v) => set({ [d]: v })))}
        {pick('filter-product', t('winLoss.filters.product'), strings(facets?.products), filters.product, (v) => set({ product: v }))}
        {pick(
          'filter-owner',
          t('winLoss.filters.owner'),
          (facets?.owners ?? []).map((o) => ({ value: String(o.id), label: o.name })),
          filters.ownerId === undefined ? undefined : String(filters.ownerId),
          (v) => set({ ownerId: v === undefined ? undefined : Number(v) }),
        )}
        <TextInput
          type="date"
          label={t('winLoss.filters.closedAfter')}
          value={filters.closedAfter ?? ''}
          onChange={(e) => set({ closedAfter: e.currentTarget.value || undefined })}
          data-testid="filter-closedAfter"
        />
        <TextInput
          type="date"
          label={t('winLoss.filters.closedBefore')}
          value={filters.closedBefore ?? ''}
          onChange={(e) => set({ closedBefore: e.currentTarget.value || undefined })}
          data-testid="filter-closedBefore"
        />
      </SimpleGrid>
      {active > 0 && (
        <Group gap="xs" mt="xs">
          <Button size="compact-sm" variant="subtle" onClick={() => onChange({})} data-testid="filters-clear">
            {t('winLoss.filters.clear')}
          </Button>
          <span aria-live="polite">{t('winLoss.filters.active', { count: active })}</span>
        </Group>
      )}
    </section>
  );
}
