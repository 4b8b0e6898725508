// Answers being written, held in memory so that the request that asked and any reconnection share one
// generation. The generation does not depend on a connection: a client that drops can come back
// with Last-Event-ID and get the rest. A finished answer stays here briefly, then lives in PostgreSQL.
import type { Answer, AnswerSource, AnswerStart, AskStreamEvent } from '../../contracts/ask.ts';

/** How long a finished answer stays in memory for late reconnections. */
export const LIVE_KEEP_MS = 60_000;

type Listener = (e: AskStreamEvent, id: number) => void;

export class LiveAnswer {
  text = '';
  state: 'streaming' | 'done' | 'error' = 'streaming';
  private sources: AnswerSource[] = [];
  private final: Answer | null = null;
  private failure: { status: number; message: string } | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(readonly start: AnswerStart) {}

  append(chunk: string) {
    if (!chunk || this.state !== 'streaming') return;
    this.text += chunk;
    this.emit({ event: 'chunk', data: { text: chunk } });
  }

  finish(sources: AnswerSource[], answer: Answer) {
    this.sources = sources;
    this.final = answer;
    this.state = 'done';
    this.emit({ event: 'sources', data: { sources } });
    this.emit({ event: 'done', data: { answer } });
    this.listeners.clear();
  }

  fail(status: number, message: string) {
    this.failure = { status, message };
    this.state = 'error';
    this.emit({ event: 'error', data: this.failure });
    this.listeners.clear();
  }

  /** Sends what the listener missed after `from` characters, then what comes; returns the unsubscribe. */
  subscribe(listener: Listener, from = 0): () => void {
    const offset = Math.max(0, Math.min(from, this.text.length));
    listener({ event: 'answer', data: this.start }, offset);
    if (this.text.length > offset) listener({ event: 'chunk', data: { text: this.text.slice(offset) } }, this.text.length);
    if (this.state === 'done') {
      listener({ event: 'sources', data: { sources: this.sources } }, this.text.length);
      listener({ event: 'done', data: { answer: this.final! } }, this.text.length);
    } else if (this.state === 'error') {
      listener({ event: 'error', data: this.failure! }, this.text.length);
    } else {
      this.listeners.add(listener);
    }
    return () => this.listeners.delete(listener);
  }

  private emit(e: AskStreamEvent) {
    for (const l of this.listeners) l(e, this.text.length);
  }
}

export class LiveAnswers {
  private readonly byId = new Map<number, LiveAnswer>();

  open(start: AnswerStart): LiveAnswer {
    const live = new LiveAnswer(start);
    this.byId.set(start.answerId, live);
    return live;
  }

  get(id: number): LiveAnswer | undefined {
    return this.byId.get(id);
  }

  /** Forgets a finished answer after a while. */
  release(id: number) {
    setTimeout(() => this.byId.delete(id), LIVE_KEEP_MS).unref();
  }
}
