// HTTP contracts of bookmarks (part 1 §3 Bookmark, §7): GET /bookmarks.json (query path), POST /bookmarks.json,
// PUT and DELETE /bookmarks/{id}. A user's own; another user's bookmark is a 404.
import { z } from 'zod';

export type Bookmark = { id: number; name: string; url: string };

export const BOOKMARK_NAME_MAX = 200;
export const BOOKMARK_URL_MAX = 2048;
/** Bookmarks one user may keep: the menu lists them all. */
export const BOOKMARKS_MAX = 100;

/**
 * An http(s) URL, or a path of this app. A path must not start with // or /\, which browsers read as
 * another host.
 */
export const isBookmarkUrl = (u: string) => /^https?:\/\/[^\s/\\]\S*$/i.test(u) || /^\/(?![/\\])[^\s\\]*$/.test(u);

export const BookmarkBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(BOOKMARK_NAME_MAX),
    url: z.string().trim().max(BOOKMARK_URL_MAX).refine(isBookmarkUrl, 'must be an http(s) URL or a path in the app'),
  })
  .strict();
export type BookmarkBody = z.infer<typeof BookmarkBody>;
