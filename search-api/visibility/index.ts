// Who may see what: the viewer side of the one visibility rule (part 2 §4 Card visibility; the
// document side, who each card and battlecard is for, is indexer/documents/audiences.ts). Every read path,
// from the search engine or from PostgreSQL, takes its filter from here; nothing is decided in the
// browser. The rule in words is in the README ("Who sees what").
import { sql, type SQL } from 'drizzle-orm';
import type { Query } from '../../engine/port.ts';
import { audience, battlecardAudiencesSql, cardAudiencesSql, isScratchpadSql, knowledgeFileAudiencesSql, rivalPublishedSql } from '../../documents/audiences.ts';
import { KNOWLEDGE_HUB } from '../../contracts/knowledgeHub.ts';
import { impersonatorOf, isCurator, type Auth } from '../auth/context.ts';

export type Viewer = {
  companyId: number;
  curator: boolean;
  visibilityGroupIds: number[];
  /** A curator previewing as a visibility group (0: as everyone); ignored for everyone else. */
  previewGroupId: number | null;
};

export function viewerOf(auth: Auth, previewing?: number | null): Viewer {
  const curator = isCurator(auth);
  return {
    companyId: auth.companyId,
    curator,
    visibilityGroupIds: auth.visibilityGroupIds,
    previewGroupId: curator && previewing !== undefined && previewing !== null ? previewing : null,
  };
}

/** Consumers, and curators previewing as a group, see only what is published for them. */
export const publishedOnly = (v: Viewer) => !v.curator || v.previewGroupId !== null;

/** The audiences the viewer belongs to; a preview belongs to exactly the previewed group's. */
export function viewerAudiences(v: Viewer): string[] {
  if (!publishedOnly(v)) return [audience.curators(v.companyId)];
  const groups = v.curator ? (v.previewGroupId ? [v.previewGroupId] : []) : v.visibilityGroupIds;
  return [audience.everyone(v.companyId), ...groups.map((g) => audience.group(v.companyId, g))];
}

/** The engine filter for cards and battlecards: the company, and a shared audience. */
export function visibilityFilter(v: Viewer): Query[] {
  return [{ term: { company_id: v.companyId } }, { terms: { audiences: viewerAudiences(v) } }];
}

/**
 * A reader's scope as one key: the audiences they belong to, sorted. Readers with one key see exactly the same
 * things, so work made for one of them (a landing page's generated sections) may be shown to all of them.
 */
export const scopeKey = (v: Viewer): string => [...viewerAudiences(v)].sort().join(' ');

/** A viewer seeing exactly what the readers of a scope key see (for work done later on their behalf, in jobs). */
export function viewerOfScope(companyId: number, key: string): Viewer {
  const audiences = key.split(' ');
  if (audiences.length === 1 && audiences[0] === audience.curators(companyId)) return { companyId, curator: true, visibilityGroupIds: [], previewGroupId: null };
  const groups: number[] = [];
  for (const a of audiences) {
    const group = a.match(/^(\d+):g(\d+)$/);
    if (group && Number(group[1]) === companyId) groups.push(Number(group[2]));
    else if (a !== audience.everyone(companyId)) throw new Error(`not a scope of company ${companyId}: ${key}`);
  }
  return { companyId, curator: false, visibilityGroupIds: groups, previewGroupId: null };
}

/** Completion contexts: suggestions are filtered by the same audiences. */
export const suggestionScopes = viewerAudiences;

/** Tags have no visibility of their own: every tag is for everyone in its company. */
export const tagSuggestionScopes = (v: Viewer) => [audience.everyone(v.companyId)];

const audiencesParam = (v: Viewer) => sql`${sql.param(viewerAudiences(v))}::text[]`;

/** Card c visible to the viewer (every card of the company for a curator, Scratchpad notes included). */
export function cardVisibleSql(v: Viewer, c = 'c'): SQL {
  const company = sql`${sql.raw(c)}.company_id = ${v.companyId}`;
  // Every card is for its company's curators, so the audience test adds nothing for them.
  return publishedOnly(v) ? sql`${company} AND ${cardAudiencesSql(c)} && ${audiencesParam(v)}` : company;
}

/** Battlecard bc visible to the viewer. */
export function battlecardVisibleSql(v: Viewer, bc = 'bc'): SQL {
  const company = sql`${sql.raw(bc)}.company_id = ${v.companyId}`;
  return publishedOnly(v) ? sql`${company} AND ${battlecardAudiencesSql(bc)} && ${audiencesParam(v)}` : company;
}

