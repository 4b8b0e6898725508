// Writing generated reviews (reviews.ts) into PostgreSQL for the demo and the scale seed. Their analysis and the
// insight generation live in search-api (the NLP is the product's, not the seed's), so the caller hands them in as a
// ReviewAnalyser: the seed stays free of search-api, and the rows are exactly what an import writes.
import { sql } from 'drizzle-orm';
import type { Exec } from '../client.ts';
import type { StoredReviewAnalysis } from '../schema.ts';
import { normalizePermalink } from '../../contracts/reviews.ts';
import type { DemoReview } from './reviews.ts';

export type ReviewAnalyser = {
  /** A review's stored analysis and overall sentiment (search-api/insights/analysis/stored.ts). */
  analyse: (review: { title?: string | null; text: string }, rivalNames: string[]) => StoredReviewAnalysis & { sentiment: number };
  /** Regenerates a rival's aspects and insights (search-api/insights/generate.ts). */
  generate: (tx: Exec, companyId: number, rivalId: number) => Promise<unknown>;
};

/** Reviews per INSERT. */
const BATCH = 1_000;

/** Analyses and inserts reviews of the company's rivals (by name); answers how many were new. */
export async function insertReviews(tx: Exec, companyId: number, rivalIds: ReadonlyMap<string, number>, reviews: readonly DemoReview[], analyser: ReviewAnalyser): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < reviews.length; i += BATCH) {
    const rows = reviews.slice(i, i + BATCH).map((r) => {
      const { sentiment, ...analysis } = analyser.analyse(r, [r.rival]);
      const rivalId = rivalIds.get(r.rival);
      if (rivalId === undefined) throw new Error(`no rival named ${r.rival}`);
      return {
        rivalId, site: r.source, permalink: r.permalink, permalinkKey: normalizePermalink(r.permalink), title: r.title ?? null, text: r.text,
        rating: r.rating, publishedAt: r.publishedAt, reviewerRole: r.reviewerRole ?? null, companySize: r.companySize ?? null, sentiment, analysis,
      };
    });
    const { rows: written } = await tx.execute(sql`
      INSERT INTO reviews (company_id, rival_id, site, permalink, permalink_key, title, text, rating, published_at, reviewer_role, company_size,
                           sentiment, analysis, created_at)
      SELECT ${companyId}, x."rivalId", x.site, x.permalink, x."permalinkKey", x.title, x.text, x.rating, x."publishedAt", x."reviewerRole",
             x."companySize", x.sentiment, x.analysis, x."publishedAt"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x("rivalId" int, site text, permalink text, "permalinkKey" text, title text,
        text text, rating real, "publishedAt" timestamptz, "reviewerRole" text, "companySize" text, sentiment real, analysis jsonb)
      ON CONFLICT (company_id, permalink_key) DO NOTHING
      RETURNING 1`);
    inserted += written.length;
  }
  return inserted;
}

/** Inserts reviews, then generates the insights of every rival that has some. */
export async function seedReviews(tx: Exec, companyId: number, rivalIds: ReadonlyMap<string, number>, reviews: readonly DemoReview[], analyser: ReviewAnalyser): Promise<number> {
  const inserted = await insertReviews(tx, companyId, rivalIds, reviews, analyser);
  for (const rivalId of new Set(reviews.map((r) => rivalIds.get(r.rival)!))) await analyser.generate(tx, companyId, rivalId);
  return inserted;
}
