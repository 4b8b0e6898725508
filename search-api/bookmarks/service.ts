// Bookmarks of one user (part 1 §7): list (optionally those of one path), add, rename or move, delete. A URL is
// bookmarked once per user, and a user keeps at most BOOKMARKS_MAX; both are checked under a per-user lock so
// two tabs saving at once cannot get past them.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { BOOKMARKS_MAX, type Bookmark, type BookmarkBody } from '../../contracts/bookmarks.ts';
import type { Db } from '../../db/client.ts';
import { bookmarks } from '../../db/schema.ts';
import { fieldError } from '../errors.ts';

type Owner = { userId: number; companyId: number };

const columns = { id: bookmarks.id, name: bookmarks.name, url: bookmarks.url };
const mine = (o: Owner) => and(eq(bookmarks.userId, o.userId), eq(bookmarks.companyId, o.companyId));

export function listBookmarks(db: Db, o: Owner, path?: string): Promise<Bookmark[]> {
  const where = path ? and(mine(o), eq(bookmarks.url, path)) : mine(o);
  return db.select(columns).from(bookmarks).where(where).orderBy(asc(bookmarks.name), asc(bookmarks.id));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serializes one user's bookmark writes, so the checks below hold when two tabs save at once. */
const lockOwner = (tx: Tx, o: Owner) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bookmarks'), ${o.userId})`);

/** Refuses a URL the owner already bookmarked (but in bookmark `exceptId`). */
async function checkUrlFree(tx: Tx, o: Owner, url: string, exceptId?: number): Promise<void> {
  const same = and(mine(o), eq(bookmarks.url, url), exceptId ? ne(bookmarks.id, exceptId) : undefined);
  const [dup] = await tx.select({ name: bookmarks.name }).from(bookmarks).where(same).limit(1);
  if (dup) throw fieldError('bookmark_taken', 'url', { name: dup.name });
}

export async function addBookmark(db: Db, o: Owner, body: BookmarkBody): Promise<Bookmark> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, o);
    await checkUrlFree(tx, o, body.url);
    const [{ n }] = await tx.select({ n: count() }).from(bookmarks).where(mine(o));
    if (n >= BOOKMARKS_MAX) {
      throw fieldError('bookmarks_full', 'body', { max: BOOKMARKS_MAX });
    }
    const [row] = await tx.insert(bookmarks).values({ ...body, userId: o.userId, companyId: o.companyId }).returning(columns);
    return row;
  });
}

/** The changed bookmark, or null when it is not the owner's. */
export async function updateBookmark(db: Db, o: Owner, id: number, body: BookmarkBody): Promise<Bookmark | null> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, o);
    const [own] = await tx.select({ id: bookmarks.id }).from(bookmarks).where(and(eq(bookmarks.id, id), mine(o)));
    if (!own) return null;
    await checkUrlFree(tx, o, body.url, id);
    const [row] = await tx.update(bookmarks).set(body).where(eq(bookmarks.id, id)).returning(columns);
    return row;
  });
}

/** Whether the owner had that bookmark. */
export async function deleteBookmark(db: Db, o: Owner, id: number): Promise<boolean> {
  const rows = await db.delete(bookmarks).where(and(eq(bookmarks.id, id), mine(o))).returning(columns);
  return rows.length > 0;
}
