// The demo's usage history (db/seed/usage.ts): deterministic for a day, realistic in shape, every event as the
// user's real role and about a real row of the demo company, content gaps present, and the usage and search
// reports drawn from it for the last 30 days.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportQuery, type Report } from '../../contracts/reports.ts';
import { buildReport } from '../../search-api/reports/service.ts';
import { synonymSuggestions } from '../../search-api/synonyms/suggestions.ts';
import { roleOf } from '../../search-api/usage/rows.ts';
import { usageSeedWriter } from '../../search-api/usage/seedWriter.ts';
import { freshDatabase, northwindId, sqlReads, type TestDatabase } from '../../tests/helpers/db.ts';
import { companies } from '../schema.ts';
import { DAY } from './random.ts';
import { CONTENT_GAP_QUERIES, USAGE_DAYS, demoUsage as generate, loadUsageInput, type UsageRow, type UsageSeedInput } from './usage.ts';

let t: TestDatabase;
let companyId: number;
let input: UsageSeedInput;
/** When the demo database was seeded (the demo company was made 400 days before), and later that day. */
let NOW: Date;
let LATER_THAT_DAY: Date;
let history: ReturnType<typeof generate>;
const demoUsage = (i: UsageSeedInput, now: Date) => generate(i, now, usageSeedWriter);
const { rows, one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await freshDatabase({ demo: true });
  companyId = await northwindId(t.db);
  const { created } = await one<{ created: string }>(sql`SELECT created_at AS created FROM companies WHERE id = ${companyId}`);
  NOW = new Date(new Date(created).getTime() + 400 * DAY);
  const endOfDay = (Math.floor(NOW.getTime() / DAY) + 1) * DAY - 1;
  LATER_THAT_DAY = new Date(Math.min(NOW.getTime() + 3 * 3_600_000, endOfDay));
  input = await loadUsageInput(t.db, companyId);
  history = demoUsage(input, NOW);
});
afterAll(() => t?.drop());

const dayOf = (r: UsageRow) => Math.floor(r.occurredAt.getTime() / DAY);
const usernameOf = (id: number | null) => input.users.find((u) => u.id === id)?.username;

