// Landing page sections written by a model (issue #28): the OpenAI-compatible adapter against a local HTTP server
// that speaks the chat-completions streaming format. The model is given only the sources the composition cited for
// the reader's scope; its citations are checked and renumbered; a model that cites nothing or fails leaves the
// composed section in place.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingPage } from '../../contracts/landing.ts';
import { llmConfigOf } from '../../search-api/ask/answering.ts';
import { runJob, type JobHandler } from '../../search-api/jobs/store.ts';
import { landingGenerationJob } from '../../search-api/landing/generate.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

type Scenario = 'cite' | 'uncited' | 'status500';
let scenario: Scenario = 'cite';
const prompts: string[] = [];
const systems: string[] = [];

const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const model = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const { messages } = JSON.parse(body) as { messages: { content: string }[] };
    const prompt = messages.at(-1)!.content;
    prompts.push(prompt);
    systems.push(messages[0].content);
    if (scenario === 'status500') return res.writeHead(500).end('{"error":{"message":"boom"}}');
    const n = prompt.split('\n').filter((l) => /^\[\d+\] \(/.test(l)).length;
    // Cites the last source first and names one that does not exist.
    const text = scenario === 'cite' ? `## Summary\n\nThey lead on dashboards [${n}]. Their security is thinner [2][${n + 5}].` : 'They lead on dashboards.';
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(delta(text.slice(0, 12)));
    res.write(delta(text.slice(12)));
    res.end('data: [DONE]\n\n');
  });
});

let t: TestApp;
let seller: Awaited<ReturnType<typeof signIn>>;
let lumenary: number;
let handlers: { landingGeneration: JobHandler };
const { rows, one } = sqlReads(() => t.db);

beforeAll(async () => {
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  t = await testApp({ env: { LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`, LLM_MODEL: 'test-model' } });
  seller = await signIn(t.app, 'seller@demo.test');
  const companyId = await northwindId(t.db);
  lumenary = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Lumenary'`)).id;
  handlers = { landingGeneration: landingGenerationJob(t.db, { llm: llmConfigOf(t.config) }) };
});
afterAll(async () => {
  await t.drop();
  await new Promise((r) => model.close(r));
});

async function generate(): Promise<LandingPage> {
  await t.db.execute(sql`UPDATE landing_sections SET sources_key = NULL`);
  await seller.get(`/api/overviews/${lumenary}/landing_page.json`);
  for (const { id } of await rows<{ id: number }>(sql`SELECT id FROM jobs WHERE state = 'queued' AND kind = 'landingGeneration'`)) await runJob(t.db, id, handlers);
  return (await seller.get(`/api/overviews/${lumenary}/landing_page.json`)).body;
}
const overview = (p: LandingPage) => p.generated.sections.find((s) => s.sectionType === 'overview')!.data!;

describe('sections written by a model', () => {
  it('keeps the model’s text with its citations checked and renumbered from 1, pointing at the sources it was given', async () => {
    scenario = 'cite';
    prompts.length = 0;
    const p = await generate();
    const data = overview(p);
    expect(data.markdown).toBe('### Summary\n\nThey lead on dashboards [1]. Their security is thinner [2].');
    expect(data.citations.map((c) => c.n)).toEqual([1, 2]);
    // The prompt listed exactly the composed section's sources, each of which the seller may see.
    const overviewPrompt = prompts.find((x) => x.startsWith('Write the overview'))!;
    const given = overviewPrompt.split('\n').filter((l) => /^\[\d+\] \(/.test(l));
    expect(given.at(-1)).toContain(data.citations[0].title);
    expect(given[1]).toContain(data.citations[1].title);
    expect(overviewPrompt).not.toContain('Scratchpad');
    expect(systems.at(-1)).toContain('Write in English');
  });

  it('asks the model to write a German reader’s sections in German, beside the English ones', async () => {
    scenario = 'cite';
    systems.length = 0;
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${seller.me.id}`);
    try {
      await generate();
      expect(systems.length).toBeGreaterThan(0);
      for (const system of systems) expect(system).toContain('Write in German');
      const languages = await rows<{ language: string }>(sql`SELECT DISTINCT language FROM landing_sections ORDER BY language`);
      expect(languages.map((l) => l.language)).toEqual(['de', 'en']);
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${seller.me.id}`);
    }
  });

  it('keeps the composed section when the model cites nothing or fails', async () => {
    for (const s of ['uncited', 'status500'] as const) {
      scenario = s;
      const data = overview(await generate());
      expect(data.markdown, s).toMatch(/\*\*Key facts:\*\*/);
      expect(data.citations.length, s).toBeGreaterThan(3);
    }
  });
});
