// One insight of the strengths and weaknesses (or win and loss reasons) columns: title, how clearly reviews (or
// deals) lean its way, the summary (its [n] citations open quote n) clamped to five lines with "show more" (part 3 §9), its counts, the first quotes
// with their site, date and link, its aspects, and the actions: the sources drawer and, for curators, a card.
import { Anchor, Badge, Button, Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InsightView } from '../../../contracts/insights.ts';
import { CardIcon, LayersIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import classes from './Insights.module.css';
import { CitedText, QuoteLines } from './CitedText.tsx';
import '../i18n/areas/insights.ts';

/** Quotes shown on a card; the drawer has the rest. */
const CARD_QUOTES = 2;
/** Five lines of summary (part 3 §9) at the small size's line height. */
const SUMMARY_HEIGHT = 5 * 22;

type Props = {
  insight: InsightView;
  aspectHref: (aspectId: number) => string;
  onSources: () => void;
  onCreateCard?: () => void;
};

export function InsightCard({ insight, aspectHref, onSources, onCreateCard }: Props) {
  const { t } = useTranslation();
  const favourable = insight.type === 'strengths' || insight.type === 'win_reasons';
  // An aspect named like the insight says nothing new as a chip; its reviews are behind the counts' link.
  const otherAspects = insight.aspects.filter((a) => a.title.toLowerCase() !== insight.title.toLowerCase());
  const mainAspect = insight.aspects[0];
  // A win/loss reason stands on deals alone: "based on 0 reviews" would say nothing.
  const fromReviews = insight.reviewCount > 0 || insight.winLossCount === 0;
  return (
    <Paper withBorder radius="md" p="md" className={classes.insight} component="article" data-testid="insight-card" data-insight-id={insight.id} data-type={insight.type}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={700} size="md" data-testid="insight-title" style={{ overflowWrap: 'anywhere' }}>
            {insight.title}
          </Text>
          {insight.share > 0 && (
            <Badge variant="light" color={favourable ? 'teal' : 'red'} radius="sm" tt="none" style={{ flex: 'none' }} title={t('insights.insight.shareHint')}>
              {t(favourable ? 'insights.insight.sharePositive' : 'insights.insight.shareNegative', { percent: Math.round(insight.share * 100) })}
            </Badge>
          )}
        </Group>
        <Spoiler maxHeight={SUMMARY_HEIGHT} showLabel={t('insights.insight.showMore')} hideLabel={t('insights.insight.showLess')} fz="sm" data-testid="insight-summary">
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line', lineHeight: '22px' }}>
            <CitedText text={insight.summary} quotes={insight.quotes} />
          </Text>
        </Spoiler>
        {insight.quotes.length > 0 && (
          <Stack gap={8}>
            {insight.quotes.slice(0, CARD_QUOTES).map((q) => (
              <Stack key={`${q.reviewId}-${q.text}`} gap={2} data-testid="insight-quote">
                <QuoteLines quote={q} />
              </Stack>
            ))}
          </Stack>
        )}
        {otherAspects.length > 0 && (
          <Group gap={6}>
            {otherAspects.map((a) => (
              <Badge key={a.id} component={Link} to={aspectHref(a.id)} variant="outline" color="gray" radius="sm" tt="none" fw={500} className={classes.chip} data-testid="insight-aspect">
                {a.title}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="insight-counts">
            {fromReviews &&
              (mainAspect ? (
                <Anchor component={Link} to={aspectHref(mainAspect.id)} size="xs" c="dimmed" td="underline">
                  {t('insights.insight.reviews', { count: insight.reviewCount })}
                </Anchor>
              ) : (
                t('insights.insight.reviews', { count: insight.reviewCount })
              ))}
            {fromReviews && insight.winLossCount > 0 && ' · '}
            {insight.winLossCount > 0 && t('insights.insight.winLoss', { count: insight.winLossCount })}
          </Text>
          <Group gap={6}>
            <Button size="compact-sm" variant="light" leftSection={<LayersIcon size={14} />} onClick={onSources} data-testid="insight-sources">
              {t('insights.insight.sources', { count: insight.sourcesCount })}
            </Button>
            {onCreateCard && (
              <Button size="compact-sm" variant="default" leftSection={<CardIcon size={14} />} onClick={onCreateCard} data-testid="insight-create-card">
                {t('insights.insight.createCard')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