describe('the generated history', () => {
  it('is the same for the same moment, and the same up to it later that day', () => {
    expect(demoUsage(input, NOW)).toEqual(history);
    const later = demoUsage(input, LATER_THAT_DAY);
    expect(later.rows.length).toBeGreaterThanOrEqual(history.rows.length);
    expect(later.rows.filter((r) => r.occurredAt <= NOW)).toEqual(history.rows);
    expect(demoUsage(input, new Date(NOW.getTime() + DAY)).rows.slice(0, 50)).not.toEqual(history.rows.slice(0, 50));
  });

  it('is what the demo seed wrote', async () => {
    const seeded = await rows<{ kind: string; user_id: number | null; at: string; subject_id: number | null; query: string | null }>(
      // Less the battlecard views the deals seed adds before its deals' closes (db/seed/deals.ts marks them).
      sql`SELECT kind, user_id, occurred_at AS at, subject_id, query FROM usage_events WHERE NOT (data ? 'preparesDeal') ORDER BY occurred_at, id`,
    );
    expect(seeded.length).toBe(history.rows.length);
    const key = (kind: string, user: number | null, at: Date, subject: number | null, query: string | null) =>
      `${kind}|${user}|${at.toISOString()}|${kind.startsWith('ask') ? '' : subject}|${query}`;
    const ours = history.rows.map((r) => key(r.kind, r.userId, r.occurredAt, r.subjectId ?? null, r.query ?? null)).sort();
    const theirs = seeded.map((r) => key(r.kind, r.user_id, new Date(r.at), r.subject_id, r.query)).sort();
    expect(theirs).toEqual(ours);
  });

  it('has 60,000–120,000 events over the last 180 days up to now, oldest first', () => {
    const { rows: events } = history;
    expect(events.length).toBeGreaterThanOrEqual(60_000);
    expect(events.length).toBeLessThanOrEqual(120_000);
    const first = Math.floor(NOW.getTime() / DAY) - (USAGE_DAYS - 1);
    expect(dayOf(events[0])).toBeGreaterThanOrEqual(first);
    expect(events.at(-1)!.occurredAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(events.every((e, i) => i === 0 || e.occurredAt >= events[i - 1].occurredAt)).toBe(true);
    // Every whole weekday of the period has someone in the product, and most weekend days do. Today is left out:
    // no session starts before 12:00 UTC.
    const days = new Set(events.map(dayOf));
    const wholeDays = Array.from({ length: USAGE_DAYS - 1 }, (_, i) => first + i);
    const isWeekend = (d: number) => [0, 6].includes(new Date(d * DAY).getUTCDay());
    expect(wholeDays.filter((d) => !isWeekend(d) && !days.has(d))).toEqual([]);
    const weekendDays = wholeDays.filter(isWeekend);
    expect(weekendDays.filter((d) => days.has(d)).length).toBeGreaterThan(0.8 * weekendDays.length);
  });

  it('has a weekday rhythm and a gentle growth', () => {
    const reads = history.rows.filter((r) => r.kind === 'cardView');
    const perDay = new Map<number, number>();
    for (const r of reads) perDay.set(dayOf(r), (perDay.get(dayOf(r)) ?? 0) + 1);
    const avg = (days: number[]) => days.reduce((n, d) => n + (perDay.get(d) ?? 0), 0) / days.length;
    const days = [...perDay.keys()];
    const weekend = days.filter((d) => [0, 6].includes(new Date(d * DAY).getUTCDay()));
    const weekdays = days.filter((d) => !weekend.includes(d));
    expect(avg(weekdays)).toBeGreaterThan(2.5 * avg(weekend));
    const first = Math.floor(NOW.getTime() / DAY) - (USAGE_DAYS - 1);
    const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    expect(avg(range(first + USAGE_DAYS - 60, 60))).toBeGreaterThan(1.1 * avg(range(first, 60)));
  });

  it('has power sellers, occasional ones and dormant ones', () => {
    const activeDays = (username: string) => {
      const id = input.users.find((u) => u.username === username)!.id;
      return new Set(history.rows.filter((r) => r.userId === id && r.kind === 'visit').map(dayOf));
    };
    expect(activeDays('sam').size).toBeGreaterThan(100);
    expect(activeDays('liam').size).toBeLessThan(60);
    expect(activeDays('liam').size).toBeGreaterThan(10);
    const lastDay = Math.floor(NOW.getTime() / DAY);
    for (const dormant of ['felix', 'victor']) expect(Math.max(...activeDays(dormant)), dormant).toBeLessThan(lastDay - 14);
  });

  it('opens cards from search most, then boards and battlecards, with a few cards read far more than most', () => {
    const sources = new Map<string, number>();
    const perCard = new Map<number, number>();
    for (const r of history.rows.filter((x) => x.kind === 'cardView')) {
      sources.set(r.source!, (sources.get(r.source!) ?? 0) + 1);
      perCard.set(r.subjectId!, (perCard.get(r.subjectId!) ?? 0) + 1);
    }
    const ranked = [...sources].sort((a, b) => b[1] - a[1]).map(([s]) => s);
    expect(ranked.slice(0, 3)).toEqual(['search', 'board', 'battlecard']);
    expect(ranked).toEqual(expect.arrayContaining(['ask', 'digest', 'feed', 'dynamicBoard', 'link']));
    const views = [...perCard.values()].sort((a, b) => b - a);
    const top = views.slice(0, Math.ceil(views.length / 10)).reduce((a, b) => a + b, 0);
    expect(top / views.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.3);
  });

  it('searches what reps type, opens a result of most (ranks mostly 1 to 3), and leaves content gaps', () => {
    const searches = history.rows.filter((r) => r.kind === 'search');
    const opens = history.rows.filter((r) => r.kind === 'searchOpen');
    expect(searches.filter((s) => s.query === 'pricing' && s.results! > 0).length).toBeGreaterThan(50);
    expect(opens.length / searches.filter((s) => s.results! > 0).length).toBeGreaterThan(0.5);
    expect(opens.filter((o) => o.rank! <= 3).length / opens.length).toBeGreaterThan(0.75);
    const bySearch = new Map(searches.map((s) => [s.searchId, s]));
    for (const o of opens) {
      const s = bySearch.get(o.searchId)!;
      expect(o.query).toBe(s.query);
      expect(o.rank).toBeLessThanOrEqual(s.results!);
      expect(o.occurredAt >= s.occurredAt).toBe(true);
    }
    for (const gap of CONTENT_GAP_QUERIES.slice(0, 5)) {
      const found = searches.filter((s) => s.query === gap.query);
      expect(found.length, gap.query).toBeGreaterThan(0);
      expect(found.every((s) => s.results === 0), gap.query).toBe(true);
    }
  });
});

describe('the seeded history', () => {
  it('records every event under the user’s real role, in the demo company', async () => {
    const users = await rows<{ id: number; roles: string[] }>(
      sql`SELECT u.id, coalesce(array_agg(r.role) FILTER (WHERE r.role IS NOT NULL), '{}') AS roles
          FROM users u LEFT JOIN user_roles r ON r.user_id = u.id WHERE u.company_id = ${companyId} GROUP BY u.id`,
    );
    const expected = new Map(users.map((u) => [u.id, roleOf(u.roles)]));
    const seen = await rows<{ user_id: number | null; role: string; company_id: number }>(
      sql`SELECT DISTINCT user_id, role, company_id FROM usage_events`,
    );
    expect(seen.length).toBeGreaterThan(20);
    for (const s of seen) {
      expect(s.company_id).toBe(companyId);
      if (s.user_id === null) expect(s.role).toBe('consumer'); // a digest opened in a mail client
      else expect({ user: s.user_id, role: s.role }).toEqual({ user: s.user_id, role: expected.get(s.user_id) });
    }
    expect(new Set(seen.map((s) => s.role))).toEqual(new Set(['admin', 'curator', 'consumer']));
    const days = await one<{ wrong: number }>(
      sql`SELECT count(*)::int AS wrong FROM usage_user_days d
          WHERE d.role <> CASE WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = d.user_id AND r.role = 'admin') THEN 'admin'
                               WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = d.user_id AND r.role = 'curator') THEN 'curator' ELSE 'consumer' END`,
    );
    expect(days.wrong).toBe(0);
  });

  it('refers only to rows of the demo company, and to what the user may see', async () => {
    const c = companyId;
    const dangling = await one<Record<string, number>>(sql`
      SELECT
        count(*) FILTER (WHERE e.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = e.user_id AND u.company_id = ${c}))::int AS users,
        count(*) FILTER (WHERE e.rival_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rivals r WHERE r.id = e.rival_id AND r.company_id = ${c}))::int AS rivals,
        count(*) FILTER (WHERE (e.kind IN ('cardView', 'cardCreated', 'cardUpdated') OR (e.kind = 'searchOpen' AND e.subject_id IS NOT NULL) OR (e.kind = 'shareCopy' AND e.source = 'card'))
          AND NOT EXISTS (SELECT 1 FROM cards x WHERE x.id = e.subject_id AND x.company_id = ${c}))::int AS cards,
        count(*) FILTER (WHERE (e.kind = 'battlecardView' OR (e.kind = 'shareCopy' AND e.source = 'battlecard'))
          AND NOT EXISTS (SELECT 1 FROM battlecards x WHERE x.id = e.subject_id AND x.company_id = ${c}))::int AS battlecards,
        count(*) FILTER (WHERE (e.kind = 'profileView' OR (e.kind = 'shareCopy' AND e.source = 'board'))
          AND NOT EXISTS (SELECT 1 FROM profiles x WHERE x.id = e.subject_id AND x.company_id = ${c}))::int AS profiles,
        count(*) FILTER (WHERE e.kind LIKE 'intel%' AND NOT EXISTS (SELECT 1 FROM intel_items x WHERE x.id = e.subject_id AND x.company_id = ${c}))::int AS intel,
        count(*) FILTER (WHERE e.kind LIKE 'digest%' AND NOT EXISTS (SELECT 1 FROM email_digests x WHERE x.id = e.subject_id AND x.company_id = ${c} AND x.state = 'sent'))::int AS digests,
        count(*) FILTER (WHERE e.kind LIKE 'ask%'
          AND NOT EXISTS (SELECT 1 FROM ask_answers x WHERE x.id = e.subject_id AND x.company_id = ${c} AND x.user_id = e.user_id))::int AS answers,
        count(*) FILTER (WHERE e.kind = 'cardView' AND e.rival_id IS DISTINCT FROM
          (SELECT p.rival_id FROM cards x JOIN boards b ON b.id = x.board_id JOIN profiles p ON p.id = b.profile_id WHERE x.id = e.subject_id))::int AS card_rivals
      FROM usage_events e`);
    expect(dangling).toEqual({ users: 0, rivals: 0, cards: 0, battlecards: 0, profiles: 0, intel: 0, digests: 0, answers: 0, card_rivals: 0 });

    // Sellers read only what they may: no draft, no Scratchpad note, no card of a group they are not in.
    const hidden = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM usage_events e JOIN cards x ON x.id = e.subject_id JOIN boards b ON b.id = x.board_id
      WHERE e.kind = 'cardView' AND e.role = 'consumer' AND e.user_id IS NOT NULL
        AND (x.is_draft OR b.name = 'Scratchpad' OR (NOT x.all_access AND NOT EXISTS (
          SELECT 1 FROM card_visibility_groups v JOIN visibility_group_members m ON m.visibility_group_id = v.visibility_group_id
          WHERE v.card_id = x.id AND m.user_id = e.user_id)))`);
    expect(hidden.n).toBe(0);
  });

  it('takes curators’ work from the rows it left: triage times from arrival to triage, by whoever actioned it', async () => {
    const triage = await one<{ n: number; wrong: number; min_s: number; max_s: number }>(sql`
      SELECT count(*)::int AS n, min(e.seconds)::int AS min_s, max(e.seconds)::int AS max_s,
             count(*) FILTER (WHERE e.user_id IS DISTINCT FROM i.actioned_by_id OR e.occurred_at <> i.actioned_at
               OR abs(e.seconds - extract(epoch FROM i.actioned_at - i.created_at)) > 1)::int AS wrong
      FROM usage_events e JOIN intel_items i ON i.id = e.subject_id WHERE e.kind = 'intelTriaged'`);
    expect(triage.n).toBeGreaterThan(1_000);
    expect(triage.wrong).toBe(0);
    expect(triage.max_s).toBeLessThanOrEqual(3 * 86_400);
    const created = await one<{ n: number; wrong: number }>(sql`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE e.user_id IS DISTINCT FROM x.author_id OR e.occurred_at <> x.created_at)::int AS wrong
      FROM usage_events e JOIN cards x ON x.id = e.subject_id WHERE e.kind = 'cardCreated'`);
    expect(created.n).toBeGreaterThan(100);
    expect(created.wrong).toBe(0);
  });

  it('keeps the Ask sessions its questions were asked in, answered from the rival’s cards', async () => {
    const asks = await one<{ sessions: number; answers: number; sourced: number; rated: number; events: number; feedback: number }>(sql`
      SELECT (SELECT count(*)::int FROM ask_sessions) AS sessions, count(*)::int AS answers,
             count(*) FILTER (WHERE jsonb_array_length(a.sources) > 0 AND a.status = 'done')::int AS sourced,
             count(a.sentiment)::int AS rated,
             (SELECT count(*)::int FROM usage_events WHERE kind = 'askQuestion') AS events,
             (SELECT count(*)::int FROM usage_events WHERE kind = 'askFeedback') AS feedback
      FROM ask_answers a`);
    expect(asks.sessions).toBeGreaterThan(200);
    expect(asks.answers).toBe(asks.events);
    expect(asks.sourced).toBe(asks.answers);
    expect(asks.rated).toBe(asks.feedback);
    const wrongCards = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ask_answers a CROSS JOIN LATERAL jsonb_array_elements(a.sources) s
      WHERE NOT EXISTS (SELECT 1 FROM cards x JOIN boards b ON b.id = x.board_id
                        WHERE x.id = substring(s->>'url' from 'viewCard=(\\d+)')::int AND b.profile_id = a.profile_id)`);
    expect(wrongCards.n).toBe(0);
  });

  it('finds nothing for the content gaps and something for the rest', async () => {
    const queries = await rows<{ query: string; searches: number; zero: number }>(
      sql`SELECT query, sum(searches)::int AS searches, sum(zero_results)::int AS zero FROM search_query_days WHERE context = 'cards' GROUP BY query`,
    );
    const zero = queries.filter((q) => q.searches > 0 && q.zero === q.searches).map((q) => q.query);
    expect(zero).toEqual(expect.arrayContaining(CONTENT_GAP_QUERIES.slice(0, 5).map((q) => q.query)));
    expect(queries.find((q) => q.query === 'pricing')).toMatchObject({ zero: 0 });
    expect(queries.find((q) => q.query === 'hipaa')?.zero).toBe(0);
  });
});

