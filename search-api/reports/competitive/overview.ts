// The competitive overview: intel volume and share of voice per rival over the period.
import { sql } from 'drizzle-orm';
import type { Report } from '../../../contracts/reports.ts';
import { rowsOf } from '../../../db/client.ts';
import { bucketOf, daySql, timeChart, type ReportContext } from '../context.ts';
import {
  base, byName, change, col, intelByRival, intelCounted, notTemplate, percentText, rivalDrillPath, rivalFeedPath, share,
  TITLES, ts, within,
} from './shared.ts';

/** The stacked area of the overview draws this many rivals; the rest are "Other". */
export const OVERVIEW_TOP_RIVALS = 6;

export async function overview(ctx: ReportContext): Promise<Report> {
  const c = ctx.companyId;
  const report = base(ctx, 'overview', TITLES.overview);
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

  report.kpis = [
    {
      key: 'items',
      label: 'Intel items',
      value: totals.items,
      previous: totals.prevItems,
      format: 'number',
      hint: 'Intel that came in during the period, each item once (deleted items left out)',
    },
    { key: 'published', label: 'Published', value: totals.published, previous: totals.prevPublished, format: 'number', hint: 'Items of the period that were published' },
    { key: 'rivals', label: 'Rivals mentioned', value: mentioned.length, previous: rivals.filter((r) => r.prevItems > 0).length, format: 'number' },
    {
      key: 'topRival',
      label: 'Most-mentioned rival',
      value: top ? top.items : null,
      format: 'number',
      subject: top?.name,
      unit: top && (top.items === 1 ? 'mention' : 'mentions'),
      hint: top ? `${percentText(top.items / mentions)} of all rival mentions` : 'No rival was mentioned',
    },
  ];

  // Charts: the top rivals by name, everyone else as Other.
  const shown = mentioned.slice(0, OVERVIEW_TOP_RIVALS);
  const others = mentioned.slice(OVERVIEW_TOP_RIVALS);
  const seriesOf = new Map(shown.map((r) => [r.id, `rival-${r.id}`]));
  const series = [...shown.map((r) => ({ key: `rival-${r.id}`, label: r.name })), ...(others.length ? [{ key: 'other', label: 'Other' }] : [])];
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
    timeChart(ctx.period, { key: 'volume', title: bucketOf(ctx.period) === 'week' ? 'Intel per rival, by week' : 'Intel per rival, by day', kind: 'area', series, stacked: true }, perDay),
    {
      key: 'shareOfVoice',
      title: 'Share of voice',
      kind: 'donut',
      xKey: 'rival',
      series: [{ key: 'items', label: 'Intel items' }],
      data: [
        ...shown.map((r) => ({ rival: r.name, items: r.items })),
        ...(others.length ? [{ rival: 'Other', items: others.reduce((n, r) => n + r.items, 0) }] : []),
      ],
    },
  ];

  report.tables = [
    {
      key: 'rivals',
      title: 'Intel by rival',
      description: 'Each item counts once for every rival it names; share is of all mentions in the period.',
      columns: [
        col('rival', 'Rival', 'text'),
        col('items', 'Intel items', 'number'),
        col('share', 'Share of voice', 'percent'),
        col('published', 'Published', 'number'),
        col('important', 'Important', 'number'),
        col('previous', 'Previous period', 'number'),
        col('change', 'Change', 'change'),
      ],
      rows: rivals.slice(0, ctx.rows).map((r) => ({
        cells: {
          rival: r.isDraft ? `${r.name} (draft)` : r.name,
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
      empty: 'No intel named a rival in this period or the one before.',
    },
  ];
  return report;
}
