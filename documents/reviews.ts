// The review search document: its mapping, its typed source and the query that builds it. The reviews tab's list,
// filters, sorts and aspect counts are served from this index; titles of aspects and sites are looked up by the
// server (they change on a rename without touching a review).
import { eq, sql } from 'drizzle-orm';
import type { Exec } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { reviewAspects, reviews, rivals } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { pageOf, selected, versionOf, type BuiltDoc, type Selection } from './build.ts';
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

const r = alias(reviews, 'r');
const rv = alias(rivals, 'rv');

/** The review documents of the selected reviews. */
export async function buildReviewDocs(db: Exec, s: Selection): Promise<BuiltDoc<ReviewDoc>[]> {
  // The review's judgements in one pass over its review_aspects rows.
  const judged = db
    .select({
      ids: sql<number[] | null>`array_agg(${reviewAspects.aspectId} ORDER BY ${reviewAspects.aspectId})`.as('ids'),
      positive: sql<number[] | null>`array_agg(${reviewAspects.aspectId} ORDER BY ${reviewAspects.aspectId}) FILTER (WHERE ${reviewAspects.polarity} = 'positive')`.as('positive'),
      negative: sql<number[] | null>`array_agg(${reviewAspects.aspectId} ORDER BY ${reviewAspects.aspectId}) FILTER (WHERE ${reviewAspects.polarity} = 'negative')`.as('negative'),
    })
    .from(reviewAspects)
    .where(eq(reviewAspects.reviewId, r.id))
    .as('ra');
  const query = db
    .select({
      id: r.id,
      version: versionOf('reviews', r.id),
      companyId: r.companyId,
      rivalId: r.rivalId,
      rivalName: rv.name,
      site: r.site,
      title: r.title,
      text: r.text,
      rating: r.rating,
      publishedAt: r.publishedAt,
      sentiment: r.sentiment,
      bookmarked: r.bookmarked,
      aspectIds: judged.ids,
      positiveIds: judged.positive,
      negativeIds: judged.negative,
    })
    .from(r)
    .innerJoin(rv, eq(rv.id, r.rivalId))
    .leftJoinLateral(judged, sql`true`)
    .where(selected(r.id, s))
    .$dynamic();
  const rows = await pageOf(query, r.id, s);
  return rows.map((row) => {
    const site = reviewSiteByKey(row.site);
    const sentiment = Number(row.sentiment);
    const aspectIds = row.aspectIds ?? [];
    return {
      id: row.id,
      version: Number(row.version),
      doc: {
        id: String(row.id),
        reviewId: row.id,
        company_id: row.companyId,
        rivalId: row.rivalId,
        rivalName: row.rivalName,
        site: row.site,
        siteType: site?.type ?? 'product',
        domain: site?.domains[0] ?? row.site,
        title: row.title,
        text: row.text,
        rating: Number(row.rating),
        publishedAt: row.publishedAt.toISOString(),
        sentiment,
        polarity: polarityOf(sentiment),
        aspectIds,
        positiveAspectIds: row.positiveIds ?? [],
        negativeAspectIds: row.negativeIds ?? [],
        aspectCount: aspectIds.length,
        bookmarked: row.bookmarked,
      },
    };
  });
}
