// The competitive drill-down: one rival's intel, its important items and its cards.
import { sql } from 'drizzle-orm';
import type { Report, ReportChart, ReportKpi, ReportTable } from '../../../contracts/reports.ts';
import { DAY_MS } from '../../../contracts/time.ts';
import { rowsOf } from '../../../db/client.ts';
import { apiError } from '../../errors.ts';
import { bucketOf, daySql, timeChart, type ReportContext } from '../context.ts';
import { wordsOf } from '../words.ts';
import { hygieneCards, hygieneCardsFrom } from './hygiene.ts';
import {
  base, cardPath, CHART_MAX_BARS, col, dayText, intelByRival, intelCounted, notTemplate, rivalFeedPath, rivalName, share, ts,
  within, type RivalRow,
} from './shared.ts';

const DRILL_TOP_TOPICS = 10;
/** The intel chart's series: the priorities, and none ('none' is what the query calls an item without one). */
const PRIORITIES = ['important', 'interesting', 'none'] as const;

/**
 * drill = 'rival-{id}': one rival's intel in the period (volume over time by priority, its topics), its latest
 * important items and its cards' hygiene. Throws notFound for a drill of another shape, a rival of another company
 * or a template.
 */
export async function competitiveDrillDown(ctx: ReportContext, type: string, drill: string): Promise<Report> {
  const m = /^rival-([1-9]\d{0,9})$/.exec(drill);
  const rivalId = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(rivalId) || rivalId > 2_147_483_647) throw apiError('report_not_found');
  const c = ctx.companyId;
  const [rival] = await rowsOf<RivalRow & { profileId: number | null }>(
    ctx.db,
    sql`SELECT r.id, r.name, r.is_draft AS "isDraft", p.id AS "profileId"
      FROM rivals r LEFT JOIN profiles p ON p.rival_id = r.id AND p.company_id = ${c}
      WHERE r.id = ${rivalId} AND r.company_id = ${c} AND ${notTemplate('r')}`,
  );
  if (!rival) throw apiError('rival_not_found');

  const cur = within(sql`i.created_at`, ctx.period);
  const mentions = sql`FROM intel_rivals ir JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
    WHERE ir.company_id = ${c} AND ir.rival_id = ${rivalId} AND ${intelCounted}`;
  const staleCutoff = new Date(ctx.now.getTime() - ctx.query.staleDays * DAY_MS);
  const [[intel], volume, topics, important, cards] = await Promise.all([
    intelByRival(ctx, rivalId),
    rowsOf<{ day: string; priority: string; n: number }>(
      ctx.db,
      sql`SELECT ${daySql(sql`i.created_at`)} AS day, coalesce(i.priority, 'none') AS priority, count(*)::int AS n
        ${mentions} AND ${cur} GROUP BY 1, 2`,
    ),
    rowsOf<{ topic: string; n: number }>(
      ctx.db,
      sql`SELECT t.topic, count(*)::int AS n
        FROM intel_rivals ir JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
        CROSS JOIN LATERAL unnest(i.topics) AS t(topic)
        WHERE ir.company_id = ${c} AND ir.rival_id = ${rivalId} AND ${intelCounted} AND ${cur}
        GROUP BY t.topic ORDER BY n DESC, t.topic LIMIT ${DRILL_TOP_TOPICS}`,
    ),
    rowsOf<{ id: number; title: string; createdAt: Date; publishedAt: Date | null; state: string; topics: string[]; total: number }>(
      ctx.db,
      sql`SELECT i.id, coalesce(i.curated_title, i.title) AS title, i.created_at AS "createdAt", i.published_at AS "publishedAt",
          i.state, i.topics, count(*) OVER ()::int AS total
        ${mentions} AND ${cur} AND i.priority = 'important'
        ORDER BY i.created_at DESC, i.id DESC LIMIT ${ctx.rows}`,
    ),
    hygieneCards(ctx, sql`TRUE`, rivalId),
  ]);
  const counts = intel ?? { items: 0, published: 0, important: 0, prevItems: 0, prevPublished: 0, prevImportant: 0 };

  const w = wordsOf(ctx.language);
  const report = base(ctx, type);
  report.subtitle = rivalName(w, rival);
  const cardTotal = cards[0]?.total ?? 0;
  const [cardCounts] = await rowsOf<{ n: number; unsourced: number }>(
    ctx.db,
    sql`SELECT count(*) FILTER (WHERE c.updated_at < ${ts(staleCutoff)})::int AS n,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM card_sources s WHERE s.card_id = c.id AND s.company_id = ${c}))::int AS unsourced
      ${hygieneCardsFrom(c)} AND r.id = ${rivalId}`,
  );
  const [intelItems, published, staleDays] = [w('common.intelItems'), w('common.published'), ctx.query.staleDays];
  const kpis: ReportKpi[] = [
    { key: 'items', label: intelItems, value: counts.items, previous: counts.prevItems, format: 'number' },
    { key: 'published', label: published, value: counts.published, previous: counts.prevPublished, format: 'number' },
    { key: 'important', label: w('common.important'), value: counts.important, previous: counts.prevImportant, format: 'number' },
    {
      key: 'importantShare',
      label: w('common.importantShare'),
      value: share(counts.important, counts.items),
      previous: share(counts.prevImportant, counts.prevItems),
      format: 'percent',
    },
    { key: 'staleCards', label: w('common.staleCards'), value: cardCounts.n, format: 'number', hint: w('drill.staleHint', { total: cardTotal, days: staleDays }) },
    { key: 'unsourcedCards', label: w('common.unsourcedCards'), value: cardCounts.unsourced, format: 'number' },
  ];
  report.kpis = kpis;

  const charts: ReportChart[] = [
    timeChart(
      ctx.period,
      {
        key: 'volume',
        title: w('drill.volume', { bucket: bucketOf(ctx.period) }),
        kind: 'area',
        series: PRIORITIES.map((key) => ({ key, label: w(`priorities.${key}`) })),
        stacked: true,
      },
      volume.map((row) => ({ day: row.day, [row.priority]: row.n })),
    ),
    {
      key: 'topics',
      title: w('drill.topics'),
      kind: 'bar',
      xKey: 'topic',
      series: [{ key: 'items', label: intelItems }],
      data: topics.slice(0, CHART_MAX_BARS).map((t) => ({ topic: t.topic, items: t.n })),
    },
  ];
  report.charts = charts;

  const tables: ReportTable[] = [
    {
      key: 'importantItems',
      title: w('drill.important'),
      columns: [
        col('title', w('drill.intel'), 'text'),
        col('created', w('drill.cameIn'), 'date'),
        col('state', w('drill.state'), 'text'),
        col('published', published, 'date'),
        col('topics', w('drill.topicsColumn'), 'text'),
      ],
      rows: important.map((i) => ({
        cells: {
          title: i.title,
          created: dayText(i.createdAt),
          state: w.label('intelStates', i.state),
          published: dayText(i.publishedAt),
          topics: i.topics.join(', '),
        },
        links: { title: rivalFeedPath(rivalId) },
      })),
      total: important[0]?.total ?? 0,
      empty: w('drill.noImportant'),
    },
    {
      key: 'cards',
      title: w('drill.cards'),
      description: w('drill.cardsHint', { days: staleDays }),
      columns: [
        col('card', w('common.card'), 'text'),
        col('board', w('common.board'), 'text'),
        col('updated', w('common.lastUpdated'), 'date'),
        col('days', w('common.daysSinceUpdate'), 'number'),
        col('stale', w('drill.stale'), 'text'),
        col('sources', w('drill.sources'), 'number'),
        col('status', w('common.status'), 'text'),
      ],
      rows: cards.map((x) => ({
        cells: {
          card: x.name,
          board: x.board,
          updated: dayText(x.updatedAt),
          days: x.days,
          stale: new Date(x.updatedAt) < staleCutoff ? w('drill.stale') : '',
          sources: x.sources,
          status: w(`cardStatus.${x.status}`),
        },
        links: { card: cardPath(x.profileId, x.id) },
      })),
      total: cardTotal,
      empty: w('drill.noCards'),
    },
  ];
  report.tables = tables;
  return report;
}
