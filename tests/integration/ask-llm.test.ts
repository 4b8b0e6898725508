// Ask with a model: the OpenAI-compatible adapter against a local HTTP server that speaks the
// chat-completions streaming format (data: {choices:[{delta:{content}}]} … data: [DONE]).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { answerOf, buffered, parseSse } from './askStream.ts';

type Scenario = 'ok' | 'errorMidStream' | 'dropMidStream' | 'status500';
let scenario: Scenario = 'ok';
const requests: { auth: string | undefined; body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] = [];

const delta = (content: string) => `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

const model = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    requests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
    if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
    if (scenario === 'status500') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`);
    res.write(delta('Lumenary prices '));
    // Cut the connection once the first chunks are on the wire.
    if (scenario === 'dropMidStream') return res.write(delta('per seat [1].'), () => res.destroy());
    res.write(delta('per seat [1].'));
    if (scenario === 'errorMidStream') return res.end(`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`);
    res.write(delta('\n\nIt also offers <b>discounts</b> [2] and [99].'));
    res.end('data: [DONE]\n\n');
  });
});

let t: TestApp;
let seller: Awaited<ReturnType<typeof signIn>>;
const ask = (body: object) => buffered(seller.agent.post('/api/ask/answers').set('X-CSRF-Token', seller.csrf).send(body));

beforeAll(async () => {
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  const port = (model.address() as AddressInfo).port;
  t = await testApp({ search: true, env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_API_KEY: 'test-key', LLM_MODEL: 'test-model' } });
  seller = await signIn(t.app, 'seller@demo.test');
});
afterAll(async () => {
  await t.drop();
  await new Promise((r) => model.close(r));
});

describe('the model adapter', () => {
  it('streams the model’s answer grounded in numbered passages, citing only passages that exist', async () => {
    scenario = 'ok';
    const res = await ask({ question: 'How does Lumenary pricing work?' });
    const a = answerOf(parseSse(res.raw));
    const req = requests.at(-1)!;
    expect(req.auth).toBe('Bearer test-key');
    expect(req.body.model).toBe('test-model');
    expect(req.body.stream).toBe(true);
    expect(req.body.messages.at(-1)!.content).toMatch(/Question: How does Lumenary pricing work\?/);
    expect(req.body.messages.at(-1)!.content).toMatch(/^Passages:\n\n\[1\] /);
    expect(req.body.messages[0].content).toContain('Answer in English');

    expect(a.start.is_llm_fallback).toBe(false);
    expect(a.text).toBe('Lumenary prices per seat [1].\n\nIt also offers <b>discounts</b> [2] and [99].');
    expect(a.events.filter((e) => e.event === 'chunk')).toHaveLength(3);
    // [99] names no passage: only 1 and 2 are sources.
    expect(a.sources!.map((s) => s.ref)).toEqual([1, 2]);
    expect(a.answer!.is_llm_fallback).toBe(false);
    // Model text is escaped, never markup.
    expect(a.answer!.text).toBe('<p>Lumenary prices per seat [1].</p><p>It also offers &lt;b&gt;discounts&lt;/b&gt; [2] and [99].</p>');
  });

  it('asks the model to answer a German asker in German: the answer is theirs alone', async () => {
    scenario = 'ok';
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${seller.me.id}`);
    try {
      answerOf(parseSse((await ask({ question: 'Wie funktioniert die Preisgestaltung von Lumenary?' })).raw));
      expect(requests.at(-1)!.body.messages[0].content).toContain('Answer in German');
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${seller.me.id}`);
    }
  });

  it.each([
    ['errorMidStream', /overloaded/],
    ['dropMidStream', /stream (broke|ended)/],
    ['status500', /500/],
  ] as const)('turns a model failure (%s) into an error event and a stored error', async (which, message) => {
    scenario = which;
    const a = answerOf(parseSse((await ask({ question: 'How does Lumenary pricing work?' })).raw));
    expect(a.events.at(-1)!.event).toBe('error');
    expect(a.error!.status).toBe(502);
    expect(a.error!.message).toMatch(message);
    expect(a.answer).toBeNull();
    const row = (await t.db.execute(sql`SELECT status, error FROM ask_answers WHERE id = ${a.start.answerId}`)).rows[0] as { status: string; error: string };
    expect(row.status).toBe('error');
    expect(row.error).toMatch(message);
  });
});
