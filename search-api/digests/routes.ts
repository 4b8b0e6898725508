// Routes of email digests and post favorites (part 1 §7 Intel; the contract is in contracts/digests.ts).
// Digests are for curators with digest availability (part 1 §6): the company has no review role, or the
// user is an admin, or holds the review role. Other companies' digests and posts answer 404.
import express, { type Request } from 'express';
import type { AppDeps } from '../deps.ts';
import { actorOf } from '../usage/rows.ts';
import { isAdmin, requireCurator, type Auth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, positiveId } from '../http/params.ts';
import { mailConfigured } from '../mail/transport.ts';
import {
  DigestCreate,
  DigestItemAdd,
  DigestListQuery,
  DigestOrder,
  type DigestRead,
  DigestUpdate,
  FavoriteInput,
  SendInput,
  UnfavoriteInput,
} from '../../contracts/digests.ts';
import { sendDigest } from './send.ts';
import {
  addIntelToDigest,
  createDigest,
  deleteDigest,
  digestPosts,
  favoritePost,
  listDigests,
  readDigest,
  readSummary,
  reorderDigest,
  unfavoritePost,
  updateDigest,
} from './service.ts';
import { renderDigestMail } from './template.ts';

export function canUseDigest(auth: Auth): boolean {
  const reviewRole = auth.company.reviewRole;
  return !reviewRole || isAdmin(auth) || (auth.roles as string[]).includes(reviewRole);
}

function requireDigestAccess(req: Request): Auth {
  const auth = requireCurator(req);
  if (!canUseDigest(auth)) throw apiError('digests_role_only', { role: String(auth.company.reviewRole) });
  return auth;
}

/** The preview is a whole document of untrusted text: even opened directly it runs nothing and loads only images. */
const PREVIEW_CSP = "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src https: data:; style-src 'unsafe-inline'";

export function digestRoutes({ db, config, usage }: AppDeps) {
  const router = express.Router();
  const digestId = (req: Request<{ id: string }>) => idParam(req);

  router.get('/email_digests.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    res.json(await listDigests(db, auth.companyId, parseInput(DigestListQuery, req.query, 'query')));
  });

  router.post('/email_digests.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const input = parseInput(DigestCreate, req.body, 'body');
    res.status(201).json(await createDigest(db, auth.companyId, auth.user.id, input));
  });

  router.get('/email_digests/:id.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const read: DigestRead = { ...(await readDigest(db, auth.companyId, digestId(req))), mailConfigured: mailConfigured(config) };
    res.json(read);
  });

  router.put('/email_digests/:id.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const id = digestId(req);
    res.json(await updateDigest(db, auth.companyId, id, parseInput(DigestUpdate, req.body, 'body')));
  });

  router.delete('/email_digests/:id.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    await deleteDigest(db, auth.companyId, digestId(req));
    res.status(204).end();
  });

  router.put('/email_digests/:id/order.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const id = digestId(req);
    const { postIds } = parseInput(DigestOrder, req.body, 'body');
    res.json(await reorderDigest(db, auth.companyId, id, postIds));
  });

  router.post('/email_digests/:id/items.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const id = digestId(req);
    const { intelId, viewOrder } = parseInput(DigestItemAdd, req.body, 'body');
    res.json(await addIntelToDigest(db, auth.companyId, auth.user.id, id, intelId, viewOrder));
  });

  // In the curator's own language; at sending, each recipient gets theirs.
  router.get('/email_digests/:id/preview.html', async (req, res) => {
    const auth = requireDigestAccess(req);
    const id = digestId(req);
    const digest = await readSummary(db, auth.companyId, id);
    const posts = await digestPosts(db, auth.companyId, id, true);
    const mail = renderDigestMail({ ...digest, posts }, { companyName: auth.company.name, appUrl: config.APP_URL, language: auth.user.language });
    res.set({ 'Content-Security-Policy': PREVIEW_CSP, 'Cache-Control': 'no-store' }).type('html').send(mail.html);
  });

  router.post('/email_digests/:id/send.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const id = digestId(req);
    const { to } = parseInput(SendInput, req.body ?? {}, 'body');
    const sent = await sendDigest(db, config, auth, id, to);
    if (!sent.test) usage.record(actorOf(auth), { kind: 'digestSent', digestId: id, recipients: sent.recipientsCount });
    res.json(sent);
  });

  router.post('/posts/:id/favorite.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const postId = positiveId(req.params.id, 'postId');
    const { emailDigestId, viewOrder } = parseInput(FavoriteInput, req.body, 'body');
    res.json(await favoritePost(db, auth.companyId, postId, emailDigestId, viewOrder));
  });

  router.post('/posts/:id/unfavorite.json', async (req, res) => {
    const auth = requireDigestAccess(req);
    const postId = positiveId(req.params.id, 'postId');
    const { emailDigestId } = parseInput(UnfavoriteInput, req.body, 'body');
    res.json(await unfavoritePost(db, auth.companyId, postId, emailDigestId));
  });

  return router;
}
