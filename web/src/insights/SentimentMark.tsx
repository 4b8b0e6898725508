// How a quote or an aspect leans, said without colour (issue #51): a plus, minus or dot in a circle in the tone's
// colour, and the word (Positive, Negative, Neutral) for screen readers, read before what it marks.
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { NegativeIcon, NeutralIcon, PositiveIcon } from './icons.tsx';
import classes from './Insights.module.css';
import '../i18n/areas/insights.ts';

export type Tone = 'positive' | 'negative' | 'neutral';

const ICONS = { positive: PositiveIcon, negative: NegativeIcon, neutral: NeutralIcon } as const;

export function SentimentMark({ tone, size = 13 }: { tone: Tone; size?: number }) {
  const { t } = useTranslation();
  const ToneIcon = ICONS[tone];
  return (
    <span className={classes.mark} data-tone={tone} data-testid="sentiment-mark">
      <ToneIcon size={size} />
      <VisuallyHidden>{t('insights.sentimentMark', { sentiment: t(`insights.sentiment.${tone}`) })}</VisuallyHidden>
    </span>
  );
}
