// HTTP contracts of email digests and post favorites (part 1 §3 Digest, §4, §6, §7 Intel, §9).
//
//   GET    /api/email_digests.json?limit=20&page=1&filter=draft|sent&typeId=1   → DigestList
//   POST   /api/email_digests.json {title, intro?, typeId?}                      → DigestSummary (a draft)
//   GET    /api/email_digests/{id}.json                                          → DigestRead (posts in viewOrder)
//   PUT    /api/email_digests/{id}.json {title?, intro?}                         → DigestSummary (drafts only)
//   DELETE /api/email_digests/{id}.json                                          → 204 (drafts only)
//   PUT    /api/email_digests/{id}/order.json {postIds}                          → DigestDetail (the new viewOrder)
//   POST   /api/email_digests/{id}/items.json {intelId, viewOrder?}              → DigestFavorite
//          The server side of the two-step rule of §4 in one transaction: the intel item is published (or
//          archived when already published), then its post is favorited into the digest (at the end by default).
//   GET    /api/email_digests/{id}/preview.html                                  → the mail's HTML
//   POST   /api/email_digests/{id}/send.json {to?: emails}                       → SendResult
//          Without `to`: every user of the company with emailDigest, and the digest becomes sent.
//          With `to` (users of the company only): a test send; the digest stays a draft.
//   POST   /api/posts/{postId}/favorite.json {emailDigestId, viewOrder}          → DigestFavorite (adds or moves)
//   POST   /api/posts/{postId}/unfavorite.json {emailDigestId}                   → {removed}
//
// A sent digest cannot be changed or sent again (409). Digests are for curators with digest availability (§6).
import { z } from 'zod';
import { queryInt } from './query.ts';

/** Page size of the digest list (part 1 §9). */
export const DIGEST_LIST_LIMIT = 20;
export const DIGEST_LIST_MAX_LIMIT = 100;
export const DIGEST_STATES = ['draft', 'sent'] as const;
export const DIGEST_TITLE_MAX = 200;
export const DIGEST_INTRO_MAX = 5_000;
/** A test send goes to at most this many addresses. */
export const DIGEST_TEST_RECIPIENTS_MAX = 10;
export const DIGEST_DEFAULT_TYPE_ID = 1;
/** A full send goes out in messages of at most this many Bcc recipients. */
export const DIGEST_MAIL_BATCH = 50;

export type DigestState = (typeof DIGEST_STATES)[number];

const id = z.number().int().positive().max(2_147_483_647);
const viewOrder = z.number().int().min(0).max(1_000_000);

export const DigestListQuery = z.object({
  limit: queryInt(1, DIGEST_LIST_MAX_LIMIT).default(DIGEST_LIST_LIMIT),
  page: queryInt(1, 1_000_000).default(1),
  filter: z.enum(DIGEST_STATES).optional(),
  typeId: queryInt(1, 2_147_483_647).optional(),
});
export type DigestListQuery = z.infer<typeof DigestListQuery>;

const title = z.string().trim().min(1, 'is required').max(DIGEST_TITLE_MAX);
const intro = z.string().trim().max(DIGEST_INTRO_MAX);

export const DigestCreate = z.object({ title, intro: intro.default(''), typeId: id.default(DIGEST_DEFAULT_TYPE_ID) });
export const DigestUpdate = z
  .object({ title: title.optional(), intro: intro.optional() })
  .refine((v) => v.title !== undefined || v.intro !== undefined, 'needs a title or an intro');
export const DigestOrder = z.object({ postIds: z.array(id).max(1_000) });
export const DigestItemAdd = z.object({ intelId: id, viewOrder: viewOrder.optional() });
export const FavoriteInput = z.object({ emailDigestId: id, viewOrder });
export const UnfavoriteInput = z.object({ emailDigestId: id });
export const SendInput = z.object({ to: z.array(z.string().trim().toLowerCase().email().max(320)).min(1).max(DIGEST_TEST_RECIPIENTS_MAX).optional() });

export type DigestSummary = {
  id: number;
  title: string;
  intro: string;
  state: DigestState;
  typeId: number;
  /** Favorites whose intel item is still published and not deleted. */
  favoritesLiveCount: number;
  sentAt: string | null;
  recipientsCount: number;
  createdAt: string;
  updatedAt: string;
};

export type DigestList = {
  digests: DigestSummary[];
  pagination: { page: number; limit: number; total: number };
};

export type DigestPost = {
  postId: number;
  intelId: number;
  viewOrder: number;
  /** The curated title, or the item's own. */
  title: string;
  summary: string | null;
  permalink: string | null;
  rivals: { id: number; name: string }[];
  publishedAt: string | null;
  /** Still published and not deleted: counted in favoritesLiveCount and included in the mail. */
  live: boolean;
};

export type DigestDetail = DigestSummary & { posts: DigestPost[] };

/** One digest as its page reads it: without mail set up on the server it can be previewed, not sent. */
export type DigestRead = DigestDetail & { mailConfigured: boolean };

export type DigestFavorite = { postId: number; emailDigestId: number; viewOrder: number };

export type SendResult = { test: boolean; recipientsCount: number; digest: DigestSummary };
