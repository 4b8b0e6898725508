// The competitive overview: intel volume and share of voice per rival over the period.
import { sql } from 'drizzle-orm';
import type { Report } from '../../../contracts/reports.ts';
import { rowsOf } from '../../../db/client.ts';
import { bucketOf, daySql, timeChart, type ReportContext } from '../context.ts';
import { wordsOf } from '../words.ts';
import {
  base, byName, change, col, intelByRival, intelCounted, notTemplate, percent, rivalDrillPath, rivalFeedPath, rivalName, share,
  ts, within,
} from './shared.ts';

/** The stacked area of the overview draws this many rivals; the rest are "Other". */
export const OVERVIEW_TOP_RIVALS = 6;

export async function overview(ctx: ReportContext): Promise<Report> {
  const c = ctx.companyId;
  const w = wordsOf(ctx.language);
  const report = base(ctx, 'overview');
  const [byRival, [totals]] = await Promise.all([
    intelByRival(ctx),
    rowsOf<{ items: number; published: number; prevItems: number; prevPublished: number }>(
      ctx.db,
      sql`SELECT count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period)})::int AS items,
          count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period)} AND i.published_at IS NOT NULL)::int AS published,
          count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period.previous)})::int AS "prevItems",
          count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period.previous)} AND i.published_at IS NOT NULL)::int AS "prevPublished"
        FROM intel_items i
        WHERE i.company_id = ${c} AND ${intelCounted}
          AND i.created_at >= ${ts(ctx.period.previous.from)} AND i.created_at < ${ts(ctx.period.to)}`,
    ),
  ]);
  const rivals = byRival.sort((a, b) => b.items - a.items || b.prevItems - a.prevItems || byName(a, b));
  const mentioned = rivals.filter((r) => r.items > 0);
  const mentions = mentioned.reduce((n, r) => n + r.items, 0);
  const top = mentioned[0];
  const [intelItems, other] = [w('common.intelItems'), w('common.other')];

  report.kpis = [
    {
      key: 'items',
      label: intelItems,
      value: totals.items,
      previous: totals.prevItems,
      format: 'number',
      hint: w('overview.itemsHint'),
    },
    { key: 'published', label: w('common.published'), value: totals.published, previous: totals.prevPublished, format: 'number', hint: w('overview.publishedHint') },
    { key: 'rivals', label: w('overview.rivals'), value: mentioned.length, previous: rivals.filter((r) => r.prevItems > 0).length, format: 'number' },
    {
      key: 'topRival',
      label: w('overview.topRival'),
      value: top ? top.items : null,
      format: 'number',
      subject: top?.name,
      unit: top && w('overview.topRivalUnit', { count: top.items }),
      hint: top ? w('overview.topRivalHint', { percent: percent(top.items / mentions) }) : w('overview.noRival'),
    },
  ];

  // Charts: the top rivals by name, everyone else as Other.
  const shown = mentioned.slice(0, OVERVIEW_TOP_RIVALS);
  const others = mentioned.slice(OVERVIEW_TOP_RIVALS);
  const seriesOf = new Map(shown.map((r) => [r.id, `rival-${r.id}`]));
  const series = [...shown.map((r) => ({ key: `rival-${r.id}`, label: r.name })), ...(others.length ? [{ key: 'other', label: other }] : [])];
  const counts = mentioned.length
    ? await rowsOf<{ day: string; rivalId: number; n: number }>(
        ctx.db,
        sql`SELECT ${daySql(sql`i.created_at`)} AS day, ir.rival_id AS "rivalId", count(*)::int AS n
          FROM intel_rivals ir
          JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
          JOIN rivals r ON r.id = ir.rival_id AND r.company_id = ${c}
          WHERE ir.company_id = ${c} AND ${intelCounted} AND ${notTemplate('r')} AND ${within(sql`i.created_at`, ctx.period)}
          GROUP BY 1, 2`,
      )
    : [];
  const perDay = counts.map((row) => ({ day: row.day, [seriesOf.get(row.rivalId) ?? 'other']: row.n }));
  report.charts = [
    timeChart(ctx.period, { key: 'volume', title: w('overview.volume', { bucket: bucketOf(ctx.period) }), kind: 'area', series, stacked: true }, perDay),
    {
      key: 'shareOfVoice',
      title: w('overview.shareOfVoice'),
      kind: 'donut',
      xKey: 'rival',
      series: [{ key: 'items', label: intelItems }],
      data: [
        ...shown.map((r) => ({ rival: r.name, items: r.items })),
        ...(others.length ? [{ rival: other, items: others.reduce((n, r) => n + r.items, 0) }] : []),
      ],
    },
  ];

  report.tables = [
    {
      key: 'rivals',
      title: w('overview.table'),
      description: w('overview.tableHint'),
      columns: [
        col('rival', w('common.rival'), 'text'),
        col('items', intelItems, 'number'),
        col('share', w('overview.shareOfVoice'), 'percent'),
        col('published', w('common.published'), 'number'),
        col('important', w('common.important'), 'number'),
        col('previous', w('overview.previous'), 'number'),
        col('change', w('overview.change'), 'change'),
      ],
      rows: rivals.slice(0, ctx.rows).map((r) => ({
        cells: {
          rival: rivalName(w, r),
          items: r.items,
          share: share(r.items, mentions) ?? 0,
          published: r.published,
          important: r.important,
          previous: r.prevItems,
          change: change(r.items, r.prevItems),
        },
        links: { rival: rivalDrillPath('overview', r.id), items: rivalFeedPath(r.id) },
      })),
      total: rivals.length,
      empty: w('overview.empty'),
    },
  ];
  return report;
}
