// Outbound HTTP: the one way the server fetches a URL that a user gave (monitors; later webhooks, chat, CRM and
// identity providers' metadata). No feature calls `fetch` on such a URL by itself.
//
// The rules, in the order a request meets them:
// - The URL: http or https only, no user name or password in it, an IP host only when public (rules.ts).
// - robots.txt (get() with robots, the default): read once per origin through these same rules and kept an hour,
//   parsed for our user agent; a disallowed URL is an error. A 4xx robots.txt allows everything; a 5xx or an
//   unreachable one disallows everything for five minutes, as RFC 9309 asks (a failing server is not a permission).
// - Politeness: at most `perHostConcurrency` requests to a host (host:port) at a time; when its robots.txt sets a
//   Crawl-delay (honoured up to 30 s), one at a time, each starting that long after the previous ended.
// - Addresses: the host name is resolved once per hop, here, and every address it resolves to must be public
//   unicast (address.ts: no loopback, private, link-local such as cloud metadata, CGNAT, multicast, reserved…).
//   The connection then goes to those checked addresses (a lookup pinned in the hop's own undici Agent), never
//   to a second resolution, which DNS rebinding could point elsewhere. Hosts in OUTBOUND_ALLOW_HOSTS skip the
//   range check (rules.ts), for an intranet site or a test server.
// - Redirects are followed here, at most `maxRedirects`, and each hop meets all of the above again.
// - Limits: `timeoutMs` over the whole exchange (every hop's resolution, connection and body; not the waits for a
//   host's turn or its robots.txt), `maxBytes` of decoded body (gzip, deflate and br are decoded, so a small
//   compressed answer cannot expand past it).
// - The answer: a content type among those asked for (`accept`), never a binary one; 304 to a conditional request
//   (etag, lastModified) is `notModified`; any other status outside 2xx is an error with that status.
// Every failure is an OutboundError: a reason code for the caller and a message for a curator, naming a host or an
// address, never a path or query (where a webhook URL keeps its secret).
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import robotsParser from 'robots-parser';
import { Agent, fetch } from 'undici';
import { OutboundError } from './errors.ts';
import { checkAddress, checkUrl, isAllowedHost, literalIp, type AllowHosts } from './rules.ts';

export type Lookup = (hostname: string) => Promise<readonly LookupAddress[]>;
export type Accept = 'html' | 'feed' | 'json' | 'any';

export interface OutboundOptions {
  allowHosts: AllowHosts;
  userAgent?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  perHostConcurrency?: number;
  /** Resolves a host name to all its addresses; tests inject one. */
  lookup?: Lookup;
}

export interface GetOptions {
  /** What the answer may be; default any text. */
  accept?: Accept[];
  /** From the previous answer, to be told `notModified` when nothing changed. */
  etag?: string;
  lastModified?: string;
  /** Obey the site's robots.txt (default true). */
  robots?: boolean;
}

export interface SendOptions {
  method: 'POST' | 'PUT';
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface OutboundResponse {
  status: number;
  /** After redirects. */
  url: string;
  /** The media type, lowercase without parameters ('' when the server sent none). */
  contentType: string;
  body: Buffer;
  /** The body decoded with the charset of the content type (UTF-8 when none or unknown). */
  text(): string;
  etag?: string;
  lastModified?: string;
  notModified: boolean;
}

const ROBOTS_TTL_MS = 60 * 60 * 1000;
const ROBOTS_RETRY_MS = 5 * 60 * 1000;
/** RFC 9309 asks crawlers to parse at least 500 KiB of a robots.txt; the rest is ignored. */
const ROBOTS_MAX_BYTES = 500 * 1024;
/** A longer Crawl-delay would let one site hold a monitor run for hours. */
const MAX_CRAWL_DELAY_MS = 30_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials, which fetch also drops when a redirect leaves their origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const ACCEPT_HEADER: Record<Accept, string> = {
  html: 'text/html, application/xhtml+xml',
  feed: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8',
  json: 'application/json',
  any: '*/*',
};
const ACCEPTS: Record<Accept, (type: string) => boolean> = {
  html: (t) => t === 'text/html' || t === 'application/xhtml+xml',
  feed: (t) => ['application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/json', 'application/xml', 'text/xml'].includes(t),
  json: (t) => t === 'application/json' || /^application\/[^/]+\+json$/.test(t),
  any: (t) => t.startsWith('text/') || /^application\/(json|xml|javascript|[^/]+\+(json|xml))$/.test(t),
};
const ACCEPT_WORDS: Record<Accept, string> = { html: 'a web page', feed: 'a feed', json: 'JSON data', any: 'text' };

/** One request as sent on a hop; redirects may turn it into a GET and drop credentials. */
interface Message {
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Exchange extends Message {
  /** null: any answer, binary included (robots.txt, a webhook's reply). */
  accept: Accept[] | null;
  robots: boolean;
  maxBytes: number;
  /** Keep the first maxBytes instead of failing (robots.txt). */
  truncate?: boolean;
}

type Hop = { kind: 'response'; response: OutboundResponse } | { kind: 'redirect'; status: number; location: string };

type Robots = { allows(url: URL): boolean; delayMs: number } | { unreadable: OutboundError };

export class OutboundClient {
  private readonly allowHosts: AllowHosts;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly perHostConcurrency: number;
  private readonly lookup: Lookup;
  private readonly gates = new Map<string, HostGate>();
  private readonly robots = new Map<string, { expires: number; robots: Promise<Robots> }>();

