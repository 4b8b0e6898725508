// Routes of the knowledge hub's files (contracts/knowledgeHub.ts): curators and admins with the hub's flag.
import express, { type RequestHandler } from 'express';
import { FileListQuery, FilePassagesQuery, FilePatchBody, FileUploadQuery, FileVersionQuery, KNOWLEDGE_HUB } from '../../contracts/knowledgeHub.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { requireKnowledgeHub } from './access.ts';
import { deleteFile, getFile, listFiles, listPassages, patchFile, uploadFile, uploadVersion } from './files.ts';

/** An upload reads its body itself (app.ts leaves it out of the JSON parser). */
export const isKnowledgeFileUpload = (path: string) => /^\/api\/knowledge_hub\/files(\/[^/]+\/version)?$/.test(path);

const MAX_MB = KNOWLEDGE_HUB.maxFileBytes / (1024 * 1024);
const tooLarge = (name: string) => apiError('file_too_large', { name, limit: MAX_MB });
const raw = express.raw({ type: () => true, limit: KNOWLEDGE_HUB.maxFileBytes });

/**
 * Access and the query are checked before the body is read; a body declared over the cap is refused before any of it
 * is read, and one that turns out over it while read (no or a false length) is cut off by the parser at the cap.
 */
const fileBody = (query: typeof FileUploadQuery | typeof FileVersionQuery): RequestHandler[] => [
  (req, _res, next) => {
    requireKnowledgeHub(req);
    const { fileName } = parseInput(query, req.query, 'query');
    if (Number(req.headers['content-length'] ?? 0) > KNOWLEDGE_HUB.maxFileBytes) throw tooLarge(fileName);
    next();
  },
  (req, res, next) =>
    raw(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(tooLarge(String(req.query.fileName)));
      next(err);
    }),
];

/** The upload's bytes, or 400 when it has none. */
function bytesOf(body: unknown): Buffer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (bytes.length === 0) throw apiError('invalid_input', { where: 'body', field: 'body', problem: 'is empty: send the file’s bytes as the body' });
  return bytes;
}

export function knowledgeFileRoutes({ db, jobs, logger }: AppDeps) {
  const router = express.Router();
  const deps = { db, jobs, logger };

  router.post('/knowledge_hub/files', ...fileBody(FileUploadQuery), async (req, res) => {
    const auth = requireKnowledgeHub(req);
    const query = parseInput(FileUploadQuery, req.query, 'query');
    res.status(202).json(await uploadFile(deps, auth, query, bytesOf(req.body)));
  });

  router.post('/knowledge_hub/files/:id/version', ...fileBody(FileVersionQuery), async (req, res) => {
    const auth = requireKnowledgeHub(req);
    const { fileName } = parseInput(FileVersionQuery, req.query, 'query');
    res.status(202).json(await uploadVersion(deps, auth, idParam(req), fileName, bytesOf(req.body)));
  });

  router.get('/knowledge_hub/files', async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await listFiles(db, auth, parseInput(FileListQuery, req.query, 'query')));
  });

  router.get('/knowledge_hub/files/:id', async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await getFile(db, auth, idParam(req)));
  });

  router.patch('/knowledge_hub/files/:id', async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await patchFile(db, auth, idParam(req), parseInput(FilePatchBody, req.body, 'body')));
  });

  router.delete('/knowledge_hub/files/:id', async (req, res) => {
    const auth = requireKnowledgeHub(req);
    await deleteFile(db, auth, idParam(req));
    res.status(204).end();
  });

  router.get('/knowledge_hub/files/:id/passages', async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await listPassages(db, auth, idParam(req), parseInput(FilePassagesQuery, req.query, 'query').page));
  });

  return router;
}
