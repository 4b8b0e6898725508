// A sent digest's opens and link clicks (contracts/usage.ts digestOpen, digestClick). The mail goes to everyone at
// once, so an open or a click is the reader's when their browser is signed in and nobody's in particular otherwise.
// Links name a post of the digest or the feed, never a URL, so the redirect cannot be pointed anywhere else.
import express from 'express';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { apiError } from '../errors.ts';
import { actorOf, roleOf, type UsageActor } from '../usage/rows.ts';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function digestTrackingRoutes({ db, config, usage }: AppDeps) {
  const router = express.Router();

  /**
   * The sent digest of a token, and who is reading: the signed-in user of its company, nobody in particular
   * without a session (or with another company's), and null (not recorded) for staff impersonating.
   */
  async function sentDigest(req: express.Request): Promise<{ id: number; actor: UsageActor | null }> {
    const token = String(req.params.token);
    if (!TOKEN.test(token)) throw apiError('digest_not_found');
    const [digest] = await rowsOf<{ id: number; company_id: number }>(
      db,
      sql`SELECT id, company_id FROM email_digests WHERE tracking_token = ${token} AND state = 'sent'`,
    );
    if (!digest) throw apiError('digest_not_found');
    const nobody: UsageActor = { companyId: digest.company_id, userId: null, role: roleOf([]) };
    return { id: digest.id, actor: req.auth?.companyId === digest.company_id ? actorOf(req.auth) : nobody };
  }

  router.get('/r/:token/open.gif', async (req, res) => {
    const { id, actor } = await sentDigest(req);
    usage.record(actor, { kind: 'digestOpen', digestId: id });
    res.set('Cache-Control', 'no-store, private').type('gif').send(PIXEL);
  });

  router.get('/r/:token/:target', async (req, res) => {
    const { id, actor } = await sentDigest(req);
    const app = config.APP_URL.replace(/\/+$/, '');
    let url = `${app}/feed`;
    if (req.params.target !== 'feed') {
      const [post] = /^\d{1,10}$/.test(req.params.target)
        ? await rowsOf<{ permalink: string | null }>(
            db,
            sql`SELECT i.permalink FROM digest_favorites f JOIN posts p ON p.id = f.post_id JOIN intel_items i ON i.id = p.intel_id
                WHERE f.email_digest_id = ${id} AND f.post_id = ${Number(req.params.target)}`,
          )
        : [];
      if (!post?.permalink || !/^https?:\/\//i.test(post.permalink)) throw apiError('link_not_found');
      url = post.permalink;
    }
    usage.record(actor, { kind: 'digestClick', digestId: id, url });
    res.set('Cache-Control', 'no-store, private').redirect(302, url);
  });

  return router;
}
