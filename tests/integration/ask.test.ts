// Ask without a model (part 3 §4.1, §5, §6, §8): the extractive answer streamed over SSE, visibility
// of what it quotes, the framing of the stream, reconnection, sessions, feedback, usage events, the
// prompt library and tenant scoping.
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearDuplicatePairs } from '../../bench/relevance-ask.ts';
import { citedRefs, PROMPT_TEMPLATE_COUNT } from '../../contracts/ask.ts';
import { format } from '../../search-api/strings/index.ts';
import { createApp } from '../../search-api/app.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { answerOf, buffered, parseSse } from './askStream.ts';

let t: TestApp;
let seller: Awaited<ReturnType<typeof signIn>>;
let curator: Awaited<ReturnType<typeof signIn>>;
const secret = { curatorsOnly: 0, executives: 0, visible: 0 };

const ask = (who: typeof seller, body: object) => buffered(who.agent.post('/api/ask/answers').set('X-CSRF-Token', who.csrf).send(body));
const count = async (table: string) =>
  Number(((await t.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).rows[0] as { n: number }).n);

beforeAll(async () => {
  t = await testApp({ search: true });
  seller = await signIn(t.app, 'seller@demo.test');
  curator = await signIn(t.app, 'curator@demo.test');
  // Three cards about a made-up "zephyrquartz" programme: one for everyone, one for curators only,
  // one for the Executives group (the seller is in Sales only).
  const board = (await t.db.execute(sql`SELECT b.id, b.company_id FROM boards b JOIN companies c ON c.id = b.company_id
    WHERE c.name = 'Northwind Analytics' AND b.name <> 'Scratchpad' ORDER BY b.id LIMIT 1`)).rows[0] as { id: number; company_id: number };
  const card = async (name: string, html: string, allAccess: boolean) =>
    ((await t.db.execute(sql`INSERT INTO cards (company_id, board_id, name, text_html, all_access)
      VALUES (${board.company_id}, ${board.id}, ${name}, ${html}, ${allAccess}) RETURNING id`)).rows[0] as { id: number }).id;
  secret.visible = await card('Zephyrquartz programme overview', '<p>The zephyrquartz programme helps customers migrate dashboards within two weeks.</p>', true);
  secret.curatorsOnly = await card('Zephyrquartz internal margin', '<p>Our zephyrquartz programme margin is confidentially eleven percent for curators.</p>', false);
  secret.executives = await card('Zephyrquartz board notes', '<p>The zephyrquartz programme budget for executives is ninety million.</p>', false);
  await t.db.execute(sql`INSERT INTO card_visibility_groups (card_id, visibility_group_id, company_id)
    SELECT ${secret.executives}, id, company_id FROM visibility_groups WHERE company_id = ${board.company_id} AND name = 'Executives'`);
  await t.search.indexer!.drain();
});
afterAll(() => t.drop());

