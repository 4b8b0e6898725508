// Product links shared in Slack (link_shared) get a preview only when the Slack user who shared them maps to a
// product user who may see what they point at; otherwise nothing is unfurled, so a preview never shows more than
// its sharer could open. The links: a card (/card/embed/:id, or any page with ?viewCard=:id), a battlecard
// (/profile/:p/battlecard/view/:id), a landing page (/company/:rivalId) and an intel item (/alerts?alertId=:id).
import type { LinkUnfurls } from '@slack/web-api';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import { withVariables } from '../../../documents/variables.ts';
import { htmlToText } from '../../../server-shared/htmlText.ts';
import { format } from '../../strings/index.ts';
import { battlecardVisibleSql, cardVisibleSql, intelPublishedSql, rivalVisibleSql, type Viewer } from '../../visibility/index.ts';
import { previewAttachment, type Block } from './blocks.ts';
import { slackActor } from './people.ts';
import type { SlackWork } from './work.ts';

export type ProductLink = { kind: 'card' | 'battlecard' | 'landing' | 'intel'; id: number };

/** What a URL of the product points at, or null (another site, or a page with no preview). */
export function productLink(url: string, appUrl: string): ProductLink | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin !== new URL(appUrl).origin) return null;
  const id = (s: string | null | undefined) => (s && /^[1-9]\d{0,9}$/.test(s) ? Number(s) : null);
  const path = u.pathname.replace(/\/+$/, '');
  let m: RegExpMatchArray | null;
  const viewCard = id(u.searchParams.get('viewCard'));
  if (viewCard) return { kind: 'card', id: viewCard };
  if ((m = path.match(/^\/card\/embed\/(\d+)$/)) && id(m[1])) return { kind: 'card', id: id(m[1])! };
  if ((m = path.match(/^\/profile\/\d+\/battlecard\/(?:view|embed)\/(\d+)$/)) && id(m[1])) return { kind: 'battlecard', id: id(m[1])! };
  if ((m = path.match(/^\/company\/(\d+)$/)) && id(m[1])) return { kind: 'landing', id: id(m[1])! };
  const alert = id(u.searchParams.get('alertId'));
  if (path.startsWith('/alerts') && alert) return { kind: 'intel', id: alert };
  return null;
}

type Preview = { title: string; rival: string; snippet: string };

/** The link's preview as the viewer may see it, or null when they may not (or it is gone). */
export async function linkPreview(db: Db, v: Viewer, link: ProductLink): Promise<Preview | null> {
  const one = async (q: ReturnType<typeof sql>) => ((await db.execute(q)).rows[0] as Preview | undefined) ?? null;
  switch (link.kind) {
    case 'card': {
      const [row] = await rowsOf<{ title: string; rival: string; textHtml: string }>(db, sql`
        SELECT c.name AS title, r.name AS rival, c.text_html AS "textHtml" FROM cards c
        JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
        WHERE c.id = ${link.id} AND ${cardVisibleSql(v, 'c')}`);
      if (!row) return null;
      const [{ textHtml, ...rest }] = await withVariables(db, [row], () => v.companyId);
      return { ...rest, snippet: htmlToText(textHtml) };
    }
    case 'battlecard':
      return one(sql`
        SELECT bc.title, r.name AS rival, '' AS snippet FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id JOIN rivals r ON r.id = p.rival_id
        WHERE bc.id = ${link.id} AND ${battlecardVisibleSql(v, 'bc')}`);
    case 'landing':
      return one(sql`
        SELECT r.name AS title, r.name AS rival, coalesce(r.url, '') AS snippet FROM rivals r JOIN profiles p ON p.rival_id = r.id
        WHERE r.id = ${link.id} AND ${rivalVisibleSql(v, 'r', 'p')} LIMIT 1`);
    case 'intel':
      // Published intel is for everyone of the company; the rest of the feed for curators.
      return one(sql`
        SELECT coalesce(i.curated_title, i.title) AS title, '' AS rival, coalesce(i.summary, '') AS snippet FROM intel_items i
        WHERE i.id = ${link.id} AND i.company_id = ${v.companyId} AND i.state <> 'deleted' AND (${v.curator} OR ${intelPublishedSql('i')})`);
  }
}

export type LinkShared = { channel: string; user: string; message_ts: string; links: { url: string }[] };

export async function unfurlLinks(w: SlackWork, event: LinkShared): Promise<void> {
  const links = event.links.map((l) => ({ url: l.url, link: productLink(l.url, w.deps.config.APP_URL) })).filter((l) => l.link);
  if (!links.length) return;
  const actor = await slackActor(w.deps.db, w.client, w.inst, event.user);
  if (!actor) return;
  const unfurls: Record<string, { blocks: Block[] }> = {};
  for (const { url, link } of links) {
    const p = await linkPreview(w.deps.db, actor.viewer, link!);
    if (!p) continue;
    const kind = link!.kind === 'intel' ? format(actor.language, 'slack.intel') : format(actor.language, `slack.${link!.kind}`, { rival: p.rival });
    unfurls[url] = previewAttachment(kind, p.title, p.snippet, url);
  }
  if (Object.keys(unfurls).length) await w.client.chat.unfurl({ channel: event.channel, ts: event.message_ts, unfurls: unfurls as unknown as LinkUnfurls });
}
