// Card sentiment and share-feedback (part 2 §4, §6): anyone who can see a card may give it; the company
// flags switch them (cardSentiment on, cardFeedbackDisabled off). Sentiment lives in the user's
// userData.cardSentiment keyed by card id (part 1 §3); null removes it.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { CardComment, Sentiment, SentimentAnswer } from '../../contracts/cards.ts';
import type { Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';
import { cardVisibleSql, viewerOf, type Viewer } from '../visibility/index.ts';

const flags = (auth: Auth) => auth.company.companyData.flags ?? {};

async function requireVisibleCard(db: Db, v: Viewer, cardId: number): Promise<void> {
  const [card] = await rowsOf(db, sql`SELECT c.id FROM cards c WHERE c.id = ${cardId} AND ${cardVisibleSql(v)}`);
  if (!card) throw apiError('card_not_found');
}

export async function setSentiment(db: Db, auth: Auth, cardId: number, sentiment: Sentiment | null): Promise<SentimentAnswer> {
  if (flags(auth).cardSentiment !== true) throw apiError('card_sentiment_disabled');
  await requireVisibleCard(db, viewerOf(auth), cardId);
  const key = String(cardId);
  const [row] = await rowsOf<{ cardSentiment: Record<string, Sentiment> | null }>(
    db,
    sentiment === null
      ? sql`UPDATE users SET user_data = jsonb_set(user_data, '{cardSentiment}', coalesce(user_data->'cardSentiment', '{}'::jsonb) - ${key})
            WHERE id = ${auth.user.id} RETURNING user_data->'cardSentiment' AS "cardSentiment"`
      : sql`UPDATE users SET user_data = jsonb_set(user_data, '{cardSentiment}',
              coalesce(user_data->'cardSentiment', '{}'::jsonb) || jsonb_build_object(${key}::text, ${sentiment}::int))
            WHERE id = ${auth.user.id} RETURNING user_data->'cardSentiment' AS "cardSentiment"`,
  );
  return { cardId, sentiment, cardSentiment: row.cardSentiment ?? {} };
}

export async function addComment(db: Db, auth: Auth, cardId: number, body: string): Promise<CardComment> {
  if (flags(auth).cardFeedbackDisabled === true) throw apiError('card_feedback_disabled');
  await requireVisibleCard(db, viewerOf(auth), cardId);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO card_comments (company_id, card_id, user_id, body) VALUES (${auth.companyId}, ${cardId}, ${auth.user.id}, ${body}) RETURNING id`,
  );
  return (await listComments(db, auth.companyId, cardId, row.id))[0];
}

/** The feedback on a card, newest first (or the one comment `onlyId`). */
export async function listComments(db: Db, companyId: number, cardId: number, onlyId?: number): Promise<CardComment[]> {
  const rows = await rowsOf<{ id: number; cardId: number; body: string; createdAt: Date | string; userId: number | null; userName: string | null }>(
    db,
    sql`SELECT k.id, k.card_id AS "cardId", k.body, k.created_at AS "createdAt", u.id AS "userId", u.name AS "userName"
        FROM card_comments k LEFT JOIN users u ON u.id = k.user_id
        WHERE k.card_id = ${cardId} AND k.company_id = ${companyId} ${onlyId ? sql`AND k.id = ${onlyId}` : sql``}
        ORDER BY k.created_at DESC, k.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    cardId: r.cardId,
    body: r.body,
    createdAt: new Date(r.createdAt).toISOString(),
    user: r.userId ? { id: r.userId, name: r.userName ?? '' } : null,
  }));
}
