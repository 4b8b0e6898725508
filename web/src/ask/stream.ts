// Asking over POST + Server-Sent Events (event format in contracts/ask.ts), read with
// eventsource-parser over fetch. When the connection drops mid-answer, it reconnects to
// GET /api/ask/answers/{id}/stream with Last-Event-ID and carries on where it stopped.
import { createParser } from 'eventsource-parser';
import type { Answer, AnswerSource, AnswerStart, AskRequest } from '../../../contracts/ask.ts';
import { errorFromResponse, getCsrfToken, isAbortError } from '../api/client.ts';

export const RECONNECT_ATTEMPTS = 3;
export const RECONNECT_DELAY_MS = 500;

export type StreamHandlers = {
  onStart?: (start: AnswerStart) => void;
  onChunk?: (text: string) => void;
  onSources?: (sources: AnswerSource[]) => void;
};

/** A failed answer: the HTTP status when the server refused it, null for network failures. */
export class AnswerStreamError extends Error {
  override readonly name = 'AnswerStreamError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

type Fetch = typeof fetch;
export type StreamOptions = { signal?: AbortSignal; fetch?: Fetch; reconnectDelayMs?: number };

/** Streams one answer; resolves with the stored answer, rejects with AnswerStreamError. */
export async function streamAnswer(request: AskRequest, handlers: StreamHandlers, opts: StreamOptions = {}): Promise<Answer> {
  const doFetch = opts.fetch ?? fetch;
  const state: ReadState = { answerId: null, lastEventId: '0', answer: null };
  const csrf = getCsrfToken();
  let res = await open(() =>
    doFetch('/api/ask/answers', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
      body: JSON.stringify(request),
      signal: opts.signal,
    }),
  );
  for (let attempt = 0; ; attempt++) {
    try {
      await read(res, state, handlers);
      if (state.answer) return state.answer;
      throw new Error('The answer stream ended early');
    } catch (err) {
      if (err instanceof AnswerStreamError || isAbortError(err) || state.answerId === null || attempt >= RECONNECT_ATTEMPTS) {
        throw err instanceof AnswerStreamError ? err : isAbortError(err) ? err : new AnswerStreamError((err as Error).message, null);
      }
      await new Promise((r) => setTimeout(r, opts.reconnectDelayMs ?? RECONNECT_DELAY_MS * (attempt + 1)));
      res = await open(() =>
        doFetch(`/api/ask/answers/${state.answerId}/stream`, {
          credentials: 'same-origin',
          headers: { Accept: 'text/event-stream', 'Last-Event-ID': state.lastEventId },
          signal: opts.signal,
        }),
      );
    }
  }
}

async function open(call: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await call();
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw new AnswerStreamError((err as Error).message, null);
  }
  if (!res.ok) {
    const err = await errorFromResponse(res);
    throw new AnswerStreamError(err.message, res.status);
  }
  return res;
}

type ReadState = { answerId: number | null; lastEventId: string; answer: Answer | null };

async function read(res: Response, state: ReadState, h: StreamHandlers) {
  let failure: AnswerStreamError | null = null;
  const parser = createParser({
    onEvent(e) {
      const data = JSON.parse(e.data);
      switch (e.event) {
        case 'answer':
          // A reconnection announces the answer again; only the first counts.
          if (state.answerId === null) h.onStart?.(data as AnswerStart);
          state.answerId = (data as AnswerStart).answerId;
          break;
        case 'chunk':
          h.onChunk?.((data as { text: string }).text);
          break;
        case 'sources':
          h.onSources?.((data as { sources: AnswerSource[] }).sources);
          break;
        case 'done':
          state.answer = (data as { answer: Answer }).answer;
          break;
        case 'error':
          failure = new AnswerStreamError((data as { message: string }).message, (data as { status: number }).status);
          break;
      }
      if (e.id !== undefined) state.lastEventId = e.id;
    },
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
    if (failure) throw failure;
  }
  if (failure) throw failure;
}
