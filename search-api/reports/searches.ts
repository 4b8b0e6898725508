// Search analytics: what people search for, what finds nothing, and what finds results nobody opens. It reads
// search_query_days (one row per day, role, context and query), aggregated once per report into the three lists.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { addSynonymPath, writeCardPath, type Report, type ReportTable } from '../../contracts/reports.ts';
import { apiError } from '../errors.ts';
import { reportBase, roleFilter, sqlDays, timeChart, type ReportContext } from './context.ts';
import { wordsOf, type Words } from './words.ts';

/** The lists of search analytics, which are also its drill-downs (/reports/search-analytics/overview/{list}). */
export const SEARCH_LISTS = ['top', 'zero-results', 'unopened'] as const;
type SearchList = (typeof SEARCH_LISTS)[number];

type QueryRow = { list: SearchList; context: string; query: string; searches: number; zero_results: number; opened: number; rank_sum: number; last_day: string };
type Totals = { searches: number; zero_results: number; opened: number; rank_sum: number; queries: number; zero_queries: number; unopened_queries: number };


/**
 * A query finds nothing when every search of it in the period found nothing (so a card written since takes it off
 * the list); its results go unopened when some search found results and none was opened.
 */
async function queryLists(ctx: ReportContext, lists: readonly SearchList[], rows: number): Promise<{ rows: QueryRow[]; totals: Totals }> {
  const { from, to } = sqlDays(ctx.period);
  const pick = (list: SearchList) => {
    const where = list === 'zero-results' ? sql`WHERE zero_results = searches` : list === 'unopened' ? sql`WHERE zero_results < searches AND opened = 0` : sql``;
    return sql`(SELECT ${list} AS list, * FROM q ${where} ORDER BY searches DESC, last_day DESC, query LIMIT ${rows})`;
  };
  const [result, [totals]] = await Promise.all([
    rowsOf<QueryRow>(
      ctx.db,
      sql`WITH q AS MATERIALIZED (
            SELECT context, query, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results, sum(opened)::int AS opened,
                   sum(rank_sum)::int AS rank_sum, to_char(max(day), 'YYYY-MM-DD') AS last_day
            FROM search_query_days WHERE company_id = ${ctx.companyId} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
            GROUP BY context, query HAVING sum(searches) > 0
          )
          ${sql.join(lists.map(pick), sql` UNION ALL `)}`,
    ),
    rowsOf<Totals>(
      ctx.db,
      sql`WITH q AS (
            SELECT sum(searches) AS searches, sum(zero_results) AS zero_results, sum(opened) AS opened, sum(rank_sum) AS rank_sum
            FROM search_query_days WHERE company_id = ${ctx.companyId} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
            GROUP BY context, query HAVING sum(searches) > 0
          )
          SELECT coalesce(sum(searches), 0)::int AS searches, coalesce(sum(zero_results), 0)::int AS zero_results, coalesce(sum(opened), 0)::int AS opened,
                 coalesce(sum(rank_sum), 0)::int AS rank_sum, count(*)::int AS queries,
                 count(*) FILTER (WHERE zero_results = searches)::int AS zero_queries,
                 count(*) FILTER (WHERE zero_results < searches AND opened = 0)::int AS unopened_queries
          FROM q`,
    ),
  ]);
  return { rows: result, totals };
}

