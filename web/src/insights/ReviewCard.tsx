// One review (part 3 §2.4 Review card): the review site's mark and star rating coloured by §5's thresholds,
// its date and a link to it on the site, pin or unpin, its title, the quotes that judge its aspects (or the
// start of its text), who wrote it, and its aspects as chips that filter the reviews by that aspect. How a quote or
// an aspect leans shows in its colour and in a sign beside it (SentimentMark), read out as a word.
import { ActionIcon, Anchor, Avatar, Badge, Group, Paper, Rating, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ReviewView } from '../../../contracts/insights.ts';

import { initials } from '../dashboard/model.ts';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { formatNumber, formatRating } from '../shared/numbers.ts';
import { useBookmarkReview } from './api.ts';
import classes from './Insights.module.css';
import { ratingLevel } from './model.ts';
import { ExternalLinkIcon, PinIcon } from './icons.tsx';
import { SentimentMark } from './SentimentMark.tsx';
import '../i18n/areas/insights.ts';

export const RATING_COLORS = { error: 'red', warning: 'yellow', success: 'teal' } as const;
/** Each review site's mark in a colour close to its brand's, so a list reads by site at a glance. */
const SITE_COLORS: Record<string, string> = {
  g2: 'orange',
  g2crowd: 'orange',
  capterra: 'blue',
  gartner: 'cyan',
  peerspot: 'grape',
  producthunt: 'red',
  softwareadvice: 'teal',
  trustpilot: 'green',
  trustradius: 'indigo',
  glassdoor: 'lime',
  indeed: 'blue',
};
export const SENTIMENT_COLORS = { positive: 'teal', negative: 'red', neutral: 'gray' } as const;

/** A sentence's sentiment score as the colour of its quote. */
export const quoteTone = (sentiment: number): keyof typeof SENTIMENT_COLORS => (sentiment > 0 ? 'positive' : sentiment < 0 ? 'negative' : 'neutral');

/** Pins or unpins a review at once; a failure is undone and reported with the generic error (part 3 §4.6, §8). */
export function usePinReview(): (review: ReviewView) => void {
  const { t } = useTranslation();
  const { mutate } = useBookmarkReview();
  return useCallback(
    (review: ReviewView) =>
      mutate(
        { reviewId: review.id, bookmark: !review.bookmarked },
        { onError: () => notifications.show({ color: 'red', title: t('insights.errors.title'), message: t('insights.errors.generic'), autoClose: 5000 }) },
      ),
    [mutate, t],
  );
}

type Props = {
  review: ReviewView;
  onPin: (review: ReviewView) => void;
  /** Where an aspect chip leads (the reviews tab filtered by it). */
  aspectHref: (aspectId: number) => string;
  activeAspectId?: number | null;
};

export function ReviewCard({ review, onPin, aspectHref, activeAspectId }: Props) {
  const { t, i18n } = useTranslation();
  const level = ratingLevel(review.rating);
  const pinLabel = t(review.bookmarked ? 'insights.review.unpin' : 'insights.review.pin');
  const size = review.companySize && t(`insights.companySizes.${review.companySize}`, { defaultValue: review.companySize });
  const who = [review.reviewerRole, size].filter(Boolean).join(' · ');
  // A title quoted again as the first quote reads twice.
  const quotes = review.quotes.filter((q) => q.text !== review.title);
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid="review-card" data-review-id={review.id} data-bookmarked={review.bookmarked} data-rating={review.rating}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={review.source.name} openDelay={300}>
              <Avatar size={32} radius="sm" color={SITE_COLORS[review.source.key] ?? 'gray'} variant="light" alt={review.source.name} data-testid="review-site-mark">
                {initials(review.source.name)}
              </Avatar>
            </Tooltip>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Rating value={review.rating} fractions={2} readOnly size="sm" color={RATING_COLORS[level]} aria-label={t('insights.review.rating', { rating: formatNumber(review.rating, i18n.language) })} />
                <Text size="sm" fw={700} c={`${RATING_COLORS[level]}.8`} data-testid="review-rating" data-level={level}>
                  {formatRating(review.rating, i18n.language)}
                </Text>
              </Group>
              <Group gap={4} wrap="wrap" fz="xs" c="dimmed" style={{ rowGap: 0 }}>
                <Anchor href={review.source.permalink} target="_blank" rel="noopener noreferrer" size="xs" underline="always" data-testid="review-source">
                  {review.source.name}
                  <ExternalLinkIcon size={11} style={{ marginLeft: 3, verticalAlign: -1 }} />
                </Anchor>
                <Text span size="xs">
                  · {shortDate(review.source.publishedAt, i18n.language)}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Tooltip label={pinLabel} openDelay={300}>
            <ActionIcon
              variant={review.bookmarked ? 'light' : 'subtle'}
              color={review.bookmarked ? 'indigo' : 'gray'}
              onClick={() => onPin(review)}
              aria-label={pinLabel}
              aria-pressed={review.bookmarked}
              data-testid="review-pin"
            >
              <PinIcon size={16} fill={review.bookmarked ? 'currentColor' : 'none'} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {review.title && (
          <Text fw={600} size="sm" data-testid="review-title">
            {review.title}
          </Text>
        )}
        {quotes.length > 0 ? (
          <Stack gap={6} data-testid="review-quotes">
            {quotes.map((q, i) => (
              <Text key={i} size="sm" className={classes.quote} data-tone={quoteTone(q.sentiment)}>
                <SentimentMark tone={quoteTone(q.sentiment)} />
                {q.text}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="gray.7" lineClamp={3}>
            {review.text}
          </Text>
        )}
        {who && (
          <Text size="xs" c="dimmed">
            {who}
          </Text>
        )}
        {review.aspects.length > 0 && (
          <Group gap={6} aria-label={t('insights.review.aspects')}>
            {review.aspects.map((a) => (
              <Badge
                key={a.id}
                component={Link}
                to={aspectHref(a.id)}
                variant={a.id === activeAspectId ? 'filled' : 'light'}
                color={SENTIMENT_COLORS[a.sentiment]}
                radius="sm"
                tt="none"
                fw={500}
                className={classes.chip}
                leftSection={<SentimentMark tone={a.sentiment} size={12} />}
                title={t('insights.review.aspectFilter', { aspect: a.title, sentiment: t(`insights.sentiment.${a.sentiment}`) })}
                data-testid="review-aspect"
                data-aspect-id={a.id}
              >
                {a.title}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
