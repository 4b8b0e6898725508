// The filters of the reviews tab (part 3 §2.3, §5), all kept in the query string: aspect, sentiment, published
// date (presets or custom days), rating range 0–5 in half steps, review sites, pinned only.
import { Box, MultiSelect, Radio, RangeSlider, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DATE_RANGE_PRESETS, dateRangePreset, INSIGHTS } from '../../../contracts/insights.ts';
import { REVIEW_SITES } from '../../../contracts/reviews.ts';
import { useTranslation } from '../i18n/react.tsx';
import { datePickerLanguage } from '../shared/datePicker.ts';
import { formatNumber, formatRating } from '../shared/numbers.ts';
import { AspectFilter } from './AspectFilter.tsx';
import { CUSTOM_DATE_RANGE, withFilters, type ReviewFilters } from './model.ts';
import '../i18n/areas/insights.ts';

type Props = {
  rivalId: number;
  filters: ReviewFilters;
  now: Date;
  curator: boolean;
  onChange: (next: ReviewFilters) => void;
};

function FilterGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-labelledby={`filter-${id}`} data-testid={`filter-group-${id}`}>
      <Title order={2} id={`filter-${id}`} fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Review sites by their main domain, which is what the domain filter takes. */
const SITE_OPTIONS = REVIEW_SITES.filter((s) => !('renamedTo' in s)).map((s) => ({ value: s.domains[0], label: s.name }));
const RATING_MARKS = [0, 1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) }));
const PRESETS = Object.keys(DATE_RANGE_PRESETS) as (keyof typeof DATE_RANGE_PRESETS)[];

