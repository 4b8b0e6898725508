// HTTP contracts of news for sellers (part 1 §2 /feed, §4 board update polling, §6 unread state; part 2 §2
// /profile/{id}/news): the published intel everyone in the company may read, one rival's news (its published
// intel and its cards' changes), unread counts per board, and a board's last change.
//
//   GET /api/feed.json                 q, rivalIds, topics, dateRange, offset, size → FeedPage
//       q=<text>                       the same query semantics as card search (graded terms, synonyms, typos)
//       rivalIds=1,2  topics=a,b       comma lists: items about any of those rivals, with any of those topics
//       dateRange=<preset>             allTime (default), today, yesterday, last2Days, last7Days, last30Days, last90Days
//       offset=<n>&size=<1..50>        paging (size 20 by default; offset + size ≤ 10 000)
//   GET /api/feed/{intelId}.json       → FeedItemDetail (the curated title, summary, source link, related cards)
//   GET /api/feed/topics.json          → {topics: [{name, count}]}: the topics of published items, for the filter
//   GET /api/profiles/{id}/news.json   offset, size → ProfileNewsPage (published intel and card changes, newest first)
//   GET /api/news/unread.json          → UnreadCounts: news per board since the reader last opened its news
//   GET /api/profiles/{id}/updated.json → BoardUpdated: when the board (lanes, cards, battlecards) last changed
//
// Published intel is for everyone in its company; card changes follow the card visibility rule.
import { z } from 'zod';
import type { IntelPriority } from './intel.ts';
import { DATE_PRESETS } from './search.ts';
import { DAY_MS } from './time.ts';

export const FEED_PAGE_SIZE = 20;
export const FEED_MAX_SIZE = 50;
export const FEED_MAX_WINDOW = 10_000;
/** News counts as unread for this many days at most: a board never opened does not show a year of news. */
export const UNREAD_DAYS = 30;
/** A badge shows at most this number, then "99+" (part 2 §9 notification badge max 99). */
export const UNREAD_BADGE_MAX = 99;
/** How often an open board asks whether it changed (part 1 §9 board update poll). */
export const BOARD_POLL_MS = 120_000;

const list = <T extends z.ZodTypeAny>(name: string, item: T, max: number) =>
  z
    .string()
    .max(4000)
    .transform((s, ctx) => {
      const parts = [...new Set(s.split(',').map((p) => p.trim()).filter(Boolean))];
      if (parts.length > max) {
        ctx.addIssue({ code: 'custom', message: `${name} takes at most ${max} values` });
        return z.NEVER;
      }
      const out: z.infer<T>[] = [];
      for (const p of parts) {
        const parsed = item.safeParse(p);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `${name}: "${p}" ${parsed.error.issues[0].message}` });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return out;
    });

const pageOf = (defaultSize: number, maxSize: number) => ({
  offset: z.coerce.number().int().min(0).max(FEED_MAX_WINDOW).default(0),
  size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});
const withinWindow = (q: { offset: number; size: number }, ctx: z.RefinementCtx) => {
  if (q.offset + q.size > FEED_MAX_WINDOW) ctx.addIssue({ code: 'custom', path: ['offset'], message: `offset + size must not exceed ${FEED_MAX_WINDOW}` });
};

export const FeedQuery = z
  .object({
    q: z.string().max(500).default(''),
    rivalIds: list('rivalIds', z.coerce.number({ message: 'is not an id' }).int('is not an id').positive('is not an id').max(2_147_483_647), 100).optional(),
    topics: list('topics', z.string().max(100, 'is too long'), 50).optional(),
    dateRange: z.enum(DATE_PRESETS).default('allTime'),
    ...pageOf(FEED_PAGE_SIZE, FEED_MAX_SIZE),
  })
  .strict()
  .superRefine(withinWindow);
export type FeedQuery = z.infer<typeof FeedQuery>;

export const ProfileNewsQuery = z.object(pageOf(FEED_PAGE_SIZE, FEED_MAX_SIZE)).strict().superRefine(withinWindow);
export type ProfileNewsQuery = z.infer<typeof ProfileNewsQuery>;

export type Ref = { id: number; name: string };
export type RivalRef = Ref & { profileId: number | null };

/** What a seller reads of any published intel item, in the list and in its detail. */
type PublishedItem = {
  id: number;
  /** The curated title when a curator wrote one, else the item's own. */
  title: string;
  source: string | null;
  permalink: string | null;
  priority: IntelPriority | null;
  topics: string[];
  /** profileId: the rival's board, or null when the reader may not open it (a draft rival, for a seller). */
  rivals: RivalRef[];
  publishedAt: string;
};

/** One published intel item as a seller reads it in a list. */
export type FeedItem = PublishedItem & {
  /** The title, <em>-highlighted and HTML-escaped. */
  titleHtml: string;
  /** The curated summary (or a fragment around the matched terms), <em>-highlighted and HTML-escaped. */
  summaryHtml: string | null;
};

export type FeedPage = {
  items: FeedItem[];
  total: number;
  /** 'any' when q has several terms and no item matches them all (the list shows near misses only). */
  matched: 'all' | 'any';
  offset: number;
  size: number;
  /** As search's (contracts/search.ts): a first page with terms is recorded for search analytics under this id. */
  searchId?: string;
};

export type RelatedCard = { id: number; title: string; board: { id: number; name: string; profileId: number }; rival: Ref };

export type FeedItemDetail = PublishedItem & {
  summary: string | null;
  /** The reader's cards about the item's rivals that best match its title (card visibility applies). */
  relatedCards: RelatedCard[];
};

export type FeedTopics = { topics: { name: string; count: number }[] };

/** One entry of a rival's news: a published intel item, or a card created or changed. */
export type ProfileNewsItem =
  | { kind: 'intel'; id: number; title: string; summary: string | null; source: string | null; permalink: string | null; at: string }
  | { kind: 'card'; id: number; title: string; board: { id: number; name: string }; change: 'created' | 'updated'; at: string };

export type ProfileNewsPage = { profileId: number; rival: Ref; items: ProfileNewsItem[]; hasMore: boolean; offset: number; size: number };

/** Unread news per profile (board) the reader may see, keyed by profile id; profiles with none are left out. */
export type UnreadCounts = { counts: Record<string, number> };

export type BoardUpdated = { profileId: number; updatedAt: string | null };

/** The reader's last visit of a profile's news (userData.boardNewsVisits[profileId]), or null when none is a date. */
export function lastNewsVisit(userData: Record<string, unknown> | undefined, profileId: number): string | null {
  const visits = userData?.boardNewsVisits;
  const at = visits && typeof visits === 'object' ? (visits as Record<string, unknown>)[String(profileId)] : undefined;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null;
}

/** When news on a profile starts counting as unread (ms): the last visit, at most UNREAD_DAYS before now. */
export function unreadSince(lastVisit: string | null, now: Date): number {
  const floor = now.getTime() - UNREAD_DAYS * DAY_MS;
  return lastVisit === null ? floor : Math.max(Date.parse(lastVisit), floor);
}

/** Whether a news entry dated `at` is unread, as the server's unread counts count it. */
export const isUnread = (at: string, lastVisit: string | null, now: Date): boolean => Date.parse(at) > unreadSince(lastVisit, now);

/** The badge text for a count: nothing for 0, "99+" past the maximum. */
export const badgeText = (n: number): string | null => (n <= 0 ? null : n > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(n));
