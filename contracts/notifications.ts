// HTTP contracts of notifications (part 1 §2 /notifications, §7 GET /notifications/counts.json) and card follows.
// Notifications are written by database triggers (db/migrations/*_notification_triggers.sql, with their words'
// params since 0022_notification_params.sql): new intel on a rival one curates, a job of one's own that ended, an
// accepted invitation one sent, a followed card that changed. The unread count rides on the counts poll
// (NotificationCounts.notifications in contracts/account.ts).
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['intel', 'job', 'invitation', 'card', 'integration'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Page size of GET /api/notifications.json, and of the bell's popover. */
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
export const BELL_LATEST = 8;

/**
 * What a notification's words are made of, by kind. The server sends these rather than sentences: the web app already
 * renders notifications and composes their title and detail from its own strings, in the reader's language. Names
 * (rivals, people, cards, boards) are as their authors wrote them.
 */
export type NotificationParams = {
  intel: { rivals: string[] };
  job: { job: 'intelUpdate' | 'boardCreation' | 'reviewImport'; state: 'completed' | 'failed' | 'cancelled'; total: number; done: number; failed: number };
  invitation: { name: string };
  /** editor: null for a change made outside any request. */
  card: { card: string; editor: string | null; rival: string; board: string };
  /** To admins: a chat integration stopped working (its token revoked, the app removed), or a webhook endpoint was
   * turned off after failing for a day. name: the workspace or the endpoint's URL host; reason: as the peer said it. */
  integration: { target: 'slack' | 'teams' | 'webhook'; name: string; reason: string };
};

export type Notification = {
  [K in NotificationKind]: {
    id: number;
    kind: K;
    /** The English words written with it: what is shown when params is null (rows from before params were kept). */
    title: string;
    body: string | null;
    params: NotificationParams[K] | null;
    /** A path in the app to open. */
    url: string | null;
    createdAt: string;
    readAt: string | null;
  };
}[NotificationKind];

/** GET /api/notifications.json: newest first; `unread=true` lists only unread ones. */
export const NotificationsQuery = z
  .object({
    unread: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  })
  .strict();

export type NotificationsResponse = {
  notifications: Notification[];
  /** How many the filter matches, and how many are unread in all. */
  total: number;
  unread: number;
  page: number;
  limit: number;
};

/** POST /api/notifications/read_all: how many were marked read. */
export type ReadAllResponse = { updated: number };

/** GET, PUT and DELETE /api/cards/{id}/follow.json. */
export type CardFollow = { cardId: number; following: boolean };
