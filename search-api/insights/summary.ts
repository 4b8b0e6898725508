// An insight's summary as its reader reads it: the one a model wrote from its quotes (as written, citing them as
// [n]), or else a line of its figures in the reader's language. Generation stores the figures, not that line: the
// readers of a company's insights do not share one language.
import type { InsightKind } from '../../contracts/insights.ts';
import { format } from '../strings/index.ts';

export type SummaryFigures = {
  kind: InsightKind;
  /** The model's summary; null while the summary is the figures' line. */
  written: string | null;
  reviewCount: number;
  share: number;
  opinions: number;
  usualShare: number;
};

const FAVOURABLE: ReadonlySet<InsightKind> = new Set(['strengths', 'win_reasons']);

export const insightSummary = (language: string | null | undefined, i: SummaryFigures): string =>
  i.written ??
  format(language, 'insights.summary', {
    lean: FAVOURABLE.has(i.kind) ? 'positive' : 'negative',
    reviews: i.reviewCount,
    share: i.share,
    opinions: i.opinions,
    usual: i.usualShare,
  });
