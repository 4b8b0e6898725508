// What the text analysis (search-api/insights/analysis, the reviews' pipeline) reads in a transcript's passages: each
// passage's sentences with their sentiment, the passage's lean, and the rivals it names (by name or alias, as words,
// monitors/mentions.ts). The whole transcript is one wink document, so a transcript costs one read, not one a passage.
import { nlp } from '../insights/analysis/model.ts';
import { markOpinions, sentenceSentiment } from '../insights/analysis/sentiment.ts';
import { endOf, readTokens, retag, sentenceSpans } from '../insights/analysis/tokens.ts';
import { rivalsMentioned, type RivalNames } from '../monitors/mentions.ts';
import { polarityOf } from '../../contracts/reviews.ts';

export type PassageSentence = { start: number; end: number; sentiment: number };
export type PassageAnalysis = {
  /** The mean of the passage's polar sentences, in [-1, 1]; 0 when none leans. */
  sentiment: number;
  sentences: PassageSentence[];
  /** The rivals the passage names, in the order given. */
  rivalIds: number[];
};

/** Passages are joined by a blank line, which ends a sentence for wink and for sentenceSpans. */
const JOIN = '\n\n';

export function analysePassages(texts: readonly string[], rivals: readonly RivalNames[] = []): PassageAnalysis[] {
  const p = nlp();
  const written = texts.join(JOIN);
  const { doc, t } = readTokens(p, written);
  retag(p, t);
  markOpinions(p, t);
  const spans = sentenceSpans(p, t, doc.sentences(), 0);

  const out: PassageAnalysis[] = [];
  let at = 0;
  let span = 0;
  for (const text of texts) {
    const end = at + text.length;
    const sentences: PassageSentence[] = [];
    let sum = 0;
    let polar = 0;
    // A sentence belongs to the passage it starts in; the join keeps it from running into the next.
    for (; span < spans.length && t.starts[spans[span][0]] < end + JOIN.length; span += 1) {
      const [first, last] = spans[span];
      const sentiment = sentenceSentiment(t, first, last);
      sentences.push({ start: t.starts[first] - at, end: Math.min(endOf(t, last), end) - at, sentiment });
      if (polarityOf(sentiment) !== 'neutral') {
        sum += sentiment;
        polar += 1;
      }
    }
    out.push({ sentiment: polar ? sum / polar : 0, sentences, rivalIds: rivals.length ? rivalsMentioned(text, rivals) : [] });
    at = end + JOIN.length;
  }
  return out;
}
