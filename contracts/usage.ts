// Usage events (part 1 §2 Reports, §9 analytics constants; part 3 §9): what the web app tells the collector, and
// what the server records on its own, for the usage, curator and search reports (contracts/reports.ts).
//
//   POST /api/events(.json)   {events: UsageEventInput[]} (1..COLLECTOR_MAX_EVENTS)   → 202 {accepted}
//     Every event is recorded as the signed-in user, with their role and company: an event that names another
//     userId is refused (403) and a bad one answers 400 naming it (events.3.cardId); either way nothing of the
//     request is stored. 202 means stored in PostgreSQL: concurrent requests share one write, so the answer
//     comes within COLLECTOR_FLUSH_MS plus that write. The web app sends with keepalive and never waits on it.
//   GET  /api/r/{digestId}?url=…   a digest link: records digestClick, then redirects to the product URL
//   GET  /api/r/{digestId}/open.gif a digest open: records digestOpen, answers a 1×1 GIF
import { z } from 'zod';

/** Page views are recorded once the route has stayed put this long (part 3 §9). */
export const PAGE_VIEW_DEBOUNCE_MS = 500;
/** A visit's length is counted in heartbeats of this many seconds while the tab is visible (part 1 §9). */
export const HEARTBEAT_SECONDS = 10;
/** A visit shorter than this is not a visit (part 1 §9). */
export const MIN_VISIT_SECONDS = 30;
/** A share-link copy is tracked at most once per this many ms per reader and target (part 3 §9). */
export const SHARE_TRACK_THROTTLE_MS = 5_000;
export const COLLECTOR_MAX_EVENTS = 100;
/** The longest the collector holds a request to write it together with others. */
export const COLLECTOR_FLUSH_MS = 100;
/** The web app sends what it has collected this often, and at once when the page is hidden. */
export const CLIENT_SEND_EVERY_MS = 10_000;

/** Where a card was opened from. */
export const CARD_VIEW_SOURCES = ['search', 'board', 'battlecard', 'ask', 'digest', 'feed', 'dynamicBoard', 'landing', 'link'] as const;
export type CardViewSource = (typeof CARD_VIEW_SOURCES)[number];
/** The search contexts a query is recorded under. */
export const SEARCH_CONTEXTS = ['cards', 'intel', 'feed', 'ask', 'deals', 'files'] as const;
export type SearchContext = (typeof SEARCH_CONTEXTS)[number];
export const SHARE_TARGETS = ['card', 'battlecard', 'board', 'landing', 'search'] as const;
export const SUGGESTION_KINDS = ['completion', 'card', 'tag', 'battlecard', 'rival', 'board', 'recent'] as const;

const id = z.number().int().positive();
const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const uuid = z.string().uuid();

const base = {
  /** When it happened, by the browser's clock; the server clamps it to the last 24 hours and never the future. */
  at: z.string().datetime({ offset: true }).optional(),
  /** Events are always the sender's own: a userId, when given, must be the signed-in user's. */
  userId: id.optional(),
};

/** What the web app may send. */
export const UsageEventInput = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('pageView'), path: text(300), route: text(60) }).strict(),
  /** A visit's heartbeats: `seconds` since the last report of this visit; `first` on the report that makes it a visit. */
  z.object({ ...base, kind: z.literal('visit'), visitId: uuid, seconds: z.number().int().min(1).max(3_600), first: z.boolean() }).strict(),
  z.object({ ...base, kind: z.literal('cardView'), cardId: id, source: z.enum(CARD_VIEW_SOURCES) }).strict(),
  z.object({ ...base, kind: z.literal('battlecardView'), battlecardId: id }).strict(),
  z.object({ ...base, kind: z.literal('profileView'), profileId: id }).strict(),
  /** The first result opened from a search (searchId from /api/search.json); rank counts from 1. */
  z.object({ ...base, kind: z.literal('searchOpen'), searchId: uuid, query: text(500), context: z.enum(SEARCH_CONTEXTS), rank: z.number().int().min(1).max(10_000), cardId: id.optional() }).strict(),
  z.object({ ...base, kind: z.literal('suggestionPick'), query: text(500), suggestion: z.enum(SUGGESTION_KINDS) }).strict(),
  z.object({ ...base, kind: z.literal('shareCopy'), target: z.enum(SHARE_TARGETS), targetId: id.optional() }).strict(),
]);
export type UsageEventInput = z.output<typeof UsageEventInput>;

export const CollectorBody = z
  .object({ events: z.array(UsageEventInput).min(1, 'is empty').max(COLLECTOR_MAX_EVENTS, `has more than ${COLLECTOR_MAX_EVENTS} events`) })
  .strict();

/** What only the server records (from the request that did it). */
export type ServerUsageEvent =
  | { kind: 'search'; searchId: string; query: string; context: SearchContext; results: number }
  | { kind: 'askQuestion'; answerId: number }
  | { kind: 'askFeedback'; answerId: number; positive: boolean }
  | { kind: 'intelSubmitted'; intelId: number }
  | { kind: 'intelTriaged'; intelId: number; seconds: number }
  | { kind: 'intelPublished'; intelId: number }
  | { kind: 'cardCreated'; cardId: number }
  | { kind: 'cardUpdated'; cardId: number }
  | { kind: 'digestSent'; digestId: number; recipients: number }
  | { kind: 'digestOpen'; digestId: number }
  | { kind: 'digestClick'; digestId: number; url: string };

export type UsageEvent = UsageEventInput | ServerUsageEvent;
export type UsageKind = UsageEvent['kind'];

/** Every kind, in the order reports list them. */
export const USAGE_KINDS = [
  'pageView', 'visit', 'cardView', 'battlecardView', 'profileView', 'search', 'searchOpen', 'suggestionPick', 'shareCopy',
  'askQuestion', 'askFeedback', 'intelSubmitted', 'intelTriaged', 'intelPublished', 'cardCreated', 'cardUpdated',
  'digestSent', 'digestOpen', 'digestClick',
] as const satisfies readonly UsageKind[];

/** A search's query as it is counted: trimmed, lower case, inner spaces collapsed. */
export const normalizeQuery = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
