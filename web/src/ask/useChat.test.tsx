// @vitest-environment jsdom
// The chat hook under React's StrictMode, which mounts every component, unmounts it and mounts it again at once
// (development builds): a question asked while mounting, as the dashboard's Ask bar and the Ask page's ?q= do,
// must still be answered; a real unmount still stops the stream.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode, useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../../contracts/ask.ts';
import { useChat, type Chat } from './useChat.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const frame = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const answer = { id: 7, sessionId: 3, question: 'How does pricing work?', status: 'done', sources: [], text: '<p>Per seat.</p>' } as unknown as Answer;

/**
 * The answer requests' signals, and a fetch that answers one a task later unless it was aborted by then
 * (or, with `hold`, answers nothing until it is aborted).
 */
let signals: AbortSignal[];
let hold: boolean;
function fakeFetch(url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (String(url) !== '/api/ask/answers') return Promise.resolve(new Response(null, { status: 204 }));
  const signal = init!.signal!;
  signals.push(signal);
  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  if (hold) return new Promise((_, reject) => signal.addEventListener('abort', () => reject(aborted())));
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      if (signal.aborted) return reject(aborted());
      const body = frame(0, 'answer', { answerId: 7, sessionId: 3, question: answer.question, is_llm_fallback: true }) + frame(9, 'chunk', { text: 'Per seat.' }) + frame(9, 'done', { answer });
      resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    }),
  );
}

/** Asks once while mounting, the way the dashboard's Ask bar hands its question to the chat. */
function AsksOnMount({ onChat }: { onChat: (chat: Chat) => void }) {
  const chat = useChat({});
  const asked = useRef(false);
  const { send } = chat;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    send(answer.question);
  }, [send]);
  onChat(chat);
  return null;
}

let root: Root;
let chat: Chat;
const settle = () => act(() => new Promise((r) => setTimeout(r, 10)));

beforeEach(() => {
  signals = [];
  hold = false;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});

async function mount() {
  root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={new QueryClient()}>
          <AsksOnMount onChat={(c) => (chat = c)} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useChat under StrictMode', () => {
  it('answers a question asked while mounting, once', async () => {
    await mount();
    await vi.waitFor(async () => {
      await settle();
      expect(chat.items.map((i) => i.status)).toEqual(['answered']);
    });
    expect(chat.loading).toBe(false);
    expect(chat.items[0].answer?.id).toBe(7);
    expect(signals).toHaveLength(1);
    act(() => root.unmount());
  });

  it('stops the answer when the chat really unmounts', async () => {
    hold = true;
    await mount();
    await settle();
    expect(signals).toHaveLength(1);
    expect(signals[0].aborted).toBe(false);
    act(() => root.unmount());
    await settle();
    expect(signals[0].aborted).toBe(true);
  });
});
