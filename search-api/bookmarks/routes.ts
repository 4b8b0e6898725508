// Bookmarks of the signed-in user (part 1 §7): GET (optionally by path), POST, PUT, DELETE.
import { and, asc, eq } from 'drizzle-orm';
import express from 'express';
import { z } from 'zod';
import { BookmarkBody } from '../../contracts/account.ts';
import { bookmarks } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { requireAuth } from '../auth/context.ts';
import { notFound, parseInput } from '../errors.ts';
import { positiveId } from '../http/params.ts';

const ListQuery = z.object({ path: z.string().max(2048).optional() });
const columns = { id: bookmarks.id, name: bookmarks.name, url: bookmarks.url };

export function bookmarkRoutes({ db }: AppDeps) {
  const router = express.Router();
  const mine = (auth: { user: { id: number }; companyId: number }) =>
    and(eq(bookmarks.userId, auth.user.id), eq(bookmarks.companyId, auth.companyId));

  router.get('/bookmarks.json', async (req, res) => {
    const auth = requireAuth(req);
    const { path } = parseInput(ListQuery, req.query, 'query');
    const where = path ? and(mine(auth), eq(bookmarks.url, path)) : mine(auth);
    res.json(await db.select(columns).from(bookmarks).where(where).orderBy(asc(bookmarks.name), asc(bookmarks.id)));
  });

  router.post('/bookmarks.json', async (req, res) => {
    const auth = requireAuth(req);
    const body = parseInput(BookmarkBody, req.body, 'body');
    const [row] = await db
      .insert(bookmarks)
      .values({ ...body, userId: auth.user.id, companyId: auth.companyId })
      .returning(columns);
    res.status(201).json(row);
  });

  router.put('/bookmarks/:id', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const body = parseInput(BookmarkBody, req.body, 'body');
    const [row] = await db
      .update(bookmarks)
      .set(body)
      .where(and(eq(bookmarks.id, id), mine(auth)))
      .returning(columns);
    if (!row) throw notFound('Bookmark');
    res.json(row);
  });

  router.delete('/bookmarks/:id', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const [row] = await db.delete(bookmarks).where(and(eq(bookmarks.id, id), mine(auth))).returning(columns);
    if (!row) throw notFound('Bookmark');
    res.status(204).end();
  });

  return router;
}
