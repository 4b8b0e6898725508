// What the browser extension asks (contracts/extension.ts): where to show badges, which rival a page is about (its
// website, or the names a CRM page holds), and "Send to Rivalscope". Every answer is the caller's: rivals and
// battlecards through the visibility module, summaries of the landing page made for the caller's scope. A lookup runs
// on every page the user opens, so it is one indexed query on (company_id, domain) and details only of the matches.
import { sql } from 'drizzle-orm';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import {
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

/** The rival whose website the page is on (its most specific domain first); 'none' elsewhere and on CRM hosts. */
export async function lookupPage(db: Db, c: Caller, url: string): Promise<ExtensionLookup> {
  const host = pageHost(url, 'url');
  const [crmHosts, heads] = await Promise.all([
    crmHostsOf(db, c.viewer.companyId),
    rowsOf<RivalHead>(
      db,
      sql`SELECT r.id, r.name, r.icon_url AS "iconUrl", p.id AS "profileId"
          FROM rival_domains d JOIN rivals r ON r.id = d.rival_id JOIN profiles p ON p.rival_id = r.id
          WHERE d.company_id = ${c.viewer.companyId} AND d.domain = ANY(${sql.param(domainCandidates(host))}::text[]) AND ${rivalVisibleSql(c.viewer)}
          ORDER BY length(d.domain) DESC, r.view_order, r.id`,
    ),
  ]);
  // A CRM page is about the rivals it names (mentions), not about a rival whose domain it happens to be under.
  if (matchesCrmHost(host, crmHosts) || !heads.length) return { kind: 'none', host, rivals: [] };
  const unique = heads.filter((h, i) => heads.findIndex((o) => o.id === h.id) === i);
  return { kind: 'rival', host, rivals: await rivalDetails(db, c, unique) };
}

/** The rivals a CRM page names (by name or alias), on the company's CRM hosts only. */
export async function pageMentions(db: Db, c: Caller, body: { url: string; text: string }): Promise<ExtensionLookup> {
  const host = pageHost(body.url, 'url');
  if (!matchesCrmHost(host, await crmHostsOf(db, c.viewer.companyId))) return { kind: 'none', host, rivals: [] };
  const visible = await visibleRivals(db, c.viewer);
  const named = new Set(rivalsMentioned(body.text.slice(0, MENTIONS_TEXT_MAX), visible));
  const heads = visible.filter((r) => named.has(r.id));
  return { kind: 'crm', host, rivals: await rivalDetails(db, c, heads) };
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
async function visibleRivals(db: Exec, v: Viewer): Promise<(RivalNames & RivalHead)[]> {
  return rowsOf<RivalNames & RivalHead>(
    db,
    sql`SELECT r.id, r.name, r.aliases, r.icon_url AS "iconUrl", p.id AS "profileId"
        FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE ${rivalVisibleSql(v)} ORDER BY r.view_order, r.id`,
  );
}

/** Battlecards and landing-page summaries of rivals the caller may see (the heads come from a visible-rival read). */
async function rivalDetails(db: Db, c: Caller, heads: readonly RivalHead[]): Promise<ExtensionRival[]> {
  if (!heads.length) return [];
  const profileIds = sql.param(heads.map((h) => h.profileId));
  const [battlecards, overviews] = await Promise.all([
    rowsOf<{ id: number; title: string; profileId: number }>(
      db,
      sql`SELECT bc.id, bc.title, bc.profile_id AS "profileId" FROM battlecards bc
          WHERE bc.profile_id = ANY(${profileIds}::int[]) AND ${battlecardVisibleSql(c.viewer)} ORDER BY bc.view_order, bc.id`,
    ),
    // The overview made for the caller's scope and language, as the landing page shows it (its previous text while a new one is made).
    rowsOf<{ profileId: number; markdown: string | null }>(
      db,
      sql`SELECT profile_id AS "profileId", data->>'markdown' AS markdown FROM landing_sections
          WHERE profile_id = ANY(${profileIds}::int[]) AND company_id = ${c.viewer.companyId} AND scope = ${scopeKey(c.viewer)}
            AND language = ${c.language} AND section_type = 'overview' AND data IS NOT NULL`,
    ),
  ]);
  const overviewOf = new Map(overviews.map((o) => [o.profileId, o.markdown]));
  return heads.map((h) => ({
    id: h.id,
    name: h.name,
    iconUrl: h.iconUrl,
    // Everyone who may see a rival may read its landing page (search-api/landing/routes.ts).
    landingPath: `/company/${h.id}`,
    summary: plainSummary(overviewOf.get(h.profileId) ?? null),
    battlecards: battlecards.filter((b) => b.profileId === h.profileId).map((b) => ({ id: b.id, title: b.title, path: `/profile/${b.profileId}/battlecard/view/${b.id}` })),
  }));
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
