// A local web site for tests of what the product fetches (monitors now, webhooks later): pages and feeds that a test
// changes between requests, with headers, statuses and redirects as real sites send them. Loopback only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = { status?: number; type?: string; body?: string | Buffer; headers?: Record<string, string> };
type Route = Answer | ((req: http.IncomingMessage) => Answer | Promise<Answer>);

export type Site = {
  url: string;
  /** Serves `route` at `path` from now on (a function sees each request, and may hold its answer back). */
  set: (path: string, route: Route) => void;
  /** The paths requested, in order. */
  requests: string[];
  close: () => Promise<void>;
};

/** `hosts`: loopback addresses to serve on, all on one port (127/8 all reach lo); the url names the first. */
export async function startSite(opts: { hosts?: string[] } = {}): Promise<Site> {
  const hosts = opts.hosts ?? ['127.0.0.1'];
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  const handler: http.RequestListener = async (req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const route = routes.get(path);
    const a = typeof route === 'function' ? await route(req) : route;
    if (!a) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'text/html; charset=utf-8', ...a.headers });
    res.end(a.body ?? '');
  };
  const servers = hosts.map(() => http.createServer(handler));
  let port = 0;
  for (const [i, server] of servers.entries()) {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, hosts[i], resolve));
    port ||= (server.address() as AddressInfo).port;
  }
  return {
    url: `http://${hosts[0]}:${port}`,
    set: (path, route) => routes.set(path, route),
    requests,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

/** An RSS 2.0 feed of the given items, newest first as feeds list them. */
export function rss(title: string, items: { title: string; link: string; description: string; date: Date; guid?: string }[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${esc(title)}</title><link>https://news.example/</link>${items
    .map((i) => `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${esc(i.guid ?? i.link)}</guid><description>${esc(i.description)}</description><pubDate>${i.date.toUTCString()}</pubDate></item>`)
    .join('')}</channel></rss>`;
}
