// A local web site for tests of what the product fetches (monitors now, webhooks later): pages and feeds that a test
// changes between requests, with headers, statuses and redirects as real sites send them. Loopback only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = { status?: number; type?: string; body?: string | Buffer; headers?: Record<string, string> };
type Route = Answer | ((req: http.IncomingMessage) => Answer);

export type Site = {
  url: string;
  /** Serves `route` at `path` from now on (a function sees each request). */
  set: (path: string, route: Route) => void;
  /** The paths requested, in order. */
  requests: string[];
  close: () => Promise<void>;
};

export async function startSite(): Promise<Site> {
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const route = routes.get(path);
    const a = typeof route === 'function' ? route(req) : route;
    if (!a) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'text/html; charset=utf-8', ...a.headers });
    res.end(a.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (path, route) => routes.set(path, route),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An RSS 2.0 feed of the given items, newest first as feeds list them. */
export function rss(title: string, items: { title: string; link: string; description: string; date: Date; guid?: string }[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${esc(title)}</title><link>https://news.example/</link>${items
    .map((i) => `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${esc(i.guid ?? i.link)}</guid><description>${esc(i.description)}</description><pubDate>${i.date.toUTCString()}</pubDate></item>`)
    .join('')}</channel></rss>`;
}
