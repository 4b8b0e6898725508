// Where reviews come from. Today a curator's file; later a scheduled fetcher per review site. Both are a
// ReviewSource, so storing, de-duplicating against stored reviews and analysing them is one path.
import type { ReviewInput, ReviewSiteKey } from '../../../../contracts/reviews.ts';
import { parseReviewFile, type ReviewFile, type ReviewRowError } from './parse.ts';

export interface ReviewSource {
  /** The review site a fetcher reads; null for a file, whose rows name their own sites. */
  readonly site: ReviewSiteKey | null;
  /**
   * Reviews published after `since` (all of them for null), in batches, each review valid under
   * reviewInputSchema. A source whose input is bad throws before the first batch.
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
 * A file as a review source. The whole file is checked before the first batch: a caller that stores the batches
 * in one transaction lands the import whole or not at all.
 */
export function fileSource(file: ReviewFile, batchSize = FILE_SOURCE_BATCH): ReviewSource {
  return {
    site: null,
    async *fetch(since) {
      const result = parseReviewFile(file);
      if (!result.ok) throw new ReviewFileError(result.errors, result.moreErrors);
      const after = since?.getTime() ?? -Infinity;
      const reviews = result.reviews.filter((r) => Date.parse(r.publishedAt) > after);
      for (let i = 0; i < reviews.length; i += batchSize) yield reviews.slice(i, i + batchSize);
    },
  };
}
