// Tags (part 1 §5, §7; part 2 §5, §7): the list with visible card counts, one tag, and create for
// curators. Consumers see tags unless the company hides them (the tag-visible flag, part 2 §6).
import express from 'express';
import { TagCreate, TagListQuery } from '../../contracts/cards.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { createTag, listTags, readTag, tagsVisible } from './service.ts';

export function tagRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/tags.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(TagListQuery, req.query, 'query');
    res.json(tagsVisible(auth) ? await listTags(db, viewerOf(auth), q) : []);
  });

  router.get('/tags/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const tag = tagsVisible(auth) ? await readTag(db, viewerOf(auth), idParam(req)) : null;
    if (!tag) throw apiError('tag_not_found');
    res.json(tag);
  });

  router.post('/tags.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createTag(db, viewerOf(auth), parseInput(TagCreate, req.body, 'body')));
  });

  return router;
}
