// The API's description: the OpenAPI document and its reference page, both public (they describe, never disclose).
import express from 'express';
import type { AppDeps } from '../deps.ts';
import { docsPage } from './docsPage.ts';
import { openApiDocument } from './document.ts';

export function openApiRoutes({ config }: AppDeps) {
  const router = express.Router();
  let page: string | undefined;

  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(openApiDocument(config.APP_URL));
  });

  router.get('/docs', (_req, res) => {
    page ??= docsPage(openApiDocument(config.APP_URL));
    res.set('Cache-Control', 'no-cache').type('html').send(page);
  });

  return router;
}
