// GET /api/intel/v1 and friends on the demo intel (about 5,000 items) indexed into each available engine:
// every filter and criterion mode checked against PostgreSQL, sorts, aggregations (timeline in a time zone),
// view defaults, batch totals, bad input, and the curator-only rule.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTED_STATES, type IntelHit, type IntelListResponse } from '../../contracts/intel.ts';
import { recommendationScore } from '../../search-api/intel/service.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { availableEngines } from '../helpers/engines.ts';

describe.each(availableEngines())('intel feed API on the $name engine', (factory) => {
  let t: TestApp;
  type Session = Awaited<ReturnType<typeof signIn>>;
  let curator: Session;
  let admin: Session;
  let companyId: number;

  beforeAll(async () => {
    t = await testApp({ search: true, engine: factory });
    curator = await signIn(t.app, 'curator@demo.test');
    admin = await signIn(t.app, 'admin@demo.test');
    companyId = await northwindId(t.db);
  });
  afterAll(() => t.drop());

  const list = async (s: Session, params: string): Promise<IntelListResponse> => {
    const res = await s.get(`/api/intel/v1?${params}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const total = async (params: string) => (await list(curator, `${params}&size=1`)).pagination.total;
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

  /** Every id a request pages through. */
  async function allIds(params: string, s = curator): Promise<number[]> {
    const out: number[] = [];
    for (let offset = 0; ; offset += 200) {
      const body = await list(s, `${params}&size=200&offset=${offset}`);
      out.push(...body.hits.map((h) => h.id));
      if (body.hits.length < 200) return out;
    }
  }

  /** Ids PostgreSQL says match: the default counted states, related alerts folded, plus `where`. */
  async function dbIds(where: SQL = sql`TRUE`, opts: { states?: string[]; folded?: boolean } = {}): Promise<number[]> {
    const states = opts.states ?? [...DEFAULT_COUNTED_STATES];
    const { rows } = await t.db.execute(sql`
      SELECT i.id FROM intel_items i WHERE i.company_id = ${companyId} AND i.state = ANY(${sql.param(states)}::text[])
        ${opts.folded === false ? sql`` : sql`AND i.related_to_id IS NULL`} AND ${where} ORDER BY i.id`);
    return (rows as { id: number }[]).map((r) => r.id);
  }
  const dbCount = async (where: SQL = sql`TRUE`, opts: { states?: string[]; folded?: boolean } = {}) => (await dbIds(where, opts)).length;

  it('lists the default counted states, related alerts folded, newest first, with the full hit shape', async () => {
    const body = await list(curator, '');
    expect(body.pagination).toEqual({ offset: 0, size: 50, total: await dbCount() });
    expect(body.hits).toHaveLength(50);
    const dates = body.hits.map((h) => h.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const h = body.hits[0];
    const row = (await t.db.execute(sql`SELECT * FROM intel_items WHERE id = ${h.id}`)).rows[0] as Record<string, unknown>;
    expect(h).toMatchObject({ title: row.title, state: row.state, channel: row.channel, rank: row.rank, relatedToId: null });
    for (const key of ['permalink', 'fromAddress', 'postId', 'digests', 'relatedAlerts', 'updatedAt', 'actionedAt', 'submittedBy', 'rivals']) {
      expect(h).toHaveProperty(key);
    }
  });

  it('folds related alerts under the item they relate to, and lists them flat with relatedAlerts=false', async () => {
    expect(await total('relatedAlerts=false')).toBe(await dbCount(sql`TRUE`, { folded: false }));
    const { rows } = await t.db.execute(sql`
      SELECT related_to_id AS parent, array_agg(id ORDER BY id) AS children FROM intel_items
      WHERE company_id = ${companyId} AND related_to_id IS NOT NULL GROUP BY related_to_id LIMIT 1`);
    const { parent, children } = rows[0] as { parent: number; children: number[] };
    const [hit] = (await list(curator, `intelIds=${parent}&states=unprocessed,working,archived,deleted`)).hits;
    expect(hit.relatedAlerts).toEqual(children);
    const detail = await curator.get(`/api/intel/v1/${parent}`);
    expect(detail.body.related.map((r: IntelHit) => r.id)).toEqual(children);
    expect(detail.body.related[0].relatedToId).toBe(parent);
  });

  describe('filters, each checked against PostgreSQL', () => {
    const pick = async (q: SQL) => (await t.db.execute(q)).rows[0] as Record<string, unknown>;

    it('states (should), and deleted only when asked for', async () => {
      expect(sorted(await allIds('states=working,deleted'))).toEqual(await dbIds(sql`TRUE`, { states: ['working', 'deleted'] }));
      expect(await total('states=not:archived')).toBe(await dbCount(sql`TRUE`, { states: ['unprocessed', 'working'] }));
    });

    it('priorities, with null for none', async () => {
      expect(await total('priorities=important')).toBe(await dbCount(sql`priority = 'important'`));
      expect(await total('priorities=null')).toBe(await dbCount(sql`priority IS NULL`));
      expect(await total('priorities=interesting,null')).toBe(await dbCount(sql`(priority = 'interesting' OR priority IS NULL)`));
    });

    it('rivalIds: any of the should values, null for items about no rival', async () => {
      const [a, b] = ((await t.db.execute(sql`SELECT id FROM rivals WHERE company_id = ${companyId} ORDER BY id LIMIT 2`)).rows as { id: number }[]).map((r) => r.id);
      const about = (ids: number[]) => sql`EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id AND ir.rival_id = ANY(${sql.param(ids)}::int[]))`;
      expect(sorted(await allIds(`rivalIds=${a},${b}`))).toEqual(await dbIds(about([a, b])));
      expect(await total(`rivalIds=must:${a},must:${b}`)).toBe(await dbCount(sql`${about([a])} AND ${about([b])}`));
      expect(await total(`rivalIds=not:${a}`)).toBe(await dbCount(sql`NOT ${about([a])}`));
      expect(await total('rivalIds=null')).toBe(await dbCount(sql`NOT EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id)`));
    });

    it('boardGroups: a rival group stands for its rivals', async () => {
      const g = await pick(sql`SELECT rival_group_id AS id, array_agg(rival_id) AS rivals FROM rival_group_members
        WHERE company_id = ${companyId} GROUP BY rival_group_id ORDER BY rival_group_id LIMIT 1`);
      const about = sql`EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id AND ir.rival_id = ANY(${sql.param(g.rivals as number[])}::int[]))`;
      expect(await total(`boardGroups=${g.id}`)).toBe(await dbCount(about));
      expect(await total(`boardGroups=not:${g.id}`)).toBe(await dbCount(sql`NOT ${about}`));
    });

    it('topics in the three criterion modes', async () => {
      const has = (topic: string) => sql`${topic} = ANY(i.topics)`;
      const [x, y] = ((await t.db.execute(sql`SELECT unnest(topics) AS t, count(*) FROM intel_items WHERE company_id = ${companyId}
        GROUP BY 1 ORDER BY 2 DESC LIMIT 2`)).rows as { t: string }[]).map((r) => r.t);
      expect(await total(`topics=${x},${y}`)).toBe(await dbCount(sql`(${has(x)} OR ${has(y)})`));
      expect(await total(`topics=must:${x},must:${y}`)).toBe(await dbCount(sql`${has(x)} AND ${has(y)}`));
      expect(await total(`topics=${x},not:${y}`)).toBe(await dbCount(sql`${has(x)} AND NOT ${has(y)}`));
    });

    it('contentTypes, sources, intelIds, actionedBy', async () => {
      const row = await pick(sql`SELECT content_type, source, actioned_by_id FROM intel_items
        WHERE company_id = ${companyId} AND actioned_by_id IS NOT NULL AND source IS NOT NULL AND related_to_id IS NULL ORDER BY id LIMIT 1`);
      expect(await total(`contentTypes=not:${row.content_type}`)).toBe(await dbCount(sql`content_type <> ${row.content_type}`));
      expect(await total(`sources=${encodeURIComponent(String(row.source))}`)).toBe(await dbCount(sql`source = ${row.source}`));
      expect(await total(`actionedBy=${row.actioned_by_id}`)).toBe(await dbCount(sql`actioned_by_id = ${row.actioned_by_id}`));
      expect(await total('actionedBy=null')).toBe(await dbCount(sql`actioned_by_id IS NULL`));
      const some = (await dbIds()).slice(3, 8);
      expect(sorted(await allIds(`intelIds=${some.join(',')}`))).toEqual(some);
    });

    it('published, and actionedByMe for the signed-in user', async () => {
      expect(await total('published=true')).toBe(await dbCount(sql`published_at IS NOT NULL`));
      expect(await total('published=false')).toBe(await dbCount(sql`published_at IS NULL`));
      expect(await total('actionedByMe=true')).toBe(await dbCount(sql`actioned_by_id = ${curator.me.id}`));
    });

    it('date presets in a time zone, and a custom range of whole days', async () => {
      expect(await total('dateRange=last7Days')).toBe(await dbCount(sql`created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '7 days'`));
      const tz = 'America/Los_Angeles';
      expect(await total(`dateRange=today&tz=${tz}`)).toBe(await dbCount(sql`created_at >= date_trunc('day', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz}`));
      expect(await total('dateRange=allTime')).toBe(await dbCount());
      const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
      expect(await total(`dateRange=customDateRange&createdAfter=${from}&createdBefore=${to}`)).toBe(
        await dbCount(sql`created_at >= ${from}::date AND created_at < ${to}::date + 1`),
      );
    });

    it('q matches text and highlights it in the title', async () => {
      const body = await list(curator, 'q=pricing&sort=relevance');
      expect(body.pagination.total).toBeGreaterThan(0);
      expect(body.hits.some((h) => /<em>pric/i.test(h.titleHtml) || /<em>pric/i.test(h.snippetHtml ?? ''))).toBe(true);
      const strictTotal = body.pagination.total;
      expect(await total('q=pricing&states=unprocessed')).toBeLessThanOrEqual(strictTotal);
    });
  });

  describe('sorts', () => {
    it('newest and oldest order by creation', async () => {
      const newest = (await list(curator, 'sort=newest&size=100')).hits.map((h) => h.createdAt);
      const oldest = (await list(curator, 'sort=oldest&size=100')).hits.map((h) => h.createdAt);
      expect(newest).toEqual([...newest].sort().reverse());
      expect(oldest).toEqual([...oldest].sort());
      expect(oldest[0] < newest[0]).toBe(true);
    });

    it('recommendation ranks by priority, rank and age (the contract formula), and pages through the same order', async () => {
      const first = (await list(curator, 'sort=recommendation&size=40')).hits;
      const now = Date.now();
      const scores = first.map((h) => recommendationScore(1, h, now));
      for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1] * 1.0001);
      const second = (await list(curator, 'sort=recommendation&size=20&offset=20')).hits.map((h) => h.id);
      expect(second).toEqual(first.slice(20).map((h) => h.id));
      const newest = (await list(curator, 'sort=newest&size=40')).hits.map((h) => h.id);
      expect(first.map((h) => h.id)).not.toEqual(newest);
    });

    it('relevance puts title matches before body-only matches', async () => {
      const hits = (await list(curator, 'q=pricing&sort=relevance&size=5')).hits;
      expect(hits[0].titleHtml).toMatch(/<em>/);
    });
  });

  describe('aggregations', () => {
    it('terms aggregations with names, counted like PostgreSQL', async () => {
      const body = await list(curator, 'aggregate=states,topics,rivals,sources&size=0');
      const states = Object.fromEntries(body.aggregations.states!.map((b) => [b.key, b.count]));
      for (const s of DEFAULT_COUNTED_STATES) expect(states[s]).toBe(await dbCount(sql`state = ${s}`));
      const rival = body.aggregations.rivals![0];
      const name = ((await t.db.execute(sql`SELECT name FROM rivals WHERE id = ${rival.key}`)).rows[0] as { name: string }).name;
      expect(rival.name).toBe(name);
      expect(rival.count).toBe(await dbCount(sql`EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id AND ir.rival_id = ${rival.key})`));
      const topic = body.aggregations.topics![0];
      expect(topic.count).toBe(await dbCount(sql`${topic.key} = ANY(i.topics)`));
      expect(body.aggregations.sources!.length).toBeGreaterThan(0);
      expect(body.aggregations).not.toHaveProperty('timeline');
    });

    it('timeline: days in the time zone, split by rival, summing to the total', async () => {
      const tz = 'Asia/Tokyo';
      const body = await list(curator, `aggregate=timeline&interval=day&sliceBy=rivals&tz=${tz}&dateRange=last30Days&size=0`);
      const tl = body.aggregations.timeline!;
      expect(tl).toMatchObject({ interval: 'day', sliceBy: 'rivals' });
      expect(tl.buckets.reduce((n, b) => n + b.count, 0)).toBe(body.pagination.total);
      const { rows } = await t.db.execute(sql`
        SELECT to_char(date_trunc('day', i.created_at AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM intel_items i WHERE i.company_id = ${companyId} AND i.state = ANY(${sql.param([...DEFAULT_COUNTED_STATES])}::text[])
          AND i.related_to_id IS NULL AND i.created_at >= date_trunc('day', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz} - interval '30 days'
        GROUP BY 1`);
      const byDay = Object.fromEntries((rows as { day: string; n: number }[]).map((r) => [r.day, r.n]));
      for (const b of tl.buckets.filter((x) => x.count > 0)) {
        expect(b.date).toMatch(/T00:00:00(\.000)?\+09:00$/);
        expect(b.count).toBe(byDay[b.date.slice(0, 10)]);
      }
      const withSlices = tl.buckets.find((b) => b.slices.length > 0)!;
      expect(withSlices.slices[0].name).toMatch(/\w/);
    });
  });

  describe('views', () => {
    it('myNewIntel: unprocessed of the last 2 days, newest first, limited to the rivals the curator curates', async () => {
      const curating = ((await t.db.execute(sql`SELECT curating_rival_ids AS ids FROM users WHERE id = ${curator.me.id}`)).rows[0] as { ids: number[] }).ids;
      expect(curating.length).toBeGreaterThan(0);
      const about = sql`EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id AND ir.rival_id = ANY(${sql.param(curating)}::int[]))`;
      const recent = sql`created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '2 days'`;
      const mine = await list(curator, 'view=myNewIntel&size=200');
      expect(mine.pagination.total).toBe(await dbCount(sql`${about} AND ${recent}`, { states: ['unprocessed'] }));
      expect(mine.pagination.total).toBeGreaterThan(0);
      for (const h of mine.hits) {
        expect(h.state).toBe('unprocessed');
        expect(h.rivals.some((r) => curating.includes(r.id))).toBe(true);
      }
      // The admin curates no rival: not limited.
      const all = await list(admin, 'view=myNewIntel&size=1');
      expect(all.pagination.total).toBe(await dbCount(recent, { states: ['unprocessed'] }));
      // Explicit parameters override the view's defaults.
      expect((await list(curator, 'view=myNewIntel&states=working&size=1')).pagination.total).toBe(
        await dbCount(sql`${about} AND ${recent}`, { states: ['working'] }),
      );
    });

    it('preset views: published, a state, a priority', async () => {
      expect(await total('view=published')).toBe(await dbCount(sql`published_at IS NOT NULL`, { states: ['archived'] }));
      expect(await total('view=deleted')).toBe(await dbCount(sql`TRUE`, { states: ['deleted'] }));
      expect(await total('view=important')).toBe(await dbCount(sql`priority = 'important'`));
    });
  });

  it('batch answers each search total; count agrees', async () => {
    const searches = ['states=unprocessed', 'view=important', 'topics=pricing&dateRange=last30Days', ''];
    const res = await curator.post('/api/intel/v1/batch', { searches });
    expect(res.status).toBe(200);
    const totals = res.body.results.map((r: { pagination: { total: number } }) => r.pagination.total);
    expect(totals).toEqual([await total('states=unprocessed'), await total('view=important'), await total('topics=pricing&dateRange=last30Days'), await dbCount()]);
    expect((await curator.get('/api/intel/v1/count?states=unprocessed')).body).toEqual({ count: totals[0] });
  });

  it('topics come with their counts', async () => {
    const { topics } = (await curator.get('/api/intel/v1/topics')).body as { topics: { name: string; count: number }[] };
    expect(topics.length).toBeGreaterThan(3);
    expect(topics[0].count).toBe(await dbCount(sql`${topics[0].name} = ANY(i.topics)`, { folded: false }));
  });

  it('bad parameters are a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['states=bogus', 'states'],
      ['sort=sideways', 'sort'],
      ['dateRange=lastCentury', 'dateRange'],
      ['size=500', 'size'],
      ['tz=Mars/Olympus', 'tz'],
      ['aggregate=colours', 'aggregate'],
      ['rivalIds=abc', 'rivalIds'],
      ['createdAfter=yesterday-ish&dateRange=customDateRange', 'createdAfter'],
      ['view=nonsense', 'view'],
      ['colour=blue', 'colour'],
      ['view=custom-999999', 'Saved view'],
    ];
    for (const [qs, name] of cases) {
      const res = await curator.get(`/api/intel/v1?${qs}`);
      expect([400, 404], qs).toContain(res.status);
      expect(res.body.error ?? res.body.message ?? JSON.stringify(res.body), qs).toContain(name);
    }
    const batch = await curator.post('/api/intel/v1/batch', { searches: ['states=working', 'sort=nope'] });
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toContain('sort');
  });
});
