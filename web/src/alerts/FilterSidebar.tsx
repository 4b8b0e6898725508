// The filter sidebar of the feed (part 1 §2 Alerts, §4): states, priorities, rivals, topics, sources and
// content types with counts from the aggregations, each value cycling should → must → must_not → should;
// and the date presets with a custom range. Looks like the search sidebar it sits next to.
import { Anchor, Radio, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { INTEL_DATE_RANGES, type AlertsUrlState, type FilterValue, type IntelAggregations, type IntelDateRange, type IntelListParam } from '../../../contracts/intel.ts';
import { criterionDisplay } from '../shared/criterionMode.ts';
import { datePickerLanguage } from '../shared/datePicker.ts';
import { CriterionModeIcon } from '../shared/CriterionModeIcon.tsx';
import { formatNumber } from '../shared/numbers.ts';
import classes from '../shared/Results.module.css';
import { FACET_VISIBLE } from './constants.ts';
import { FACETS, facetItems, type Facet, type FacetItem } from './facets.ts';
import { useValueName } from './names.ts';
import '../i18n/areas/alerts.ts';

export type FilterSidebarProps = {
  effective: AlertsUrlState;
  aggregations: IntelAggregations | undefined;
  loading: boolean;
  onCycle: (param: IntelListParam, value: FilterValue['value']) => void;
  onDates: (patch: Pick<AlertsUrlState, 'dateRange' | 'createdAfter' | 'createdBefore'>) => void;
};

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FacetValue({ param, item, onCycle }: { param: IntelListParam; item: FacetItem; onCycle: FilterSidebarProps['onCycle'] }) {
  const { t, i18n } = useTranslation();
  const type = item.type ?? undefined;
  const modeText = type ? t(criterionDisplay(type).labelKey) : t('search.mode.off');
  const next = type ? t(criterionDisplay(type).nextKey) : t('search.mode.nextAdd');
  return (
    <UnstyledButton
      className={classes.facet}
      data-testid={`facet-${param}`}
      data-value={item.value === null ? 'null' : String(item.value)}
      data-mode={type ?? 'off'}
      data-count={item.count}
      aria-label={t('search.facetLabel', { name: item.name, count: item.count, mode: modeText, next })}
      title={next}
      onClick={() => onCycle(param, item.value)}
    >
      <span className={classes.facetIcon}>
        <CriterionModeIcon type={type} />
      </span>
      <span className={classes.facetName}>{item.name}</span>
      {type && type !== 'should' && (
        <Text span size="10px" fw={700} tt="uppercase" c={type === 'must' ? 'teal.8' : 'red.7'}>
          {modeText}
        </Text>
      )}
      <span className={classes.facetCount}>{formatNumber(item.count, i18n.language)}</span>
    </UnstyledButton>
  );
}

function FacetList({ facet: { id, param, known }, props }: { facet: Facet; props: FilterSidebarProps }) {
  const { t } = useTranslation();
  const nameOf = useValueName(id);
  const [expanded, setExpanded] = useState(false);
  const buckets = props.aggregations?.[id]?.map((b) => ({ ...b, name: nameOf(b.key, b.name) }));
  const items = facetItems(buckets, props.effective[param], (v) => nameOf(v), known);
  const selected = items.filter((i) => i.type !== null).length;
  const shown = expanded ? items : items.slice(0, Math.max(FACET_VISIBLE, selected));
  if (props.loading && !props.aggregations) {
    return (
      <Stack gap={8}>
        {[70, 55, 65].map((w, i) => (
          <Skeleton key={i} height={14} width={`${w}%`} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed" pl={6}>
        {t('alerts.sidebar.none')}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid={`facets-${param}`}>
      {shown.map((item) => (
        <FacetValue key={item.value === null ? 'null' : String(item.value)} param={param} item={item} onCycle={props.onCycle} />
      ))}
      {items.length > shown.length || expanded ? (
        <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((e) => !e)} ta="left" pl={6}>
          {expanded ? t('search.sidebar.showLess') : t('search.sidebar.showAll', { count: items.length })}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The date pickers answer YYYY-MM-DD strings, which is what createdAfter and createdBefore take. */
const isoDay = (d: string | null) => (d ? d.slice(0, 10) : undefined);

function DateFilter({ effective, onDates }: Pick<FilterSidebarProps, 'effective' | 'onDates'>) {
  const { t, i18n } = useTranslation();
  const range = effective.dateRange ?? 'allTime';
  const parse = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
  return (
    <Radio.Group value={range} onChange={(v) => onDates({ dateRange: v as IntelDateRange, createdAfter: undefined, createdBefore: undefined })} aria-label={t('alerts.sidebar.dates')}>
      <Stack gap={6} pl={6}>
        {INTEL_DATE_RANGES.map((p) => (
          <Radio key={p} value={p} size="xs" label={t(`dateRanges.${p}`)} data-testid="filter-date" data-value={p} />
        ))}
        {range === 'customDateRange' && (
          <DatePickerInput
            type="range"
            size="xs"
            allowSingleDateInRange
            clearable
            label={t('alerts.sidebar.customRange')}
            placeholder={t('alerts.sidebar.pickDates')}
            {...datePickerLanguage(i18n.language)}
            value={[parse(effective.createdAfter), parse(effective.createdBefore)]}
            onChange={([from, to]) => onDates({ dateRange: 'customDateRange', createdAfter: isoDay(from), createdBefore: isoDay(to) })}
            data-testid="filter-date-custom"
            popoverProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </Radio.Group>
  );
}

export function FilterSidebar(props: FilterSidebarProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="alerts-filters">
      {FACETS.map((f) => (
        <Section key={f.id} id={`alerts-facet-${f.id}`} title={t(`alerts.facets.${f.id}`)}>
          <FacetList facet={f} props={props} />
        </Section>
      ))}
      <Section id="alerts-facet-dates" title={t('alerts.sidebar.dates')}>
        <DateFilter effective={props.effective} onDates={props.onDates} />
      </Section>
    </Stack>
  );
}
