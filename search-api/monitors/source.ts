// Reads what a monitor watches, through the one outbound client: a page as its readable text, a feed as its
// entries. Preview, the first check and every later one read the same way, so what a curator is shown before
// saving is what will be watched.
import { parseHTML } from 'linkedom';
import type { MonitorKind } from '../../contracts/monitors.ts';
import type { PageSnapshot } from '../../db/schema/monitors.ts';
import type { OutboundClient, OutboundResponse } from '../outbound/client.ts';
import { pageText } from './extract.ts';
import { parseFeed, type FeedEntry } from './feeds.ts';

export type Feed = { title: string; link?: string; entries: FeedEntry[] };

export type SourceRead =
  | { kind: 'page'; url: string; notModified: false; snapshot: PageSnapshot; feedUrl: string | null; etag: string | null; lastModified: string | null }
  | { kind: 'feed'; url: string; notModified: false; feed: Feed; etag: string | null; lastModified: string | null }
  | { kind: MonitorKind; url: string; notModified: true };

const FEED_TYPES = /(rss|atom|feed\+json|[/+]xml|json)/i;

/**
 * Fetches `url` once. `kind` undefined (a preview that does not know yet) reads a feed when the answer is one,
 * else a page. Conditional validators from the last check make an unchanged answer a cheap 304.
 */
export async function readSource(
  outbound: OutboundClient,
  url: string,
  opts: { kind?: MonitorKind; selector?: string | null; etag?: string | null; lastModified?: string | null } = {},
): Promise<SourceRead> {
  const accept = opts.kind === 'page' ? (['html'] as const) : opts.kind === 'feed' ? (['feed'] as const) : (['html', 'feed'] as const);
  const res = await outbound.get(url, { accept: [...accept], etag: opts.etag ?? undefined, lastModified: opts.lastModified ?? undefined });
  const kind = opts.kind ?? (isFeedAnswer(res) ? 'feed' : 'page');
  if (res.notModified) return { kind, url: res.url, notModified: true };
  const validators = { etag: res.etag ?? null, lastModified: res.lastModified ?? null };
  const text = res.text();
  if (kind === 'feed') return { kind, url: res.url, notModified: false, feed: parseFeed(text), ...validators };
  return { kind, url: res.url, notModified: false, snapshot: pageText(text, { selector: opts.selector ?? undefined, url: res.url }), feedUrl: announcedFeed(text, res.url), ...validators };
}

function isFeedAnswer(res: OutboundResponse): boolean {
  if (/html/i.test(res.contentType)) return false;
  return FEED_TYPES.test(res.contentType);
}

/** The feed a page announces in its head (<link rel="alternate" type="application/rss+xml" href="…">), absolute. */
export function announcedFeed(html: string, base: string): string | null {
  // The head is enough, and a fraction of a large page to parse.
  const end = html.search(/<\/head>/i);
  const { document } = parseHTML(end >= 0 ? html.slice(0, end) + '</head></html>' : html.slice(0, 65_536));
  const link = document.querySelector('link[rel~="alternate"][type*="rss"], link[rel~="alternate"][type*="atom"], link[rel~="alternate"][type*="feed+json"]');
  const href = link?.getAttribute('href');
  if (!href) return null;
  try {
    const abs = new URL(href, base);
    return abs.protocol === 'http:' || abs.protocol === 'https:' ? abs.toString() : null;
  } catch {
    return null;
  }
}
