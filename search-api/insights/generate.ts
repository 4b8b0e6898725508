// Insight generation for one supported rival: its reviews' aspect mentions are grouped into aspects (ids kept by
// anchor, so curators' titles, hidden states and merges survive), each review's judgement of each aspect is stored
// (what the reviews index filters and counts on; only the links that changed are written, so only those reviews are
// reindexed), and strengths and weaknesses are ranked with their sources and quotes. Runs after each import and on
// demand, in one transaction: readers see the previous generation until it commits.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { StoredReviewAnalysis } from '../../db/schema.ts';
import type { InsightKind, InsightQuote } from '../../contracts/insights.ts';
import { polarityOf, reviewSiteByKey, type Polarity } from '../../contracts/reviews.ts';
import { groupAspects, type AspectGroup, type MentionInput } from './analysis/aspects.ts';
import { aspectSentences, rankInsights, type Insight } from './analysis/insights.ts';
import { analysisOf } from './analysis/stored.ts';
import type { ReviewAnalysis } from './analysis/analyze.ts';

/** Reviews read per round trip. */
const PAGE = 5_000;

type ReviewRow = {
  id: number;
  title: string | null;
  text: string;
  analysis: StoredReviewAnalysis;
  sentiment: number;
  site: string;
  permalink: string;
  published_at: Date | string;
};
type AspectRow = { id: number; anchor: string; state: 'none' | 'hidden'; merged_into_id: number | null };

export type GenerationResult = { reviews: number; aspects: number; strengths: number; weaknesses: number; linksChanged: number };

/** Regenerates the aspects, review judgements and insights of a rival. */
export async function generateInsights(tx: Exec, companyId: number, rivalId: number): Promise<GenerationResult> {
  const reviews = await loadReviews(tx, companyId, rivalId);
  const analyses = reviews.map((r) => ({ reviewId: String(r.id), analysis: analysisOf(r, r.analysis, r.sentiment) }));
  const groups = groupAspects(mentionsOf(analyses));

  const ids = await upsertAspects(tx, companyId, rivalId, groups);
  // Merged aspects count for the aspect they were merged into: fold them before judging reviews and ranking.
  const folded = foldMerged(groups, ids);
  const links = reviewJudgements(folded, analyses, ids);
  const linksChanged = await writeLinks(tx, companyId, rivalId, links);
  await refreshAspectCounts(tx, rivalId);

  const visible = folded.filter((g) => ids.byAnchor.get(g.id)!.state !== 'hidden');
  const ranked = rankInsights(visible, aspectSentences(visible, analyses));
  const byId = new Map(reviews.map((r) => [String(r.id), r]));
  await writeInsights(tx, companyId, rivalId, [...ranked.strengths, ...ranked.weaknesses], ids, byId);
  await tx.execute(sql`UPDATE rivals SET supported_rival_id = id WHERE id = ${rivalId} AND supported_rival_id IS DISTINCT FROM id`);
  return { reviews: reviews.length, aspects: visible.length, strengths: ranked.strengths.length, weaknesses: ranked.weaknesses.length, linksChanged };
}

async function loadReviews(tx: Exec, companyId: number, rivalId: number): Promise<ReviewRow[]> {
  const out: ReviewRow[] = [];
  for (let after = 0; ; ) {
    const page = await rowsOf<ReviewRow>(
      tx,
      sql`SELECT id, title, text, analysis, sentiment, site, permalink, published_at FROM reviews
          WHERE company_id = ${companyId} AND rival_id = ${rivalId} AND id > ${after} ORDER BY id LIMIT ${PAGE}`,
    );
    out.push(...page);
    if (page.length < PAGE) return out;
    after = page[page.length - 1].id;
  }
}

function* mentionsOf(analyses: { reviewId: string; analysis: ReviewAnalysis }[]): Generator<MentionInput> {
  for (const { reviewId, analysis } of analyses) for (const m of analysis.mentions) yield { ...m, reviewId };
}

