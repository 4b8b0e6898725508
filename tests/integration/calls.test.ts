// Call insights (issue #57, contracts/calls.ts): both importers on the fixtures (an SRT call described by the query, a
// JSON turns file wrapped as a recorder's call, a multi-call export), the rivals each passage names (as words: a name
// inside another word is none), objections, the rep's side, re-imports replacing a call, bad files landing nothing,
// who may read (curators; sellers 403; another company sees none of it), the reps with calls that the calls list
// filters by, search with its matched passages, and a
// passage turned into an intel item of channel `call` and into a card's source.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECTION_SENTIMENT, type CallDetail, type CallImport, type CallPage, type CallRepOption, type RivalMentions } from '../../contracts/calls.ts';
import type { IntelHit } from '../../contracts/intel.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/transcripts');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let companyId: number;
let curator: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
let outsider: Awaited<ReturnType<typeof signIn>>;
let zentrix: number;
let harbor: number;
let vantapoint: number;
let deal: { id: number; crmId: string };
const { one, rows } = sqlReads(() => t.db);

/** Posts a file to the import route as a recorder's client would: raw bytes, the call described by the query. */
const upload = (as: typeof curator, query: Record<string, string>, body: Buffer) =>
  as.agent.post(`/api/call-insights/imports?${new URLSearchParams(query)}`).set('X-CSRF-Token', as.csrf).set('Content-Type', 'application/octet-stream').send(body);
const callCount = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM calls WHERE company_id = ${companyId}`)).n;

async function rival(name: string, aliases: string[] = []): Promise<number> {
  const { id } = await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name, aliases) VALUES (${companyId}, ${name}, ${sql.param(aliases)}::text[]) RETURNING id`);
  await t.db.execute(sql`INSERT INTO profiles (company_id, rival_id, name) VALUES (${companyId}, ${id}, ${name})`);
  return id;
}

let srtCall: number;
let jsonCall: number;
let acme: number;
let bluefin: number;

beforeAll(async () => {
  t = await testApp({ search: true });
  companyId = await northwindId(t.db);
  zentrix = await rival('Zentrix', ['ZTX']);
  harbor = await rival('Harbor BI');
  vantapoint = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Vantapoint'`)).id;
  deal = await one<{ id: number; crmId: string }>(sql`SELECT id, crm_id AS "crmId" FROM deals WHERE company_id = ${companyId} ORDER BY id LIMIT 1`);
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
});
afterAll(() => t.drop());