describe('reports of the last 30 days', () => {
  const build = async (id: string, type: string, extra: { drill?: string; userId?: number } = {}): Promise<Report> => {
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const reader = { companyId, company, roles: ['admin'], isImpersonating: false, user: { language: 'en' } };
    return buildReport(t.db, reader, { id, type, ...extra, query: ReportQuery.parse({ dateRange: 'last30Days' }) });
  };
  const kpi = (r: Report, key: string) => r.kpis.find((k) => k.key === key)?.value as number;
  const table = (r: Report, key: string) => r.tables.find((x) => x.key === key)!;

  it('draws consumer usage: active users, views, searches, asks, visits, top rivals, cards and battlecards', async () => {
    const r = await build('consumer-usage', 'overview');
    expect(kpi(r, 'activeUsers')).toBeGreaterThan(15);
    expect(kpi(r, 'cardViews')).toBeGreaterThan(1_000);
    expect(kpi(r, 'battlecardViews')).toBeGreaterThan(100);
    expect(kpi(r, 'searches')).toBeGreaterThan(300);
    expect(kpi(r, 'asks')).toBeGreaterThan(50);
    expect(kpi(r, 'visitLength')).toBeGreaterThan(60);
    expect(kpi(r, 'visitLength')).toBeLessThan(1_200);
    expect(r.kpis.find((k) => k.key === 'cardViews')?.previous).toBeGreaterThan(0);
    for (const key of ['rivals', 'cards', 'battlecards']) expect(table(r, key).rows.length, key).toBeGreaterThan(5);
    const sources = r.charts.find((c) => c.key === 'sources')!.data;
    expect(sources[0]).toMatchObject({ source: 'Search' });
    const views = r.charts.find((c) => c.key === 'views')!.data;
    expect(views.filter((d) => Number(d.card_views) > 0).length).toBeGreaterThan(25);
  });

  it('ranks readers on the leaderboards and drills into one', async () => {
    const r = await build('consumer-usage', 'leaderboards');
    const users = table(r, 'users');
    expect(users.rows.length).toBeGreaterThan(15);
    const sam = input.users.find((u) => u.username === 'sam')!;
    const drill = await build('consumer-usage', 'leaderboards', { userId: sam.id });
    expect(table(drill, 'cards').rows.length).toBeGreaterThan(5);
    expect(table(drill, 'searches').rows.length).toBeGreaterThan(5);
    expect(usernameOf(sam.id)).toBe('sam');
  });

  it('draws search analytics: top queries, content gaps to write cards for, results nobody opened', async () => {
    const r = await build('search-analytics', 'overview');
    expect(kpi(r, 'searches')).toBeGreaterThan(300);
    expect(kpi(r, 'zeroShare')).toBeGreaterThan(0.01);
    expect(kpi(r, 'zeroShare')).toBeLessThan(0.2);
    expect(kpi(r, 'avgRank')).toBeLessThan(3);
    expect(table(r, 'top').rows[0].cells.query).toBe('pricing');
    const gaps = table(r, 'zero-results').rows.map((x) => x.cells.query);
    expect(gaps).toContain('salesforce cpq');
    expect(table(r, 'zero-results').rows[0].links?.action).toMatch(/^\/search\//);
    expect(table(r, 'unopened').rows.map((x) => x.cells.query)).toContain('contract terms');
    const drill = await build('search-analytics', 'overview', { drill: 'zero-results' });
    expect(drill.tables[0].rows.length).toBeGreaterThanOrEqual(gaps.length);
  });

  it('suggests, for a content gap, the words reps searched next (synonym suggestions)', async () => {
    for (const gap of CONTENT_GAP_QUERIES.filter((q) => q.next && q.weight >= 2.5)) {
      const { nextSearches } = await synonymSuggestions(t.db, companyId, gap.query);
      expect(nextSearches[0]?.query, gap.query).toBe(gap.next);
      expect(nextSearches[0].people, gap.query).toBeGreaterThan(1);
    }
  });

  it('draws curator activity: cards, triage with its time, publications', async () => {
    const r = await build('curator', 'overview');
    expect(kpi(r, 'intelTriaged')).toBeGreaterThan(200);
    expect(kpi(r, 'timeToTriage')).toBeGreaterThan(3_600);
    expect(kpi(r, 'timeToTriage')).toBeLessThan(3 * 86_400);
    expect(table(r, 'curators').rows.length).toBeGreaterThanOrEqual(3);
  });
});
