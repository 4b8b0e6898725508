// Bookmarks of one user (part 1 §7): list (optionally those of one path), add, rename or move, delete.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookmarks } from '../../db/schema.ts';

type Owner = { userId: number; companyId: number };
type Bookmark = { id: number; name: string; url: string };
type BookmarkBody = { name: string; url: string };

const columns = { id: bookmarks.id, name: bookmarks.name, url: bookmarks.url };
const mine = (o: Owner) => and(eq(bookmarks.userId, o.userId), eq(bookmarks.companyId, o.companyId));

export function listBookmarks(db: Db, o: Owner, path?: string): Promise<Bookmark[]> {
  const where = path ? and(mine(o), eq(bookmarks.url, path)) : mine(o);
  return db.select(columns).from(bookmarks).where(where).orderBy(asc(bookmarks.name), asc(bookmarks.id));
}

export async function addBookmark(db: Db, o: Owner, body: BookmarkBody): Promise<Bookmark> {
  const [row] = await db.insert(bookmarks).values({ ...body, userId: o.userId, companyId: o.companyId }).returning(columns);
  return row;
}

/** The changed bookmark, or null when it is not the owner's. */
export async function updateBookmark(db: Db, o: Owner, id: number, body: BookmarkBody): Promise<Bookmark | null> {
  const [row] = await db.update(bookmarks).set(body).where(and(eq(bookmarks.id, id), mine(o))).returning(columns);
  return row ?? null;
}

/** Whether the owner had that bookmark. */
export async function deleteBookmark(db: Db, o: Owner, id: number): Promise<boolean> {
  const rows = await db.delete(bookmarks).where(and(eq(bookmarks.id, id), mine(o))).returning(columns);
  return rows.length > 0;
}
