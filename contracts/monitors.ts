// HTTP contracts of monitors (issue #52; part 1 §2 /monitors, part 2 §9): a rival's web page or a news feed that
// the product checks on a schedule, turning what changed or what is new into intel items. Curators only: every
// other role gets 403, and every read and write is scoped to the curator's company.
//
//   GET    /api/monitors?page&sort&hasChanged&rivalId&kind&failing  → MonitorPage
//            page (1), 20 a page; sort last_change_at (default, most recent first) | name | created (newest first);
//            hasChanged true (default: only monitors that changed at least once) | false (all);
//            rivalId; kind page | feed; failing true (only monitors whose last check failed)
//   POST   /api/monitors                 MonitorBody → Monitor (201); 400 naming `url` for a bad or refused URL
//   POST   /api/monitors/preview         MonitorPreviewBody → MonitorPreview: fetches once, saves nothing
//   POST   /api/monitors/import          MonitorImportBody (an OPML document) → MonitorImportResult
//   GET    /api/monitors/inbox           → MonitorInbox: the company's intel address, where forwarded email becomes intel
//   GET    /api/monitors/{id}            → Monitor
//   PATCH  /api/monitors/{id}            MonitorPatch (at least one field) → Monitor
//   DELETE /api/monitors/{id}            → 204 (its changes go too; the intel items it made stay in the feed)
//   POST   /api/monitors/{id}/check      → 202 { queued: true }: checks now, paused or not
//   GET    /api/monitors/{id}/changes?page → MonitorChangePage, newest first, 20 a page, each with its diff
import { z } from 'zod';
import { queryInt } from './query.ts';

export const MONITORS_PAGE_SIZE = 20;
export const MONITOR_KINDS = ['page', 'feed'] as const;
export const MONITOR_SORTS = ['last_change_at', 'name', 'created'] as const;
/** Checks every 6 hours unless told otherwise; never more often than every 15 minutes, at least weekly. */
export const MONITOR_INTERVAL = { default: 360, min: 15, max: 7 * 24 * 60 } as const;
export const MONITOR_NAME_MAX = 200;
export const MONITOR_URL_MAX = 2_000;
export const MONITOR_SELECTOR_MAX = 300;
/** An OPML import adds at most this many feeds. */
export const MONITOR_IMPORT_MAX = 500;
/** Days of the changes sparkline of the list. */
export const MONITOR_SPARK_DAYS = 30;

export type MonitorKind = (typeof MONITOR_KINDS)[number];
export type MonitorSort = (typeof MONITOR_SORTS)[number];

/**
 * Why a check failed, in the words of the outbound rules (search-api/outbound) and of the monitor's own checks;
 * the screens say each in words (the `monitors` translation area).
 */
export const MONITOR_ERRORS = [
  'scheme',
  'credentials',
  'address',
  'dns',
  'timeout',
  'too_large',
  'too_many_redirects',
  'content_type',
  'robots',
  'http',
  'network',
  'feed_malformed',
  'selector_not_found',
  'selector_invalid',
  'empty_page',
] as const;
export type MonitorErrorReason = (typeof MONITOR_ERRORS)[number];

/** pending: never checked yet; ok: the last check worked; failing: it did not; paused: not checked on schedule. */
export type MonitorStatus = 'pending' | 'ok' | 'failing' | 'paused';

const url = z.string().trim().min(1, 'is required').max(MONITOR_URL_MAX);
const selector = z.string().trim().min(1).max(MONITOR_SELECTOR_MAX).nullable();
const intervalMinutes = z.number().int().min(MONITOR_INTERVAL.min).max(MONITOR_INTERVAL.max);

export const MonitorBody = z
  .object({
    kind: z.enum(MONITOR_KINDS),
    url,
    rivalId: z.number().int().positive().nullable().default(null),
    name: z.string().trim().min(1).max(MONITOR_NAME_MAX).optional(),
    selector: selector.default(null),
    intervalMinutes: intervalMinutes.default(MONITOR_INTERVAL.default),
  })
  .strict()
  .refine((b) => b.kind === 'page' || b.selector === null, { path: ['selector'], message: 'applies to page monitors only' });