describe('asking', () => {
  it('refuses a question shorter than 3 characters with 400 and writes nothing', async () => {
    const before = await count('ask_answers');
    const res = await ask(seller, { question: ' ab ' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/question/);
    expect(await count('ask_answers')).toBe(before);
    expect((await ask(seller, {})).status).toBe(400);
  });

  it('streams an extractive answer in documented SSE frames, done last', async () => {
    const res = await ask(seller, { question: 'How does Lumenary pricing work?' });
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/event-stream');
    // Raw framing: every frame is id, event, data lines and a blank line.
    const frames = res.raw.split('\n\n').filter(Boolean);
    for (const f of frames) expect(f).toMatch(/^id: \d+\nevent: (answer|chunk|sources|done|error)\ndata: \{.*\}$/s);
    const events = parseSse(res.raw);
    expect(events[0].event).toBe('answer');
    expect(events.at(-1)!.event).toBe('done');
    expect(events.at(-2)!.event).toBe('sources');
    expect(events.filter((e) => e.event === 'chunk').length).toBeGreaterThan(1);
    // The id of a chunk is the answer text's length so far.
    let sofar = 0;
    for (const e of events.filter((x) => x.event === 'chunk')) {
      sofar += (e.data as { text: string }).text.length;
      expect(Number(e.id)).toBe(sofar);
    }
    const a = answerOf(events);
    expect(a.start.is_llm_fallback).toBe(true);
    expect(a.answer!.is_llm_fallback).toBe(true);
    expect(a.answer!.status).toBe('done');
    expect(a.text).toMatch(/\[1\]/);
    expect(a.sources!.map((s) => s.ref)).toEqual(citedRefs(a.text));
    expect(a.answer!.sources).toEqual(a.sources);
    // The question names one rival: a profile-type answer linking its profile.
    expect(a.answer!.isProfileResponse).toBe(true);
    expect(a.answer!.profile?.name).toBe('Lumenary');
    expect(a.answer!.profile?.url).toBe(`/profile/${a.answer!.profileId}`);
    expect(a.answer!.text).toMatch(/^<p>/);
    expect(a.answer!.text).not.toMatch(/<script/);
  });

  it('quotes only sentences of the cards it cites, each cited by its [n]', async () => {
    const a = answerOf(parseSse((await ask(seller, { question: 'zephyrquartz programme' })).raw));
    // Rival headings ("**Lumenary**") aside.
    const paragraphs = a.text.split('\n\n').filter((p) => !/^\*\*[^*]+\*\*$/.test(p));
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const p of paragraphs) {
      const m = p.match(/^(.*) \[(\d+)\]$/s)!;
      expect(m, p).not.toBeNull();
      const source = a.sources!.find((s) => s.ref === Number(m[2]))!;
      expect(source.doc_type).toBe('card');
      const cardId = Number(new URL(source.url!, 'http://x').searchParams.get('viewCard'));
      const html = (await t.db.execute(sql`SELECT text_html FROM cards WHERE id = ${cardId}`)).rows[0] as { text_html: string };
      expect(html.text_html).toContain(m[1]);
    }
  });

  it('never lets a seller see a curators-only card or another group’s card; a curator sees them', async () => {
    const res = await ask(seller, { question: 'zephyrquartz programme margin budget' });
    const a = answerOf(parseSse(res.raw));
    const stored = (await t.db.execute(sql`SELECT text, sources FROM ask_answers WHERE id = ${a.start.answerId}`)).rows[0];
    for (const body of [a.text, JSON.stringify(a.sources), JSON.stringify(a.answer), JSON.stringify(stored)]) {
      expect(body).not.toMatch(/eleven percent|ninety million|internal margin|board notes/i);
      expect(body).not.toContain(`viewCard=${secret.curatorsOnly}`);
      expect(body).not.toContain(`viewCard=${secret.executives}`);
    }
    expect(a.sources!.map((s) => s.url)).toContain(`/profile/${new URL(a.sources![0].url!, 'http://x').pathname.split('/')[2]}?viewCard=${secret.visible}`);

    const c = answerOf(parseSse((await ask(curator, { question: 'zephyrquartz programme margin budget' })).raw));
    expect(c.text).toMatch(/eleven percent/);
    expect(c.text).toMatch(/ninety million/);
    // A curator viewing as Sales sees what a seller sees.
    const sales = (await curator.get('/api/ask/visibility-groups')).body.groups.find((g: { name: string }) => g.name === 'Sales');
    const asSales = answerOf(parseSse((await ask(curator, { question: 'zephyrquartz programme margin budget', visibilityGroupId: sales.id })).raw));
    expect(asSales.text).not.toMatch(/eleven percent|ninety million/);
  });

  it('with a rival as context (rivalId or profileId) cites only that rival’s cards and links its profile', async () => {
    const question = 'How does pricing work?';
    const profileOf = (url: string) => Number(new URL(url, 'http://x').pathname.split('/')[2]);
    // The seller reads win/loss in the demo: interviews of the rival's deals are cited after its cards.
    const cards = (a: ReturnType<typeof answerOf>) => a.sources!.filter((s) => s.doc_type === 'card');
    // Without context the question draws on several rivals' cards.
    const open = answerOf(parseSse((await ask(seller, { question })).raw));
    const profiles = new Set(cards(open).map((s) => profileOf(s.url!)));
    expect(profiles.size).toBeGreaterThan(1);
    // The context rival: one the open answer did not lead with, so scoping is what changes the sources.
    const lib = (await seller.get('/api/ask/prompts')).body as { rivals: { id: number; name: string; profileId: number; cardsCount: number }[] };
    const rival = lib.rivals.find((r) => r.cardsCount > 0 && r.profileId !== profileOf(open.sources![0].url!))!;
    for (const context of [{ rivalId: rival.id }, { profileId: rival.profileId }]) {
      const a = answerOf(parseSse((await ask(seller, { question, ...context })).raw));
      expect(cards(a).length).toBeGreaterThan(0);
      for (const s of cards(a)) expect(profileOf(s.url!)).toBe(rival.profileId);
      expect(a.answer!.profileId).toBe(rival.profileId);
      expect(a.answer!.isProfileResponse).toBe(true);
      // The question names no rival: the answer says which one it assumed, so the asker can pick another.
      expect(a.answer!.assumedRival).toEqual({ id: rival.id, name: rival.name, profileId: rival.profileId });
    }
    // Without a context nothing is assumed; a question naming a rival is about that one, whatever the page.
    expect(open.answer!.assumedRival).toBeNull();
    const other = lib.rivals.find((r) => r.id !== rival.id && r.cardsCount > 0)!;
    const named = answerOf(parseSse((await ask(seller, { question: `How does ${other.name} pricing work?`, rivalId: rival.id })).raw));
    expect(named.answer!.assumedRival).toBeNull();
    expect(named.answer!.profileId).toBe(other.profileId);
    for (const s of cards(named)) expect(profileOf(s.url!)).toBe(other.profileId);
    // A rival the asker cannot ask about is refused before anything is written.
    const before = await count('ask_answers');
    expect((await ask(seller, { question, rivalId: 2_000_000_000 })).status).toBe(404);
    expect(await count('ask_answers')).toBe(before);
  });

  it('answers "how do we beat them on price" without a rival by rival, with no near-duplicate sentences', async () => {
    const a = answerOf(parseSse((await ask(seller, { question: 'How do we beat them on price?' })).raw));
    expect(a.answer!.status).toBe('done');
    const headings = a.text.split('\n\n').filter((p) => /^\*\*[^*]+\*\*$/.test(p));
    expect(headings.length).toBeGreaterThan(1);
    expect(headings.length).toBeLessThanOrEqual(3);
    expect(a.answer!.text).toMatch(/<h4>[^<]+<\/h4>/);
    expect(nearDuplicatePairs(a.text)).toEqual([]);
    // Not the demo's loss reasons ("Price-only evaluations (25% of our losses to them)") first.
    expect(a.text.split('\n\n')[1]).not.toMatch(/Price-only evaluations/);
    expect(a.answer!.assumedRival).toBeNull();
  });

  describe('the questions reps ask every day, about every rival', () => {
    type Rival = { id: number; name: string; profileId: number };
    const rivals = async () => ((await seller.get('/api/ask/prompts')).body as { rivals: Rival[] }).rivals;
    const profileOf = (url: string) => Number(new URL(url, 'http://x').pathname.split('/')[2]);
    /** Every rival's answer to the question, asked at once (each streams for a while). */
    const askAll = async (question: (name: string) => string) =>
      Promise.all((await rivals()).map(async (r) => ({ r, a: answerOf(parseSse((await ask(seller, { question: question(r.name) })).raw)) })));

    it('answers "how do we win / beat" and the landmines prompt from the rival’s own win cards, talk tracks and objections', async () => {
      for (const question of [(n: string) => `How do we win against ${n}?`, (n: string) => `How do we beat ${n}?`, (n: string) => `Landmines to lay against ${n}`]) {
        for (const { r, a } of await askAll(question)) {
          const asked = question(r.name);
          expect(a.text, asked).not.toBe(format('en', 'ask.nothingFound'));
          expect(a.sources!.length, asked).toBeGreaterThan(0);
          for (const s of a.sources!) expect(profileOf(s.url!), `${asked}: ${s.title}`).toBe(r.profileId);
          const titles = a.sources!.map((s) => s.title);
          expect(titles.some((x) => /how we win|talk track|^"|landmine|weak/i.test(x)), `${asked}: ${titles.join(' | ')}`).toBe(true);
        }
      }
    }, 120_000);

    it('never gives a loss as a reason we win', async () => {
      for (const { r, a } of await askAll((n) => `What are the top reasons Northwind Analytics wins deals against ${n}?`)) {
        expect(a.text, r.name).not.toBe(format('en', 'ask.nothingFound'));
        expect(a.text, r.name).not.toMatch(/\b(lose|loses|losing|lost|loss|losses)\b/i);
      }
    }, 60_000);

    it('answers "what are their weaknesses" in sentences, not a flattened table', async () => {
      const a = answerOf(parseSse((await ask(seller, { question: 'What are Lumenary’s weaknesses?' })).raw));
      expect(a.sources!.length).toBeGreaterThan(0);
      // A SWOT grid's cell reads "Weaknesses: …", not "Internal — Helpful: Strengths: …; Harmful: Weaknesses: …".
      expect(a.text).not.toMatch(/Helpful:|Harmful:|Internal —/);
      expect(a.text).toMatch(/no column-level lineage|Row-level security only on the Enterprise tier/);
    });
  });

  it('keeps research mode (intel passages) for curators', async () => {
    expect((await ask(seller, { question: 'latest pricing news', research: true })).status).toBe(403);
    const a = answerOf(parseSse((await ask(curator, { question: 'Lumenary pricing announcement', research: true })).raw));
    expect(a.answer!.status).toBe('done');
    expect(a.sources!.some((s) => s.doc_type === 'intel')).toBe(true);
    const session = (await curator.get(`/api/ask/sessions/${a.start.sessionId}`)).body.session;
    expect(session.category).toBe('research');
  });
});

describe('reconnection', () => {
  it('replays the rest of a live answer after Last-Event-ID and finishes it', async () => {
    const server = t.app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { cookie, csrf } = await fetchSignIn(base, 'seller@demo.test');
      const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
      const controller = new AbortController();
      const res = await fetch(`${base}/api/ask/answers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question: 'zephyrquartz programme migrate dashboards' }),
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      // Read until the first chunk arrives, then drop the connection.
      const reader = res.body!.getReader();
      let raw = '';
      while (!/event: chunk/.test(raw)) raw += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      const first = parseSse(raw.slice(0, raw.lastIndexOf('\n\n') + 2));
      const lastId = first.at(-1)!.id!;
      const before = answerOf(first);

      const again = await fetch(`${base}/api/ask/answers/${before.start.answerId}/stream`, { headers: { cookie, 'Last-Event-ID': lastId } });
      expect(again.headers.get('content-type')).toMatch(/text\/event-stream/);
      const rest = answerOf(parseSse(await again.text()));
      expect(rest.events[0].event).toBe('answer');
      expect(rest.events.at(-1)!.event).toBe('done');
      expect(before.text + rest.text).toBe(answerTextOf(rest.answer!.text));
      expect(rest.sources!.length).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it('replays a finished answer from PostgreSQL, and reports one cut off by a restart', async () => {
    const done = answerOf(parseSse((await ask(seller, { question: 'zephyrquartz programme' })).raw));
    // Another app over the same database has no live answers: it reads what was stored.
    const other = createApp({ db: t.db, config: t.config, logger: pino({ level: 'silent' }), search: t.search, webDir: '/nonexistent' });
    const seller2 = await signIn(other, 'seller@demo.test');
    const replay = answerOf(parseSse((await buffered(seller2.agent.get(`/api/ask/answers/${done.start.answerId}/stream`).set('Last-Event-ID', '5'))).raw));
    expect(replay.answer!.text).toBe(done.answer!.text);
    expect(replay.sources).toEqual(done.sources);

    const cut = (await t.db.execute(sql`INSERT INTO ask_answers (company_id, session_id, user_id, question)
      VALUES (${await companyId()}, ${done.start.sessionId}, (SELECT id FROM users WHERE email = 'seller@demo.test'), 'cut off')
      RETURNING id`)).rows[0] as { id: number };
    const lost = answerOf(parseSse((await buffered(seller2.agent.get(`/api/ask/answers/${cut.id}/stream`))).raw));
    expect(lost.error?.status).toBe(503);
    expect(((await t.db.execute(sql`SELECT status FROM ask_answers WHERE id = ${cut.id}`)).rows[0] as { status: string }).status).toBe('error');
  });
});

/** Signs in over plain fetch: the session cookie and the CSRF token. */
async function fetchSignIn(base: string, email: string) {
  const res = await fetch(`${base}/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
    redirect: 'manual',
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = (await (await fetch(`${base}/api/users/me.json`, { headers: { cookie } })).json()) as { csrfToken: string };
  return { cookie, csrf: me.csrfToken };
}

async function companyId() {
  return northwindId(t.db);
}

/** The plain text of stored answer HTML, to compare with the streamed text. */
function answerTextOf(html: string) {
  return html
    .replace(/<h4>([^<]*)<\/h4>/g, '<p>**$1**</p>')
    .replace(/^<p>|<\/p>$/g, '')
    .replace(/<\/p><p>/g, '\n\n')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

describe('sessions, feedback and events', () => {
  it('lists, searches and restores the asker’s sessions; a follow-up joins its session', async () => {
    const first = answerOf(parseSse((await ask(seller, { question: 'What is special about zephyrquartz?' })).raw));
    const follow = answerOf(parseSse((await ask(seller, { question: 'And how fast do zephyrquartz migrations go?', sessionId: first.start.sessionId })).raw));
    expect(follow.start.sessionId).toBe(first.start.sessionId);

    const list = (await seller.get('/api/ask/sessions')).body.sessions;
    expect(list[0]).toMatchObject({ id: first.start.sessionId, title: 'What is special about zephyrquartz?', category: 'other' });
    const found = (await seller.get('/api/ask/sessions?q=migrations')).body.sessions;
    expect(found.map((s: { id: number }) => s.id)).toEqual([first.start.sessionId]);

    const detail = (await seller.get(`/api/ask/sessions/${first.start.sessionId}`)).body;
    expect(detail.items.map((i: { question: string }) => i.question)).toEqual(['What is special about zephyrquartz?', 'And how fast do zephyrquartz migrations go?']);
    expect(detail.items[1].text).toBe(follow.answer!.text);

    // Not the curator's, not to continue either.
    expect((await curator.get(`/api/ask/sessions/${first.start.sessionId}`)).status).toBe(404);
    expect((await curator.get('/api/ask/sessions?q=migrations')).body.sessions).toEqual([]);
    expect((await ask(curator, { question: 'continue that', sessionId: first.start.sessionId })).status).toBe(404);
  });

  it('records feedback once per change: an active thumb clicked again does nothing', async () => {
    const a = answerOf(parseSse((await ask(seller, { question: 'zephyrquartz programme' })).raw));
    const feedback = (s: string) => seller.post(`/api/ask/answers/${a.start.answerId}/feedback`, { sentiment: s });
    const events = async () =>
      Number(((await t.db.execute(sql`SELECT count(*)::int AS n FROM ask_events WHERE answer_id = ${a.start.answerId} AND kind = 'feedback'`)).rows[0] as { n: number }).n);
    expect((await feedback('positive')).body).toMatchObject({ sentiment: 'positive', changed: true });
    expect((await feedback('positive')).body).toMatchObject({ changed: false });
    expect(await events()).toBe(1);
    expect((await feedback('negative')).body).toMatchObject({ changed: true });
    expect(await events()).toBe(2);
    expect((await feedback('meh')).status).toBe(400);
    expect((await curator.post(`/api/ask/answers/${a.start.answerId}/feedback`, { sentiment: 'positive' })).status).toBe(404);
    expect((await seller.get(`/api/ask/sessions/${a.start.sessionId}`)).body.items[0].sentiment).toBe('negative');
  });

  it('records usage events for the asker’s answers only', async () => {
    const a = answerOf(parseSse((await ask(seller, { question: 'zephyrquartz programme' })).raw));
    expect((await seller.post('/api/ask/events', { kind: 'copy', answerId: a.start.answerId })).status).toBe(204);
    expect((await seller.post('/api/ask/events', { kind: 'openSource', answerId: a.start.answerId, data: { url: a.sources![0].url } })).status).toBe(204);
    expect((await seller.post('/api/ask/events', { kind: 'closeFeedback', data: { answer: 'no', text: 'too short' } })).status).toBe(204);
    expect((await seller.post('/api/ask/events', { kind: 'hack' })).status).toBe(400);
    expect((await curator.post('/api/ask/events', { kind: 'copy', answerId: a.start.answerId })).status).toBe(404);
    const kinds = (await t.db.execute(sql`SELECT kind FROM ask_events WHERE answer_id = ${a.start.answerId} ORDER BY id`)).rows.map((r) => r.kind);
    expect(kinds).toEqual(['copy', 'openSource']);
  });
});

describe('prompt library', () => {
  it('gives curators the 22 templates of all four types and sellers only seller prompts', async () => {
    const c = (await curator.get('/api/ask/prompts')).body;
    expect(c.templates).toHaveLength(PROMPT_TEMPLATE_COUNT);
    expect(c.types).toEqual(['seller', 'pmm', 'executive', 'simulation']);
    expect(new Set(c.templates.map((x: { type: string }) => x.type))).toEqual(new Set(c.types));
    const s = (await seller.get('/api/ask/prompts')).body;
    expect(s.types).toEqual(['seller']);
    expect(s.templates.length).toBeGreaterThan(0);
    expect(s.templates.every((x: { type: string }) => x.type === 'seller')).toBe(true);
    expect(s.companyName).toBe('Northwind Analytics');
    expect(s.wizardFlows[0].questions).toHaveLength(3);
  });

  it('offers rivals without templates or drafts, and featured rivals by the spec’s rule', async () => {
    const cid = await companyId();
    await t.db.execute(sql`UPDATE rivals SET is_draft = true WHERE id = (SELECT min(id) FROM rivals WHERE company_id = ${cid})`);
    const drafted = ((await t.db.execute(sql`SELECT min(id) AS id FROM rivals WHERE company_id = ${cid}`)).rows[0] as { id: number }).id;
    const lib = (await curator.get('/api/ask/prompts')).body;
    expect(lib.rivals.length).toBeGreaterThan(3);
    expect(lib.rivals.map((r: { id: number }) => r.id)).not.toContain(drafted);
    expect(lib.featuredRivals.length).toBeGreaterThan(0);
    expect(lib.featuredRivals.length).toBeLessThanOrEqual(6);
    for (const f of lib.featuredRivals) expect(f.cardsCount).toBeGreaterThanOrEqual(5);
    await t.db.execute(sql`UPDATE rivals SET is_draft = false WHERE id = ${drafted}`);
  });
});

describe('tenant scoping', () => {
  it('gives another company’s admin nothing of Northwind’s Ask', async () => {
    const a = answerOf(parseSse((await ask(seller, { question: 'zephyrquartz programme' })).raw));
    const outsider = await signInOutsider(t);
    expect((await outsider.get(`/api/ask/sessions/${a.start.sessionId}`)).status).toBe(404);
    expect((await outsider.get(`/api/ask/answers/${a.start.answerId}/stream`)).status).toBe(404);
    expect((await outsider.post(`/api/ask/answers/${a.start.answerId}/feedback`, { sentiment: 'positive' })).status).toBe(404);
    expect((await outsider.get('/api/ask/sessions')).body.sessions).toEqual([]);
    const lib = (await outsider.get('/api/ask/prompts')).body;
    expect(lib.rivals).toEqual([]);
    // The outsider's question finds nothing of Northwind's cards.
    const theirs = answerOf(parseSse((await ask(outsider, { question: 'zephyrquartz programme Lumenary pricing' })).raw));
    expect(theirs.sources).toEqual([]);
    expect(theirs.text).not.toMatch(/zephyrquartz programme helps/);
    const rival = ((await t.db.execute(sql`SELECT id FROM rivals WHERE company_id = ${await companyId()} LIMIT 1`)).rows[0] as { id: number }).id;
    expect((await ask(outsider, { question: 'tell me more', rivalId: rival })).status).toBe(404);
  });
});
