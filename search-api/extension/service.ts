// What the browser extension asks (contracts/extension.ts): where to show badges, which rival a page is about (its
// website, or the names a CRM page holds), and "Send to Rivalscope". Every answer is the caller's: rivals and
// battlecards through the visibility module, summaries of the landing page made for the caller's scope. A lookup runs
// on every page the user opens, so it is one round trip: an indexed match on (company_id, domain), details only of the matches.
import { sql } from 'drizzle-orm';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import {
  DEFAULT_CRM_HOSTS,
  domainCandidates,
  matchesCrmHost,
  MENTIONS_TEXT_MAX,
  type ExtensionClipBody,
  type ExtensionClipCreated,
  type ExtensionConfig,
  type ExtensionLookup,
  type ExtensionRival,
} from '../../contracts/extension.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import type { Auth } from '../auth/context.ts';
import { fieldError } from '../errors.ts';
import { submitIntel } from '../intel/edits.ts';
import { rivalsMentioned, type RivalNames } from '../monitors/mentions.ts';
import { readerLanguage, type ReaderLanguage } from '../strings/index.ts';
import { battlecardVisibleSql, rivalVisibleSql, scopeKey, viewerOf, type Viewer } from '../visibility/index.ts';
import { crmHostsOf } from './sites.ts';

/** Characters of a badge's summary, about; cut at a sentence or word boundary. */
const SUMMARY_CHARS = 600;

export type Caller = { auth: Auth; viewer: Viewer; language: ReaderLanguage };
export const callerOf = (auth: Auth): Caller => ({ auth, viewer: viewerOf(auth), language: readerLanguage(auth.user.language) });

/** The host of a page's URL; a 422 naming the field when it is not an http(s) address. */
export function pageHost(url: string, field: string): string {
  let u: URL | null = null;
  try {
    u = new URL(url);
  } catch {
    // answered below
  }
  if (!u || !/^https?:$/.test(u.protocol) || !u.hostname) throw fieldError('extension_url_invalid', field, { field, value: url.slice(0, 200) });
  return u.hostname.toLowerCase().replace(/\.$/, '');
}

export async function extensionConfig(db: Db, c: Caller): Promise<ExtensionConfig> {
  const [domains, crmHosts] = await Promise.all([
    rowsOf<{ domain: string }>(
      db,
      sql`SELECT DISTINCT d.domain FROM rival_domains d JOIN rivals r ON r.id = d.rival_id JOIN profiles p ON p.rival_id = r.id
          WHERE d.company_id = ${c.viewer.companyId} AND ${rivalVisibleSql(c.viewer)} ORDER BY d.domain`,
    ),
    crmHostsOf(db, c.viewer.companyId),
  ]);
  const { id, name, email } = c.auth.user;
  return { rivalDomains: domains.map((d) => d.domain), crmHosts, user: { id, name, email } };
}

type RivalHead = { id: number; name: string; iconUrl: string | null; profileId: number };
type RivalRow = RivalHead & { battlecards: { id: number; title: string }[]; overview: string | null };

/**
 * A badge's rival from rivals r and profiles p: the battlecards the caller may read and the landing page's overview
 * made for their scope and language (its previous text while a new one is made), read only for the rows that match.
 */
const rivalColumns = (c: Caller) => sql`r.id, r.name, r.icon_url AS "iconUrl", p.id AS "profileId",
  (SELECT coalesce(json_agg(json_build_object('id', bc.id, 'title', bc.title) ORDER BY bc.view_order, bc.id), '[]'::json)
     FROM battlecards bc WHERE bc.profile_id = p.id AND ${battlecardVisibleSql(c.viewer)}) AS battlecards,
  (SELECT s.data->>'markdown' FROM landing_sections s
     WHERE s.profile_id = p.id AND s.company_id = ${c.viewer.companyId} AND s.scope = ${scopeKey(c.viewer)} AND s.language = ${c.language}
       AND s.section_type = 'overview') AS overview`;

const toRival = (r: RivalRow): ExtensionRival => ({
  id: r.id,
  name: r.name,
  iconUrl: r.iconUrl,
  // Everyone who may see a rival may read its landing page (search-api/landing/routes.ts).
  landingPath: `/company/${r.id}`,
  summary: plainSummary(r.overview),
  battlecards: r.battlecards.map((b) => ({ id: b.id, title: b.title, path: `/profile/${r.profileId}/battlecard/view/${b.id}` })),
});

/**
 * The rival whose website the page is on (its most specific domain first); 'none' elsewhere and on CRM hosts. One
 * round trip, as it runs on every page the user opens: the company's CRM hosts beside the rivals whose domain is one of
 * the host's (the unique index on company and domain), with those rivals' details.
 */
