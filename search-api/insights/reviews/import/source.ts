// Where reviews come from. Today a curator's file; later a scheduled fetcher per review site. Both are a
// ReviewSource, so storing, de-duplicating against stored reviews and analysing them is one path.
import type { ReviewInput, ReviewSiteKey } from '../../../../contracts/reviews.ts';
import { checkReviewFile, type ReviewFile, type ReviewRowError } from './parse.ts';

export interface ReviewSource {
  /** The review site a fetcher reads; null for a file, whose rows name their own sites. */
  readonly site: ReviewSiteKey | null;
  /**
   * Reviews published after `since` (all of them for null), in batches, each review valid under
   * reviewInputSchema. A source whose input is bad throws, possibly after some batches: a caller keeps none of
   * them then, so an import lands whole or not at all.
   */
  fetch(since: Date | null): AsyncIterable<ReviewInput[]>;
}

/** A review file with bad rows: every error the parser listed, and how many more it only counted. */
export class ReviewFileError extends Error {
  constructor(
    readonly errors: ReviewRowError[],
    readonly moreErrors: number,
  ) {
    const first = errors[0];
    super(`The review file has ${errors.length + moreErrors} error(s); line ${first.line}${first.field ? `, ${first.field}` : ''}: ${first.reason}`);
  }
}

export const FILE_SOURCE_BATCH = 1_000;

/**
 * A file as a review source: its reviews in batches as they are checked (the event loop turns between batches,
 * so other requests are served and the first batches can be analysed meanwhile); bad rows throw at the end.
 */
export function fileSource(file: ReviewFile, batchSize = FILE_SOURCE_BATCH): ReviewSource {
  return {
    site: null,
    async *fetch(since) {
      const after = since?.getTime() ?? -Infinity;
      const checking = checkReviewFile(file, batchSize);
      for (let step = checking.next(); ; step = checking.next()) {
        if (step.done) {
          if (!step.value.ok) throw new ReviewFileError(step.value.errors, step.value.moreErrors);
          return;
        }
        const batch = step.value.filter((r) => Date.parse(r.publishedAt) > after);
        if (batch.length) yield batch;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
