// HTTP contracts of notifications (part 1 §2 /notifications, §7 GET /notifications/counts.json) and card follows.
// Notifications are written by database triggers (db/migrations/*_notification_triggers.sql): new intel on a
// rival one curates, a job of one's own that ended, an accepted invitation one sent, a followed card that
// changed. The unread count rides on the counts poll (NotificationCounts.notifications in contracts/account.ts).
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['intel', 'job', 'invitation', 'card'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Page size of GET /api/notifications.json, and of the bell's popover. */
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
export const BELL_LATEST = 8;

export type Notification = {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  /** A path in the app to open. */
  url: string | null;
  createdAt: string;
  readAt: string | null;
};

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