  constructor(options: OutboundOptions) {
    this.allowHosts = options.allowHosts;
    this.userAgent = options.userAgent ?? 'RivalscopeBot/1.0 (+https://rivalscope.example/bot)';
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.perHostConcurrency = options.perHostConcurrency ?? 2;
    this.lookup = options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true }));
  }

  /** Reads a page, feed or document. */
  get(url: string, options: GetOptions = {}): Promise<OutboundResponse> {
    const accept = options.accept ?? ['any'];
    const headers: Record<string, string> = { accept: accept.map((a) => ACCEPT_HEADER[a]).join(', ') };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    return this.exchange(url, { method: 'GET', headers, accept, robots: options.robots ?? true, maxBytes: this.maxBytes });
  }

  /** Delivers a body (a webhook, a chat message); robots.txt is not consulted and the answer may be of any type. */
  send(url: string, options: SendOptions): Promise<OutboundResponse> {
    const headers = { accept: '*/*', ...lowercaseKeys(options.headers ?? {}) };
    return this.exchange(url, { ...options, headers, accept: null, robots: false, maxBytes: this.maxBytes });
  }

  /**
   * Checks, before it is stored, a URL the server will later post to (a webhook, a chat channel's): the rules of
   * checkUrl, https unless its host is allowed, and every address its host resolves to now. Answers the URL parsed.
   */
  async checkDestination(raw: string): Promise<URL> {
    const url = checkUrl(raw, this.allowHosts);
    if (isAllowedHost(url, this.allowHosts)) return url;
    if (url.protocol !== 'https:') throw new OutboundError('scheme', 'Only https:// addresses can be posted to');
    try {
      await this.resolve(url, AbortSignal.timeout(this.timeoutMs));
    } catch (err) {
      if (err instanceof OutboundError) throw err;
      throw new OutboundError('timeout', `The name ${url.hostname} did not resolve within ${seconds(this.timeoutMs)}`, { cause: err });
    }
    return url;
  }

  private async exchange(raw: string, exchange: Exchange): Promise<OutboundResponse> {
    let url = checkUrl(raw, this.allowHosts);
    let message: Message = exchange;
    let remainingMs = this.timeoutMs;
    for (let redirects = 0; ; redirects++) {
      const robots = exchange.robots ? await this.robotsOf(url) : undefined;
      if (robots && 'unreadable' in robots) {
        throw new OutboundError('robots', `Could not read the robots.txt of ${url.host} (${robots.unreadable.message}), so the site is not read for now`, {
          cause: robots.unreadable,
        });
      }
      if (robots && !robots.allows(url)) {
        throw new OutboundError('robots', `The robots.txt of ${url.host} does not allow ${botName(this.userAgent)} to read this page`);
      }
      const gate = this.gateOf(url.host);
      await gate.enter(robots?.delayMs ?? 0);
      const started = performance.now();
      let hop: Hop;
      try {
        hop = await this.hop(url, message, exchange, remainingMs);
      } finally {
        gate.leave();
      }
      remainingMs -= performance.now() - started;
      if (hop.kind === 'response') return hop.response;

      if (redirects === this.maxRedirects) {
        throw new OutboundError('too_many_redirects', `${url.host} redirected more than ${this.maxRedirects} times`);
      }
      // A Location that does not parse, even against this URL, fails in checkUrl as "not a complete web address".
      const next = checkUrl(URL.canParse(hop.location, url.href) ? new URL(hop.location, url).href : hop.location, this.allowHosts);
      // As fetch does: a 303, or a 301/302 answering a POST, is followed with a GET without the body.
      if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && message.method === 'POST')) {
        const { 'content-type': _type, ...headers } = message.headers;
        message = { method: 'GET', headers };
      }
      if (next.origin !== url.origin) {
        message = { ...message, headers: Object.fromEntries(Object.entries(message.headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k))) };
      }
      url = next;
    }
  }

  /** One request and its answer, on a connection of its own to the addresses checked for it. */
  private async hop(url: URL, message: Message, exchange: Exchange, remainingMs: number): Promise<Hop> {
    const signal = AbortSignal.timeout(Math.max(0, Math.round(remainingMs)));
    let agent: Agent | undefined;
    try {
      agent = new Agent({ connect: { lookup: pinned(await this.resolve(url, signal)) } });
      const res = await fetch(url, {
        method: message.method,
        headers: { ...message.headers, 'user-agent': this.userAgent, 'accept-encoding': 'gzip, deflate, br' },
        body: message.body,
        redirect: 'manual',
        signal,
        dispatcher: agent,
      });
      const location = res.headers.get('location');
      if (REDIRECTS.has(res.status) && location) {
        void res.body?.cancel().catch(() => undefined);
        return { kind: 'redirect', status: res.status, location };
      }
      const header = res.headers.get('content-type') ?? '';
      const contentType = header.split(';')[0].trim().toLowerCase();
      const answer = (body: Buffer): Hop => ({
        kind: 'response',
        response: {
          status: res.status,
          url: url.href,
          contentType,
          body,
          text: () => decode(body, /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(header)?.[1]),
          etag: res.headers.get('etag') ?? undefined,
          lastModified: res.headers.get('last-modified') ?? undefined,
          notModified: res.status === 304,
        },
      });
      if (res.status === 304) {
        void res.body?.cancel().catch(() => undefined);
        return answer(Buffer.alloc(0));
      }
      if (res.status < 200 || res.status > 299) {
        void res.body?.cancel().catch(() => undefined);
        const words = STATUS_CODES[res.status];
        throw new OutboundError('http', `${url.host} answered ${res.status}${words ? ` ${words}` : ''}`, {
          status: res.status,
          retryAfter: res.headers.get('retry-after') ?? undefined,
        });
      }
      const accept = exchange.accept;
      if (accept && contentType && !accept.some((a) => ACCEPTS[a](contentType))) {
        void res.body?.cancel().catch(() => undefined);
        throw contentTypeError(url, contentType, accept);
      }
      const body = await readBody(res.body, exchange.maxBytes, exchange.truncate ?? false, url);
      // Without a declared type, the bytes decide (the binary bytes of the WHATWG MIME sniffing standard).
      if (accept && !contentType && looksBinary(body)) throw contentTypeError(url, 'binary data', accept);
      return answer(body);
    } catch (err) {
      if (err instanceof OutboundError) throw err;
      if (signal.aborted) {
        throw new OutboundError('timeout', `${url.host} did not answer within ${seconds(this.timeoutMs)}`, { cause: err });
      }
      throw new OutboundError('network', `${url.host} could not be reached (${networkWords(err)})`, { cause: err });
    } finally {
      await agent?.destroy();
    }
  }

  /** The addresses to connect to for the URL's host: resolved once, each checked unless the host is allowed. */
  private async resolve(url: URL, signal: AbortSignal): Promise<readonly LookupAddress[]> {
    const ip = literalIp(url.hostname);
    // checkUrl has judged an IP host; the connection goes to it without any lookup.
    if (ip) return [{ address: ip, family: isIP(ip) }];
    let addresses: readonly LookupAddress[];
    try {
      addresses = await abortable(this.lookup(url.hostname), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new OutboundError('dns', `The site ${url.hostname} could not be found (its name does not resolve)`, { cause: err });
    }
    if (addresses.length === 0) throw new OutboundError('dns', `The site ${url.hostname} could not be found (its name has no address)`);
    if (!isAllowedHost(url, this.allowHosts)) for (const a of addresses) checkAddress(a.address, url.hostname);
    return addresses;
  }

  /** The origin's robots.txt, read once per ROBOTS_TTL_MS (shared by concurrent requests). */
  private robotsOf(url: URL): Promise<Robots> {
    const now = Date.now();
    const cached = this.robots.get(url.origin);
    if (cached && cached.expires > now) return cached.robots;
    for (const [origin, entry] of this.robots) if (entry.expires <= now) this.robots.delete(origin);
    const entry = { expires: now + ROBOTS_TTL_MS, robots: this.readRobots(url.origin) };
    this.robots.set(url.origin, entry);
    entry.robots.then(
      (robots) => {
        if ('unreadable' in robots) entry.expires = Date.now() + ROBOTS_RETRY_MS;
      },
      () => this.robots.get(url.origin) === entry && this.robots.delete(url.origin),
    );
    return entry.robots;
  }

  private async readRobots(origin: string): Promise<Robots> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const res = await this.exchange(robotsUrl, {
        method: 'GET',
        headers: { accept: 'text/plain, */*;q=0.5' },
        accept: null,
        robots: false,
        maxBytes: ROBOTS_MAX_BYTES,
        truncate: true,
      });
      const parsed = robotsParser(robotsUrl, res.text());
      const delay = Number(parsed.getCrawlDelay(this.userAgent) ?? 0);
      return {
        // robots-parser answers undefined for another origin's URL, which cannot happen here: allowed then.
        allows: (url) => parsed.isAllowed(url.href, this.userAgent) !== false,
        delayMs: Math.min(Math.max(0, delay * 1000) || 0, MAX_CRAWL_DELAY_MS),
      };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.reason === 'http' && err.status! < 500) return { allows: () => true, delayMs: 0 };
      // The site's own host refused or unknown: that is the page's error too, and says more than "robots.txt".
      if (err.reason === 'address' || err.reason === 'dns') throw err;
      return { unreadable: err };
    }
  }

  private gateOf(host: string): HostGate {
    let gate = this.gates.get(host);
    if (!gate) {
      // Forget idle hosts once no crawl delay can still apply to them.
      const now = performance.now();
      for (const [h, g] of this.gates) if (g.idle && now - g.lastEnded > MAX_CRAWL_DELAY_MS) this.gates.delete(h);
      gate = new HostGate(this.perHostConcurrency);
      this.gates.set(host, gate);
    }
    return gate;
  }
}

