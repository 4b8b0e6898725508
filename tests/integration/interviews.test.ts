// Win/loss interviews (issue #57, contracts/winLoss.ts): an interview of a deal, its transcript uploaded in every
// format, read into the buyer's and the interviewer's passages with suggested reasons; bad files refused with nothing
// written; a curator's review landing as the deal's buyer-said reasons (and so in the win/loss overview and the review
// insights' loss reasons); the quote library; search of the interviews index with its visibility; Ask citing a passage.
import fs from 'node:fs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_BYTES, type InterviewDetail, type InterviewPage, type QuotePage } from '../../contracts/winLoss.ts';
import type { InsightListResponse } from '../../contracts/insights.ts';
import { reasonIdsByName, upsertDeals, type DealRow } from '../../db/deals.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';
import { answerOf, buffered, parseSse } from './askStream.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let companyId: number;
let curator: Session;
let seller: Session;
let rival: number;
let lost: number;
let won: number;
let price: number;
let integrations: number;
const { one } = sqlReads(() => t.db);
const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/transcripts/${name}`, import.meta.url));

const setFlags = (id: number, flags: Record<string, boolean>) =>
  t.db.execute(sql`UPDATE companies SET company_data = company_data || jsonb_build_object('flags', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb)
                   WHERE id = ${id}`);

const deal = (crmId: string, outcome: 'win' | 'loss', rivalIds: number[]): DealRow => ({
  crmId, source: 'csv', name: `Interview deal ${crmId}`, accountName: `Quibbleton ${crmId}`, accountCrmId: null, ownerEmail: null, ownerName: null,
  ownerUserId: null, amount: 1000, currency: 'USD', stage: outcome === 'win' ? 'Closed Won' : 'Closed Lost', outcome, createdOn: '2026-01-02',
  closedOn: '2026-03-01', rivalIds, primaryRivalId: rivalIds[0] ?? null, buyerPersona: null, industry: null, region: null, segment: null,
  technology: null, useCase: null, product: 'IVFixture', notes: null, crmModifiedAt: null,
});

/** Posts a transcript file as the body. */
const upload = (s: Session, id: number, body: Buffer | string, query = '') =>
  s.agent.post(`/api/win-loss/interviews/${id}/transcript${query}`).set('X-CSRF-Token', s.csrf).set('Content-Type', 'application/octet-stream').send(Buffer.from(body));

const create = async (dealId: number, over: object = {}) => {
  const res = await curator.post('/api/win-loss/interviews', { dealId, interviewedOn: '2026-03-10', interviewer: 'Priya Raman', buyerRole: 'VP Sales', ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const passageCount = async (id: number) => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM interview_passages WHERE interview_id = ${id}`)).n;

async function docx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

