// GET /extension/rivalscope-extension.zip (issue #55): the browser extension to install, its manifest stamped with
// this product's address so the product's pages may message it. Zipped once from dist/extension (npm start builds
// it) and kept in memory: the folder does not change while the server runs.
import path from 'node:path';
import fs from 'node:fs';
import express from 'express';
import { EXTENSION_ZIP_PATH } from '../../contracts/extension.ts';
import { readManifest, stampManifest, zipExtension } from '../../server-shared/extensionPackage.ts';
import type { AppDeps } from '../deps.ts';

export const DEFAULT_EXTENSION_DIR = path.resolve(import.meta.dirname, '..', '..', 'dist', 'extension');

export function extensionDownload({ config }: Pick<AppDeps, 'config'>, dir = DEFAULT_EXTENSION_DIR) {
  const router = express.Router();
  let zip: Buffer | null = null;
  router.get(EXTENSION_ZIP_PATH, (_req, res) => {
    if (!zip) {
      if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
        res.status(503).type('text').send('The browser extension is not built yet. Run `npm run build:extension` (npm start does it).');
        return;
      }
      zip = Buffer.from(zipExtension(dir, stampManifest(readManifest(dir), { origin: new URL(config.APP_URL).origin })));
    }
    res
      .type('application/zip')
      .set('Content-Disposition', `attachment; filename="${path.basename(EXTENSION_ZIP_PATH)}"`)
      .set('Cache-Control', 'no-cache')
      .send(zip);
  });
  return router;
}
