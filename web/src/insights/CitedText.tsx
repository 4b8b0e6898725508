// A summary with its [n] citations as small numbered chips; a chip opens quote n (the quotes listed with the summary,
// in the same order) with its review site, date and link. A summary without citations is plain text.
import { Anchor, Popover, Stack, Text } from '@mantine/core';
import type { InsightQuote } from '../../../contracts/insights.ts';
import { useTranslation } from '../i18n/react.tsx';
import { CitationChip } from '../shared/CitationChip.tsx';
import { shortDate } from '../shared/dates.ts';
import { citedParts } from './citations.ts';
import classes from './Insights.module.css';
import { quoteTone } from './ReviewCard.tsx';
import { SentimentMark } from './SentimentMark.tsx';
import '../i18n/areas/insights.ts';

/** A review quote in italics, toned by its sentiment (colour and sign), then its site (a link to the review) and date. */
export function QuoteLines({ quote }: { quote: InsightQuote }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Text size="sm" className={classes.quote} data-tone={quoteTone(quote.sentiment)} fs="italic">
        <SentimentMark tone={quoteTone(quote.sentiment)} />“{quote.text}”
      </Text>
      <Text size="xs" c="dimmed" pl={13}>
        —{' '}
        <Anchor href={quote.permalink} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
          {quote.site}
        </Anchor>
        , {shortDate(quote.publishedAt, i18n.language)}
      </Text>
    </>
  );
}

export function CitedText({ text, quotes }: { text: string; quotes: InsightQuote[] }) {
  return citedParts(text, quotes.length).map((part, i) => ('ref' in part ? <Citation key={i} n={part.ref} quote={quotes[part.ref - 1]} /> : part.text));
}

function Citation({ n, quote }: { n: number; quote: InsightQuote }) {
  const { t } = useTranslation();
  return (
    <Popover width={320} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <CitationChip n={n} aria-label={t('insights.citation', { n })} data-testid="summary-citation" />
      </Popover.Target>
      <Popover.Dropdown data-testid="summary-citation-quote">
        <Stack gap={2}>
          <QuoteLines quote={quote} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
