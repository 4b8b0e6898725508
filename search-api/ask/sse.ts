// The Server-Sent Events writer of Ask answers (framing documented in contracts/ask.ts).
import type { Response } from 'express';
import type { AskStreamEvent } from '../../contracts/ask.ts';

/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

export type SseWriter = { send: (e: AskStreamEvent, id: number) => void; end: () => void; closed: () => boolean };

export function openSse(res: Response): SseWriter {
  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  const heartbeat = setInterval(() => res.write(':\n\n'), HEARTBEAT_MS);
  const stop = () => {
    closed = true;
    clearInterval(heartbeat);
  };
  res.on('close', stop);
  return {
    send(e, id) {
      if (closed) return;
      res.write(`id: ${id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    },
    end() {
      if (closed) return;
      stop();
      res.end();
    },
    closed: () => closed,
  };
}