export async function lookupPage(db: Db, c: Caller, url: string): Promise<ExtensionLookup> {
  const host = pageHost(url, 'url');
  const rows = await rowsOf<{ crmHosts: string[] | null } & ({ id: null } | RivalRow)>(
    db,
    sql`SELECT st.crm_hosts AS "crmHosts", m.* FROM (SELECT 1) one
        LEFT JOIN extension_settings st ON st.company_id = ${c.viewer.companyId}
        LEFT JOIN LATERAL (
          SELECT DISTINCT ON (r.id) ${rivalColumns(c)}, length(d.domain) AS specific, r.view_order
          FROM rival_domains d JOIN rivals r ON r.id = d.rival_id JOIN profiles p ON p.rival_id = r.id
          WHERE d.company_id = ${c.viewer.companyId} AND d.domain = ANY(${sql.param(domainCandidates(host))}::text[]) AND ${rivalVisibleSql(c.viewer)}
          ORDER BY r.id, length(d.domain) DESC
        ) m ON true
        ORDER BY m.specific DESC, m.view_order, m.id`,
  );
  const crmHosts = rows[0].crmHosts ?? [...DEFAULT_CRM_HOSTS];
  const rivals = rows.flatMap((r) => (r.id === null ? [] : [toRival(r as RivalRow)]));
  // A CRM page is about the rivals it names (mentions), not about a rival whose domain it happens to be under.
  if (matchesCrmHost(host, crmHosts) || !rivals.length) return { kind: 'none', host, rivals: [] };
  return { kind: 'rival', host, rivals };
}

/** The rivals a CRM page names (by name or alias), on the company's CRM hosts only. */
export async function pageMentions(db: Db, c: Caller, body: { url: string; text: string }): Promise<ExtensionLookup> {
  const host = pageHost(body.url, 'url');
  if (!matchesCrmHost(host, await crmHostsOf(db, c.viewer.companyId))) return { kind: 'none', host, rivals: [] };
  const visible = await visibleRivals(db, c.viewer);
  const named = rivalsMentioned(body.text.slice(0, MENTIONS_TEXT_MAX), visible);
  return { kind: 'crm', host, rivals: await rivalDetails(db, c, named) };
}

/** "Send to Rivalscope": the page, link or selection as submitted intel (channel extension), as POST /alerts.json makes it. */
export async function clipPage(db: Db, c: Caller, body: ExtensionClipBody): Promise<ExtensionClipCreated> {
  const host = pageHost(body.url, 'url');
  const visible = await visibleRivals(db, c.viewer);
  const byId = new Map(visible.map((r) => [r.id, r]));
  let rivalIds: number[];
  if (body.rivalIds) {
    const unknown = body.rivalIds.find((id) => !byId.has(id));
    if (unknown !== undefined) throw fieldError('extension_rival_unknown', 'rivalIds', { id: unknown });
    rivalIds = [...new Set(body.rivalIds)];
  } else {
    rivalIds = rivalsMentioned([body.title, body.selection, body.note].join('\n'), visible);
  }
  const title = body.title || body.url;
  const item = await submitIntel(
    db,
    { companyId: c.viewer.companyId, userId: c.auth.user.id },
    { item: { alert_type: 'in-app', title, content: clipHtml(body, title) }, rivals: rivalIds },
    { channel: 'extension', permalink: body.url, source: host },
  );
  return { id: item.id, title: item.title, rivals: rivalIds.map((id) => ({ id, name: byId.get(id)!.name })), path: `/alerts?alertId=${item.id}` };
}

/** A clip's body, every piece of it escaped: the selection quoted, the note, and the link to the page. */
export function clipHtml(body: Pick<ExtensionClipBody, 'url' | 'selection' | 'note'>, title: string): string {
  const paragraphs = (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('');
  const parts: string[] = [];
  if (body.selection) parts.push(`<blockquote>${paragraphs(body.selection)}</blockquote>`);
  if (body.note) parts.push(paragraphs(body.note));
  parts.push(`<p><a href="${escapeHtml(body.url)}">${escapeHtml(title)}</a></p>`);
  return parts.join('');
}

/** The rivals the viewer may see, with the names and aliases pages are searched for. */
async function visibleRivals(db: Exec, v: Viewer): Promise<RivalNames[]> {
  return rowsOf<RivalNames>(
    db,
    sql`SELECT r.id, r.name, r.aliases FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE ${rivalVisibleSql(v)} ORDER BY r.view_order, r.id`,
  );
}

/** The badges' rivals of these ids that the caller may see, in the order given. */
async function rivalDetails(db: Exec, c: Caller, ids: readonly number[]): Promise<ExtensionRival[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<RivalRow>(
    db,
    sql`SELECT ${rivalColumns(c)} FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.id = ANY(${sql.param([...ids])}::int[]) AND ${rivalVisibleSql(c.viewer)}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toRival(byId.get(id)!)] : []));
}

/**
 * A landing-page section's markdown (contracts/landing.ts: paragraphs, `### ` headings, `- ` bullets, `**bold**`,
 * [n] citations) as plain text of about SUMMARY_CHARS, cut after a sentence when one ends late enough, else at a word.
 */
export function plainSummary(markdown: string | null, max = SUMMARY_CHARS): string | null {
  if (!markdown) return null;
  const text = markdown
    .replace(/\s*\[\d+\]/g, '')
    .replace(/^\s*#{1,6}\s+/gm, '')
    .replace(/^\s*[-*]\s+/gm, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentence = head.match(/^.*[.!?](?=\s)/);
  if (sentence && sentence[0].length >= max / 2) return `${sentence[0]} …`;
  return `${head.replace(/\s+\S*$/, '').replace(/[\s,;:–-]+$/, '')}…`;
}
