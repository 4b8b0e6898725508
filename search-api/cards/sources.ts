// Card sources (part 2 §3, §5, §8): listed for cards the viewer may see; added by curators as http(s)
// URLs not already on the card ("invalid URL" otherwise); removed with "Failed to delete source" when
// the source is not there.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { isSourceUrl, type CardSource } from '../../contracts/cards.ts';
import { apiError, fieldError } from '../errors.ts';
import { cardVisibleSql, type Viewer } from '../visibility/index.ts';
import { writableCards } from '../ownership.ts';

/** The card's sources, or null when the viewer may not see the card. */
export async function listSources(db: Db, v: Viewer, cardId: number): Promise<CardSource[] | null> {
  const [card] = await rowsOf<{ id: number }>(db, sql`SELECT c.id FROM cards c WHERE c.id = ${cardId} AND ${cardVisibleSql(v)}`);
  if (!card) return null;
  type Row = Pick<CardSource, 'id' | 'permalink' | 'prettyName' | 'userId' | 'quote' | 'referableType'> & { createdAt: Date | string; profileId: number; profileName: string };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT s.id, s.permalink, s.created_at AS "createdAt", s.pretty_name AS "prettyName", s.user_id AS "userId",
          s.quote, s.referable_type AS "referableType", p.id AS "profileId", p.name AS "profileName"
        FROM card_sources s JOIN cards c ON c.id = s.card_id JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
        WHERE s.card_id = ${cardId} AND s.company_id = ${v.companyId} ORDER BY s.created_at, s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    permalink: r.permalink,
    createdAt: new Date(r.createdAt).toISOString(),
    prettyName: r.prettyName,
    userId: r.userId,
    quote: r.quote,
    referableType: r.referableType,
    metadata: { referableMetadata: { title: r.prettyName }, container: { profileId: r.profileId, profileName: r.profileName } },
  }));
}

/** A URL's identity on a card: scheme and host case-insensitive, no trailing slash. */
const sameUrl = (u: string) => {
  const url = new URL(u);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}${url.hash}`.toLowerCase();
};

export async function addSources(db: Db, v: Viewer, userId: number, cardId: number, urls: string[]): Promise<CardSource[]> {
  await writableCards(db, v.companyId, [cardId]);
  const existing = await rowsOf<{ permalink: string }>(db, sql`SELECT permalink FROM card_sources WHERE card_id = ${cardId}`);
  const seen = new Set(existing.flatMap((s) => (isSourceUrl(s.permalink) ? [sameUrl(s.permalink)] : [])));
  urls.forEach((url, i) => {
    if (!isSourceUrl(url) || seen.has(sameUrl(url))) throw fieldError('source_url_invalid', `urls.${i}`);
    seen.add(sameUrl(url));
  });
  await db.execute(sql`INSERT INTO card_sources (company_id, card_id, permalink, pretty_name, referable_type, user_id)
    SELECT ${v.companyId}, ${cardId}, u, split_part(split_part(u, '://', 2), '/', 1), 'Link', ${userId}
    FROM unnest(${sql.param(urls)}::text[]) u`);
  return (await listSources(db, v, cardId))!;
}

/** A source that is no web page but a passage of the product's own (a call's), quoted, linking back to where it was said. */
export async function addQuotedSource(
  db: Db,
  v: Viewer,
  userId: number,
  cardId: number,
  source: { permalink: string; prettyName: string; quote: string; referableType: string },
): Promise<CardSource[]> {
  await writableCards(db, v.companyId, [cardId]);
  // The same passage twice on one card is one source.
  await db.execute(sql`INSERT INTO card_sources (company_id, card_id, permalink, pretty_name, quote, referable_type, user_id)
    SELECT ${v.companyId}, ${cardId}, ${source.permalink}, ${source.prettyName}, ${source.quote}, ${source.referableType}, ${userId}
    WHERE NOT EXISTS (SELECT 1 FROM card_sources WHERE card_id = ${cardId} AND permalink = ${source.permalink})`);
  return (await listSources(db, v, cardId))!;
}

export async function deleteSource(db: Db, companyId: number, cardId: number, sourceId: number): Promise<void> {
  await writableCards(db, companyId, [cardId]);
  const { rows } = await db.execute(
    sql`DELETE FROM card_sources WHERE id = ${sourceId} AND card_id = ${cardId} AND company_id = ${companyId} RETURNING id`,
  );
  if (!rows.length) throw apiError('source_delete_failed');
}
