// A local receiver of webhooks for tests and benchmarks: records every request (path, headers, raw body) and answers
// what the test says, by default 200. Loopback only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: Record<string, string>; body: string; at: number };
export type Reply = { status: number; headers?: Record<string, string>; body?: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** How to answer from now on; a function sees each request, and may hold its answer back. */
  answer: (reply: Reply | ((r: Received) => Reply | Promise<Reply>)) => void;
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let reply: Reply | ((r: Received) => Reply | Promise<Reply>) = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const r: Received = { path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const a = typeof reply === 'function' ? await reply(r) : reply;
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers }).end(a.body ?? '');
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (r) => (reply = r),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