function RatingFilter({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  // The slider moves freely; the list follows when it is let go. The URL catches up a little later (navigations
  // are transitions), so while a value let go is on its way, the URLs before it must not move the thumbs back;
  // any other change of the URL (clear filters, back) does.
  const [range, setRange] = useState<[number, number]>([filters.minRating, filters.maxRating]);
  const pending = useRef<[number, number] | null>(null);
  useEffect(() => {
    const url: [number, number] = [filters.minRating, filters.maxRating];
    if (pending.current === null) setRange(url);
    else if (pending.current[0] === url[0] && pending.current[1] === url[1]) pending.current = null;
  }, [filters.minRating, filters.maxRating]);
  return (
    <Box px={6} pb="md">
      <Text size="sm" mb={4} data-testid="filter-rating-value">
        {t('insights.filters.ratingRange', { min: formatNumber(range[0], i18n.language), max: formatNumber(range[1], i18n.language) })}
      </Text>
      <RangeSlider
        min={INSIGHTS.minRating}
        max={INSIGHTS.maxRating}
        step={0.5}
        minRange={0}
        marks={RATING_MARKS}
        value={range}
        onChange={setRange}
        onChangeEnd={([minRating, maxRating]) => {
          if (minRating === filters.minRating && maxRating === filters.maxRating) return;
          pending.current = [minRating, maxRating];
          onChange(withFilters(filters, { minRating, maxRating }));
        }}
        label={(v) => formatRating(v, i18n.language)}
        thumbFromLabel={t('insights.filters.minRating')}
        thumbToLabel={t('insights.filters.maxRating')}
        data-testid="filter-rating"
      />
    </Box>
  );
}

function DateFilter({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  const preset = filters.dateRange === CUSTOM_DATE_RANGE ? 'customDateRange' : dateRangePreset(filters.dateRange);
  return (
    <Radio.Group
      value={preset}
      onChange={(v) =>
        onChange(
          withFilters(filters, {
            dateRange: v === 'customDateRange' ? CUSTOM_DATE_RANGE : DATE_RANGE_PRESETS[v as keyof typeof DATE_RANGE_PRESETS],
            publishedAfter: null,
            publishedBefore: null,
          }),
        )
      }
      aria-label={t('insights.filters.published')}
    >
      <Stack gap={6} pl={6}>
        {[...PRESETS, 'customDateRange' as const].map((p) => (
          <Radio key={p} value={p} size="xs" label={t(`insights.dateRanges.${p}`)} data-testid="filter-date" data-value={p} />
        ))}
        {preset === 'customDateRange' && (
          <DatePickerInput
            type="range"
            size="xs"
            allowSingleDateInRange
            clearable
            placeholder={t('insights.filters.pickDates')}
            {...datePickerLanguage(i18n.language)}
            value={[filters.publishedAfter, filters.publishedBefore]}
            onChange={([from, to]) => onChange(withFilters(filters, { dateRange: CUSTOM_DATE_RANGE, publishedAfter: from?.slice(0, 10) ?? null, publishedBefore: to?.slice(0, 10) ?? null }))}
            aria-label={t('insights.filters.customRange')}
            data-testid="filter-date-custom"
            popoverProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </Radio.Group>
  );
}

/** Words the reviews say: applied on Enter or when the field is left, kept in the URL's q. */
function WordsFilter({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const { t } = useTranslation();
  const [words, setWords] = useState(filters.q);
  useEffect(() => setWords(filters.q), [filters.q]);
  const apply = () => words.trim() !== filters.q && onChange(withFilters(filters, { q: words.trim() }));
  return (
    <TextInput
      type="search"
      value={words}
      onChange={(e) => setWords(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
      onBlur={apply}
      maxLength={200}
      placeholder={t('insights.filters.wordsPlaceholder')}
      aria-label={t('insights.filters.words')}
      data-testid="filter-words"
    />
  );
}

export function ReviewSidebar({ rivalId, filters, now, curator, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="review-filters">
      <WordsFilter filters={filters} onChange={onChange} />
      <FilterGroup id="aspects" title={t('insights.filters.aspects')}>
        <AspectFilter rivalId={rivalId} filters={filters} now={now} curator={curator} onPick={(aspectId) => onChange(withFilters(filters, { aspectId }))} />
      </FilterGroup>
      <FilterGroup id="sentiment" title={filters.aspectId === null ? t('insights.filters.sentiment') : t('insights.filters.aspectSentiment')}>
        <SegmentedControl
          size="xs"
          fullWidth
          value={filters.sentiment ?? 'all'}
          onChange={(v) => onChange(withFilters(filters, { sentiment: v === 'all' ? null : (v as 'positive' | 'negative') }))}
          data={(['all', 'positive', 'negative'] as const).map((s) => ({ value: s, label: t(`insights.filters.sentiments.${s}`) }))}
          aria-label={t('insights.filters.sentiment')}
          data-testid="filter-sentiment"
        />
      </FilterGroup>
      <FilterGroup id="rating" title={t('insights.filters.rating')}>
        <RatingFilter filters={filters} onChange={onChange} />
      </FilterGroup>
      <FilterGroup id="published" title={t('insights.filters.published')}>
        <DateFilter filters={filters} onChange={onChange} />
      </FilterGroup>
      <FilterGroup id="sites" title={t('insights.filters.sites')}>
        <MultiSelect
          size="xs"
          // A domain from a shared link that is no review site of the catalogue still shows, and can be removed.
          data={[...SITE_OPTIONS, ...filters.domain.filter((d) => !SITE_OPTIONS.some((o) => o.value === d)).map((d) => ({ value: d, label: d }))]}
          value={filters.domain}
          onChange={(domain) => onChange(withFilters(filters, { domain }))}
          placeholder={filters.domain.length ? undefined : t('insights.filters.allSites')}
          clearable
          searchable
          aria-label={t('insights.filters.sites')}
          comboboxProps={{ withinPortal: true }}
          data-testid="filter-sites"
        />
      </FilterGroup>
      <Switch
        label={t('insights.filters.pinnedOnly')}
        checked={filters.bookmarked}
        onChange={(e) => onChange(withFilters(filters, { bookmarked: e.currentTarget.checked }))}
        pl={6}
        data-testid="filter-pinned"
      />
    </Stack>
  );
}
