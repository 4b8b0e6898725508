// Insights of supported rivals (part 3 §7.1): the rivals that have reviews, their strengths and weaknesses from
// reviews and, for readers of win/loss, their win and loss reasons from deals (./winLoss.ts), the reviews or deals an
// insight stands on, on-demand regeneration, and cards drafted from review insights.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import {
  INSIGHTS,
  INSIGHT_KINDS,
  type InsightCardDraft,
  type InsightKind,
  type InsightListResponse,
  type InsightQuote,
  type InsightSourcesResponse,
  type InsightView,
  type SourceType,
  type SupportedRival,
} from '../../contracts/insights.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { apiError } from '../errors.ts';
import { createJob } from '../jobs/store.ts';
import { format } from '../strings/index.ts';
import { requireSupportedRival, reviewViews } from './reviews/service.ts';
import { insightSummary, type SummaryFigures } from './summary.ts';
import { winLossCounts, winLossInsights, winLossSources } from './winLoss.ts';

type Scope = { companyId: number };
/** A reader of insights: their company, and whether they read win/loss (search-api/visibility canReadWinLoss). */
export type InsightReader = Scope & { winLoss: boolean };

export async function supportedRivals(db: Exec, scope: InsightReader): Promise<SupportedRival[]> {
  const rows = await rowsOf<Omit<SupportedRival, 'children'> & { lastGeneratedAt: Date | string | null }>(
    db,
    sql`SELECT r.id, r.name, r.icon_url AS "iconUrl", p.id AS "profileId", v.reviews AS "reviewCount",
          json_build_object(
            'strengths', count(i.id) FILTER (WHERE i.kind = 'strengths'), 'weaknesses', count(i.id) FILTER (WHERE i.kind = 'weaknesses'),
            'winReasons', count(i.id) FILTER (WHERE i.kind = 'win_reasons'), 'lossReasons', count(i.id) FILTER (WHERE i.kind = 'loss_reasons')) AS insights,
          EXISTS (SELECT 1 FROM jobs j WHERE j.company_id = r.company_id AND j.state IN ('queued', 'running')
                    AND j.kind IN ('reviewImport', 'insightGeneration') AND (j.payload->>'rivalId')::int = r.id) AS generating,
          max(i.generated_at) AS "lastGeneratedAt"
        FROM rivals r
        JOIN LATERAL (SELECT count(*)::int AS reviews FROM reviews x WHERE x.rival_id = r.id) v ON v.reviews > 0
        LEFT JOIN profiles p ON p.rival_id = r.id AND p.company_id = r.company_id
        LEFT JOIN insights i ON i.rival_id = r.id AND NOT i.stale
        WHERE r.company_id = ${scope.companyId}
        GROUP BY r.id, p.id, v.reviews
        ORDER BY v.reviews DESC, r.name, r.id`,
  );
  const winLoss = scope.winLoss ? await winLossCounts(db, scope.companyId, rows.map((r) => r.id)) : new Map();
  return rows.map((r) => ({
    ...r,
    insights: { ...r.insights, ...(winLoss.get(r.id) ?? { winReasons: 0, lossReasons: 0 }) },
    children: [],
    lastGeneratedAt: r.lastGeneratedAt ? new Date(r.lastGeneratedAt).toISOString() : null,
  }));
}

type InsightRow = Omit<InsightView, 'aspects' | 'quotes' | 'summary'> & Omit<SummaryFigures, 'kind'> & { aspectId: number; quotes: InsightQuote[] };

const insightColumns = sql`i.id, i.kind AS type, coalesce(a.custom_title, a.title) AS title, i.summary AS written, i.review_count AS "reviewCount",
  i.win_loss_count AS "winLossCount", (SELECT count(*)::int FROM insight_sources s WHERE s.insight_id = i.id) AS "sourcesCount",
  i.aspect_id AS "aspectId", i.share, i.opinions, i.usual_share AS "usualShare", i.confidence, i.quotes`;

/** An insight as `language`'s reader reads it. */
const insightView =
  (language: string) =>
  ({ aspectId, written, opinions, usualShare, ...r }: InsightRow): InsightView => ({
    ...r,
    summary: insightSummary(language, { kind: r.type, written, reviewCount: r.reviewCount, share: r.share, opinions, usualShare }),
    aspects: [{ id: aspectId, title: r.title }],
  });

/**
 * The rival's current insights of the asked kinds (strengths and weaknesses by default), ranked. sourceType 'review'
 * or 'all' reads review insights; 'winLoss' or 'all' the win and loss reasons of deals, for readers of win/loss.
 */
export async function listInsights(
  db: Exec, scope: InsightReader, rivalId: number, q: { type: InsightKind[]; sourceType: SourceType }, language: string,
): Promise<InsightListResponse> {
  const rival = await requireSupportedRival(db, scope, rivalId);
  const kinds = q.type.length ? q.type : (['strengths', 'weaknesses'] as InsightKind[]);
  const fromDeals = q.sourceType !== 'review' && scope.winLoss ? await winLossInsights(db, scope.companyId, rival, kinds, language) : [];
  const rows = q.sourceType === 'winLoss' ? [] : await rowsOf<InsightRow>(
    db,
    sql`SELECT ${insightColumns} FROM insights i JOIN aspects a ON a.id = i.aspect_id
        WHERE i.rival_id = ${rivalId} AND i.company_id = ${scope.companyId} AND NOT i.stale AND a.state = 'none'
          AND i.kind = ANY(${sql.param(kinds)}::text[])
        ORDER BY i.rank`,
  );
  const insights: InsightListResponse['insights'] = {};
  for (const kind of INSIGHT_KINDS) {
    if (kinds.includes(kind)) insights[kind] = [...rows.filter((r) => r.type === kind).map(insightView(language)), ...fromDeals.filter((i) => i.type === kind)];
  }
  return { insights };
}

