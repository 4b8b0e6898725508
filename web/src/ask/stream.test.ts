// The browser's answer stream reader, fed real SSE bytes through a fetch that answers like the server.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../contracts/ask.ts';
import { AnswerStreamError, streamAnswer } from './stream.ts';

const frame = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const answer = { id: 7, sessionId: 3, text: '<p>Hello world [1]</p>' } as Answer;
const start = { answerId: 7, sessionId: 3, question: 'hi there', is_llm_fallback: true };

/** A response whose body delivers the given pieces, then fails if `fail` is set. */
function sse(pieces: string[], fail = false): Response {
  const queue = [...pieces];
  // One piece per read; erroring only after the pieces were read (an error discards queued chunks).
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = queue.shift();
        if (next !== undefined) controller.enqueue(new TextEncoder().encode(next));
        else if (fail) controller.error(new TypeError('network error'));
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('streamAnswer', () => {
  it('reads answer, chunks split across reads, sources and done', async () => {
    const raw = frame(0, 'answer', start) + frame(6, 'chunk', { text: 'Hello ' }) + frame(15, 'chunk', { text: 'world [1]' }) + frame(15, 'sources', { sources: [{ ref: 1 }] }) + frame(15, 'done', { answer });
    const pieces = [raw.slice(0, 17), raw.slice(17, 90), raw.slice(90)];
    const seen: string[] = [];
    const result = await streamAnswer({ question: 'hi there' }, { onStart: () => seen.push('start'), onChunk: (c) => seen.push(c), onSources: () => seen.push('sources') }, { fetch: async () => sse(pieces) });
    expect(seen).toEqual(['start', 'Hello ', 'world [1]', 'sources']);
    expect(result).toEqual(answer);
  });

  it('reconnects with Last-Event-ID after a dropped connection and finishes the answer', async () => {
    const calls: { url: string; lastEventId: string | null }[] = [];
    const fetcher = async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), lastEventId: new Headers(init?.headers).get('Last-Event-ID') });
      return calls.length === 1
        ? sse([frame(0, 'answer', start), frame(6, 'chunk', { text: 'Hello ' })], true)
        : sse([frame(6, 'answer', start), frame(15, 'chunk', { text: 'world [1]' }), frame(15, 'done', { answer })]);
    };
    let text = '';
    let starts = 0;
    const result = await streamAnswer({ question: 'hi there' }, { onStart: () => starts++, onChunk: (c) => (text += c) }, { fetch: fetcher as typeof fetch, reconnectDelayMs: 0 });
    expect(calls).toEqual([
      { url: '/api/ask/answers', lastEventId: null },
      { url: '/api/ask/answers/7/stream', lastEventId: '6' },
    ]);
    expect(text).toBe('Hello world [1]');
    expect(starts).toBe(1);
    expect(result.id).toBe(7);
  });

  it('rejects with the status of a refused question or of an error event, without reconnecting', async () => {
    const refused = async () => new Response(JSON.stringify({ error: 'question: too short' }), { status: 400, headers: { 'content-type': 'application/json' } });
    await expect(streamAnswer({ question: 'hi' }, {}, { fetch: refused })).rejects.toMatchObject({ status: 400, message: 'question: too short' });
    let calls = 0;
    const failing = async () => {
      calls++;
      return sse([frame(0, 'answer', start), frame(0, 'error', { status: 502, message: 'The model failed' })]);
    };
    const err = await streamAnswer({ question: 'hi there' }, {}, { fetch: failing }).catch((e) => e);
    expect(err).toBeInstanceOf(AnswerStreamError);
    expect(err.status).toBe(502);
    expect(calls).toBe(1);
  });

  it('gives up as a network error when the connection fails before the answer starts', async () => {
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(streamAnswer({ question: 'hi there' }, {}, { fetch: down })).rejects.toMatchObject({ status: null });
  });
});
