// The usage collector (contracts/usage.ts): events stored as the signed-in user with their role, 202 only once
// in PostgreSQL, concurrent requests written together, nothing stored from a bad request or one that speaks for
// someone else, server-side events (searches) kept on close, and monthly partitions made and dropped.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsageRecorder } from '../../search-api/usage/recorder.ts';
import { dropExpiredPartitions, ensureMonthPartitions, partitionNames } from '../../search-api/usage/partitions.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let seller: Session;
let curator: Session;
let outsider: Session;
let sellerId: number;
let companyId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const eventCount = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM usage_events`))[0].n;
const aCard = async () => (await rows<{ id: number; rival_id: number }>(sql`
  SELECT c.id, p.rival_id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id ORDER BY c.id LIMIT 1`))[0];

beforeAll(async () => {
  t = await testApp({ search: true });
  seller = await signIn(t.app, 'seller@demo.test');
  curator = await signIn(t.app, 'curator@demo.test');
  outsider = await signInOutsider(t);
  sellerId = seller.me.id;
  companyId = (await rows<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE id = ${sellerId}`))[0].id;
});
afterAll(() => t.drop());
beforeEach(async () => {
  await t.usage.flush();
  await t.db.execute(sql`TRUNCATE usage_events, usage_user_days, usage_company_days, usage_subject_days, search_query_days`);
});