async function readInsight(db: Exec, scope: Scope, rivalId: number, insightId: number): Promise<InsightRow> {
  const [row] = await rowsOf<InsightRow>(
    db,
    sql`SELECT ${insightColumns} FROM insights i JOIN aspects a ON a.id = i.aspect_id
        WHERE i.id = ${insightId} AND i.rival_id = ${rivalId} AND i.company_id = ${scope.companyId}`,
  );
  if (!row) throw apiError('insight_not_found');
  return row;
}

/**
 * The sources of an insight, 25 a page: with sourceType 'winLoss' the deals behind the win/loss insight of that id (a
 * reason's), for readers of win/loss; else the reviews a review insight stands on, most clearly polar first.
 */
export async function insightSources(db: Exec, scope: InsightReader, rivalId: number, insightId: number, q: { sourceType: SourceType; page: number; size: number }): Promise<InsightSourcesResponse> {
  const pagination = (total: number) => ({ total, total_pages: Math.ceil(total / q.size), current_page: q.page });
  if (q.sourceType === 'winLoss') {
    await requireSupportedRival(db, scope, rivalId);
    const deals = scope.winLoss ? await winLossSources(db, scope.companyId, rivalId, insightId, q) : null;
    if (!deals) throw apiError('insight_not_found');
    return { sources: deals.sources, pagination: pagination(deals.total) };
  }
  const insight = await readInsight(db, scope, rivalId, insightId);
  const total = insight.sourcesCount;
  const ids = total
    ? (await rowsOf<{ review_id: number }>(
        db,
        sql`SELECT review_id FROM insight_sources WHERE insight_id = ${insightId} ORDER BY rank LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
      )).map((r) => r.review_id)
    : [];
  return {
    sources: await reviewViews(db, scope, ids, insight.aspectId),
    pagination: pagination(total),
  };
}

/** Queues a regeneration of the rival's aspects and insights; answers the job to poll. */
export async function regenerate(db: Db, actor: { companyId: number; userId: number }, rivalId: number): Promise<{ jobId: number }> {
  await requireSupportedRival(db, actor, rivalId);
  const jobId = await createJob(db, { ...actor, kind: 'insightGeneration', payload: { rivalId }, targetIds: [rivalId], inline: false });
  return { jobId };
}

const rivalNameOf = async (db: Exec, rivalId: number) => (await rowsOf<{ name: string }>(db, sql`SELECT name FROM rivals WHERE id = ${rivalId}`))[0].name;

/**
 * A card drafted from an insight: the insight's title and summary, its quotes as a list (attributed to their review
 * site and date), the strongest quote, and the permalinks of its top sources as the card's sources. The curator
 * edits the draft before saving it, so its words are in the curator's language.
 */
async function draftOf(db: Exec, rivalName: string, insight: InsightView, language: string): Promise<InsightCardDraft> {
  const sources = await rowsOf<{ permalink: string }>(
    db,
    sql`SELECT r.permalink FROM insight_sources s JOIN reviews r ON r.id = s.review_id
        WHERE s.insight_id = ${insight.id} ORDER BY s.rank LIMIT ${INSIGHTS.reviewQuotes}`,
  );
  const quoteItems = insight.quotes
    .map((q) => `<li>“${escapeHtml(q.text)}” <em>(${escapeHtml(q.site)}, ${q.publishedAt.slice(0, 10)})</em></li>`)
    .join('');
  return {
    insightId: insight.id,
    title: format(language, 'insights.card.title', { kind: insight.type, rival: rivalName, aspect: insight.title }),
    body: `<p>${escapeHtml(insight.summary)}</p>${quoteItems ? `<p>${escapeHtml(format(language, 'insights.card.quotes'))}</p><ul>${quoteItems}</ul>` : ''}`,
    quote: insight.quotes[0]?.text ?? '',
    sources: [...new Set([...insight.quotes.map((q) => q.permalink), ...sources.map((s) => s.permalink)])],
  };
}

/** The card draft of one insight of the rival (POST …/card). */
export async function insightCardDraft(db: Exec, scope: Scope, rivalId: number, insightId: number, language: string): Promise<InsightCardDraft> {
  const insight = insightView(language)(await readInsight(db, scope, rivalId, insightId));
  return draftOf(db, await rivalNameOf(db, rivalId), insight, language);
}

/** Card drafts of every current review insight of the rival (strengths then weaknesses), for GET …/card. */
export async function insightCardDrafts(db: Exec, scope: Scope, rivalId: number, language: string): Promise<InsightCardDraft[]> {
  const { insights } = await listInsights(db, { ...scope, winLoss: false }, rivalId, { type: [...INSIGHT_KINDS], sourceType: 'review' }, language);
  const rivalName = await rivalNameOf(db, rivalId);
  return Promise.all(INSIGHT_KINDS.flatMap((k) => insights[k] ?? []).map((i) => draftOf(db, rivalName, i, language)));
}