type AspectIds = { byAnchor: Map<string, AspectRow>; target: (anchor: string) => AspectRow };

/** Creates or refreshes an aspect per group, keyed by anchor; answers each anchor's row and the row it counts for. */
async function upsertAspects(tx: Exec, companyId: number, rivalId: number, groups: AspectGroup[]): Promise<AspectIds> {
  if (groups.length) {
    await tx.execute(sql`
      INSERT INTO aspects (company_id, rival_id, anchor, title, keys, updated_at)
      SELECT ${companyId}, ${rivalId}, g.anchor, g.title, ARRAY(SELECT jsonb_array_elements_text(g.keys)), now()
      FROM jsonb_to_recordset(${JSON.stringify(groups.map((g) => ({ anchor: g.id, title: g.title, keys: g.keys })))}::jsonb)
        AS g(anchor text, title text, keys jsonb)
      ON CONFLICT (rival_id, anchor) DO UPDATE SET title = EXCLUDED.title, keys = EXCLUDED.keys, updated_at = now()`);
  }
  const rows = await rowsOf<AspectRow>(tx, sql`SELECT id, anchor, state, merged_into_id FROM aspects WHERE rival_id = ${rivalId}`);
  const byAnchor = new Map(rows.map((r) => [r.anchor, r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const target = (anchor: string) => {
    let row = byAnchor.get(anchor)!;
    // A chain of merges ends at an aspect that is not merged (PATCH refuses cycles; the bound is a guard).
    for (let hops = 0; row.merged_into_id !== null && hops < rows.length; hops += 1) row = byId.get(row.merged_into_id) ?? row;
    return row;
  };
  return { byAnchor, target };
}

/** Groups with merged ones folded into their targets (keys and mention counts added; review counts come from links). */
function foldMerged(groups: AspectGroup[], ids: AspectIds): AspectGroup[] {
  const out = new Map<string, AspectGroup>();
  const anchorOfRow = new Map([...ids.byAnchor.values()].map((r) => [r.id, r.anchor]));
  for (const g of groups) {
    const targetAnchor = anchorOfRow.get(ids.target(g.id).id)!;
    const into = out.get(targetAnchor);
    if (!into) {
      out.set(targetAnchor, { ...g, id: targetAnchor, keys: [...g.keys] });
      continue;
    }
    const evaluated = into.positive + into.negative + g.positive + g.negative;
    into.meanSentiment = evaluated ? (into.meanSentiment * (into.positive + into.negative) + g.meanSentiment * (g.positive + g.negative)) / evaluated : 0;
    into.keys.push(...g.keys);
    into.reviewCount += g.reviewCount;
    into.evaluatedReviewCount += g.evaluatedReviewCount;
    into.mentionCount += g.mentionCount;
    into.positive += g.positive;
    into.negative += g.negative;
    into.neutral += g.neutral;
  }
  return [...out.values()];
}

type Link = { reviewId: number; aspectId: number; polarity: Polarity };

/** How each review judges each aspect: the lean of its evaluated mentions' sentences (neutral when only named). */
function reviewJudgements(groups: AspectGroup[], analyses: { reviewId: string; analysis: ReviewAnalysis }[], ids: AspectIds): Link[] {
  const aspectOfKey = new Map<string, number>();
  for (const g of groups) for (const key of g.keys) aspectOfKey.set(key, ids.byAnchor.get(g.id)!.id);
  const links: Link[] = [];
  for (const { reviewId, analysis } of analyses) {
    const sum = new Map<number, { total: number; evaluated: number }>();
    for (const m of analysis.mentions) {
      const aspectId = aspectOfKey.get(m.key);
      if (aspectId === undefined) continue;
      const s = sum.get(aspectId) ?? { total: 0, evaluated: 0 };
      if (m.evaluated) {
        s.total += m.sentiment;
        s.evaluated += 1;
      }
      sum.set(aspectId, s);
    }
    for (const [aspectId, s] of sum) links.push({ reviewId: Number(reviewId), aspectId, polarity: s.evaluated ? polarityOf(s.total / s.evaluated) : 'neutral' });
  }
  return links;
}

/** Writes the rival's review judgements, touching only rows that changed; answers how many did. */
async function writeLinks(tx: Exec, companyId: number, rivalId: number, links: Link[]): Promise<number> {
  const data = sql`(SELECT * FROM unnest(${sql.param(links.map((l) => l.reviewId))}::int[], ${sql.param(links.map((l) => l.aspectId))}::int[],
      ${sql.param(links.map((l) => l.polarity))}::text[]) AS n(review_id, aspect_id, polarity))`;
  const { rows } = await tx.execute(sql`
    WITH wanted AS ${data},
    current AS (SELECT ra.review_id, ra.aspect_id, ra.polarity FROM review_aspects ra JOIN reviews r ON r.id = ra.review_id WHERE r.rival_id = ${rivalId}),
    removed AS (
      DELETE FROM review_aspects ra USING current c
      WHERE ra.review_id = c.review_id AND ra.aspect_id = c.aspect_id
        AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.review_id = c.review_id AND w.aspect_id = c.aspect_id)
      RETURNING 1),
    written AS (
      INSERT INTO review_aspects (company_id, review_id, aspect_id, polarity)
      SELECT ${companyId}, w.review_id, w.aspect_id, w.polarity FROM wanted w
      WHERE NOT EXISTS (SELECT 1 FROM current c WHERE c.review_id = w.review_id AND c.aspect_id = w.aspect_id AND c.polarity = w.polarity)
      ON CONFLICT (review_id, aspect_id) DO UPDATE SET polarity = EXCLUDED.polarity
      RETURNING 1)
    SELECT (SELECT count(*) FROM removed)::int + (SELECT count(*) FROM written)::int AS changed`);
  return (rows[0] as { changed: number }).changed;
}

/** Each aspect's review counts by polarity and its monthly timeline, from the stored judgements. */
async function refreshAspectCounts(tx: Exec, rivalId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE aspects a SET review_count = coalesce(c.total, 0), positive = coalesce(c.positive, 0), negative = coalesce(c.negative, 0),
      neutral = coalesce(c.neutral, 0), timeline = coalesce(t.timeline, '[]'::jsonb), summary = NULL, summary_at = NULL
    FROM aspects x
    LEFT JOIN (
      SELECT ra.aspect_id, count(*)::int AS total, count(*) FILTER (WHERE polarity = 'positive')::int AS positive,
             count(*) FILTER (WHERE polarity = 'negative')::int AS negative, count(*) FILTER (WHERE polarity = 'neutral')::int AS neutral
      FROM review_aspects ra JOIN aspects ax ON ax.id = ra.aspect_id WHERE ax.rival_id = ${rivalId} GROUP BY ra.aspect_id) c ON c.aspect_id = x.id
    LEFT JOIN (
      SELECT aspect_id, jsonb_agg(jsonb_build_object('month', month, 'positive', positive, 'negative', negative, 'neutral', neutral) ORDER BY month) AS timeline
      FROM (SELECT ra.aspect_id, to_char(date_trunc('month', r.published_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
                   count(*) FILTER (WHERE ra.polarity = 'positive')::int AS positive, count(*) FILTER (WHERE ra.polarity = 'negative')::int AS negative,
                   count(*) FILTER (WHERE ra.polarity = 'neutral')::int AS neutral
            FROM review_aspects ra JOIN reviews r ON r.id = ra.review_id WHERE r.rival_id = ${rivalId}
            GROUP BY 1, 2) m
      GROUP BY aspect_id) t ON t.aspect_id = x.id
    WHERE a.id = x.id AND x.rival_id = ${rivalId}`);
}

/** Upserts the ranked insights by (rival, kind, aspect), marks the others stale, and rewrites their sources. */
async function writeInsights(tx: Exec, companyId: number, rivalId: number, ranked: Insight[], ids: AspectIds, reviews: Map<string, ReviewRow>) {
  const quote = (q: Insight['quotes'][number]): InsightQuote => {
    const r = reviews.get(q.reviewId)!;
    return { reviewId: r.id, text: q.text, sentiment: q.sentiment, site: reviewSiteByKey(r.site)?.name ?? r.site, permalink: r.permalink, publishedAt: new Date(r.published_at).toISOString() };
  };
  const rows = ranked.map((insight, i) => {
    const aspect = ids.byAnchor.get(insight.aspects[0].id)!;
    return {
      kind: insight.type satisfies InsightKind,
      aspectId: aspect.id,
      reviewCount: insight.reviewCount,
      share: insight.share,
      opinions: insight.opinions,
      usualShare: insight.usualShare,
      confidence: insight.confidence,
      rank: i,
      quotes: insight.quotes.map(quote),
      sources: insight.reviewIds.map(Number),
    };
  });
  const { rows: kept } = await tx.execute(sql`
    INSERT INTO insights AS i (company_id, rival_id, kind, aspect_id, review_count, share, opinions, usual_share, confidence, rank, quotes, stale, generated_at)
    SELECT ${companyId}, ${rivalId}, x.kind, x."aspectId", x."reviewCount", x.share, x.opinions, x."usualShare", x.confidence, x.rank, x.quotes, false, now()
    FROM jsonb_to_recordset(${JSON.stringify(rows.map(({ sources: _s, ...r }) => r))}::jsonb)
      AS x(kind text, "aspectId" int, "reviewCount" int, share real, opinions int, "usualShare" real, confidence real, rank int, quotes jsonb)
    ON CONFLICT (rival_id, kind, aspect_id) DO UPDATE SET
      -- A summary a model wrote stays while its quotes do; new quotes bring back the figures' line until rewritten.
      summary = CASE WHEN i.summary_written_from = md5(EXCLUDED.quotes::text) THEN i.summary END,
      summary_written_from = CASE WHEN i.summary_written_from = md5(EXCLUDED.quotes::text) THEN i.summary_written_from END,
      review_count = EXCLUDED.review_count, share = EXCLUDED.share, opinions = EXCLUDED.opinions, usual_share = EXCLUDED.usual_share,
      confidence = EXCLUDED.confidence, rank = EXCLUDED.rank,
      quotes = EXCLUDED.quotes, stale = false, generated_at = now()
    RETURNING i.id, i.kind, i.aspect_id`);
  const idOf = new Map((kept as { id: number; kind: string; aspect_id: number }[]).map((k) => [`${k.kind}:${k.aspect_id}`, k.id]));
  const keptIds = [...idOf.values()];
  await tx.execute(sql`UPDATE insights SET stale = true WHERE rival_id = ${rivalId} AND NOT (id = ANY(${sql.param(keptIds)}::int[]))`);
  await tx.execute(sql`DELETE FROM insight_sources s USING insights i WHERE i.id = s.insight_id AND i.rival_id = ${rivalId}`);
  const sourceInsight: number[] = [];
  const sourceReview: number[] = [];
  const sourceRank: number[] = [];
  for (const r of rows) {
    const insightId = idOf.get(`${r.kind}:${r.aspectId}`)!;
    r.sources.forEach((reviewId, rank) => {
      sourceInsight.push(insightId);
      sourceReview.push(reviewId);
      sourceRank.push(rank);
    });
  }
  if (sourceInsight.length) {
    await tx.execute(sql`
      INSERT INTO insight_sources (insight_id, review_id, rank)
      SELECT * FROM unnest(${sql.param(sourceInsight)}::int[], ${sql.param(sourceReview)}::int[], ${sql.param(sourceRank)}::int[])`);
  }
}
