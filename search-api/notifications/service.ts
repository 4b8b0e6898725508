// Reading one's notifications, marking them read, and following cards. The rows are written by database
// triggers (db/migrations/*_notification_triggers.sql); here they are only read and marked. What a reader
// sees is theirs, in their company, and about what they may still see: a card notification only while
// the card is visible to them (the visibility rule), intel only for curators (the feed is theirs).
import { sql, type SQL } from 'drizzle-orm';
import type { CardFollow, Notification, NotificationsResponse } from '../../contracts/notifications.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { type Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';
import { cardVisibleSql, viewerOf } from '../visibility/index.ts';

/** The reader's own notifications that they may see (alias n). */
function mine(auth: Auth): SQL {
  const viewer = viewerOf(auth);
  return sql`n.user_id = ${auth.user.id} AND n.company_id = ${auth.companyId}
    ${viewer.curator ? sql`` : sql`AND n.kind <> 'intel'`}
    AND (n.kind <> 'card' OR EXISTS (SELECT 1 FROM cards c WHERE c.id = n.target_id AND ${cardVisibleSql(viewer)}))`;
}

const columns = sql`n.id, n.kind, n.title, n.body, n.params, n.url, n.created_at AS "createdAt", n.read_at AS "readAt"`;
const toJson = (r: Notification): Notification => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  readAt: r.readAt ? new Date(r.readAt).toISOString() : null,
});

export async function listNotifications(db: Db, auth: Auth, q: { unread?: boolean; page: number; limit: number }): Promise<NotificationsResponse> {
  const where = sql`${mine(auth)} ${q.unread ? sql`AND n.read_at IS NULL` : sql``}`;
  const [rows, [counts]] = await Promise.all([
    rowsOf<Notification>(
      db,
      sql`SELECT ${columns} FROM notifications n WHERE ${where}
          ORDER BY n.created_at DESC, n.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    ),
    rowsOf<{ total: number; unread: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE ${q.unread ? sql`n.read_at IS NULL` : sql`true`})::int AS total,
                 count(*) FILTER (WHERE n.read_at IS NULL)::int AS unread
          FROM notifications n WHERE ${mine(auth)}`,
    ),
  ]);
  return { notifications: rows.map(toJson), total: counts.total, unread: counts.unread, page: q.page, limit: q.limit };
}

/** The unread count of the counts poll. */
export async function unreadCount(db: Db, auth: Auth): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM notifications n WHERE ${mine(auth)} AND n.read_at IS NULL`);
  return r.n;
}

/** Marks one of the reader's notifications read (a read one keeps its first reading time); 404 for anyone else's. */
export async function markRead(db: Db, auth: Auth, id: number): Promise<Notification> {
  const [row] = await rowsOf<Notification>(
    db,
    sql`UPDATE notifications n SET read_at = coalesce(n.read_at, now()) WHERE n.id = ${id} AND ${mine(auth)} RETURNING ${columns}`,
  );
  if (!row) throw apiError('notification_not_found');
  return toJson(row);
}

export async function markAllRead(db: Db, auth: Auth): Promise<number> {
  const { rowCount } = await db.execute(sql`UPDATE notifications n SET read_at = now() WHERE ${mine(auth)} AND n.read_at IS NULL`);
  return rowCount ?? 0;
}

// ---- card follows

/** 404 unless the reader may see the card: nobody learns of a card by following it. */
async function requireVisibleCard(db: Db, auth: Auth, cardId: number): Promise<void> {
  const [card] = await rowsOf(db, sql`SELECT c.id FROM cards c WHERE c.id = ${cardId} AND ${cardVisibleSql(viewerOf(auth))}`);
  if (!card) throw apiError('card_not_found');
}

export async function followState(db: Db, auth: Auth, cardId: number): Promise<CardFollow> {
  await requireVisibleCard(db, auth, cardId);
  const [row] = await rowsOf(db, sql`SELECT 1 FROM card_follows WHERE user_id = ${auth.user.id} AND card_id = ${cardId}`);
  return { cardId, following: row !== undefined };
}

export async function setFollow(db: Db, auth: Auth, cardId: number, following: boolean): Promise<CardFollow> {
  await requireVisibleCard(db, auth, cardId);
  await db.execute(
    following
      ? sql`INSERT INTO card_follows (company_id, user_id, card_id) VALUES (${auth.companyId}, ${auth.user.id}, ${cardId}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM card_follows WHERE user_id = ${auth.user.id} AND card_id = ${cardId}`,
  );
  return { cardId, following };
}
