// The review search document: its mapping, its typed source and the query that builds it. The reviews tab's list,
// filters, sorts and aspect counts are served from this index; titles of aspects and sites are looked up by the
// server (they change on a rename without touching a review).
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { reviews } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { pageTail, selected, versionOf, type BuiltDoc, type Selection } from './build.ts';
import { analysisSettings, englishText, typoTolerantText } from './analysis.ts';
import { polarityOf, reviewSiteByKey, type Polarity } from '../contracts/reviews.ts';

export const reviewsIndex: IndexDefinition = {
  name: 'reviews',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      reviewId: { type: 'integer' },
      company_id: { type: 'integer' },
      /** The supported rival. */
      rivalId: { type: 'integer' },
      rivalName: { type: 'keyword' },
      /** Review-site key, its type (product or employee) and its domain (the domain filter). */
      site: { type: 'keyword' },
      siteType: { type: 'keyword' },
      domain: { type: 'keyword' },
      title: typoTolerantText(),
      text: englishText,
      rating: { type: 'float' },
      publishedAt: { type: 'date' },
      sentiment: { type: 'float' },
      /** positive | negative | neutral: the review's overall lean (the sentiment filter without an aspect). */
      polarity: { type: 'keyword' },
      /** Aspects the review judges, and those it judges positively or negatively (counts and the sentiment filter). */
      aspectIds: { type: 'integer' },
      positiveAspectIds: { type: 'integer' },
      negativeAspectIds: { type: 'integer' },
      /** How many aspects it judges: the popular sort. */
      aspectCount: { type: 'integer' },
      bookmarked: { type: 'boolean' },
    },
  },
};

export type ReviewDoc = {
  id: string;
  reviewId: number;
  company_id: number;
  rivalId: number;
  rivalName: string;
  site: string;
  siteType: string;
  domain: string;
  title: string | null;
  text: string;
  rating: number;
  publishedAt: string;
  sentiment: number;
  polarity: Polarity;
  aspectIds: number[];
  positiveAspectIds: number[];
  negativeAspectIds: number[];
  aspectCount: number;
  bookmarked: boolean;
};

// A bulk builder: raw SQL with its row type written out, for the reason intel.ts gives.
const review = alias(reviews, 'r');

/** The review documents of the selected reviews. */
export async function buildReviewDocs(db: Exec, s: Selection): Promise<BuiltDoc<ReviewDoc>[]> {
  type Row = {
    id: number;
    version: string;
    company_id: number;
    rival_id: number;
    rival_name: string;
    site: string;
    title: string | null;
    text: string;
    rating: number;
    published_at: Date | string;
    sentiment: number;
    bookmarked: boolean;
    aspect_ids: number[];
    positive_ids: number[];
    negative_ids: number[];
  };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT r.id, ${versionOf('reviews', review.id)} AS version, r.company_id, r.rival_id, rv.name AS rival_name, r.site, r.title, r.text,
          r.rating, r.published_at, r.sentiment, r.bookmarked,
          coalesce(ra.ids, '{}') AS aspect_ids, coalesce(ra.positive, '{}') AS positive_ids, coalesce(ra.negative, '{}') AS negative_ids
        FROM reviews r
        JOIN rivals rv ON rv.id = r.rival_id
        LEFT JOIN LATERAL (
          SELECT array_agg(a.aspect_id ORDER BY a.aspect_id) AS ids,
                 array_agg(a.aspect_id ORDER BY a.aspect_id) FILTER (WHERE a.polarity = 'positive') AS positive,
                 array_agg(a.aspect_id ORDER BY a.aspect_id) FILTER (WHERE a.polarity = 'negative') AS negative
          FROM review_aspects a WHERE a.review_id = r.id) ra ON true
        WHERE ${selected(review.id, s)} ${pageTail(review.id, s)}`,
  );
  return rows.map((r) => {
    const site = reviewSiteByKey(r.site);
    const sentiment = Number(r.sentiment);
    return {
      id: r.id,
      version: Number(r.version),
      doc: {
        id: String(r.id),
        reviewId: r.id,
        company_id: r.company_id,
        rivalId: r.rival_id,
        rivalName: r.rival_name,
        site: r.site,
        siteType: site?.type ?? 'product',
        domain: site?.domains[0] ?? r.site,
        title: r.title,
        text: r.text,
        rating: Number(r.rating),
        publishedAt: new Date(r.published_at).toISOString(),
        sentiment,
        polarity: polarityOf(sentiment),
        aspectIds: r.aspect_ids,
        positiveAspectIds: r.positive_ids,
        negativeAspectIds: r.negative_ids,
        aspectCount: r.aspect_ids.length,
        bookmarked: r.bookmarked,
      },
    };
  });
}