beforeAll(async () => {
  t = await testApp({ search: true });
  companyId = await northwindId(t.db);
  // The demo company gives consumers win/loss access; here they start without it.
  await setFlags(companyId, { winLoss: true, winLossConsumerAccess: false });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  // A rival of its own, the one the VTT fixture's buyer names, so only this file's deals name it.
  rival = (await one<{ id: number }>(sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, 'Harbor BI') RETURNING id`)).id;
  await t.db.execute(sql`UPDATE reviews SET rival_id = ${rival} WHERE id = (SELECT min(id) FROM reviews WHERE company_id = ${companyId})`);
  price = (await reasonIdsByName(t.db, companyId, 'loss', ['Price'])).get('price')!;
  integrations = (await reasonIdsByName(t.db, companyId, 'loss', ['Integrations and connectors'])).get('integrations and connectors')!;
  await upsertDeals(t.db, companyId, [deal('IV-L', 'loss', [rival]), deal('IV-W', 'win', [rival])]);
  lost = (await one<{ id: number }>(sql`SELECT id FROM deals WHERE company_id = ${companyId} AND crm_id = 'IV-L'`)).id;
  won = (await one<{ id: number }>(sql`SELECT id FROM deals WHERE company_id = ${companyId} AND crm_id = 'IV-W'`)).id;
});
afterAll(() => t.drop());

describe('interviews and transcripts', () => {
  let id: number;

  it("creates an interview of the company's deal, and refuses another company's deal with 404", async () => {
    id = await create(lost, { buyerSpeakers: ['Marcus Lee'] });
    const detail = (await curator.get(`/api/win-loss/interviews/${id}`)).body as InterviewDetail;
    expect(detail).toMatchObject({ interviewer: 'Priya Raman', buyerRole: 'VP Sales', transcript: null, passages: [], deal: { id: lost, outcome: 'loss', rivals: [{ id: rival, name: 'Harbor BI' }] } });
    const other = await signInOutsider(t);
    const otherCompany = (await one<{ company_id: number }>(sql`SELECT company_id FROM users WHERE email = 'admin@other.test'`)).company_id;
    await upsertDeals(t.db, otherCompany, [deal('OTHER-1', 'loss', [])]);
    const foreign = (await one<{ id: number }>(sql`SELECT id FROM deals WHERE crm_id = 'OTHER-1'`)).id;
    const res = await curator.post('/api/win-loss/interviews', { dealId: foreign, interviewedOn: '2026-03-10', interviewer: 'Priya Raman' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('deal_not_found');
    // The other company reads none of Northwind's interviews.
    await setFlags(otherCompany, { winLoss: true });
    expect((await other.get(`/api/win-loss/interviews/${id}`)).status).toBe(404);
    expect(((await other.get('/api/win-loss/interviews')).body as InterviewPage).total).toBe(0);
  });

  it('refuses a body naming no interviewer, and a date that is none, naming the field', async () => {
    const res = await curator.post('/api/win-loss/interviews', { dealId: lost, interviewedOn: '10/03/2026', interviewer: '' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['interviewedOn', 'interviewer']);
  });

  it("reads a WebVTT transcript into the buyer's and the interviewer's passages, with sentiment and suggested reasons", async () => {
    const res = await upload(curator, id, fixture('interview.vtt'), '?fileName=northwind.vtt');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body as InterviewDetail;
    expect(d.transcript).toMatchObject({ format: 'vtt', name: 'northwind.vtt', passages: 4 });
    expect(d.passages.map((p) => [p.speaker, p.isBuyer])).toEqual([['Priya Raman', false], ['Marcus Lee', true], ['Priya Raman', false], ['Marcus Lee', true]]);
    const buyer = d.passages[1];
    expect(buyer.text).toContain('it came down to price');
    expect(buyer.suggestedReasons.map((r) => r.id)).toEqual(expect.arrayContaining([price, integrations]));
    expect(buyer.reasons).toBeNull();
    // The interviewer's questions get no reasons, and a lost deal no win reasons.
    expect(d.passages[0].suggestedReasons).toEqual([]);
    expect(d.passages.flatMap((p) => p.suggestedReasons).every((r) => r.kind === 'loss')).toBe(true);
    expect(d.toReview).toBeGreaterThan(0);
  });

  it('reads SRT, JSON turns, plain text and Word; without buyer speakers every speaker but the interviewer is the buyer', async () => {
    const other = await create(won, { interviewer: 'Sam Ortiz' });
    const cases: [Buffer, string, string][] = [
      [fixture('call.srt'), '?format=srt', 'srt'],
      [fixture('call.json'), '?fileName=call.json', 'json'],
      [fixture('interview.txt'), '?format=text', 'text'],
      [await docx(['Sam Ortiz: Why did you choose us?', 'Dana Wu: The onboarding was quick and it was easy to use.']), '?fileName=notes.docx', 'docx'],
    ];
    for (const [body, query, format] of cases) {
      const res = await upload(curator, other, body, query);
      expect(res.status, `${format}: ${JSON.stringify(res.body)}`).toBe(200);
      const d = res.body as InterviewDetail;
      expect(d.transcript?.format).toBe(format);
      expect(d.passages.length).toBeGreaterThan(1);
      for (const p of d.passages) expect(p.isBuyer, `${format}: ${p.speaker}`).toBe(p.speaker !== 'Sam Ortiz');
    }
    // The last (Word) transcript replaced the others; its buyer passage is tagged with the won deal's reasons.
    const d = (await curator.get(`/api/win-loss/interviews/${other}`)).body as InterviewDetail;
    expect(d.passages).toHaveLength(2);
    expect(d.passages[1].suggestedReasons.map((r) => r.name).sort()).toEqual(['Ease of use', 'Time to value']);
  });

  it('refuses an unknown format, a malformed file, an empty body and a file over the cap, writing nothing', async () => {
    const before = await passageCount(id);
    const unknown = await upload(curator, id, 'WEBVTT', '?format=pdf');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('transcript_unreadable');
    expect(unknown.body.error).toContain('vtt, srt, json, text, docx');
    const malformed = await upload(curator, id, '[{"speaker": "A"}]', '?format=json');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/speaker turns/);
    expect((await upload(curator, id, '')).status).toBe(400);
    const big = await upload(curator, id, Buffer.alloc(MAX_TRANSCRIPT_BYTES + 1, 'a'), '?format=text');
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('transcript_too_large');
    expect(await passageCount(id)).toBe(before);
    const d = (await curator.get(`/api/win-loss/interviews/${id}`)).body as InterviewDetail;
    expect(d.transcript?.format).toBe('vtt');
    expect((await upload(curator, 999_999, 'Buyer: hi', '?format=text')).status).toBe(404);
  });

  it("is win/loss content: a consumer without access gets 403, with access reads but never writes", async () => {
    expect((await seller.get('/api/win-loss/interviews')).status).toBe(403);
    expect((await seller.get(`/api/win-loss/interviews/${id}`)).body.code).toBe('win_loss_off');
    expect((await seller.get('/api/win-loss/quotes')).status).toBe(403);
    await setFlags(companyId, { winLossConsumerAccess: true });
    try {
      expect((await seller.get(`/api/win-loss/interviews/${id}`)).status).toBe(200);
      const write = await seller.post('/api/win-loss/interviews', { dealId: lost, interviewedOn: '2026-03-10', interviewer: 'X' });
      expect(write.status).toBe(403);
      expect((await upload(seller, id, 'Buyer: hi', '?format=text')).status).toBe(403);
      expect((await seller.put(`/api/win-loss/interviews/${id}/passages/2`, { reasonIds: [] })).status).toBe(403);
    } finally {
      await setFlags(companyId, { winLossConsumerAccess: false });
    }
  });
});

describe('review, reasons and quotes', () => {
  let id: number;
  beforeAll(async () => {
    id = await create(lost, { buyerSpeakers: ['Marcus Lee'], interviewedOn: '2026-03-11' });
    expect((await upload(curator, id, fixture('interview.vtt'), '?format=vtt')).status).toBe(200);
  });

  const dealReasons = async () => ((await curator.get(`/api/deals/${lost}`)).body.reasons as { id: number; saidBy: string; quote: string | null }[]).filter((r) => r.saidBy === 'buyer');

  it("lands a buyer passage's confirmed reasons as the deal's buyer-said reasons, the passage their quote", async () => {
    const before = await curator.get(`/api/win-loss/overview.json?product=IVFixture`);
    expect(before.status).toBe(200);
    const res = await curator.put(`/api/win-loss/interviews/${id}/passages/2`, { reasonIds: [price], quoted: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ seq: 2, quoted: true, reasons: [{ id: price, kind: 'loss', name: 'Price' }] });
    const reasons = await dealReasons();
    expect(reasons).toEqual([expect.objectContaining({ id: price, saidBy: 'buyer', quote: expect.stringContaining('it came down to price') })]);
    // The overview's top reasons count it as the buyer's.
    const overview = (await curator.get(`/api/win-loss/overview.json?product=IVFixture`)).body as { topLossReasons?: unknown; [k: string]: unknown };
    expect(JSON.stringify(overview)).toContain('"reasonId":' + price);
    const top = Object.values(overview).flat().find((r) => (r as { reasonId?: number })?.reasonId === price) as { buyer: number; deals: number };
    expect(top).toMatchObject({ deals: 1, buyer: 1 });
    // The review insights' loss reasons of the deal's rival count it.
    const insights = (await curator.get(`/api/insights/v2/insights/supported-rivals/${rival}?type=loss_reasons&sourceType=winLoss`)).body as InsightListResponse;
    expect(insights.insights.loss_reasons?.map((i) => [i.id, i.winLossCount])).toEqual([[price, 1]]);
  });

  it("ignores the interviewer's passages and reasons of the other outcome when writing the deal's reasons", async () => {
    const wins = await reasonIdsByName(t.db, companyId, 'win', ['Ease of use']);
    expect((await curator.put(`/api/win-loss/interviews/${id}/passages/1`, { reasonIds: [integrations] })).status).toBe(200);
    expect((await curator.put(`/api/win-loss/interviews/${id}/passages/4`, { reasonIds: [wins.get('ease of use')!] })).status).toBe(200);
    expect((await dealReasons()).map((r) => r.id)).toEqual([price]);
  });

  it('refuses a reason not of the taxonomy and an unknown passage, changing nothing', async () => {
    const res = await curator.put(`/api/win-loss/interviews/${id}/passages/2`, { reasonIds: [999_999] });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('reasonIds');
    expect((await curator.put(`/api/win-loss/interviews/${id}/passages/99`, { reasonIds: [] })).body.code).toBe('passage_not_found');
    expect((await dealReasons()).map((r) => r.id)).toEqual([price]);
  });

  it('lists quoted passages in the quote library, by reason, rival and outcome', async () => {
    const page = (await curator.get(`/api/win-loss/quotes?reasonId=${price}&rivalId=${rival}&outcome=loss`)).body as QuotePage;
    expect(page.items.map((q) => [q.interviewId, q.seq])).toEqual([[id, 2]]);
    expect(page.items[0]).toMatchObject({ buyerRole: 'VP Sales', interviewedOn: '2026-03-11', reasons: [{ id: price }], deal: { id: lost } });
    expect(((await curator.get(`/api/win-loss/quotes?rivalId=${rival}&outcome=win`)).body as QuotePage).total).toBe(0);
  });

  it('a new transcript replaces the passages and their tags: the reasons leave the deal', async () => {
    const other = await create(lost, { buyerSpeakers: ['Marcus Lee'], interviewedOn: '2026-03-12' });
    await upload(curator, other, fixture('interview.vtt'), '?format=vtt');
    await curator.put(`/api/win-loss/interviews/${other}/passages/2`, { reasonIds: [integrations] });
    expect((await dealReasons()).map((r) => r.id).sort()).toEqual([price, integrations].sort());
    await upload(curator, other, 'Priya Raman: Anything else?\nMarcus Lee: No, that was all.', '?format=text');
    expect((await dealReasons()).map((r) => r.id)).toEqual([price]);
  });

  it('deleting the interview takes its reasons off the deal', async () => {
    const del = await curator.delete(`/api/win-loss/interviews/${id}`);
    expect(del.status).toBe(204);
    expect(await dealReasons()).toEqual([]);
    expect((await curator.get(`/api/win-loss/interviews/${id}`)).status).toBe(404);
    expect((await curator.delete(`/api/win-loss/interviews/${id}`)).status).toBe(404);
  });
});

describe('search and Ask', () => {
  let id: number;
  beforeAll(async () => {
    id = await create(lost, { buyerSpeakers: ['Dana Wu'], interviewedOn: '2026-04-02', buyerRole: 'Head of Data' });
    const transcript = [
      'Priya Raman: What tipped it?',
      'Dana Wu: Harbor BI had a native Zorvexa connector for our warehouse, and yours needed a custom job.',
      'Priya Raman: And the Zorvexa question came up early?',
      'Dana Wu: In the first week. Pricing was never the issue.',
    ].join('\n');
    expect((await upload(curator, id, transcript, '?format=text')).status).toBe(200);
    // Another company's interview holding the same words never shows.
    const otherCompany = (await one<{ company_id: number }>(sql`SELECT company_id FROM users WHERE email = 'admin@other.test'`)).company_id;
    const otherDeal = (await one<{ id: number }>(sql`SELECT id FROM deals WHERE crm_id = 'OTHER-1'`)).id;
    const otherId = (await one<{ id: number }>(sql`INSERT INTO interviews (company_id, deal_id, interviewed_on, interviewer) VALUES (${otherCompany}, ${otherDeal}, '2026-04-03', 'O') RETURNING id`)).id;
    await t.db.execute(sql`INSERT INTO interview_passages (company_id, interview_id, seq, speaker, is_buyer, text) VALUES (${otherCompany}, ${otherId}, 1, 'B', true, 'The Zorvexa connector decided it.')`);
    await t.search.indexer!.drain();
  });

  it('finds interviews by their words, with the passages that matched marked', async () => {
    const page = (await curator.get('/api/win-loss/interviews?q=zorvexa')).body as InterviewPage;
    expect(page.items.map((i) => i.id)).toEqual([id]);
    expect(page.total).toBe(1);
    expect(page.items[0].matches?.map((m) => m.seq)).toEqual([2, 3]);
    expect(page.items[0].matches?.[0].snippet).toContain('<mark>Zorvexa</mark> connector');
    expect(((await curator.get(`/api/win-loss/interviews?q=zorvexa&dealId=${won}`)).body as InterviewPage).total).toBe(0);
    expect(((await curator.get(`/api/win-loss/interviews?q=zorvexa&rivalId=${rival}`)).body as InterviewPage).total).toBe(1);
    // Without words: the list, latest first, with the filters.
    const list = (await curator.get(`/api/win-loss/interviews?dealId=${lost}`)).body as InterviewPage;
    expect(list.items[0].id).toBe(id);
    expect(list.items.every((i) => i.deal.id === lost)).toBe(true);
  });

  it('a seller without consumer access finds nothing; with it, finds the interview', async () => {
    expect((await seller.get('/api/win-loss/interviews?q=zorvexa')).status).toBe(403);
    await setFlags(companyId, { winLossConsumerAccess: true });
    try {
      expect(((await seller.get('/api/win-loss/interviews?q=zorvexa')).body as InterviewPage).items.map((i) => i.id)).toEqual([id]);
    } finally {
      await setFlags(companyId, { winLossConsumerAccess: false });
    }
  });

  it("Ask quotes the buyer's passage for a reader of win/loss, naming the interview, and never for a seller without access", async () => {
    const ask = (s: Session) => buffered(s.agent.post('/api/ask/answers').set('X-CSRF-Token', s.csrf).send({ question: 'Why did the Zorvexa connector matter?' }));
    const a = answerOf(parseSse((await ask(curator)).raw));
    const source = a.sources!.find((s) => s.doc_type === 'interview');
    expect(source, JSON.stringify(a.sources)).toBeDefined();
    expect(source!.title).toBe('Interview with Head of Data, Quibbleton IV-L — 2026-04-02');
    expect(source!.url).toBe(`/win-loss/interviews/${id}?passage=2`);
    expect(a.text).toContain('native Zorvexa connector');
    const s = answerOf(parseSse((await ask(seller)).raw));
    expect((s.sources ?? []).some((x) => x.doc_type === 'interview')).toBe(false);
    expect(s.text).not.toContain('Zorvexa connector');
  });
});