describe('imports', () => {
  it("holds the demo's calls, imported by the import itself: the demo reps' calls naming the demo rivals", async () => {
    const demo = await one<{ calls: number; reps: number; rivals: number; objections: number; imports: number }>(sql`
      SELECT count(*)::int AS calls, count(DISTINCT c.rep_user_id)::int AS reps,
        (SELECT count(DISTINCT m.rival_id)::int FROM call_mentions m WHERE m.company_id = ${companyId}) AS rivals,
        (SELECT count(*)::int FROM call_mentions m WHERE m.company_id = ${companyId} AND m.objection) AS objections,
        (SELECT count(*)::int FROM call_imports i WHERE i.company_id = ${companyId} AND i.importer = 'json' AND i.calls = 400) AS imports
      FROM calls c WHERE c.company_id = ${companyId} AND c.external_id LIKE 'demo-call-%'`);
    expect(demo).toMatchObject({ calls: 400, imports: 1 });
    expect(demo.reps).toBeGreaterThan(5);
    expect(demo.rivals).toBeGreaterThanOrEqual(4);
    expect(demo.objections).toBeGreaterThan(50);
  });

  it('reads an SRT call described by the query: passages, the rep side, rivals, objections, the rep and the deal', async () => {
    const res = await upload(
      curator,
      { importer: 'vtt', fileName: 'call.srt', externalId: 'srt-1', title: 'Jordan discovery', occurredAt: '2026-11-20T09:00:00Z', repEmail: 'SELLER@demo.test', dealCrmId: deal.crmId },
      fixture('call.srt'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const imp = res.body as CallImport;
    expect(imp).toMatchObject({ importer: 'vtt', calls: 1 });
    srtCall = imp.callIds[0];
    const detail = (await curator.get(`/api/call-insights/calls/${srtCall}`)).body as CallDetail;
    expect(detail).toMatchObject({ externalId: 'srt-1', title: 'Jordan discovery', format: 'srt', rep: { userId: seller.me.id, name: 'Sam Seller' }, deal: { id: deal.id } });
    expect(detail.passages.map((p) => [p.speaker, p.isRep])).toEqual([
      ['Sam Ortiz', true],
      ['Jordan Blake', false],
      ['Sam Ortiz', true],
    ]);
    // "So where are you with Vantapoint?" names it without leaning; "too expensive and … slow" is an objection.
    expect(detail.passages[0]).toMatchObject({ rivalIds: [vantapoint], objection: false });
    expect(detail.passages[1].rivalIds).toEqual([vantapoint]);
    // An objection is a passage leaning negative enough; this one says "still evaluating" beside "too expensive".
    expect(detail.passages[1].objection).toBe(detail.passages[1].sentiment <= OBJECTION_SENTIMENT);
    expect(detail.passages[2].rivalIds).toEqual([]);
    expect(detail.rivals).toEqual([{ id: vantapoint, name: 'Vantapoint', mentions: 2 }]);
    expect(imp.mentions).toBe(2);
  });

  it('reads a JSON turns file as one call of the json importer, its first speaker the rep when no speaker is named as ours', async () => {
    const turns = JSON.parse(fixture('call.json').toString('utf8'));
    const body = Buffer.from(JSON.stringify({ id: 'json-1', title: 'Jordan follow-up', occurredAt: '2026-11-21T09:00:00Z', rep: { name: 'Someone Else' }, turns }));
    const res = await upload(curator, { importer: 'json' }, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    jsonCall = res.body.callIds[0];
    const detail = (await curator.get(`/api/call-insights/calls/${jsonCall}`)).body as CallDetail;
    expect(detail.format).toBe('json');
    expect(detail.rep).toEqual({ userId: null, name: 'Someone Else' });
    expect(detail.passages.map((p) => [p.speaker, p.isRep, p.startMs])).toEqual([
      ['Sam Ortiz', true, 500],
      ['Jordan Blake', false, 4500],
    ]);
    // "Their pricing looked better, but the demo was clunky. We were not impressed": an objection to Harbor BI.
    expect(detail.passages[1]).toMatchObject({ rivalIds: [harbor], objection: true });
  });

  it('imports a multi-call export: aliases count, a name inside another word does not, praise is no objection', async () => {
    const res = await upload(curator, { importer: 'json', fileName: 'calls-export.json' }, fixture('calls-export.json'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ calls: 2 });
    [acme, bluefin] = res.body.callIds;
    const a = (await curator.get(`/api/call-insights/calls/${acme}`)).body as CallDetail;
    expect(a.rep).toEqual({ userId: seller.me.id, name: 'Sam Seller' });
    // "Their Zentrixport add-on" names no rival: Zentrix counts only as a word of its own.
    expect(a.passages.map((p) => p.rivalIds)).toEqual([[], [zentrix], [], [], [], [harbor]]);
    expect(a.passages.map((p) => p.isRep)).toEqual([true, false, true, false, true, false]);
    expect(a.passages[1].objection).toBe(true);
    expect(a.passages[5].objection).toBe(false);
    expect(a.passages[5].sentiment).toBeGreaterThan(0);
    const b = (await curator.get(`/api/call-insights/calls/${bluefin}`)).body as CallDetail;
    expect(b.passages.map((p) => [p.isRep, p.rivalIds, p.objection])).toEqual([
      [false, [], false],
      [true, [], false],
      [false, [zentrix], true],
    ]);
    expect(b.durationMs).toBe(26_000);
  });

  it("answers a rival's mentions: monthly, objections, the reps who met it, passages latest first", async () => {
    const res = await curator.get(`/api/call-insights/mentions?rivalId=${zentrix}`);
    expect(res.status).toBe(200);
    const m = res.body as RivalMentions;
    expect(m).toMatchObject({ rival: { id: zentrix, name: 'Zentrix' }, total: 2, objections: 2 });
    expect(m.months).toEqual([
      { month: '2026-10', mentions: 1, objections: 1 },
      { month: '2026-11', mentions: 1, objections: 1 },
    ]);
    expect(m.reps).toEqual([
      { userId: null, name: 'Lena Park', calls: 1, mentions: 1 },
      { userId: seller.me.id, name: 'Sam Seller', calls: 1, mentions: 1 },
    ]);
    expect(m.items.map((i) => [i.callId, i.seq])).toEqual([
      [bluefin, 2],
      [acme, 1],
    ]);
    const harborOnly = (await curator.get(`/api/call-insights/mentions?rivalId=${harbor}&objections=true`)).body as RivalMentions;
    expect(harborOnly).toMatchObject({ total: 2, objections: 1 });
    expect(harborOnly.items.map((i) => [i.callId, i.seq, i.objection])).toEqual([[jsonCall, 1, true]]);
    const overview = (await curator.get('/api/call-insights/overview.json?from=2026-10-01&to=2026-10-31')).body;
    expect(overview.rivals.find((r: { id: number }) => r.id === zentrix)).toMatchObject({ mentions: 1, objections: 1, calls: 1, lastAt: '2026-10-14T15:00:00.000Z' });
    const list = (await curator.get(`/api/call-insights/calls?rivalId=${zentrix}`)).body as CallPage;
    expect(list.items.map((c) => c.id)).toEqual([bluefin, acme]);
    expect(list.total).toBe(2);
  });

  it('lists the reps who have calls, by name, each filtering the calls to theirs; a rep named only by an export is none', async () => {
    const res = await curator.get('/api/call-insights/reps');
    expect(res.status).toBe(200);
    const reps = res.body as CallRepOption[];
    const expected = await rows<CallRepOption>(sql`
      SELECT u.id AS "userId", u.name, count(*)::int AS calls FROM calls c JOIN users u ON u.id = c.rep_user_id
      WHERE c.company_id = ${companyId} GROUP BY u.id, u.name ORDER BY u.name, u.id`);
    expect(reps).toEqual(expected);
    expect(reps.length).toBeGreaterThan(5);
    expect(reps.map((r) => r.name)).not.toContain('Lena Park');
    expect(reps.map((r) => r.name)).not.toContain('Someone Else');
    const sam = reps.find((r) => r.userId === seller.me.id)!;
    // The SRT call and the export's first call, besides the demo's.
    expect(sam.calls).toBeGreaterThanOrEqual(2);
    const theirs = (await curator.get(`/api/call-insights/calls?repId=${sam.userId}`)).body as CallPage;
    expect(theirs.total).toBe(sam.calls);
    expect(theirs.items.every((c) => c.rep.userId === sam.userId)).toBe(true);
  });

  it('re-importing a call by its external id replaces its passages and mentions', async () => {
    const before = await callCount();
    const body = {
      id: 'gong-7781',
      title: 'Acme Freight — pricing review (edited)',
      occurredAt: '2026-10-14T15:00:00Z',
      rep: { email: 'seller@demo.test' },
      turns: [
        { speaker: 'Sam Seller', text: 'Welcome back.' },
        { speaker: 'Priya Shah', text: 'We signed with you, not Harbor BI.' },
      ],
    };
    const res = await upload(curator, { importer: 'json' }, Buffer.from(JSON.stringify(body)));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.callIds).toEqual([acme]);
    expect(await callCount()).toBe(before);
    const a = (await curator.get(`/api/call-insights/calls/${acme}`)).body as CallDetail;
    expect(a.title).toBe('Acme Freight — pricing review (edited)');
    expect(a.passages.map((p) => p.rivalIds)).toEqual([[], [harbor]]);
    expect(await rows(sql`SELECT rival_id FROM call_mentions WHERE call_id = ${acme}`)).toEqual([{ rival_id: harbor }]);
  });

  it('refuses bad files naming the call, and lands nothing of them', async () => {
    const before = await callCount();
    const good = { id: 'bad-batch-1', title: 'Fine', occurredAt: '2026-11-01T10:00:00Z', turns: [{ speaker: 'A', text: 'Zentrix again.' }] };
    const bad = { id: 'bad-batch-2', title: 'Broken', occurredAt: '2026-11-01T11:00:00Z', turns: [{ speaker: 'A' }] };
    const res = await upload(curator, { importer: 'json' }, Buffer.from(JSON.stringify({ calls: [good, bad] })));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'transcript_unreadable', params: { name: 'bad-batch-2' } });
    expect(res.body.error).toContain('each turn needs its text');

    const noDate = await upload(curator, { importer: 'json' }, Buffer.from(JSON.stringify({ calls: [good, { ...good, id: 'bad-batch-3', occurredAt: 'yesterday' }] })));
    expect(noDate.status).toBe(400);
    expect(noDate.body).toMatchObject({ code: 'transcript_unreadable', params: { name: 'bad-batch-3' } });
    expect(noDate.body.error).toContain('occurredAt');

    const notVtt = await upload(curator, { importer: 'vtt', title: 'Odd call' }, Buffer.from('WEBVTT\n\nno cues here at all'));
    expect(notVtt.status).toBe(400);
    expect(notVtt.body).toMatchObject({ code: 'transcript_unreadable', params: { name: 'Odd call' } });

    const huge = Buffer.concat([Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n'), Buffer.alloc(6 * 1024 * 1024, 'a')]);
    const tooLarge = await upload(curator, { importer: 'vtt', title: 'Huge call' }, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'transcript_too_large', params: { name: 'Huge call' } });

    const unknownImporter = await upload(curator, { importer: 'zoom' }, fixture('call.srt'));
    expect(unknownImporter.status).toBe(400);
    expect(JSON.stringify(unknownImporter.body.details)).toContain('importer');

    expect(await callCount()).toBe(before);
    expect(await rows(sql`SELECT id FROM calls WHERE external_id LIKE 'bad-batch-%'`)).toEqual([]);
  });
});

describe('who reads', () => {
  it('refuses sellers', async () => {
    expect((await seller.get('/api/call-insights/calls')).status).toBe(403);
    expect((await seller.get(`/api/call-insights/calls/${srtCall}`)).status).toBe(403);
    expect((await seller.get(`/api/call-insights/mentions?rivalId=${zentrix}`)).status).toBe(403);
    expect((await seller.get('/api/call-insights/reps')).status).toBe(403);
    expect((await upload(seller, { importer: 'vtt' }, fixture('call.srt'))).status).toBe(403);
    expect((await seller.post(`/api/call-insights/calls/${srtCall}/passages/1/intel`, {})).status).toBe(403);
  });

  it("keeps another company's curators out of this company's calls and rivals", async () => {
    const list = (await outsider.get('/api/call-insights/calls')).body as CallPage;
    expect(list.total).toBe(0);
    expect((await outsider.get(`/api/call-insights/calls/${srtCall}`)).status).toBe(404);
    expect((await outsider.get(`/api/call-insights/mentions?rivalId=${zentrix}`)).status).toBe(404);
    expect((await outsider.get(`/api/call-insights/calls?rivalId=${zentrix}`)).status).toBe(404);
    expect((await outsider.post(`/api/call-insights/calls/${srtCall}/passages/1/intel`, {})).status).toBe(404);
    expect((await outsider.get('/api/call-insights/reps')).body).toEqual([]);
    const overview = (await outsider.get('/api/call-insights/overview.json')).body;
    expect(overview.calls).toBe(0);
    expect(overview.rivals.map((r: { id: number }) => r.id)).not.toContain(zentrix);
  });
});

describe('search', () => {
  it("finds calls by their passages' words with the passages matched, only within the company", async () => {
    await t.search.indexer!.drain();
    // The demo's own calls say much the same; only this one says the rival's alias.
    const res = await curator.get('/api/call-insights/calls?q=ZTX');
    expect(res.status).toBe(200);
    const page = res.body as CallPage;
    expect(page.items.map((c) => c.id)).toEqual([bluefin]);
    expect(page.items[0].matches).toEqual([{ seq: 2, snippet: expect.stringContaining('<em>ZTX</em>') }]);
    const vanta = (await curator.get(`/api/call-insights/calls?q=expensive&rivalId=${vantapoint}`)).body as CallPage;
    expect(vanta.items.map((c) => c.id)).toContain(srtCall);
    expect(vanta.items.find((c) => c.id === srtCall)!.matches).toEqual([{ seq: 1, snippet: expect.stringContaining('<em>expensive</em>') }]);
    expect(((await outsider.get('/api/call-insights/calls?q=ZTX')).body as CallPage).items).toEqual([]);
    expect((await seller.get('/api/call-insights/calls?q=frustrating')).status).toBe(403);
  });
});

describe('a passage put to use', () => {
  it('becomes an intel item of channel call about the rivals it names, listed for curators, once', async () => {
    const res = await curator.post(`/api/call-insights/calls/${bluefin}/passages/2/intel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.alertId as number;
    const item = await one<Record<string, unknown>>(sql`SELECT channel, title, permalink, submitted_by_id FROM intel_items WHERE id = ${id}`);
    expect(item).toMatchObject({ channel: 'call', submitted_by_id: curator.me.id });
    expect(item.title).toContain('Bluefin Health — discovery');
    expect(item.permalink).toMatch(new RegExp(`/call-insights/calls/${bluefin}\\?seq=2$`));
    expect(await rows(sql`SELECT rival_id FROM intel_rivals WHERE intel_id = ${id}`)).toEqual([{ rival_id: zentrix }]);
    await t.search.indexer!.drain();
    const listed = await curator.get(`/api/intel/v1?intelIds=${id}`);
    expect(listed.body.hits.map((h: IntelHit) => [h.id, h.channel])).toEqual([[id, 'call']]);
    const again = await curator.post(`/api/call-insights/calls/${bluefin}/passages/2/intel`, {});
    expect(again.body.alertId).toBe(id);
    const unknown = await curator.post(`/api/call-insights/calls/${bluefin}/passages/2/intel`, { rivalIds: [999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('intel_rival_unknown');
    expect((await curator.post(`/api/call-insights/calls/${bluefin}/passages/99/intel`, {})).status).toBe(404);
  });

  it("becomes a card's quoted source linking back to the call", async () => {
    const card = await one<{ id: number }>(sql`SELECT id FROM cards WHERE company_id = ${companyId} ORDER BY id LIMIT 1`);
    const res = await curator.post(`/api/call-insights/calls/${srtCall}/passages/1/source`, { cardId: card.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ cardId: card.id });
    const sources = (await curator.get(`/api/cards/${card.id}/sources.json`)).body as { permalink: string; quote: string | null; referableType: string }[];
    const source = sources.find((s) => s.permalink.includes(`/call-insights/calls/${srtCall}?seq=1`))!;
    expect(source).toMatchObject({ referableType: 'Call', quote: expect.stringContaining('Vantapoint is too expensive') });
    expect((await outsider.post(`/api/call-insights/calls/${srtCall}/passages/1/source`, { cardId: card.id })).status).toBe(404);
  });
});
