// The model adapter: an OpenAI-compatible chat-completions endpoint with streaming (LLM_BASE_URL,
// LLM_API_KEY, LLM_MODEL). The answer is grounded in the numbered passages and cites them as [n], and written in
// its asker's language: it is stored for the asker alone.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { languageName } from '../strings/index.ts';
import type { Passage } from './retrieval.ts';

export type LlmConfig = { baseUrl: string; apiKey?: string; model?: string };
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';
/** Characters of one passage given to the model. */
export const PASSAGE_CHARS = 1500;

export class LlmError extends Error {
  override readonly name = 'LlmError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function groundedMessages(companyName: string, question: string, passages: Passage[], language: string): ChatMessage[] {
  const numbered = passages
    .map((p, i) => `[${i + 1}] ${p.title}\n${p.text.slice(0, PASSAGE_CHARS)}`)
    .join('\n\n');
  return [
    {
      role: 'system',
      content:
        `You are the competitive-intelligence assistant of ${companyName}. Answer only from the numbered passages. ` +
        'After each statement, cite the passage it comes from as [n]. If the passages do not answer the question, say so briefly. ' +
        `Write short paragraphs in plain text; no links. Answer in ${languageName(language)}, whatever the language of the passages.`,
    },
    { role: 'user', content: `Passages:\n\n${numbered || '(none)'}\n\nQuestion: ${question}` },
  ];
}

/** Streams the content deltas of one completion; throws LlmError when the call or the stream fails. */
export async function* streamChat(config: LlmConfig, messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: config.model ?? DEFAULT_LLM_MODEL, messages, stream: true }),
    signal,
  }).catch((err: Error) => {
    throw new LlmError(`The model could not be reached: ${err.message}`);
  });
  if (!res.ok || !res.body) {
    const body = await res.text().catch(() => '');
    throw new LlmError(`The model answered ${res.status}${body ? `: ${body.slice(0, 200)}` : ''}`, res.status);
  }

  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => pending.push(e) });
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw new LlmError(`The model's stream broke: ${(err as Error).message}`);
      }
      if (chunk.done) break;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (pending.length) {
        const e = pending.shift()!;
        if (e.data.trim() === '[DONE]') return;
        let json: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } };
        try {
          json = JSON.parse(e.data);
        } catch {
          throw new LlmError('The model sent an unreadable event');
        }
        if (json.error) throw new LlmError(`The model failed: ${json.error.message ?? 'unknown error'}`);
        const content = json.choices?.[0]?.delta?.content;
        if (content) yield content;
      }
    }
  } finally {
    reader.releaseLock();
  }
  throw new LlmError('The model stream ended before [DONE]');
}

/** The whole text of one completion (a writer that stores its result rather than streaming it). */
export async function completeChat(config: LlmConfig, messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const delta of streamChat(config, messages, signal)) text += delta;
  return text;
}

/** A citation marker: [3], or several as [1, 2]. */
const CITATION = /\s*\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * A model's text checked against the n numbered sources it was given: every [k] must be 1..n. Markers naming no
 * source are removed ([1, 9] keeps [1]; a list becomes [1][2]), and the refs left are answered in order of first
 * use. A text left with no valid citation is not grounded: null.
 */
export function citationsIn(text: string, n: number): { text: string; cited: number[] } | null {
  const cited: number[] = [];
  const checked = text
    .replace(CITATION, (marker, list: string) => {
      const refs = list.split(',').map(Number).filter((k) => k >= 1 && k <= n);
      for (const k of refs) if (!cited.includes(k)) cited.push(k);
      return refs.length ? `${marker.match(/^\s*/)![0]}${refs.map((k) => `[${k}]`).join('')}` : '';
    })
    .trim();
  return cited.length ? { text: checked, cited } : null;
}
