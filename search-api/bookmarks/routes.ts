// Bookmarks of the signed-in user (part 1 §7): GET (optionally by path), POST, PUT, DELETE.
import express from 'express';
import { z } from 'zod';
import { BOOKMARK_URL_MAX, BookmarkBody } from '../../contracts/bookmarks.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, type Auth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { addBookmark, deleteBookmark, listBookmarks, updateBookmark } from './service.ts';

const ListQuery = z.object({ path: z.string().max(BOOKMARK_URL_MAX).optional() });
const owner = (auth: Auth) => ({ userId: auth.user.id, companyId: auth.companyId });

export function bookmarkRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/bookmarks.json', async (req, res) => {
    const auth = requireAuth(req);
    const { path } = parseInput(ListQuery, req.query, 'query');
    res.json(await listBookmarks(db, owner(auth), path));
  });

  router.post('/bookmarks.json', async (req, res) => {
    const auth = requireAuth(req);
    res.status(201).json(await addBookmark(db, owner(auth), parseInput(BookmarkBody, req.body, 'body')));
  });

  router.put('/bookmarks/:id', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    const row = await updateBookmark(db, owner(auth), id, parseInput(BookmarkBody, req.body, 'body'));
    if (!row) throw apiError('bookmark_not_found');
    res.json(row);
  });

  router.delete('/bookmarks/:id', async (req, res) => {
    const auth = requireAuth(req);
    if (!(await deleteBookmark(db, owner(auth), idParam(req)))) throw apiError('bookmark_not_found');
    res.status(204).end();
  });

  return router;
}