/** The turns of the requests to one host: at most `limit` at a time; under a crawl delay, one at a time. */
class HostGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  lastEnded = -Infinity;

  constructor(private readonly limit: number) {}

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  /** Waits for a turn, and then until `delayMs` after the previous request to the host ended. */
  async enter(delayMs: number): Promise<void> {
    const limit = delayMs > 0 ? 1 : this.limit;
    while (this.active >= limit) await new Promise<void>((wake) => this.waiting.push(wake));
    this.active++;
    // Timers may fire a millisecond early against performance.now(), hence the loop.
    for (let wait = this.lastEnded + delayMs - performance.now(); wait > 0; wait = this.lastEnded + delayMs - performance.now()) {
      await sleep(Math.ceil(wait));
    }
  }

  leave(): void {
    this.active--;
    this.lastEnded = performance.now();
    // Everyone waiting checks again, in order: a crawl-delayed request needs the host to itself, others do not.
    for (const wake of this.waiting.splice(0)) wake();
  }
}

/** A lookup that answers with the addresses already resolved and checked, so the connection cannot go elsewhere. */
function pinned(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The body, decoded, failing (or cut, for robots.txt) once it passes maxBytes. */
async function readBody(stream: ReadableStream<Uint8Array> | null, maxBytes: number, truncate: boolean, url: URL): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      if (!truncate) throw new OutboundError('too_large', `The answer from ${url.host} is larger than ${megabytes(maxBytes)}`);
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength - (size - maxBytes)));
      return Buffer.concat(chunks);
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
}

