// Reads what a monitor watches, through the one outbound client: a page as its readable text, a feed as its
// entries. Preview, the first check and every later one read the same way, so what a curator is shown before
// saving is what will be watched. The body is parsed on the monitors' threads (parse.ts), not the API's.
import os from 'node:os';
import type { MonitorKind } from '../../contracts/monitors.ts';
import type { PageSnapshot } from '../../db/schema/monitors.ts';
import type { OutboundClient, OutboundResponse } from '../outbound/client.ts';
import { ThreadPool, threadStats } from '../threads/pool.ts';
import { MonitorTextError } from './errors.ts';
import type { Feed } from './feeds.ts';
import { parseBody, type PageChange, type Parsed, type ParseRequest } from './parse.ts';

export type SourceRead =
  | { kind: 'page'; url: string; notModified: false; snapshot: PageSnapshot; change: PageChange | null; feedUrl: string | null; etag: string | null; lastModified: string | null }
  | { kind: 'feed'; url: string; notModified: false; feed: Feed; etag: string | null; lastModified: string | null }
  | { kind: MonitorKind; url: string; notModified: true };

const FEED_TYPES = /(rss|atom|feed\+json|[/+]xml|json)/i;

/** Of the monitors' threads (a job is a body). */
export const parserStats = threadStats();
/** Leaves a core to the API's thread; checks come every few milliseconds during a cycle, so threads rarely idle out. */
const parsers = new ThreadPool<ParseRequest, Parsed>(new URL('./parse-worker.ts', import.meta.url), Math.max(1, Math.min(4, os.availableParallelism() - 1)), {
  name: 'monitors',
  idleMs: 30_000,
  stats: parserStats,
});

/**
 * Fetches `url` once. `kind` undefined (a preview that does not know yet) reads a feed when the answer is one,
 * else a page. Conditional validators from the last check make an unchanged answer a cheap 304. A page is compared
 * with `before` (the last check's snapshot) into `change`.
 */
export async function readSource(
  outbound: OutboundClient,
  url: string,
  opts: { kind?: MonitorKind; selector?: string | null; etag?: string | null; lastModified?: string | null; before?: PageSnapshot | null } = {},
): Promise<SourceRead> {
  const accept = opts.kind === 'page' ? (['html'] as const) : opts.kind === 'feed' ? (['feed'] as const) : (['html', 'feed'] as const);
  const res = await outbound.get(url, { accept: [...accept], etag: opts.etag ?? undefined, lastModified: opts.lastModified ?? undefined });
  const kind = opts.kind ?? (isFeedAnswer(res) ? 'feed' : 'page');
  if (res.notModified) return { kind, url: res.url, notModified: true };
  const validators = { etag: res.etag ?? null, lastModified: res.lastModified ?? null };
  const text = res.text();
  const req: ParseRequest = kind === 'feed' ? { kind, text } : { kind, html: text, url: res.url, selector: opts.selector ?? null, before: opts.before ?? null };
  const parsed = await parsers.run(req, parseBody);
  if (parsed.kind === 'failed') throw new MonitorTextError(parsed.code, parsed.message);
  if (parsed.kind === 'feed') return { kind: 'feed', url: res.url, notModified: false, feed: parsed.feed, ...validators };
  return { kind: 'page', url: res.url, notModified: false, snapshot: parsed.snapshot, change: parsed.change, feedUrl: parsed.feedUrl, ...validators };
}

function isFeedAnswer(res: OutboundResponse): boolean {
  if (/html/i.test(res.contentType)) return false;
  return FEED_TYPES.test(res.contentType);
}
