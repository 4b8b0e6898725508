// One Ask chat: its items (question, streamed answer, sentiment, loading and error states), the
// session they belong to, restoring a past session and starting a new one (part 3 §3 Chat item,
// §4.1).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answer, AnswerSource, AskRequest, Sentiment } from '../../../contracts/ask.ts';
import { isAbortError } from '../api/client.ts';
import { askKeys, fetchSession, sendFeedback, trackAsk } from './api.ts';
import { errorKind, feedbackChange, type AnswerErrorKind } from './model.ts';
// Static, though only the first question needs it: as a lazy chunk of its own, the bundler merged small shared code
// (the dashboard's menus) into it and so put it on the dashboard's first screen. The screens using this hook load lazily.
import { streamAnswer } from './stream.ts';

export type ChatItem = {
  key: number;
  question: string;
  status: 'loading' | 'streaming' | 'answered' | 'error';
  /** Plain answer text while it streams. */
  text: string;
  sources: AnswerSource[];
  isLlmFallback: boolean;
  answer: Answer | null;
  answerId: number | null;
  sentiment: Sentiment | null;
  error: { kind: AnswerErrorKind; message: string } | null;
  retrying: boolean;
  startedAt: number;
  /** Asked about this rival instead of the chat's context rival ("Ask about another competitor"). */
  rivalId?: number;
};

export type AskContext = { research?: boolean; rivalId?: number; visibilityGroupId?: number };
export type RestoreState = 'idle' | 'loading' | 'error' | 'restored';

let nextKey = 1;

const fromAnswer = (a: Answer): ChatItem => ({
  key: nextKey++,
  question: a.question,
  status: a.status === 'done' ? 'answered' : 'error',
  text: '',
  sources: a.sources,
  isLlmFallback: a.is_llm_fallback,
  answer: a.status === 'done' ? a : null,
  answerId: a.id,
  sentiment: a.sentiment,
  error: a.status === 'done' ? null : { kind: 'network', message: a.error ?? '' },
  retrying: false,
  startedAt: 0,
});

export function useChat(context: AskContext) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<ChatItem[]>([]);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [restore, setRestore] = useState<RestoreState>('idle');
  const sessionRef = useRef<number | null>(null);
  const aborts = useRef(new Set<AbortController>());
  const contextRef = useRef(context);
  contextRef.current = context;

  const mounted = useRef(false);
  // Answers still streaming stop when the chat goes away. React's development build (StrictMode) unmounts every
  // component and mounts it again right after its first mount, keeping its state: stopping there cut off a question
  // asked while mounting (the dashboard's Ask bar, the Ask page's ?q=) with nothing to ask it again. So the stop
  // waits a task and is dropped when the chat was mounted again meanwhile.
  useEffect(() => {
    const running = aborts.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) running.forEach((a) => a.abort());
      });
    };
  }, []);

  const update = useCallback((key: number, change: Partial<ChatItem> | ((i: ChatItem) => Partial<ChatItem>)) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...(typeof change === 'function' ? change(i) : change) } : i)));
  }, []);

  const run = useCallback(
    async (key: number, question: string, rivalId?: number) => {
      const abort = new AbortController();
      aborts.current.add(abort);
      const ctx = contextRef.current;
      const rival = rivalId ?? ctx.rivalId;
      const request: AskRequest = {
        question,
        ...(sessionRef.current ? { sessionId: sessionRef.current } : {}),
        ...(ctx.research ? { research: true } : {}),
        ...(rival ? { rivalId: rival } : {}),
        ...(ctx.visibilityGroupId !== undefined ? { visibilityGroupId: ctx.visibilityGroupId } : {}),
      };
      try {
        const answer = await streamAnswer(
          request,
          {
            onStart: (s) => {
              sessionRef.current = s.sessionId;
              setSessionId(s.sessionId);
              update(key, { answerId: s.answerId, isLlmFallback: s.is_llm_fallback });
            },
            onChunk: (chunk) => update(key, (i) => ({ status: 'streaming', text: i.text + chunk })),
            onSources: (sources) => update(key, { sources }),
          },
          { signal: abort.signal },
        );
        update(key, { status: 'answered', answer, sources: answer.sources, retrying: false, error: null });
        trackAsk({ kind: 'render', answerId: answer.id });
        void queryClient.invalidateQueries({ queryKey: askKeys.allSessions });
      } catch (err) {
        if (isAbortError(err)) return;
        const status = (err as { status?: number | null }).status ?? null;
        update(key, { status: 'error', retrying: false, error: { kind: errorKind(status), message: (err as Error).message } });
      } finally {
        aborts.current.delete(abort);
      }
    },
    [queryClient, update],
  );

  /** Asks a question; `about` asks it about that rival instead of the context rival. */
  const send = useCallback(
    (question: string, about?: { rivalId: number }) => {
      const item: ChatItem = {
        key: nextKey++,
        question: question.trim(),
        status: 'loading',
        text: '',
        sources: [],
        isLlmFallback: false,
        answer: null,
        answerId: null,
        sentiment: null,
        error: null,
        retrying: false,
        startedAt: Date.now(),
        ...(about ? { rivalId: about.rivalId } : {}),
      };
      setItems((list) => [...list, item]);
      void run(item.key, item.question, item.rivalId);
    },
    [run],
  );

  /** Try again resends the question of a failed item. */
  const retry = useCallback(
    (key: number) => {
      const item = items.find((i) => i.key === key);
      if (!item) return;
      update(key, { status: 'loading', retrying: true, text: '', sources: [], startedAt: Date.now() });
      void run(key, item.question, item.rivalId);
    },
    [items, run, update],
  );

  const setSentiment = useCallback(
    (key: number, clicked: Sentiment) => {
      const item = items.find((i) => i.key === key);
      if (!item?.answerId) return;
      const next = feedbackChange(item.sentiment, clicked);
      if (!next) return;
      const before = item.sentiment;
      update(key, { sentiment: next });
      sendFeedback(item.answerId, next).catch(() => update(key, { sentiment: before }));
    },
    [items, update],
  );

  const newChat = useCallback(() => {
    aborts.current.forEach((a) => a.abort());
    sessionRef.current = null;
    setSessionId(null);
    setItems([]);
    setRestore('idle');
  }, []);

  const restoreSession = useCallback(async (id: number) => {
    aborts.current.forEach((a) => a.abort());
    setRestore('loading');
    try {
      const detail = await fetchSession(id);
      sessionRef.current = id;
      setSessionId(id);
      setItems(detail.items.map(fromAnswer));
      setRestore('restored');
    } catch {
      setRestore('error');
    }
  }, []);

  const loading = items.some((i) => i.status === 'loading' || i.status === 'streaming');
  return { items, sessionId, restore, loading, send, retry, setSentiment, newChat, restoreSession };
}

export type Chat = ReturnType<typeof useChat>;