function looksBinary(body: Buffer): boolean {
  return body.subarray(0, 1445).some((b) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f));
}

function decode(body: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    // An unknown charset label: UTF-8 reads most of the web.
    return new TextDecoder().decode(body);
  }
}

function contentTypeError(url: URL, got: string, accept: Accept[]): OutboundError {
  const wanted = [...new Set(accept.map((a) => ACCEPT_WORDS[a]))].join(' or ');
  return new OutboundError('content_type', `${url.host} answered with ${got} where ${wanted} was expected`);
}

/** What went wrong on the network, in words, from the error codes of node and undici. */
function networkWords(err: unknown): string {
  let code = '';
  for (let e: unknown = err; e instanceof Error && !code; e = e.cause) code = String((e as NodeJS.ErrnoException).code ?? '');
  if (code === 'ECONNREFUSED') return 'it refused the connection';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'it closed the connection';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'there is no route to it';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'it did not accept the connection in time';
  if (/CERT|TLS|SSL/.test(code)) return 'its security certificate could not be verified';
  return 'the connection failed';
}

/** "RivalscopeBot" of "RivalscopeBot/1.0 (+https://…)", as robots.txt groups name it. */
function botName(userAgent: string): string {
  return userAgent.split('/')[0].trim();
}

function lowercaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : `${(ms / 1000).toFixed(1)} seconds`;
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}
