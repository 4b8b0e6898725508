// Review analysis, run once per review at import: sentences with offsets and sentiment, and aspect mentions with a
// normalised key that groupAspects can merge per rival and the judgement of their clause. wink-nlp's English model
// does the linguistics (sentence boundaries, part of speech, lemmas, stems, negation scope, its sentiment lexicon);
// the modules beside this one read its output: model.ts (the model and single words), tokens.ts (the document),
// names.ts (the rival's names), sentiment.ts (opinion words), units.ts, keys.ts and mentions.ts (the aspects).
import { polarityOf, type Polarity } from '../../../contracts/reviews.ts';
import { sentenceMentions, type MentionForm } from './mentions.ts';
import { nlp } from './model.ts';
import { markNames, rivalNames } from './names.ts';
import { markOpinions, sentenceSentiment } from './sentiment.ts';
import { endOf, readTokens, retag, sentenceSpans } from './tokens.ts';

/** The lean of a sentiment is the product's one rule (contracts/reviews.ts), which the reviews index also applies. */
export { polarityOf, type Polarity };

export interface ReviewSentence {
  /** The title is analysed with the text; its offsets are into the title. */
  field: 'title' | 'text';
  start: number;
  end: number;
  text: string;
  /** In [-1, 1]. */
  sentiment: number;
}

export interface AspectMention {
  /** Lemmas of the phrase's content words, head last, lower case: what groupAspects merges on. */
  key: string;
  /** The phrase as written, from its first kept word to its head ("mobile app", "ease of use", "easy to use"). */
  surface: string;
  form: MentionForm;
  /**
   * The clause that mentions the aspect also judges something (an opinion word outside the phrase, or the phrase is
   * a judgement itself). "Most reps gave up on it" in a sentence about crashes names reps without judging them.
   */
  evaluated: boolean;
  /** Index into ReviewAnalysis.sentences. */
  sentence: number;
  /**
   * How the mention's clause judges the aspect, in [-1, 1]: the sentence's sentiment narrowed to the clause, so that
   * "Reporting is great, but the dashboards are slow" and "Great dashboards, weak pricing" judge each aspect their
   * own way. The sentence's sentiment when the mention is not evaluated.
   */
  sentiment: number;
}

export interface ReviewAnalysis {
  sentences: ReviewSentence[];
  mentions: AspectMention[];
  /** Mean of the sentences that are not neutral (0 when none is). */
  sentiment: number;
}

export interface AnalyzeOptions {
  /** The supported rival's name and product names: the product itself is no aspect of itself. */
  rivalNames?: readonly string[];
}

const NO_NAMES: readonly string[] = [];

export function analyzeReview(review: { title?: string | null; text: string }, opts: AnalyzeOptions = {}): ReviewAnalysis {
  const p = nlp();
  const title = review.title?.trim() ? review.title : '';
  // One document for both: a second readDoc would cost more than the title's few words.
  const textAt = title ? title.length + 2 : 0;
  const written = title ? `${title}\n\n${review.text}` : review.text;
  const { doc, t } = readTokens(p, written);
  retag(p, t);
  markOpinions(p, t);
  const spans = sentenceSpans(p, t, doc.sentences(), textAt);
  markNames(t, rivalNames(opts.rivalNames ?? NO_NAMES), spans);

  const sentences: ReviewSentence[] = [];
  const mentions: AspectMention[] = [];
  let polarSum = 0;
  let polarCount = 0;
  for (const [first, last] of spans) {
    const start = t.starts[first];
    const end = endOf(t, last);
    const text = written.slice(start, end);
    const found = sentenceMentions(p, t, first, last);
    const sentiment = sentenceSentiment(t, first, last);
    const field = start >= textAt ? 'text' : 'title';
    const base = field === 'text' ? textAt : 0;
    const index = sentences.length;
    sentences.push({ field, start: start - base, end: end - base, text, sentiment });
    if (polarityOf(sentiment) !== 'neutral') {
      polarSum += sentiment;
      polarCount += 1;
    }
    const firstMention = mentions.length;
    for (const f of found) {
      if (mentions.some((m, i) => i >= firstMention && m.key === f.key)) continue;
      const surface = written.slice(t.starts[f.first], endOf(t, f.last));
      mentions.push({ key: f.key, surface, form: f.form, evaluated: f.evaluated, sentence: index, sentiment: f.evaluated ? f.sentiment : sentiment });
    }
  }
  return { sentences, mentions, sentiment: polarCount ? polarSum / polarCount : 0 };
}