describe('the collector', () => {
  it('stores events as the sender, with their role and the rival a card belongs to, before answering 202', async () => {
    const card = await aCard();
    const res = await seller.post('/api/events.json', {
      events: [
        { kind: 'pageView', path: '/dashboard', route: 'dashboard' },
        { kind: 'cardView', cardId: card.id, source: 'search', userId: sellerId },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ accepted: 2 });
    // No flush: 202 means written.
    const stored = await rows<{ user_id: number; role: string; kind: string; subject_id: number | null; rival_id: number | null; source: string | null; data: object }>(
      sql`SELECT user_id, role, kind, subject_id, rival_id, source, data FROM usage_events ORDER BY kind DESC`,
    );
    expect(stored).toEqual([
      { user_id: sellerId, role: 'consumer', kind: 'pageView', subject_id: null, rival_id: null, source: null, data: { path: '/dashboard', route: 'dashboard' } },
      { user_id: sellerId, role: 'consumer', kind: 'cardView', subject_id: card.id, rival_id: card.rival_id, source: 'search', data: {} },
    ]);
    const [day] = await rows<{ events: number; page_views: number; card_views: number }>(sql`SELECT events, page_views, card_views FROM usage_user_days WHERE user_id = ${sellerId}`);
    expect(day).toEqual({ events: 2, page_views: 1, card_views: 1 });
    const subjects = await rows<{ subject_type: string; subject_id: number; views: number }>(sql`SELECT subject_type, subject_id, views FROM usage_subject_days ORDER BY subject_type`);
    expect(subjects).toEqual([
      { subject_type: 'card', subject_id: card.id, views: 1 },
      { subject_type: 'rival', subject_id: card.rival_id, views: 1 },
      { subject_type: 'source', subject_id: 1, views: 1 },
    ]);
  });

  it('writes concurrent requests in one statement', async () => {
    // Statements that insert usage events, whatever else the requests run.
    const spy = vi.spyOn(t.db, 'execute');
    const inserts = () => spy.mock.calls.filter(([q]) => JSON.stringify(q).includes('INSERT INTO usage_events')).length;
    // The five requests arrive within one flush window, however slow the machine: the window's timer waits for the
    // fifth, which flushes what the five queued.
    const flush = t.usage.flush.bind(t.usage);
    const store = t.usage.store.bind(t.usage);
    let stored = 0;
    const held = vi.spyOn(t.usage, 'flush').mockResolvedValue();
    const counted = vi.spyOn(t.usage, 'store').mockImplementation((rows) => {
      const written = store(rows);
      if (++stored === 5) void flush();
      return written;
    });
    try {
      const sends = Array.from({ length: 5 }, (_, i) => seller.post('/api/events', { events: [{ kind: 'pageView', path: `/p/${i}`, route: 'profile' }] }));
      expect((await Promise.all(sends)).map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
      expect(inserts()).toBe(1);
    } finally {
      spy.mockRestore();
      held.mockRestore();
      counted.mockRestore();
    }
    expect(await eventCount()).toBe(5);
    // However many writes a user's day takes, the company's day counts them once.
    const [day] = await rows<{ active_users: number; page_views: number }>(sql`SELECT active_users, page_views FROM usage_company_days`);
    expect(day).toEqual({ active_users: 1, page_views: 5 });
  });

  it('refuses events sent for someone else, and stores none of the request', async () => {
    const curatorId = curator.me.id;
    const res = await seller.post('/api/events.json', {
      events: [
        { kind: 'pageView', path: '/dashboard', route: 'dashboard' },
        { kind: 'pageView', path: '/dashboard', route: 'dashboard', userId: curatorId },
      ],
    });
    expect(res.status).toBe(403);
    expect(res.body.error ?? res.body.message).toMatch(/events\.1\.userId/);
    await t.usage.flush();
    expect(await eventCount()).toBe(0);
  });

  it('answers 400 naming the bad event, and stores nothing', async () => {
    const bad = [
      [{ events: [] }, /events/],
      [{ events: [{ kind: 'pageView', path: '/x', route: 'x' }, { kind: 'cardView', cardId: -3, source: 'search' }] }, /events\.1\.cardId/],
      [{ events: [{ kind: 'cardView', cardId: 3, source: 'carrier-pigeon' }] }, /events\.0\.source/],
      [{ events: [{ kind: 'teleport' }] }, /events\.0\.kind/],
      [{ events: Array.from({ length: 101 }, () => ({ kind: 'pageView', path: '/x', route: 'x' })) }, /more than 100/],
      [{ events: [{ kind: 'visit', visitId: 'nope', seconds: 30, first: true }] }, /events\.0\.visitId/],
    ] as const;
    for (const [body, message] of bad) {
      const res = await seller.post('/api/events.json', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    await t.usage.flush();
    expect(await eventCount()).toBe(0);
  });

  it('needs a session; another company resolves no rival of ours', async () => {
    const card = await aCard();
    const { default: request } = await import('supertest');
    expect((await request(t.app).post('/api/events.json').send({ events: [{ kind: 'pageView', path: '/', route: 'home' }] })).status).toBe(401);
    expect((await outsider.post('/api/events.json', { events: [{ kind: 'cardView', cardId: card.id, source: 'link' }] })).status).toBe(202);
    const [stored] = await rows<{ company_id: number; rival_id: number | null }>(sql`SELECT company_id, rival_id FROM usage_events`);
    expect(stored.rival_id).toBeNull();
    expect(stored.company_id).not.toBe(companyId);
  });

  it('takes the browser time within the last day, and its own otherwise', async () => {
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const events = [tenMinutesAgo, lastWeek, tomorrow].map((at, i) => ({ kind: 'pageView', path: `/${i}`, route: 'x', at }));
    expect((await seller.post('/api/events.json', { events })).status).toBe(202);
    const stored = await rows<{ path: string; at: string }>(sql`SELECT data->>'path' AS path, occurred_at AS at FROM usage_events ORDER BY data->>'path'`);
    expect(new Date(stored[0].at).toISOString()).toBe(tenMinutesAgo);
    for (const s of stored.slice(1)) expect(Math.abs(Date.parse(String(s.at)) - Date.now())).toBeLessThan(60_000);
  });
});

describe('server-side events', () => {
  it('records a first page of a search with its id, results and no later page', async () => {
    const first = await seller.get('/api/search.json?query=pricing');
    expect(first.body.searchId).toMatch(/^[0-9a-f-]{36}$/);
    const next = await seller.get('/api/search.json?query=pricing&offset=10');
    expect(next.body.searchId).toBeUndefined();
    expect((await seller.get('/api/search.json')).body.searchId).toBeUndefined();
    await t.usage.flush();
    const stored = await rows<{ search_id: string; query: string; source: string; results: number }>(sql`SELECT search_id, query, source, results FROM usage_events WHERE kind = 'search'`);
    expect(stored).toEqual([{ search_id: first.body.searchId, query: 'pricing', source: 'cards', results: first.body.nr_results }]);
  });

  it('records the alerts and feed searches in their contexts', async () => {
    const alerts = await curator.get('/api/intel/v1?q=pricing');
    expect(alerts.status).toBe(200);
    expect(alerts.body.searchId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await curator.get('/api/intel/v1')).body.searchId).toBeUndefined();
    const feed = await seller.get('/api/feed.json?q=pricing');
    expect(feed.body.searchId).toMatch(/^[0-9a-f-]{36}$/);
    await t.usage.flush();
    const stored = await rows<{ search_id: string; source: string; results: number }>(sql`SELECT search_id, source, results FROM usage_events WHERE kind = 'search' ORDER BY source`);
    expect(stored).toEqual([
      { search_id: feed.body.searchId, source: 'feed', results: feed.body.total },
      { search_id: alerts.body.searchId, source: 'intel', results: alerts.body.pagination.total },
    ]);
  });

  it('records intel submitted, first triage with its time since arrival, publishing and card edits, as who did them', async () => {
    const submitted = await seller.post('/api/alerts.json', { item: { alert_type: 'in-app', title: 'Heard on a call', content: '<p>They dropped prices</p>' }, rivals: [] });
    expect(submitted.status).toBe(201);
    const id: number = submitted.body.id;
    await t.db.execute(sql`UPDATE intel_items SET created_at = now() - interval '2 hours' WHERE id = ${id}`);
    expect((await curator.patch(`/api/intel/v1/${id}`, { state: 'working' })).status).toBe(200);
    expect((await curator.patch(`/api/intel/v1/${id}`, { priority: 'important' })).status).toBe(200);
    expect((await curator.patch(`/api/intel/v1/${id}`, { publishIntel: true })).status).toBe(200);
    const card = await aCard();
    expect((await curator.put(`/api/cards/${card.id}.json`, { data: { name: 'Renamed for the report' } })).status).toBe(200);
    await t.usage.flush();
    const stored = await rows<{ kind: string; user_id: number; role: string; subject_id: number; seconds: number | null }>(
      sql`SELECT kind, user_id, role, subject_id, seconds FROM usage_events ORDER BY kind`,
    );
    const curatorId = curator.me.id;
    expect(stored.map(({ seconds, ...e }) => ({ ...e, seconds: seconds === null ? null : Math.round(seconds / 60) }))).toEqual([
      { kind: 'cardUpdated', user_id: curatorId, role: 'curator', subject_id: card.id, seconds: null },
      { kind: 'intelPublished', user_id: curatorId, role: 'curator', subject_id: id, seconds: null },
      { kind: 'intelSubmitted', user_id: sellerId, role: 'consumer', subject_id: id, seconds: null },
      // Only the first action triages; two hours after it arrived.
      { kind: 'intelTriaged', user_id: curatorId, role: 'curator', subject_id: id, seconds: 120 },
    ]);
  });

  it('keeps what was queued when the server closes, as a restart does', async () => {
    const usage = new UsageRecorder(t.db, pino({ level: 'silent' }), { retentionMonths: 25, flushMs: 60_000 });
    const me = seller.me;
    usage.record({ companyId, userId: me.id, role: 'consumer' }, { kind: 'search', searchId: crypto.randomUUID(), query: 'Hidden costs', context: 'cards', results: 0 });
    expect(await eventCount()).toBe(0);
    await usage.close();
    const [q] = await rows<{ query: string; searches: number; zero_results: number }>(sql`SELECT query, searches, zero_results FROM search_query_days`);
    expect(q).toEqual({ query: 'hidden costs', searches: 1, zero_results: 1 });
    usage.record({ companyId, userId: me.id, role: 'consumer' }, { kind: 'intelSubmitted', intelId: 1 });
    await expect(usage.store([])).rejects.toThrow(/closed/);
  });
});

describe('monthly partitions', () => {
  it('makes months ahead, routes events into them, and drops months past the retention', async () => {
    const now = new Date('2026-11-15T12:00:00Z');
    await ensureMonthPartitions(t.db, new Date('2024-01-01T00:00:00Z'), now);
    const names = await partitionNames(t.db);
    expect(names).toContain('usage_events_y2024m01');
    expect(names).toContain('usage_events_y2026m11');
    expect(names).toContain('usage_events_default');

    const me = seller.me;
    const old = new UsageRecorder(t.db, pino({ level: 'silent' }), { retentionMonths: 25 });
    old.record({ companyId, userId: me.id, role: 'consumer' }, { kind: 'intelSubmitted', intelId: 7 }, new Date('2024-03-10T10:00:00Z'));
    await old.close();
    const [where] = await rows<{ part: string }>(sql`SELECT tableoid::regclass::text AS part FROM usage_events WHERE kind = 'intelSubmitted'`);
    expect(where.part).toBe('usage_events_y2024m03');

    const dropped = await dropExpiredPartitions(t.db, 25, now);
    // 25 months before November 2026 is October 2024: everything before that goes.
    expect(dropped).toContain('usage_events_y2024m03');
    expect(dropped).toContain('usage_events_y2024m09');
    expect(dropped).not.toContain('usage_events_y2024m10');
    expect(await eventCount()).toBe(0);
    // The rollups stay for reports of old periods.
    expect((await rows<{ n: number }>(sql`SELECT sum(intel_submitted)::int AS n FROM usage_user_days`))[0].n).toBe(1);
  });
});
