// Helpers of the Ask tests: read an answer's raw event stream and parse it with the SSE parser.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Test } from 'supertest';
import type { Answer, AnswerSource, AnswerStart } from '../../contracts/ask.ts';

export type StreamEvent = { event: string; id: string | undefined; data: unknown };

export function parseSse(raw: string): StreamEvent[] {
  const out: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => out.push(e) });
  parser.feed(raw);
  return out.map((e) => ({ event: e.event ?? 'message', id: e.id, data: JSON.parse(e.data) }));
}

/** Buffers a text/event-stream response of supertest as text. */
export function buffered(test: Test): Promise<{ status: number; type: string; raw: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    test
      .buffer(true)
      .parse((res, cb) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => cb(null, text));
      })
      .end((err, res) => {
        if (err && !res) return reject(err);
        const raw = typeof res.body === 'string' ? res.body : '';
        let body: unknown = null;
        try {
          body = JSON.parse(raw);
        } catch {
          // an event stream
        }
        resolve({ status: res.status, type: res.type, raw, body });
      });
  });
}

export type AnswerStream = { start: AnswerStart; text: string; sources: AnswerSource[] | null; answer: Answer | null; error: { status: number; message: string } | null; events: StreamEvent[] };

export function answerOf(events: StreamEvent[]): AnswerStream {
  const get = <T>(name: string) => events.find((e) => e.event === name)?.data as T | undefined;
  return {
    start: get<AnswerStart>('answer')!,
    text: events
      .filter((e) => e.event === 'chunk')
      .map((e) => (e.data as { text: string }).text)
      .join(''),
    sources: get<{ sources: AnswerSource[] }>('sources')?.sources ?? null,
    answer: get<{ answer: Answer }>('done')?.answer ?? null,
    error: get<{ status: number; message: string }>('error') ?? null,
    events,
  };
}
