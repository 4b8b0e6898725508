// GET, PUT and DELETE /api/company/synonyms.json: the company's search synonyms (curators); and
// GET /api/company/synonyms/suggestions.json: words to add for a search that found nothing.
import express from 'express';
import { SynonymSuggestionsQuery, SynonymsBody } from '../../contracts/synonyms.ts';
import type { AppDeps } from '../deps.ts';
import { requireCurator } from '../auth/context.ts';
import { parseInput } from '../errors.ts';
import { readSynonyms, restoreDefaultSynonyms, saveSynonyms } from './service.ts';
import { synonymSuggestions } from './suggestions.ts';

export function synonymRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/company/synonyms.json', async (req, res) => {
    res.json(await readSynonyms(db, requireCurator(req).companyId));
  });

  router.get('/company/synonyms/suggestions.json', async (req, res) => {
    const auth = requireCurator(req);
    const { query } = parseInput(SynonymSuggestionsQuery, req.query, 'query');
    res.json(await synonymSuggestions(db, auth.companyId, query));
  });

  router.put('/company/synonyms.json', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(SynonymsBody, req.body, 'body');
    res.json(await saveSynonyms(db, auth.companyId, auth.user.id, body.synonyms));
  });

  router.delete('/company/synonyms.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await restoreDefaultSynonyms(db, auth.companyId, auth.user.id));
  });

  return router;
}
