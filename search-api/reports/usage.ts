// Consumer usage (overview, leaderboards), curator activity, and one user's drill-down. They read the daily
// rollups the usage writer keeps (usage_company_days, usage_user_days, usage_subject_days), never the raw events;
// only a user's drill-down lists raw events, and only that user's (usage_events_user_idx), a search's first open
// looked up within the day after it.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Report, ReportKpi, ReportTable } from '../../contracts/reports.ts';
import { CARD_VIEW_SOURCES } from '../../contracts/usage.ts';
import { apiError } from '../errors.ts';
import { reportBase, roleFilter, sqlDays, timeChart, type ReportContext } from './context.ts';
import { wordsOf, type Words } from './words.ts';

const num = (v: unknown) => Number(v ?? 0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

type Totals = {
  users: number; prev_users: number; card_views: number; prev_card_views: number; battlecard_views: number; prev_battlecard_views: number;
  profile_views: number; prev_profile_views: number; searches: number; prev_searches: number; asks: number; prev_asks: number; visits: number; visit_seconds: number;
  prev_visits: number; prev_visit_seconds: number;
};

/**
 * The period's and the previous period's figures: sums from the company's days (a few rows a day), or the user's
 * days for a drill-down; active users counted from users' days, each user once.
 */
async function totals(ctx: ReportContext, userId?: number): Promise<Totals> {
  const cur = sqlDays(ctx.period);
  const prev = sqlDays(ctx.period.previous);
  const source = userId ? sql`usage_user_days WHERE user_id = ${userId} AND` : sql`usage_company_days WHERE`;
  const activeIn = (p: { from: string; to: string }) =>
    userId
      ? sql`0`
      : sql`(SELECT count(*)::int FROM (SELECT user_id FROM usage_user_days WHERE company_id = ${ctx.companyId} AND day >= ${p.from} AND day < ${p.to}${roleFilter(ctx)} GROUP BY user_id) u)`;
  const [row] = await rowsOf<Totals>(
    ctx.db,
    sql`SELECT ${activeIn(cur)} AS users, ${activeIn(prev)} AS prev_users,
          ${pair('card_views', cur.from)}, ${pair('battlecard_views', cur.from)}, ${pair('searches', cur.from)}, ${pair('asks', cur.from)},
          ${pair('visits', cur.from)}, ${pair('visit_seconds', cur.from)}, ${pair('profile_views', cur.from)}
        FROM ${source} company_id = ${ctx.companyId} AND day >= ${prev.from} AND day < ${cur.to}${roleFilter(ctx)}`,
  );
  return row;
}

/** A column's sum over the period and over the one before; `curFrom` is a day this module computed, not input. */
const pair = (col: string, curFrom: string) =>
  sql.raw(`coalesce(sum(${col}) FILTER (WHERE day >= '${curFrom}'), 0)::int AS ${col}, coalesce(sum(${col}) FILTER (WHERE day < '${curFrom}'), 0)::int AS prev_${col}`);

function usageKpis(w: Words, t: Totals, withUsers: boolean): ReportKpi[] {
  const kpis: ReportKpi[] = [];
  if (withUsers) kpis.push({ key: 'activeUsers', label: w('common.activeUsers'), value: t.users, previous: t.prev_users, format: 'number' });
  kpis.push(
    { key: 'cardViews', label: w('common.cardViews'), value: t.card_views, previous: t.prev_card_views, format: 'number' },
    { key: 'battlecardViews', label: w('common.battlecardViews'), value: t.battlecard_views, previous: t.prev_battlecard_views, format: 'number' },
    { key: 'searches', label: w('common.searches'), value: t.searches, previous: t.prev_searches, format: 'number' },
    { key: 'asks', label: w('common.asks'), value: t.asks, previous: t.prev_asks, format: 'number' },
    {
      key: 'visitLength',
      label: w('usage.visitLength'),
      value: ratio(t.visit_seconds, t.visits),
      previous: ratio(t.prev_visit_seconds, t.prev_visits),
      format: 'seconds',
      hint: w('usage.visitLengthHint'),
    },
  );
  return kpis;
}

type DayRow = { day: string; active_users: number; card_views: number; battlecard_views: number; profile_views: number; searches: number };

async function perDay(ctx: ReportContext, userId?: number): Promise<DayRow[]> {
  const { from, to } = sqlDays(ctx.period);
  const [source, active] = userId ? [sql`usage_user_days WHERE user_id = ${userId} AND`, sql`count(*)`] : [sql`usage_company_days WHERE`, sql`sum(active_users)`];
  return rowsOf<DayRow>(
    ctx.db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${active}::int AS active_users, sum(card_views)::int AS card_views,
          sum(battlecard_views)::int AS battlecard_views, sum(profile_views)::int AS profile_views, sum(searches)::int AS searches
        FROM ${source} company_id = ${ctx.companyId} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
        GROUP BY day ORDER BY day`,
  );
}

type Ranked = { id: number; name: string; views: number; total: number; link_profile: number | null };

/** The most viewed rivals, cards or battlecards of the period, still in the company (deleted ones drop out). */
async function topSubjects(ctx: ReportContext, type: 'rival' | 'card' | 'battlecard'): Promise<Ranked[]> {
  const { from, to } = sqlDays(ctx.period);
  const named =
    type === 'rival'
      ? sql`SELECT r.id, r.name, p.id AS link_profile FROM rivals r LEFT JOIN profiles p ON p.rival_id = r.id WHERE r.company_id = ${ctx.companyId}`
      : type === 'card'
        ? sql`SELECT c.id, c.name, b.profile_id AS link_profile FROM cards c JOIN boards b ON b.id = c.board_id WHERE c.company_id = ${ctx.companyId}`
        : sql`SELECT bc.id, bc.title AS name, bc.profile_id AS link_profile FROM battlecards bc WHERE bc.company_id = ${ctx.companyId}`;
  return rowsOf<Ranked>(
    ctx.db,
    sql`WITH v AS (
          SELECT subject_id, sum(views)::int AS views FROM usage_subject_days
          WHERE company_id = ${ctx.companyId} AND subject_type = ${type} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
          GROUP BY subject_id
        )
        SELECT n.id, n.name, v.views, n.link_profile, count(*) OVER ()::int AS total
        FROM v JOIN (${named}) n ON n.id = v.subject_id
        ORDER BY v.views DESC, n.name LIMIT ${ctx.rows}`,
  );
}

type RankedText = { title: string; subject: string; empty: string };

function rankedTable(w: Words, key: string, text: RankedText, rows: Ranked[], link: (r: Ranked) => string | null): ReportTable {
  return {
    key,
    title: text.title,
    columns: [
      { key: 'name', label: text.subject, format: 'text' },
      { key: 'views', label: w('common.views'), format: 'number' },
    ],
    rows: rows.map((r) => {
      const to = link(r);
      return { cells: { name: r.name, views: r.views }, ...(to ? { links: { name: to } } : {}) };
    }),
    total: rows[0]?.total ?? 0,
    empty: text.empty,
  };
}

async function sourceShares(ctx: ReportContext, w: Words): Promise<{ source: string; views: number }[]> {
  const { from, to } = sqlDays(ctx.period);
  const rows = await rowsOf<{ id: number; views: number }>(
    ctx.db,
    sql`SELECT subject_id AS id, sum(views)::int AS views FROM usage_subject_days
        WHERE company_id = ${ctx.companyId} AND subject_type = 'source' AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
        GROUP BY subject_id ORDER BY views DESC, subject_id`,
  );
  // A source is stored as its place in CARD_VIEW_SOURCES, counted from 1.
  return rows.map((r) => {
    const source = CARD_VIEW_SOURCES[r.id - 1];
    return { source: source ? w.label('cardSources', source) : w('common.other'), views: r.views };
  });
}

export async function consumerUsageOverview(ctx: ReportContext): Promise<Report> {
  const w = wordsOf(ctx.language);
  const [t, days, rivals, cards, battlecards, sources] = await Promise.all([
    totals(ctx), perDay(ctx), topSubjects(ctx, 'rival'), topSubjects(ctx, 'card'), topSubjects(ctx, 'battlecard'), sourceShares(ctx, w),
  ]);
  const activeUsers = w('common.activeUsers');
  return {
    ...reportBase(ctx, 'consumer-usage', 'overview'),
    kpis: usageKpis(w, t, true),
    charts: [
      timeChart(
        ctx.period,
        {
          key: 'views',
          title: w('usage.viewsOverTime'),
          kind: 'area',
          stacked: true,
          series: [
            { key: 'card_views', label: w('common.cardViews') },
            { key: 'battlecard_views', label: w('common.battlecardViews') },
            { key: 'profile_views', label: w('usage.boardViews') },
          ],
        },
        days,
      ),
      // Active users per day do not add up to the period's: the same person is active on many days.
      timeChart(ctx.period, { key: 'activeUsers', title: activeUsers, kind: 'bar', additive: false, series: [{ key: 'active_users', label: activeUsers }] }, days),
      { key: 'sources', title: w('usage.sources'), kind: 'donut', xKey: 'source', series: [{ key: 'views', label: w('common.cardViews') }], data: sources },
    ],
    tables: [
      rankedTable(w, 'rivals', { title: w('usage.topRivals'), subject: w('common.rival'), empty: w('usage.noRivals') }, rivals, (r) =>
        r.link_profile ? `/profile/${r.link_profile}` : null,
      ),
      rankedTable(w, 'cards', { title: w('usage.topCards'), subject: w('common.card'), empty: w('usage.noCards') }, cards, (r) =>
        r.link_profile ? `/profile/${r.link_profile}/view/card/${r.id}` : null,
      ),
      rankedTable(w, 'battlecards', { title: w('usage.topBattlecards'), subject: w('common.battlecard'), empty: w('usage.noBattlecards') }, battlecards, (r) =>
        r.link_profile ? `/profile/${r.link_profile}/battlecard/view/${r.id}` : null,
      ),
    ],
  };
}

type Leader = {
  user_id: number; name: string; email: string; role: string; active_days: number; visits: number; visit_seconds: number;
  card_views: number; battlecard_views: number; searches: number; asks: number; last_day: string; total: number;
};

async function leaders(ctx: ReportContext, curators: boolean): Promise<Leader[]> {
  const { from, to } = sqlDays(ctx.period);
  const order = curators ? sql`(d.cards_created + d.cards_updated + d.intel_triaged + d.intel_published + d.digests_sent) DESC` : sql`(d.card_views + d.battlecard_views) DESC, d.active_days DESC`;
  return rowsOf<Leader & Record<string, number>>(
    ctx.db,
    sql`WITH d AS (
          SELECT user_id, count(*)::int AS active_days, sum(visits)::int AS visits,
                 sum(visit_seconds)::int AS visit_seconds, sum(card_views)::int AS card_views, sum(battlecard_views)::int AS battlecard_views,
                 sum(searches)::int AS searches, sum(asks)::int AS asks, to_char(max(day), 'YYYY-MM-DD') AS last_day,
                 sum(cards_created)::int AS cards_created, sum(cards_updated)::int AS cards_updated, sum(intel_triaged)::int AS intel_triaged,
                 sum(triage_seconds)::bigint AS triage_seconds, sum(intel_published)::int AS intel_published, sum(digests_sent)::int AS digests_sent
          FROM usage_user_days
          WHERE company_id = ${ctx.companyId} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}${curators ? sql` AND role IN ('curator', 'admin')` : sql``}
          GROUP BY user_id
        )
        SELECT d.*, u.name, u.email, count(*) OVER ()::int AS total,
               (SELECT CASE WHEN bool_or(r.role = 'admin') THEN 'admin' WHEN bool_or(r.role = 'curator') THEN 'curator' ELSE 'consumer' END FROM user_roles r WHERE r.user_id = u.id) AS role
        FROM d JOIN users u ON u.id = d.user_id AND u.company_id = ${ctx.companyId}
        ${curators ? sql`WHERE d.cards_created + d.cards_updated + d.intel_triaged + d.intel_published + d.digests_sent > 0` : sql``}
        ORDER BY ${order}, u.name LIMIT ${ctx.rows}`,
  );
}

const userPath = (id: string, type: string, userId: number) => `/reports/${id}/${type}/user/${userId}`;

export async function consumerUsageLeaderboards(ctx: ReportContext): Promise<Report> {
  const w = wordsOf(ctx.language);
  const rows = await leaders(ctx, false);
  const reads = (r: Leader) => r.card_views + r.battlecard_views;
  return {
    ...reportBase(ctx, 'consumer-usage', 'leaderboards'),
    kpis: [
      { key: 'activeUsers', label: w('common.activeUsers'), value: rows[0]?.total ?? 0, format: 'number' },
      {
        key: 'readsPerUser',
        label: w('leaderboards.readsPerUser'),
        value: rows.length ? rows.reduce((n, r) => n + reads(r), 0) / rows.length : null,
        format: 'number',
        hint: w('leaderboards.readsPerUserHint'),
      },
      {
        key: 'top',
        label: w('leaderboards.top'),
        value: rows[0] ? reads(rows[0]) : null,
        format: 'number',
        subject: rows[0]?.name,
        unit: rows[0] && w('leaderboards.topUnit', { count: reads(rows[0]) }),
      },
    ],
    charts: [
      {
        key: 'leaders',
        title: w('leaderboards.chart'),
        kind: 'bar',
        xKey: 'name',
        stacked: true,
        series: [
          { key: 'card_views', label: w('common.cardViews') },
          { key: 'battlecard_views', label: w('common.battlecardViews') },
        ],
        data: rows.slice(0, 10).map((r) => ({ name: r.name, card_views: r.card_views, battlecard_views: r.battlecard_views })),
      },
    ],
    tables: [
      {
        key: 'users',
        title: w('leaderboards.table'),
        description: w('leaderboards.tableHint'),
        columns: [
          { key: 'name', label: w('leaderboards.user'), format: 'text' },
          { key: 'role', label: w('leaderboards.role'), format: 'text' },
          { key: 'reads', label: w('leaderboards.reads'), format: 'number' },
          { key: 'card_views', label: w('common.cardViews'), format: 'number' },
          { key: 'battlecard_views', label: w('common.battlecardViews'), format: 'number' },
          { key: 'searches', label: w('common.searches'), format: 'number' },
          { key: 'asks', label: w('common.asks'), format: 'number' },
          { key: 'active_days', label: w('common.activeDays'), format: 'number' },
          { key: 'visit_seconds', label: w('leaderboards.timeInApp'), format: 'seconds' },
          { key: 'last_day', label: w('common.lastActive'), format: 'date' },
        ],
        rows: rows.map((r) => ({
          cells: { name: r.name, role: w.label('roles', r.role), reads: reads(r), card_views: r.card_views, battlecard_views: r.battlecard_views, searches: r.searches, asks: r.asks, active_days: r.active_days, visit_seconds: r.visit_seconds, last_day: r.last_day },
          links: { name: userPath('consumer-usage', 'leaderboards', r.user_id) },
        })),
        total: rows[0]?.total ?? 0,
        empty: w('leaderboards.empty'),
      },
    ],
  };
}

type CuratorLeader = Leader & { cards_created: number; cards_updated: number; intel_triaged: number; triage_seconds: number; intel_published: number; digests_sent: number };
type CuratorDay = { day: string; cards_created: number; cards_updated: number; intel_triaged: number; intel_published: number; digests_sent: number };

export async function curatorActivity(ctx: ReportContext): Promise<Report> {
  const w = wordsOf(ctx.language);
  const { from, to } = sqlDays(ctx.period);
  const [rows, days, digests] = await Promise.all([
    leaders(ctx, true) as Promise<CuratorLeader[]>,
    rowsOf<CuratorDay & { triage_seconds: number }>(
      ctx.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(cards_created)::int AS cards_created, sum(cards_updated)::int AS cards_updated,
            sum(intel_triaged)::int AS intel_triaged, sum(triage_seconds)::bigint AS triage_seconds, sum(intel_published)::int AS intel_published,
            sum(digests_sent)::int AS digests_sent
          FROM usage_company_days WHERE company_id = ${ctx.companyId} AND day >= ${from} AND day < ${to}${roleFilter(ctx)}
          GROUP BY day ORDER BY day`,
    ),
    digestReach(ctx),
  ]);
  const sum = (k: keyof CuratorDay | 'triage_seconds') => days.reduce((n, d) => n + num((d as Record<string, unknown>)[k]), 0);
  const label = {
    cards_created: w('curator.cardsCreated'),
    cards_updated: w('curator.cardsUpdated'),
    intel_triaged: w('curator.intelTriaged'),
    intel_published: w('curator.intelPublished'),
    digests_sent: w('curator.digestsSent'),
    time_to_triage: w('curator.timeToTriage'),
  };
  return {
    ...reportBase(ctx, 'curator', 'overview'),
    kpis: [
      { key: 'cardsCreated', label: label.cards_created, value: sum('cards_created'), format: 'number' },
      { key: 'cardsUpdated', label: label.cards_updated, value: sum('cards_updated'), format: 'number' },
      { key: 'intelTriaged', label: label.intel_triaged, value: sum('intel_triaged'), format: 'number' },
      { key: 'intelPublished', label: label.intel_published, value: sum('intel_published'), format: 'number' },
      { key: 'digestsSent', label: label.digests_sent, value: sum('digests_sent'), format: 'number' },
      { key: 'timeToTriage', label: label.time_to_triage, value: ratio(sum('triage_seconds'), sum('intel_triaged')), format: 'seconds', hint: w('curator.timeToTriageHint') },
    ],
    charts: [
      timeChart(
        ctx.period,
        {
          key: 'activity',
          title: w('curator.chart'),
          kind: 'bar',
          stacked: true,
          series: (['cards_created', 'cards_updated', 'intel_triaged', 'intel_published', 'digests_sent'] as const).map((key) => ({ key, label: label[key] })),
        },
        days,
      ),
    ],
    tables: [
      {
        key: 'curators',
        title: w('curator.table'),
        columns: [
          { key: 'name', label: w('curator.curator'), format: 'text' },
          { key: 'cards_created', label: label.cards_created, format: 'number' },
          { key: 'cards_updated', label: label.cards_updated, format: 'number' },
          { key: 'intel_triaged', label: label.intel_triaged, format: 'number' },
          { key: 'intel_published', label: label.intel_published, format: 'number' },
          { key: 'digests_sent', label: label.digests_sent, format: 'number' },
          { key: 'time_to_triage', label: label.time_to_triage, format: 'seconds' },
          { key: 'last_day', label: w('common.lastActive'), format: 'date' },
        ],
        rows: rows.map((r) => ({
          cells: {
            name: r.name, cards_created: r.cards_created, cards_updated: r.cards_updated, intel_triaged: r.intel_triaged,
            intel_published: r.intel_published, digests_sent: r.digests_sent, time_to_triage: ratio(num(r.triage_seconds), r.intel_triaged), last_day: r.last_day,
          },
          links: { name: userPath('curator', 'overview', r.user_id) },
        })),
        total: rows[0]?.total ?? 0,
        empty: w('curator.empty'),
      },
      {
        key: 'digests',
        title: label.digests_sent,
        description: w('curator.digestsHint'),
        columns: [
          { key: 'title', label: w('curator.digest'), format: 'text' },
          { key: 'sent_at', label: w('curator.sent'), format: 'date' },
          { key: 'recipients', label: w('curator.recipients'), format: 'number' },
          { key: 'opens', label: w('curator.opens'), format: 'number' },
          { key: 'clicks', label: w('curator.clicks'), format: 'number' },
        ],
        rows: digests.map((d) => ({ cells: { title: d.title, sent_at: d.sent_at, recipients: d.recipients, opens: d.opens, clicks: d.clicks } })),
        total: digests[0]?.total ?? 0,
        empty: w('curator.noDigests'),
      },
    ],
  };
}

