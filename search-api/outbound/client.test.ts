// The outbound client against local servers on 127.0.0.1; every other address is refused before any connection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClient, type Lookup } from './client.ts';
import { OutboundError } from './errors.ts';
import { parseAllowHosts } from './rules.ts';

type Site = { port: number; origin: string; close(): Promise<void> };

async function serve(handler: http.RequestListener): Promise<Site> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The reason of the OutboundError the promise rejects with. */
async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return (err as OutboundError).reason;
}

const html = (res: http.ServerResponse, body: string | Buffer, type = 'text/html; charset=utf-8') => {
  res.writeHead(200, { 'content-type': type });
  res.end(body);
};

describe('OutboundClient', () => {
  let site: Site;
  let other: Site;
  let client: OutboundClient;
  /** The request headers each path of `site` last saw. */
  const seen = new Map<string, http.IncomingHttpHeaders>();
  let active = 0;
  let maxActive = 0;

  beforeAll(async () => {
    other = await serve((_req, res) => html(res, 'the other server'));
    site = await serve((req, res) => {
      const path = req.url ?? '/';
      seen.set(path, req.headers);
      const redirect = /^\/r\/(\d+)$/.exec(path);
      if (redirect && redirect[1] !== '0') {
        res.writeHead(302, { location: `/r/${Number(redirect[1]) - 1}` }).end();
        return;
      }
      switch (path) {
        case '/robots.txt':
          res.writeHead(404).end();
          return;
        case '/page':
        case '/r/0':
          return html(res, '<p>hello</p>');
        case '/gzip':
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          res.end(zlib.gzipSync('<p>gzipped</p>'));
          return;
        case '/br':
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
          res.end(zlib.brotliCompressSync('<p>brotli</p>'));
          return;
        case '/gzip-bomb':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
          res.end(zlib.gzipSync(Buffer.alloc(1024 * 1024, 'a')));
          return;
        case '/etag':
          if (req.headers['if-none-match'] === '"v1"') {
            res.writeHead(304, { etag: '"v1"' }).end();
            return;
          }
          res.writeHead(200, { 'content-type': 'text/html', etag: '"v1"', 'last-modified': 'Mon, 07 Dec 2026 00:00:00 GMT' });
          res.end('<p>v1</p>');
          return;
        case '/to-private':
          res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
          return;
        case '/to-metadata':
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
          return;
        case '/to-ftp':
          res.writeHead(302, { location: 'ftp://example.com/' }).end();
          return;
        case '/to-junk':
          res.writeHead(302, { location: 'http://[' }).end();
          return;
        case '/to-localhost':
          res.writeHead(302, { location: `http://localhost:${other.port}/` }).end();
          return;
        case '/slow': {
          const timer = setTimeout(() => html(res, 'late'), 5_000);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        case '/huge':
          res.writeHead(200, { 'content-type': 'text/plain' });
          for (let i = 0; i < 64; i++) res.write(Buffer.alloc(16 * 1024, 'x'));
          res.end();
          return;
        case '/image':
          return html(res, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png');
        case '/untyped-binary':
          res.end(Buffer.from([0x00, 0x01, 0x02, 0x03]));
          return;
        case '/latin1':
          return html(res, Buffer.from('café', 'latin1'), 'text/html; charset=ISO-8859-1');
        case '/concurrent':
          active++;
          maxActive = Math.max(maxActive, active);
          setTimeout(() => {
            active--;
            html(res, 'ok');
          }, 100);
          return;
        case '/echo': {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => html(res, `${req.method} ${Buffer.concat(chunks).toString()}`, 'application/json'));
          return;
        }
        default:
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    });
    // Only this server's own port is allowed: every redirect elsewhere meets the address check.
    client = new OutboundClient({ allowHosts: parseAllowHosts(`127.0.0.1:${site.port}`) });
  });

  afterAll(async () => {
    await site.close();
    await other.close();
  });

  it('reads a page and says who asks', async () => {
    const res = await client.get(`${site.origin}/page`, { accept: ['html'] });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/html');
    expect(res.text()).toBe('<p>hello</p>');
    expect(res.notModified).toBe(false);
    expect(seen.get('/page')?.['user-agent']).toBe('RivalscopeBot/1.0 (+https://rivalscope.example/bot)');
    expect(seen.get('/page')?.accept).toBe('text/html, application/xhtml+xml');
  });

  it('decodes gzip and brotli', async () => {
    expect((await client.get(`${site.origin}/gzip`)).text()).toBe('<p>gzipped</p>');
    expect(seen.get('/gzip')?.['accept-encoding']).toBe('gzip, deflate, br');
    expect((await client.get(`${site.origin}/br`)).text()).toBe('<p>brotli</p>');
  });

  it('decodes text with the charset of the content type', async () => {
    expect((await client.get(`${site.origin}/latin1`)).text()).toBe('café');
  });

  it('asks conditionally and reports a 304 as not modified', async () => {
    const first = await client.get(`${site.origin}/etag`);
    expect(first.etag).toBe('"v1"');
    expect(first.lastModified).toBe('Mon, 07 Dec 2026 00:00:00 GMT');
    const again = await client.get(`${site.origin}/etag`, { etag: first.etag, lastModified: first.lastModified });
    expect(again).toMatchObject({ status: 304, notModified: true });
    expect(again.body.length).toBe(0);
    expect(seen.get('/etag')?.['if-modified-since']).toBe('Mon, 07 Dec 2026 00:00:00 GMT');
  });

  it('follows up to five redirects and refuses a sixth', async () => {
    const res = await client.get(`${site.origin}/r/5`);
    expect(res.url).toBe(`${site.origin}/r/0`);
    expect(await reasonOf(client.get(`${site.origin}/r/6`))).toBe('too_many_redirects');
  });

  it('checks the address of every redirect, though the first host is allowed', async () => {
    expect(await reasonOf(client.get(`${site.origin}/to-private`))).toBe('address');
    await expect(client.get(`${site.origin}/to-metadata`)).rejects.toThrow(/169\.254\.169\.254 is in the link-local range/);
    // localhost resolves to a loopback address, and only 127.0.0.1 on the first server's port is allowed.
    await expect(client.get(`${site.origin}/to-localhost`)).rejects.toThrow(/^localhost leads to the address (127\.0\.0\.1|::1), which is a loopback address/);
  });

  it('refuses a redirect to another scheme or to no address at all', async () => {
    expect(await reasonOf(client.get(`${site.origin}/to-ftp`))).toBe('scheme');
    expect(await reasonOf(client.get(`${site.origin}/to-junk`))).toBe('scheme');
  });

  it('refuses a server that is not allowed, even on 127.0.0.1', async () => {
    expect(await reasonOf(client.get(`${other.origin}/`))).toBe('address');
  });

  it('gives up after the timeout', async () => {
    const impatient = new OutboundClient({ allowHosts: parseAllowHosts(`127.0.0.1:${site.port}`), timeoutMs: 300 });
    const started = performance.now();
    await expect(impatient.get(`${site.origin}/slow`, { robots: false })).rejects.toThrow(`127.0.0.1:${site.port} did not answer within 0.3 seconds`);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('stops reading past maxBytes, counted after decoding', async () => {
    const small = new OutboundClient({ allowHosts: parseAllowHosts(`127.0.0.1:${site.port}`), maxBytes: 64 * 1024 });
    expect(await reasonOf(small.get(`${site.origin}/huge`))).toBe('too_large');
    expect(await reasonOf(small.get(`${site.origin}/gzip-bomb`))).toBe('too_large');
    expect((await small.get(`${site.origin}/page`)).text()).toBe('<p>hello</p>');
  });

  it('refuses answers of another content type, and binary ones', async () => {
    await expect(client.get(`${site.origin}/image`)).rejects.toThrow(/answered with image\/png where text was expected/);
    expect(await reasonOf(client.get(`${site.origin}/page`, { accept: ['feed', 'json'] }))).toBe('content_type');
    expect(await reasonOf(client.get(`${site.origin}/untyped-binary`))).toBe('content_type');
  });

  it('reports an error status with the status', async () => {
    const err = await client.get(`${site.origin}/missing`).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'http', status: 404, message: `127.0.0.1:${site.port} answered 404 Not Found` });
  });

  it('sends a body', async () => {
    const res = await client.send(`${site.origin}/echo`, { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    expect(res.text()).toBe('POST {"a":1}');
    expect(seen.get('/echo')?.['content-type']).toBe('application/json');
  });

  it('sends at most two requests to a host at a time', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.get(`${site.origin}/concurrent`)));
    expect(answers.map((a) => a.text())).toEqual(Array(6).fill('ok'));
    expect(maxActive).toBeLessThanOrEqual(2);
  });
});

describe('OutboundClient and robots.txt', () => {
  let polite: Site;
  let failing: Site;
  let client: OutboundClient;
  const arrivals: number[] = [];
  let robotsReads = 0;

  beforeAll(async () => {
    polite = await serve((req, res) => {
      if (req.url === '/robots.txt') {
        robotsReads++;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\nCrawl-delay: 0.2\n');
        return;
      }
      arrivals.push(performance.now());
      html(res, 'polite');
    });
    failing = await serve((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(503).end();
      else html(res, 'page');
    });
    client = new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1') });
  });

  afterAll(async () => {
    await polite.close();
    await failing.close();
  });

  it('refuses a disallowed path', async () => {
    await expect(client.get(`${polite.origin}/private/plans`)).rejects.toThrow(`The robots.txt of 127.0.0.1:${polite.port} does not allow RivalscopeBot to read this page`);
    expect(arrivals).toEqual([]);
    expect(await reasonOf(client.get(`${polite.origin}/private`))).toBe('robots');
  });

  it('spaces requests to the host by its crawl delay, reading robots.txt once', async () => {
    await Promise.all([client.get(`${polite.origin}/a`), client.get(`${polite.origin}/b`), client.get(`${polite.origin}/c`)]);
    expect(arrivals).toHaveLength(3);
    // Each request starts 0.2 s after the previous one ended, so after it arrived: a lower bound, whatever the load.
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(200);
    expect(arrivals[2] - arrivals[1]).toBeGreaterThanOrEqual(200);
    expect(robotsReads).toBe(1);
  });

  it('reads nothing from a site whose robots.txt fails with a server error', async () => {
    await expect(client.get(`${failing.origin}/page`)).rejects.toThrow(/Could not read the robots\.txt of .* \(.* answered 503 Service Unavailable\)/);
    expect(await reasonOf(client.get(`${failing.origin}/page`))).toBe('robots');
    expect((await client.get(`${failing.origin}/page`, { robots: false })).text()).toBe('page');
  });
});

describe('OutboundClient and DNS', () => {
  let site: Site;
  const hosts: string[] = [];
  const requests: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];

  beforeAll(async () => {
    site = await serve((req, res) => {
      hosts.push(req.headers.host ?? '');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() });
        if (req.url === '/hop') res.writeHead(302, { location: '/page' }).end();
        else if (req.url === '/moved') res.writeHead(307, { location: `http://b.test:${site.port}/hook` }).end();
        else html(res, 'pinned');
      });
    });
  });

  afterAll(() => site.close());

  /** A lookup with fixed answers that counts its calls. */
  function lookupOf(answers: Record<string, string[]>): Lookup & { calls: string[] } {
    const calls: string[] = [];
    const lookup = async (hostname: string) => {
      calls.push(hostname);
      const addresses = answers[hostname];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return Object.assign(lookup, { calls });
  }

  it('refuses a host name that resolves to a private address', async () => {
    const client = new OutboundClient({ allowHosts: parseAllowHosts(''), lookup: lookupOf({ 'rebind.test': ['127.0.0.1'] }) });
    await expect(client.get(`http://rebind.test:${site.port}/page`, { robots: false })).rejects.toThrow(
      'rebind.test leads to the address 127.0.0.1, which is a loopback address',
    );
  });

  it('refuses a host name when any of its addresses is private', async () => {
    const lookup = lookupOf({ 'mixed.test': ['93.184.216.34', '10.0.0.1'] });
    const client = new OutboundClient({ allowHosts: parseAllowHosts(''), lookup });
    expect(await reasonOf(client.get(`http://mixed.test:${site.port}/page`, { robots: false }))).toBe('address');
    expect(lookup.calls).toEqual(['mixed.test']);
  });

  it('reports a name that does not resolve', async () => {
    const client = new OutboundClient({ allowHosts: parseAllowHosts(''), lookup: lookupOf({}) });
    await expect(client.get('http://nowhere.test/', { robots: false })).rejects.toThrow('The site nowhere.test could not be found (its name does not resolve)');
  });

  it('connects to the address it resolved, once per hop, with the name as Host', async () => {
    const lookup = lookupOf({ 'site.test': ['127.0.0.1'] });
    const client = new OutboundClient({ allowHosts: parseAllowHosts('site.test'), lookup });
    const res = await client.get(`http://site.test:${site.port}/hop`, { robots: false });
    expect(res.text()).toBe('pinned');
    expect(res.url).toBe(`http://site.test:${site.port}/page`);
    expect(lookup.calls).toEqual(['site.test', 'site.test']);
    expect(hosts).toEqual([`site.test:${site.port}`, `site.test:${site.port}`]);
  });

  it('keeps the body of a webhook through a 307 but not its credentials to another host', async () => {
    const lookup = lookupOf({ 'a.test': ['127.0.0.1'], 'b.test': ['127.0.0.1'] });
    const client = new OutboundClient({ allowHosts: parseAllowHosts('a.test,b.test'), lookup });
    requests.length = 0;
    await client.send(`http://a.test:${site.port}/moved`, { method: 'POST', body: 'event', headers: { Authorization: 'Bearer secret' } });
    expect(requests).toEqual([
      { method: 'POST', url: '/moved', authorization: 'Bearer secret', body: 'event' },
      { method: 'POST', url: '/hook', authorization: undefined, body: 'event' },
    ]);
  });

  it('checks a destination before it is stored, sending nothing: https unless allowed, public addresses only', async () => {
    const lookup = lookupOf({ 'hooks.test': ['93.184.216.34'], 'inside.test': ['10.0.0.7'], 'allowed.test': ['127.0.0.1'] });
    const client = new OutboundClient({ allowHosts: parseAllowHosts('allowed.test'), lookup });
    expect((await client.checkDestination('https://hooks.test/in')).href).toBe('https://hooks.test/in');
    expect(await reasonOf(client.checkDestination('http://hooks.test/in'))).toBe('scheme');
    expect(await reasonOf(client.checkDestination('https://inside.test/in'))).toBe('address');
    expect(await reasonOf(client.checkDestination('https://nowhere.test/in'))).toBe('dns');
    expect((await client.checkDestination('http://allowed.test:8080/in')).host).toBe('allowed.test:8080');
  });
});