/** Rival r with profile p visible to the viewer. */
export function rivalVisibleSql(v: Viewer, r = 'r', p = 'p'): SQL {
  const company = sql`${sql.raw(r)}.company_id = ${v.companyId} AND ${sql.raw(p)}.company_id = ${v.companyId}`;
  return publishedOnly(v) ? sql`${company} AND ${rivalPublishedSql(r, p)}` : company;
}

/** For paths that list only published rivals whoever asks (Ask's rival picker). */
export { rivalPublishedSql };

/** Board b is shown in lane lists: every board but the Scratchpad, whose cards only search shows curators. */
export const boardListedSql = (b = 'b'): SQL => sql`NOT ${isScratchpadSql(b)}`;

/**
 * Review insights (part 3 §6): admins, curators, and staff impersonating anyone. Reviews have no audiences: every
 * review, aspect and insight is for those users of its company and nobody else.
 */
export const canReadInsights = (auth: Auth) => isCurator(auth) || impersonatorOf(auth) !== null;

/** The engine filter for reviews: the company's. */
export const reviewsFilter = (v: Pick<Viewer, 'companyId'>): Query[] => [{ term: { company_id: v.companyId } }];

/**
 * The engine filter for deals: the company's. Deals have no audiences either; who may query the deals index at all
 * is canReadWinLoss, which every caller checks first (for everyone else the index is never asked).
 */
export const dealsFilter = (v: Pick<Viewer, 'companyId'>): Query[] => [{ term: { company_id: v.companyId } }];

/**
 * The engine filter for win/loss interviews: the company's. Interviews are win/loss content, as deals: who may query
 * the interviews index at all is canReadWinLoss, which every caller (the interviews list, Ask) checks first.
 */
export const interviewsFilter = (v: Pick<Viewer, 'companyId'>): Query[] => [{ term: { company_id: v.companyId } }];

/**
 * Published intel (its curated title, summary and source link) is for everyone in its company, as digests already
 * send it; the rest of the intel feed is for curators.
 */
export const intelPublishedSql = (i = 'i'): SQL => sql.raw(`${i}.published_at IS NOT NULL AND ${i}.state <> 'deleted'`);

/**
 * Win/loss and the deals behind it (part 1 §3, issue #56): on for the company (flag `winLoss`) or for the user
 * (userData.isWinLossEnabled), and then for curators and admins, or for consumers when the company or the user has
 * consumer access. The same rule hides deals from unified search, Ask and exports for everyone else.
 */
export function canReadWinLoss(auth: Pick<Auth, 'roles' | 'user' | 'company'>): boolean {
  const flags = auth.company.companyData.flags ?? {};
  const userData = (auth.user.userData ?? {}) as Record<string, unknown>;
  const enabled = flags.winLoss === true || userData.isWinLossEnabled === true;
  const access = isCurator(auth) || flags.winLossConsumerAccess === true || userData.isWinLossConsumerAccessEnabled === true;
  return enabled && access;
}

/** Win/loss-exclusive companies (flag `winLossExclusive`) hide Ask, the feed, reports, company settings and card search. */
export const isWinLossExclusive = (auth: Pick<Auth, 'company'>): boolean => auth.company.companyData.flags?.winLossExclusive === true;

/**
 * Call insights (issue #57, part 1 §2 `/call-insights`): the company's curators and admins. Calls have no audiences:
 * every call, passage and mention is for those users of its company and nobody else.
 */
export const canReadCalls = (auth: Pick<Auth, 'roles'>) => isCurator(auth);

/** The engine filter for calls: the company's. Who may query the calls index at all is canReadCalls, checked first. */
export const callsFilter = (v: Pick<Viewer, 'companyId'>): Query[] => [{ term: { company_id: v.companyId } }];

/**
 * The knowledge hub (issue #58, part 1 §6): curators (staff who are curators among them) of a company with the flag.
 * Consumers never open it; they read approved files' passages through search, Ask and the landing page.
 */
export const knowledgeHubOn = (auth: Pick<Auth, 'company'>): boolean => auth.company.companyData.flags?.[KNOWLEDGE_HUB.flag] === true;

/** Knowledge-hub file f visible to the viewer: the same audiences as its passages in the engine (`visibilityFilter`). */
export function knowledgeFileVisibleSql(v: Viewer, f = 'f'): SQL {
  const company = sql`${sql.raw(f)}.company_id = ${v.companyId}`;
  return publishedOnly(v) ? sql`${company} AND ${knowledgeFileAudiencesSql(f)} && ${audiencesParam(v)}` : company;
}
