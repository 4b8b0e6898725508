// The CPU part of a check or a preview: a fetched body read as a page (its text, the feed it announces, and its change
// since the last snapshot) or as a feed. It runs on the monitors' threads (source.ts), so parsing a large page does not
// block the requests the API serves meanwhile; a thread answers a malformed body or a bad selector as a value, since
// only a plain Error crosses back from a thread.
import { parseHTML } from 'linkedom';
import type { PageSnapshot } from '../../db/schema/monitors.ts';
import { diffPage, isSignificant, type PageDiff } from './diff.ts';
import { MonitorTextError, type MonitorTextErrorCode } from './errors.ts';
import { pageText } from './extract.ts';
import { parseFeed, type Feed } from './feeds.ts';

/** before: the last check's snapshot, to diff the page with. */
export type ParseRequest =
  | { kind: 'feed'; text: string }
  | { kind: 'page'; html: string; url: string; selector: string | null; before: PageSnapshot | null };

/** change: null on a first check or when the comparable text is the same; significant: worth reporting (isSignificant). */
export type PageChange = { diff: PageDiff; significant: boolean };

export type Parsed =
  | { kind: 'feed'; feed: Feed }
  | { kind: 'page'; snapshot: PageSnapshot; feedUrl: string | null; change: PageChange | null }
  | { kind: 'failed'; code: MonitorTextErrorCode; message: string };

export function parseBody(req: ParseRequest): Parsed {
  try {
    if (req.kind === 'feed') return { kind: 'feed', feed: parseFeed(req.text) };
    const snapshot = pageText(req.html, { selector: req.selector ?? undefined, url: req.url });
    return { kind: 'page', snapshot, feedUrl: announcedFeed(req.html, req.url), change: pageChange(req.before, snapshot) };
  } catch (e) {
    if (e instanceof MonitorTextError) return { kind: 'failed', code: e.code, message: e.message };
    throw e;
  }
}

function pageChange(before: PageSnapshot | null, after: PageSnapshot): PageChange | null {
  if (!before || before.comparable.join('\n') === after.comparable.join('\n')) return null;
  const diff = diffPage(before, after);
  return { diff, significant: isSignificant(diff) };
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
