// Written insight summaries (issue #27) with a model: the OpenAI-compatible adapter against a local HTTP server that
// speaks the chat-completions streaming format. After an import's generation each listed insight's summary is written
// from its own numbered quotes and stored with its citations checked; a failing model keeps the extractive summary
// without failing the job; unchanged quotes are not sent again; the aspect summary is written and cached. Also the
// job store's post-commit step the writing runs in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightListResponse, InsightQuote, InsightView } from '../../contracts/insights.ts';
import { llmConfigOf } from '../../search-api/ask/answering.ts';
import { insightGenerationJob, reviewImportJob } from '../../search-api/insights/reviews/import/service.ts';
import { WRITING_CONCURRENCY } from '../../search-api/insights/writing.ts';
import { createJob, runJob, type JobHandler } from '../../search-api/jobs/store.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

type Scenario = 'cite' | 'badCitation' | 'uncited' | 'status500' | 'errorMidStream';
let scenario: Scenario = 'cite';
const requests: { messages: { role: string; content: string }[] }[] = [];
let inFlight = 0;
let maxInFlight = 0;

/** The numbered quotes a request carries, as "[n] site, date: “text”" lines. */
const quoteLines = (content: string) => content.split('\n').filter((l) => /^\[\d+\] /.test(l));
/** What the model writes for a request with n quotes. */
const writtenFor = (n: number) => `Reviewers agree on this [1]. Several say so in their own words [${n}].`;

const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const model = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
    requests.push({ messages });
    maxInFlight = Math.max(maxInFlight, (inFlight += 1));
    // Answers after a moment, so that calls made at once overlap here.
    setTimeout(() => {
      inFlight -= 1;
      if (scenario === 'status500') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      const n = quoteLines(messages.at(-1)!.content).length;
      const text = { cite: writtenFor(n), badCitation: 'Reviewers agree on this [1] and on more [9].', uncited: 'Reviewers agree on this.', status500: '', errorMidStream: 'Reviewers' }[scenario];
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(delta(text.slice(0, 10)));
      if (scenario === 'errorMidStream') return res.end(`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`);
      res.write(delta(text.slice(10)));
      res.end('data: [DONE]\n\n');
    }, 20);
  });
});

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
let lumenary: number;
const warnings: string[] = [];
const { rows, one } = sqlReads(() => t.db);
const V2 = '/api/insights/v2';
let handlers: { reviewImport: JobHandler; insightGeneration: JobHandler };

beforeAll(async () => {
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  const port = (model.address() as AddressInfo).port;
  t = await testApp({ search: true, env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'test-model' } });
  curator = await signIn(t.app, 'curator@demo.test');
  companyId = await northwindId(t.db);
  lumenary = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Lumenary'`)).id;
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
  handlers = { reviewImport: reviewImportJob(), insightGeneration: insightGenerationJob({ llm: llmConfigOf(t.config), logger }) };
});
afterAll(async () => {
  await t.drop();
  await new Promise((r) => model.close(r));
});

/** Runs every queued review job (imports first, then the generations they queue); answers their final states. */
async function runQueued(): Promise<string[]> {
  const ran: number[] = [];
  for (;;) {
    const queued = await rows<{ id: number }>(sql`SELECT id FROM jobs WHERE state = 'queued' AND kind IN ('reviewImport', 'insightGeneration') ORDER BY id`);
    if (!queued.length) break;
    for (const { id } of queued) await runJob(t.db, id, handlers, { chunkSize: 2 });
    ran.push(...queued.map((q) => q.id));
  }
  return (await rows<{ state: string }>(sql`SELECT state FROM jobs WHERE id = ANY(${sql.param(ran)}::int[]) ORDER BY id`)).map((r) => r.state);
}
const regenerate = async () => {
  expect((await curator.post(`${V2}/insights/supported-rivals/${lumenary}/generate`)).status).toBe(202);
  return runQueued();
};
const listed = async (): Promise<InsightView[]> => {
  const { insights } = (await curator.get(`${V2}/insights/supported-rivals/${lumenary}`)).body as InsightListResponse;
  return [...insights.strengths!, ...insights.weaknesses!];
};
const numbered = (quotes: InsightQuote[]) => quotes.map((q, i) => `[${i + 1}] ${q.site}, ${q.publishedAt.slice(0, 10)}: “${q.text}”`);
/** Marks an insight's summary as written from other quotes, so the next generation sends it again. */
const writtenFromOtherQuotes = (insightId: number) => t.db.execute(sql`UPDATE insights SET summary_written_from = md5('other quotes') WHERE id = ${insightId}`);
const summaryOf = async (insightId: number) =>
  one<{ summary: string | null; summary_written_from: string | null }>(sql`SELECT summary, summary_written_from FROM insights WHERE id = ${insightId}`);

