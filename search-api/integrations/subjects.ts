// What an event is about, read when it is sent (so a message shows the item as it is now), for one reader: a chat
// channel or a webhook endpoint's audience (a Viewer, search-api/visibility). Each reader answers null when the
// subject is gone or the reader may not see it. Links are absolute (APP_URL).
import { sql } from 'drizzle-orm';
import { withVariables } from '../../documents/variables.ts';
import { rowsOf, type Exec } from '../../db/client.ts';
import { battlecardVisibleSql, cardVisibleSql, intelPublishedSql, publishedOnly, viewerAudiences, type Viewer } from '../visibility/index.ts';
import { digestPosts } from '../digests/service.ts';
import type { DigestPost, IntelPost } from './senders.ts';

const iso = (v: unknown) => new Date(v as string).toISOString();
const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

export const links = {
  intel: (appUrl: string, id: number) => `${base(appUrl)}/feed?intelIds=${id}`,
  card: (appUrl: string, profileId: number, id: number) => `${base(appUrl)}/profile/${profileId}/view/card/${id}`,
  battlecard: (appUrl: string, profileId: number, id: number) => `${base(appUrl)}/profile/${profileId}/battlecard/view/${id}`,
  digest: (appUrl: string) => `${base(appUrl)}/feed`,
};

/** Rivals a reader of published things may see named: published ones (as digests name them). */
const rivalsOf = (intel: string, v: Viewer) => sql`coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
  FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id
  WHERE ir.intel_id = ${sql.raw(intel)}.id ${publishedOnly(v) ? sql`AND NOT r.is_draft AND NOT r.is_template` : sql``}), '[]')`;

/** A published intel item (curators of an 'all' audience see it whatever its state, but it must still exist). */
export async function readIntel(db: Exec, v: Viewer, appUrl: string, id: number): Promise<IntelPost | null> {
  const [row] = await rowsOf<{ id: number; title: string; summary: string | null; topics: string[]; priority: string | null; permalink: string | null; published_at: unknown; rivals: IntelPost['rivals'] }>(
    db,
    sql`SELECT i.id, coalesce(nullif(i.curated_title, ''), i.title) AS title, i.summary, i.topics, i.priority, i.permalink, i.published_at,
          ${rivalsOf('i', v)} AS rivals
        FROM intel_items i WHERE i.id = ${id} AND i.company_id = ${v.companyId} AND ${intelPublishedSql('i')}`,
  );
  if (!row) return null;
  return {
    kind: 'intel',
    id: row.id,
    title: row.title,
    summary: row.summary ?? '',
    rivals: row.rivals,
    topics: row.topics,
    priority: row.priority,
    sourceUrl: row.permalink,
    url: links.intel(appUrl, row.id),
    publishedAt: iso(row.published_at),
  };
}

/** A sent digest and its live items, as its mail lists them. Digests go to everyone, so every reader may see one. */
export async function readDigest(db: Exec, companyId: number, appUrl: string, id: number): Promise<DigestPost | null> {
  const [row] = await rowsOf<{ id: number; title: string; sent_at: unknown }>(
    db,
    sql`SELECT id, title, sent_at FROM email_digests WHERE id = ${id} AND company_id = ${companyId} AND state = 'sent'`,
  );
  if (!row) return null;
  const posts = await digestPosts(db, companyId, id, true);
  return {
    kind: 'digest',
    id: row.id,
    title: row.title,
    items: posts.map((p) => ({ title: p.title, summary: p.summary ?? '', url: p.permalink ?? links.intel(appUrl, p.intelId), rivals: p.rivals.map((r) => r.name) })),
    url: links.digest(appUrl),
    sentAt: iso(row.sent_at),
  };
}

export type CardSubject = {
  id: number;
  name: string;
  html: string;
  rival: { id: number; name: string };
  board: { id: number; name: string };
  url: string;
  updatedAt: string;
};

export async function readCard(db: Exec, v: Viewer, appUrl: string, id: number): Promise<CardSubject | null> {
  const [row] = await withVariables(db, await rowsOf<{ id: number; name: string; textHtml: string; board_id: number; board: string; profile_id: number; rival_id: number; rival: string; updated_at: unknown }>(
    db,
    sql`SELECT c.id, c.name, c.text_html AS "textHtml", b.id AS board_id, b.name AS board, p.id AS profile_id, r.id AS rival_id, r.name AS rival, c.updated_at
        FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
        WHERE c.id = ${id} AND ${cardVisibleSql(v, 'c')}`,
  ), () => v.companyId);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    html: row.textHtml,
    rival: { id: row.rival_id, name: row.rival },
    board: { id: row.board_id, name: row.board },
    url: links.card(appUrl, row.profile_id, row.id),
    updatedAt: iso(row.updated_at),
  };
}

/** What a card.deleted event kept of the card (db/migrations/0032_integration_event_triggers.sql). */
export type DeletedCard = { name: string; rival: { id: number; name: string } | null; board: { id: number; name: string } | null; audiences: string[] };

/** A deleted card, for a reader who could see it when it was deleted. */
export function deletedCard(v: Viewer, id: number, kept: DeletedCard): { id: number; name: string; rival: DeletedCard['rival']; board: DeletedCard['board'] } | null {
  const mine = new Set(viewerAudiences(v));
  if (!kept.audiences.some((a) => mine.has(a))) return null;
  return { id, name: kept.name, rival: kept.rival, board: kept.board };
}

export type BattlecardSubject = { id: number; title: string; rival: { id: number; name: string }; url: string; updatedAt: string };

export async function readBattlecard(db: Exec, v: Viewer, appUrl: string, id: number): Promise<BattlecardSubject | null> {
  const [row] = await rowsOf<{ id: number; title: string; profile_id: number; rival_id: number; rival: string; updated_at: unknown }>(
    db,
    sql`SELECT bc.id, bc.title, p.id AS profile_id, r.id AS rival_id, r.name AS rival, bc.updated_at
        FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id JOIN rivals r ON r.id = p.rival_id
        WHERE bc.id = ${id} AND ${battlecardVisibleSql(v, 'bc')}`,
  );
  if (!row) return null;
  return { id: row.id, title: row.title, rival: { id: row.rival_id, name: row.rival }, url: links.battlecard(appUrl, row.profile_id, row.id), updatedAt: iso(row.updated_at) };
}