function listTable(w: Words, list: SearchList, rows: QueryRow[], total: number): ReportTable {
  const mine = rows.filter((r) => r.list === list);
  const base = { key: list, total, rows: [] };
  const query = { key: 'query', label: w('common.query'), format: 'text' as const };
  const context = { key: 'context', label: w('common.context'), format: 'text' as const };
  const searches = { key: 'searches', label: w('common.searches'), format: 'number' as const };
  const last = { key: 'last_day', label: w('search.lastSearched'), format: 'date' as const };
  const contextOf = (r: QueryRow) => w.label('searchContexts', r.context);
  switch (list) {
    case 'top':
      return {
        ...base,
        title: w('search.top'),
        columns: [
          query,
          context,
          searches,
          { key: 'zero_share', label: w('search.zeroShare'), format: 'percent' },
          { key: 'open_rate', label: w('search.openRate'), format: 'percent' },
          { key: 'avg_rank', label: w('search.avgRank'), format: 'number' },
        ],
        rows: mine.map((r) => {
          const found = r.searches - r.zero_results;
          return {
            cells: {
              query: r.query, context: contextOf(r), searches: r.searches, zero_share: r.zero_results / r.searches,
              open_rate: found > 0 ? r.opened / found : null, avg_rank: r.opened > 0 ? Math.round((r.rank_sum / r.opened) * 10) / 10 : null,
            },
          };
        }),
        empty: w('search.noTop'),
      };
    case 'zero-results': {
      const [writeCard, addSynonym] = [w('search.writeCard'), w('search.addSynonym')];
      return {
        ...base,
        title: w('search.zero'),
        description: w('search.zeroHint'),
        columns: [query, context, searches, last, { key: 'action', label: '', format: 'text' }, { key: 'synonym', label: '', format: 'text' }],
        rows: mine.map((r) => {
          // Every search context reads the company's synonyms; only card searches lead to a new card.
          const cards = r.context === 'cards';
          return {
            cells: { query: r.query, context: contextOf(r), searches: r.searches, last_day: r.last_day, action: cards ? writeCard : null, synonym: addSynonym },
            links: { ...(cards ? { action: writeCardPath(r.query) } : {}), synonym: addSynonymPath(r.query) },
          };
        }),
        empty: w('search.noZero'),
      };
    }
    case 'unopened':
      return {
        ...base,
        title: w('search.unopened'),
        description: w('search.unopenedHint'),
        columns: [query, context, searches, last],
        rows: mine.map((r) => ({ cells: { query: r.query, context: contextOf(r), searches: r.searches, last_day: r.last_day } })),
        empty: w('search.noUnopened'),
      };
  }
}

const totalOf = (t: Totals, list: SearchList) => (list === 'top' ? t.queries : list === 'zero-results' ? t.zero_queries : t.unopened_queries);

export async function searchAnalytics(ctx: ReportContext): Promise<Report> {
  const w = wordsOf(ctx.language);
  const { from, to } = sqlDays(ctx.period);
  const [{ rows, totals: t }, days] = await Promise.all([
    queryLists(ctx, SEARCH_LISTS, ctx.rows),
    rowsOf<{ day: string; searches: number; zero_results: number }>(
      ctx.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results
          FROM search_query_days WHERE company_id = ${ctx.companyId} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
          GROUP BY day ORDER BY day`,
    ),
  ]);
  const found = t.searches - t.zero_results;
  return {
    ...reportBase(ctx, 'search-analytics', 'overview'),
    kpis: [
      { key: 'searches', label: w('common.searches'), value: t.searches, format: 'number' },
      { key: 'queries', label: w('search.queries'), value: t.queries, format: 'number' },
      { key: 'zeroShare', label: w('search.zeroShare'), value: t.searches ? t.zero_results / t.searches : null, format: 'percent', hint: w('search.zeroShareHint') },
      { key: 'unopenedShare', label: w('search.unopenedShare'), value: found > 0 ? (found - t.opened) / found : null, format: 'percent', hint: w('search.unopenedShareHint') },
      { key: 'avgRank', label: w('search.avgRank'), value: t.opened ? t.rank_sum / t.opened : null, format: 'number', hint: w('search.avgRankHint') },
    ],
    charts: [
      timeChart(
        ctx.period,
        {
          key: 'searches',
          title: w('search.chart'),
          kind: 'bar',
          stacked: true,
          series: [
            { key: 'found', label: w('search.found') },
            { key: 'zero_results', label: w('search.zeroShare'), tone: 'negative' },
          ],
        },
        days.map((d) => ({ day: d.day, found: d.searches - d.zero_results, zero_results: d.zero_results })),
      ),
    ],
    tables: (['zero-results', 'unopened', 'top'] as const).map((list) => listTable(w, list, rows, totalOf(t, list))),
  };
}

/** One list in full: /reports/search-analytics/overview/{zero-results | unopened | top}. */
export async function searchListDrillDown(ctx: ReportContext, drill: string): Promise<Report> {
  const list = SEARCH_LISTS.find((l) => l === drill);
  if (!list) throw apiError('report_not_found');
  const { rows, totals } = await queryLists(ctx, [list], ctx.rows);
  const table = listTable(wordsOf(ctx.language), list, rows, totalOf(totals, list));
  return { ...reportBase(ctx, 'search-analytics', 'overview'), subtitle: table.title, tables: [table] };
}