describe('written insight summaries', () => {
  it('writes each listed insight’s summary after an import, from that insight’s quotes alone, and stores it', async () => {
    const header = 'source,permalink,title,rating,published date,text,reviewer role,company size';
    const row = (n: number) =>
      `G2,https://www.g2.com/products/lumenary/reviews/llm-review-${n},Review ${n},4.5,2026-03-0${n},"The reporting is excellent, but support is slow.",Analyst,51-200 employees`;
    const upload = await curator.agent
      .post(`${V2}/reviews/imports?supportedRivalId=${lumenary}&fileName=reviews.csv`)
      .set('X-CSRF-Token', curator.csrf)
      .set('Content-Type', 'text/csv')
      .send([header, row(1), row(2)].join('\n'));
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    scenario = 'cite';
    const before = requests.length;
    expect(await runQueued()).toEqual(['completed', 'completed']);

    const insights = await listed();
    expect(insights.length).toBeGreaterThan(1);
    const sent = requests.slice(before);
    // One call per listed insight, each carrying exactly that insight's quotes, numbered as they are listed.
    expect(sent.map((r) => quoteLines(r.messages.at(-1)!.content)).sort()).toEqual(insights.map((i) => numbered(i.quotes)).sort());
    expect(maxInFlight).toBeLessThanOrEqual(WRITING_CONCURRENCY);
    for (const insight of insights) {
      expect(insight.summary).toBe(writtenFor(insight.quotes.length));
      const stored = await summaryOf(insight.id);
      expect(stored.summary_written_from).toBe((await one<{ h: string }>(sql`SELECT md5(quotes::text) AS h FROM insights WHERE id = ${insight.id}`)).h);
    }
    // Stored once for every reader of the company: written in its quotes' language, and shown as written to a
    // German reader too.
    for (const r of sent) expect(r.messages[0].content).toContain('Write in the language the quotes are written in.');
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${curator.me.id}`);
    try {
      expect((await listed()).map((i) => i.summary)).toEqual(insights.map((i) => i.summary));
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${curator.me.id}`);
    }
  });

  it('makes no model call when a regeneration leaves the quotes unchanged, and keeps the written summaries', async () => {
    const before = requests.length;
    const written = await listed();
    expect(await regenerate()).toEqual(['completed']);
    expect(requests.length).toBe(before);
    expect((await listed()).map((i) => i.summary)).toEqual(written.map((i) => i.summary));
  });

  it('rewrites a summary written from other quotes, removing a citation that names no quote', async () => {
    const [insight] = await listed();
    await writtenFromOtherQuotes(insight.id);
    scenario = 'badCitation';
    const before = requests.length;
    expect(await regenerate()).toEqual(['completed']);
    expect(requests.length).toBe(before + 1);
    expect((await summaryOf(insight.id)).summary).toBe('Reviewers agree on this [1] and on more.');
  });

  it.each(['status500', 'errorMidStream', 'uncited'] as const)('keeps the extractive summary when the model fails (%s), and the job succeeds', async (which) => {
    const [insight] = await listed();
    await writtenFromOtherQuotes(insight.id);
    scenario = which;
    const logged = warnings.length;
    expect(await regenerate()).toEqual(['completed']);
    // Nothing written is kept: readers get the line of the insight's figures.
    const stored = await summaryOf(insight.id);
    expect(stored.summary).toBeNull();
    expect(stored.summary_written_from).toBeNull();
    expect((await listed()).find((i) => i.id === insight.id)!.summary).toMatch(/^(Praised|Criticised) in \d+ reviews: \d+% of \d+ opinions/);
    expect(warnings.slice(logged).join('\n')).toMatch(/extractive summary stays/);

    // The next generation tries it again.
    scenario = 'cite';
    expect(await regenerate()).toEqual(['completed']);
    expect((await summaryOf(insight.id)).summary).toBe(writtenFor(insight.quotes.length));
  });
});

describe('the written aspect summary', () => {
  const aspectId = async () =>
    (await one<{ id: number }>(sql`SELECT id FROM aspects WHERE rival_id = ${lumenary} AND state = 'none' AND merged_into_id IS NULL ORDER BY review_count DESC LIMIT 1`)).id;

  it('is written from the aspect’s quotes, cited, and cached a day; a model failure answers none (the screen says the counts) and is not cached', async () => {
    const id = await aspectId();
    scenario = 'status500';
    const failed = await curator.get(`${V2}/aspects/${id}/summary`);
    expect(failed.status).toBe(200);
    expect(failed.body.summary).toBeNull();

    scenario = 'cite';
    const before = requests.length;
    const first = await curator.get(`${V2}/aspects/${id}/summary`);
    expect(requests.length).toBe(before + 1);
    expect(quoteLines(requests.at(-1)!.messages.at(-1)!.content)).toEqual(numbered(first.body.quotes));
    expect(first.body.summary).toBe(writtenFor(first.body.quotes.length));

    const again = await curator.get(`${V2}/aspects/${id}/summary`);
    expect(requests.length).toBe(before + 1);
    expect(again.body).toEqual(first.body);
  });
});

describe('the job store’s post-commit step', () => {
  it('runs after the chunk commits, outside its transaction, with its targets; not after a failed chunk', async () => {
    const seen: { targets: number[]; state: string }[] = [];
    const handler = (fail: boolean): JobHandler => ({
      async run() {
        if (fail) throw new Error('chunk failed');
      },
      async afterCommit(db, job, targetIds) {
        // Another connection sees the chunk's progress: it has committed, and the job row is no longer locked.
        const [row] = (await db.execute(sql`SELECT state FROM jobs WHERE id = ${job.id} FOR UPDATE NOWAIT`)).rows as { state: string }[];
        seen.push({ targets: targetIds, state: row.state });
      },
    });
    const job = (targets: number[]) => createJob(t.db, { companyId, userId: curator.me.id, kind: 'insightGeneration', payload: {}, targetIds: targets, inline: false });

    const ok = await job([lumenary, lumenary + 1, lumenary + 2]);
    await runJob(t.db, ok, { insightGeneration: handler(false) }, { chunkSize: 2 });
    expect(seen).toEqual([
      { targets: [lumenary, lumenary + 1], state: 'running' },
      { targets: [lumenary + 2], state: 'completed' },
    ]);

    const failing = await job([lumenary]);
    await runJob(t.db, failing, { insightGeneration: handler(true) });
    expect(seen).toHaveLength(2);
    expect((await one<{ state: string; tasks_failed: number }>(sql`SELECT state, tasks_failed FROM jobs WHERE id = ${failing}`)).tasks_failed).toBe(1);
  });
});