export type MonitorBody = z.output<typeof MonitorBody>;

export const MonitorPatch = z
  .object({
    paused: z.boolean(),
    name: z.string().trim().min(1).max(MONITOR_NAME_MAX),
    rivalId: z.number().int().positive().nullable(),
    selector,
    intervalMinutes,
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'give at least one of paused, name, rivalId, selector, intervalMinutes' });
export type MonitorPatch = z.output<typeof MonitorPatch>;

/** Without a kind the preview says what the URL is: a feed, or a page (and the feed a page links to, if any). */
export const MonitorPreviewBody = z.object({ url, kind: z.enum(MONITOR_KINDS).optional(), selector: selector.optional() }).strict();
export type MonitorPreviewBody = z.output<typeof MonitorPreviewBody>;

export const MonitorImportBody = z
  .object({ opml: z.string().min(1, 'is required').max(2_000_000), rivalId: z.number().int().positive().nullable().default(null) })
  .strict();
export type MonitorImportBody = z.output<typeof MonitorImportBody>;

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const MonitorsQuery = z
  .object({
    page: queryInt(1, 1_000_000).default(1),
    sort: z.enum(MONITOR_SORTS).default('last_change_at'),
    hasChanged: bool.default(true),
    rivalId: queryInt(1, 2_147_483_647).optional(),
    kind: z.enum(MONITOR_KINDS).optional(),
    failing: bool.optional(),
  })
  .strict();
export type MonitorsQuery = z.output<typeof MonitorsQuery>;

export const MonitorChangesQuery = z.object({ page: queryInt(1, 1_000_000).default(1) }).strict();

export type MonitorError = { reason: MonitorErrorReason; message: string; status: number | null; at: string };

export type Monitor = {
  id: number;
  kind: MonitorKind;
  url: string;
  name: string;
  rival: { id: number; name: string } | null;
  selector: string | null;
  intervalMinutes: number;
  paused: boolean;
  status: MonitorStatus;
  lastCheckAt: string | null;
  lastChangeAt: string | null;
  nextCheckAt: string | null;
  /** The last check's failure, while it lasts. */
  error: MonitorError | null;
  /** Changes (pages) or new entries (feeds) of each of the last MONITOR_SPARK_DAYS days, oldest first. */
  changesByDay: number[];
  intelCount: number;
  createdAt: string;
};

export type MonitorPage = { items: Monitor[]; total: number; page: number; limit: number };

/** A stretch of a page's text in a change: kept, added or removed. `same` with text '…' stands for skipped text. */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

export type MonitorChange = {
  id: number;
  at: string;
  title: string;
  /** Page changes: the inline diff. Feed entries: null. */
  parts: DiffPart[] | null;
  addedSentences: string[];
  removedSentences: string[];
  /** The entry's or page's link. */
  link: string | null;
  /** The intel item it made or joined as a source (null when it was not significant or the item is gone). */
  intel: { id: number; title: string; state: string } | null;
};

export type MonitorChangePage = { items: MonitorChange[]; total: number; page: number; limit: number };

export type MonitorPreview = {
  kind: MonitorKind;
  /** Where the URL led, after redirects. */
  url: string;
  title: string;
  /** Pages: the text that will be watched (its first blocks). */
  text: string[];
  /** Feeds: the newest entries. */
  entries: { title: string; link: string | null; publishedAt: string | null }[];
  /** A page that announces a feed (<link rel="alternate">): its URL, to offer a feed monitor instead. */
  feedUrl: string | null;
  /** The rival whose name or alias the title or text names most, if any. */
  suggestedRival: { id: number; name: string } | null;
};

export type MonitorImportResult = { created: number; skipped: { url: string; reason: 'duplicate' | 'refused' | 'limit'; message: string }[] };

/** Intel by email: mail from one of the company's users to `address` becomes an intel item (channel email). */
export type MonitorInbox = { address: string; listening: boolean };