/** Digests sent in the period, with their opens and clicks to this day. */
function digestReach(ctx: ReportContext) {
  return rowsOf<{ title: string; sent_at: string; recipients: number; opens: number; clicks: number; total: number }>(
    ctx.db,
    sql`SELECT d.title, to_char(d.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS sent_at, d.recipients_count AS recipients,
          coalesce((SELECT sum(views) FROM usage_subject_days s WHERE s.company_id = d.company_id AND s.subject_type = 'digestOpen' AND s.subject_id = d.id), 0)::int AS opens,
          coalesce((SELECT sum(views) FROM usage_subject_days s WHERE s.company_id = d.company_id AND s.subject_type = 'digestClick' AND s.subject_id = d.id), 0)::int AS clicks,
          count(*) OVER ()::int AS total
        FROM email_digests d
        WHERE d.company_id = ${ctx.companyId} AND d.state = 'sent' AND d.sent_at >= ${ctx.period.from.toISOString()} AND d.sent_at < ${ctx.period.to.toISOString()}
        ORDER BY d.sent_at DESC LIMIT ${ctx.rows}`,
  );
}

/** One user's usage: their figures, days, most-read cards and latest searches (raw events, within retention). */
export async function userDrillDown(ctx: ReportContext, id: Report['id'], type: string, userId: number): Promise<Report> {
  const w = wordsOf(ctx.language);
  const [user] = await rowsOf<{ name: string; email: string }>(ctx.db, sql`SELECT name, email FROM users WHERE id = ${userId} AND company_id = ${ctx.companyId}`);
  if (!user) throw apiError('user_not_found');
  const { from, to } = { from: ctx.period.from.toISOString(), to: ctx.period.to.toISOString() };
  const [t, days, cards, searches] = await Promise.all([
    totals(ctx, userId),
    perDay(ctx, userId),
    rowsOf<{ id: number; name: string; profile_id: number; views: number; total: number }>(
      ctx.db,
      sql`WITH v AS (SELECT subject_id, count(*)::int AS views FROM usage_events
                     WHERE company_id = ${ctx.companyId} AND user_id = ${userId} AND occurred_at >= ${from} AND occurred_at < ${to} AND kind = 'cardView'
                     GROUP BY subject_id)
          SELECT c.id, c.name, b.profile_id, v.views, count(*) OVER ()::int AS total
          FROM v JOIN cards c ON c.id = v.subject_id AND c.company_id = ${ctx.companyId} JOIN boards b ON b.id = c.board_id
          ORDER BY v.views DESC, c.name LIMIT ${ctx.rows}`,
    ),
    rowsOf<{ at: string; query: string; context: string; results: number; rank: number | null; total: number }>(
      ctx.db,
      sql`SELECT to_char(s.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS at, s.query, s.source AS context, s.results,
            (SELECT min(o.rank) FROM usage_events o WHERE o.company_id = ${ctx.companyId} AND o.user_id = ${userId} AND o.kind = 'searchOpen'
               AND o.search_id = s.search_id AND o.occurred_at >= s.occurred_at AND o.occurred_at < s.occurred_at + interval '1 day') AS rank,
            count(*) OVER ()::int AS total
          FROM usage_events s
          WHERE s.company_id = ${ctx.companyId} AND s.user_id = ${userId} AND s.occurred_at >= ${from} AND s.occurred_at < ${to} AND s.kind = 'search'
          ORDER BY s.occurred_at DESC LIMIT ${ctx.rows}`,
    ),
  ]);
  return {
    ...reportBase(ctx, id, type),
    subtitle: user.name,
    kpis: [{ key: 'activeDays', label: w('common.activeDays'), value: days.length, format: 'number' }, ...usageKpis(w, t, false)],
    charts: [
      timeChart(
        ctx.period,
        {
          key: 'activity',
          title: w('user.activity', { name: user.name }),
          kind: 'bar',
          stacked: true,
          series: [
            { key: 'card_views', label: w('common.cardViews') },
            { key: 'battlecard_views', label: w('common.battlecardViews') },
            { key: 'searches', label: w('common.searches') },
          ],
        },
        days,
      ),
    ],
    tables: [
      {
        key: 'cards',
        title: w('user.cards'),
        columns: [
          { key: 'name', label: w('common.card'), format: 'text' },
          { key: 'views', label: w('common.views'), format: 'number' },
        ],
        rows: cards.map((c) => ({ cells: { name: c.name, views: c.views }, links: { name: `/profile/${c.profile_id}/view/card/${c.id}` } })),
        total: cards[0]?.total ?? 0,
        empty: w('user.noCards'),
      },
      {
        key: 'searches',
        title: w('user.searches'),
        columns: [
          { key: 'at', label: w('user.day'), format: 'date' },
          { key: 'query', label: w('common.query'), format: 'text' },
          { key: 'context', label: w('common.context'), format: 'text' },
          { key: 'results', label: w('user.results'), format: 'number' },
          { key: 'rank', label: w('user.openedRank'), format: 'number' },
        ],
        rows: searches.map((s) => ({ cells: { at: s.at, query: s.query, context: w.label('searchContexts', s.context), results: s.results, rank: s.rank } })),
        total: searches[0]?.total ?? 0,
        empty: w('user.noSearches'),
      },
    ],
  };
}
