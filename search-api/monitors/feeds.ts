// A monitored feed's entries, whatever its format (RSS 2.0, Atom 1.0, RSS 1.0/RDF, JSON Feed), in one shape; the feeds
// of an OPML export; and the canonical form of a link, which de-duplicates entries and feeds.
//
// Entities: feedsmith reads XML without expanding DOCTYPE entities (fast-xml-parser with processEntities off) and
// decodes only the predefined and HTML ones, so a "billion laughs" document stays as small as it was sent.
import { createHash } from 'node:crypto';
import { parseFeed as parseAnyFeed, parseOpml as parseAnyOpml, type AnyFeed } from 'feedsmith';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { MonitorTextError } from './errors.ts';

export type FeedEntry = {
  /** The entry's id in its feed: its guid or id, else its canonical link, else a hash of its title and date. */
  guid: string;
  link?: string;
  title: string;
  /** Plain text, at most SUMMARY_CHARS characters. */
  summary: string;
  /** The entry's HTML as the feed sent it (unsanitized: sanitize before display). */
  contentHtml?: string;
  /** ISO 8601. */
  publishedAt?: string;
};
export type Feed = { title: string; link?: string; entries: FeedEntry[] };

export const SUMMARY_CHARS = 600;

export function parseFeed(text: string): Feed {
  let parsed: AnyFeed;
  try {
    parsed = parseAnyFeed(text);
  } catch (e) {
    const name = (e as Error).name;
    const why =
      name === 'MalformedError' ? 'its XML is malformed'
      : name === 'ParseError' ? 'it has no channel or feed element'
      : /^\s*\{/.test(text) && !isJson(text) ? 'its JSON is malformed'
      : 'it is not an RSS, Atom, RDF or JSON feed';
    throw new MonitorTextError('feed_malformed', `The feed cannot be read: ${why}`, { cause: e });
  }
  switch (parsed.format) {
    case 'rss': {
      const f = parsed.feed;
      return feed(f.title, f.link, (f.items ?? []).map((i) => entry(i.guid?.value, i.link, i.title, i.description, i.content?.encoded, i.pubDate ?? i.dc?.dates?.[0])));
    }
    case 'rdf': {
      const f = parsed.feed;
      return feed(f.title, f.link, (f.items ?? []).map((i) => entry(i.rdf?.about, i.link, i.title, i.description, i.content?.encoded, i.dc?.dates?.[0])));
    }
    case 'atom': {
      const f = parsed.feed;
      return feed(f.title?.value, alternate(f.links), (f.entries ?? []).map((e) => {
        const html = e.content?.value && e.content.type !== 'text' ? e.content.value : undefined;
        return entry(e.id, alternate(e.links), e.title?.value, e.summary?.value ?? (html ? undefined : e.content?.value), html, e.published ?? e.updated);
      }));
    }
    case 'json': {
      const f = parsed.feed;
      return feed(f.title, f.home_page_url, (f.items ?? []).map((i) => entry(i.id, i.url ?? i.external_url, i.title, i.summary ?? i.content_text, i.content_html, i.date_published ?? i.date_modified)));
    }
  }
}

/** The feeds of an OPML file: nested outlines flattened, http(s) xmlUrls only, each feed once (by canonical link). */
export function parseOpml(text: string): { title: string; url: string }[] {
  let outlines;
  try {
    outlines = parseAnyOpml(text).body?.outlines ?? [];
  } catch (e) {
    throw new MonitorTextError('feed_malformed', 'The OPML file cannot be read: it is not well-formed OPML', { cause: e });
  }
  const out = new Map<string, { title: string; url: string }>();
  const visit = (list: typeof outlines) => {
    for (const o of list) {
      const url = o.xmlUrl?.trim();
      if (url && /^https?:\/\//i.test(url) && URL.canParse(url) && !out.has(canonicalLink(url))) {
        out.set(canonicalLink(url), { title: plain(o.title ?? o.text ?? '') || url, url });
      }
      visit(o.outlines ?? []);
    }
  };
  visit(outlines);
  return [...out.values()];
}

/** Tracking parameters, which do not change what a link points to. */
const TRACKING = /^(utm_.*|fbclid|gclid)$/i;

/** A link as de-duplication compares it: host in lower case, no fragment, no tracking parameters or trailing slash, parameters sorted. */
export function canonicalLink(url: string): string {
  if (!URL.canParse(url.trim())) return url.trim();
  const u = new URL(url.trim());
  u.hash = '';
  const params = [...u.searchParams].filter(([k]) => !TRACKING.test(k)).sort(([k1, v1], [k2, v2]) => (k1 === k2 ? cmp(v1, v2) : cmp(k1, k2)));
  u.search = new URLSearchParams(params).toString();
  if (u.pathname.length > 1 && u.pathname.endsWith('/')) u.pathname = u.pathname.replace(/\/+$/, '');
  return u.toString();
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function feed(title: string | undefined, link: string | undefined, entries: FeedEntry[]): Feed {
  return { title: plain(title ?? ''), ...(link?.trim() ? { link: link.trim() } : {}), entries };
}

function entry(id: string | undefined, link: string | undefined, rawTitle: string | undefined, summaryHtml: string | undefined, contentHtml: string | undefined, date: string | undefined): FeedEntry {
  const title = plain(rawTitle ?? '');
  const href = link?.trim() ? canonicalLink(link) : undefined;
  const publishedAt = isoDate(date);
  const guid = id?.trim() || href || createHash('sha256').update(`${title}\n${date ?? ''}`).digest('hex').slice(0, 32);
  return {
    guid,
    ...(href ? { link: href } : {}),
    title,
    summary: truncate(plain(summaryHtml ?? contentHtml ?? ''), SUMMARY_CHARS),
    ...(contentHtml?.trim() ? { contentHtml } : {}),
    ...(publishedAt ? { publishedAt } : {}),
  };
}

/** The link to the entry (or site) itself: rel="alternate" or no rel, else the first. */
const alternate = (links: { href?: string; rel?: string }[] | undefined) => (links?.find((l) => !l.rel || l.rel === 'alternate') ?? links?.[0])?.href;

/** HTML or text as one line of plain text. */
const plain = (html: string) => htmlToText(html).replace(/\s+/g, ' ').trim();

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isoDate(raw: string | undefined): string | undefined {
  const time = raw ? Date.parse(raw.trim()) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

/** At most max characters, cut at a word with an ellipsis. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
