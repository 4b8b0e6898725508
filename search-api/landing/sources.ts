// What a landing page's generated sections stand on, for one reader's scope (search-api/visibility): the rival's
// cards and battlecards the scope may see (never the Scratchpad), and, when the profile's public sources are on,
// the rival's published intel and its review insights' strengths and weaknesses. The same filters give the
// fingerprint a page view compares with the one its sections were made from, so a section is regenerated when
// what it stands on changed (content, visibility, settings, or the day: "lately" and "what's new" move with it),
// not on every view. "How we compare" has our side too: the own organization's positioning statements and the
// products the profile compares (all of them when it picks none), which every reader of the company may read.
import { sql } from 'drizzle-orm';
import { withVariables } from '../../documents/variables.ts';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { LandingCitation } from '../../contracts/landing.ts';
import type { Passage } from '../ask/retrieval.ts';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { insightSummary, type SummaryFigures } from '../insights/summary.ts';
import type { ReaderLanguage } from '../strings/index.ts';
import { battlecardVisibleSql, boardListedSql, cardVisibleSql, intelPublishedSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';

/** Intel older than this plays no part in a page (its "lately" paragraph and What's new are recent news). */
export const INTEL_DAYS = 90;
/** Strengths and weaknesses of review insights, each, that a page draws on. */
export const INSIGHTS_PER_KIND = 5;
/** A positioning statement's citation title: its opening words. */
const OUR_TITLE_CHARS = 80;

export type LandingProfile = {
  profileId: number;
  rivalId: number;
  name: string;
  publicSourcesEnabled: boolean;
  /** Names of the products of the company's own organization the page compares (empty: all). */
  products: string[];
};

export type SourceType = LandingCitation['type'];

/** One source: a passage as Ask's sentence ranking reads it (search-api/ask/extractive.ts), of any of the four types. */
export type LandingSource = Omit<Passage, 'docType' | 'url'> & {
  type: SourceType;
  /** Every landing source opens somewhere (none is a knowledge-hub passage). */
  url: string;
  /** Cards: whether a battlecard holds it. */
  inBattlecard?: boolean;
  /** Intel: when it was published. Insights: strengths or weaknesses, and how many reviews. */
  publishedAt?: string;
  kind?: 'strengths' | 'weaknesses';
  reviewCount?: number;
  /** Insights: the review quote that shows it best, with its site. */
  quote?: { text: string; site: string } | null;
};

export type LandingSources = {
  profile: LandingProfile;
  cards: LandingSource[];
  battlecards: LandingSource[];
  intel: LandingSource[];
  insights: LandingSource[];
  /** Our side: positioning statements (value proposition, differentiators, proof points, ideal customer), then products. */
  ours: LandingSource[];
};

const iso = (d: unknown) => new Date(d as string).toISOString();

/** A model-written insight summary cites its review quotes as [n]: numbers that mean nothing on the landing page. */
export const withoutCitations = (text: string) => text.replace(/\s*\[\d+\]/g, '');

/** The cards of the profile's lanes (never the Scratchpad) the viewer may see: FROM and WHERE, for more conditions after. */
export const cardsSql = (v: Viewer, profileId: number) =>
  sql`FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = ${profileId} AND ${boardListedSql('b')} AND ${cardVisibleSql(v)}`;
const battlecardsSql = (v: Viewer, profileId: number) => sql`FROM battlecards bc WHERE bc.profile_id = ${profileId} AND ${battlecardVisibleSql(v)}`;
/**
 * The rival's published intel: an item tagged with several rivals is about this one only when it names it (an
 * article on another rival's price rise, tagged for both, is not news about this one).
 */
const intelSql = (p: LandingProfile) =>
  sql`FROM intel_items i JOIN intel_rivals ir ON ir.intel_id = i.id
      WHERE ir.rival_id = ${p.rivalId} AND ${intelPublishedSql('i')} AND i.published_at > now() - make_interval(days => ${INTEL_DAYS})
        AND ${p.publicSourcesEnabled}
        AND (NOT EXISTS (SELECT 1 FROM intel_rivals o WHERE o.intel_id = i.id AND o.rival_id <> ir.rival_id)
             OR strpos(lower(concat_ws(' ', i.curated_title, i.title, i.summary, i.body)), lower(${p.name})) > 0)`;
const insightsSql = (p: LandingProfile) =>
  sql`FROM (SELECT x.id, x.kind, x.summary, x.review_count, x.share, x.opinions, x.usual_share, x.generated_at, x.rank, x.quotes, coalesce(a.custom_title, a.title) AS title,
                   row_number() OVER (PARTITION BY x.kind ORDER BY x.rank) AS kind_rank
            FROM insights x JOIN aspects a ON a.id = x.aspect_id
            WHERE x.rival_id = ${p.rivalId} AND NOT x.stale AND a.state = 'none' AND x.kind IN ('strengths', 'weaknesses')
              AND ${p.publicSourcesEnabled}) x
      WHERE x.kind_rank <= ${INSIGHTS_PER_KIND}`;

/**
 * Where our side's citations open: the knowledge hub's pages (part 3 §2.4), which only curators open; a consumer's
 * citation names its source without a link (the page shows it as a marker that opens nothing).
 */
const HUB_URL = { positioning: '/knowledge-hub/positioning', product: '/knowledge-hub/products' } as const;
const hubUrl = (v: Viewer, page: keyof typeof HUB_URL) => (v.curator ? HUB_URL[page] : '');
const positioningSql = (v: Viewer) =>
  sql`FROM positioning_statements ps JOIN organizations o ON o.id = ps.organization_id AND o.is_own_organization WHERE ps.company_id = ${v.companyId}`;
const ourProductsSql = (v: Viewer, p: LandingProfile) =>
  sql`FROM products pr JOIN organizations o ON o.id = pr.organization_id AND o.is_own_organization
      WHERE pr.company_id = ${v.companyId} AND (${p.products.length === 0} OR pr.name = ANY(${sql.param(p.products)}::text[]))`;

/** The profile with its page settings, if the viewer may see its rival. */
export async function landingProfile(db: Exec, v: Viewer, profileId: number): Promise<LandingProfile | null> {
  const [row] = await rowsOf<LandingProfile>(
    db,
    sql`SELECT p.id AS "profileId", p.rival_id AS "rivalId", r.name, p.public_sources_enabled AS "publicSourcesEnabled",
          coalesce((SELECT array_agg(pr.name ORDER BY pr.name) FROM products pr
                    WHERE pr.company_id = p.company_id AND p.products @> to_jsonb(pr.id)), '{}') AS products
        FROM profiles p JOIN rivals r ON r.id = p.rival_id WHERE p.id = ${profileId} AND ${rivalVisibleSql(v)}`,
  );
  return row ?? null;
}

/**
 * The fingerprint of what the page's sections stand on for this viewer: every source's id and change time, the
 * settings, and the day. Reads no text, so a page view can afford it.
 */
export async function sourcesKey(db: Exec, v: Viewer, p: LandingProfile): Promise<string> {
  const stamp = (t: string) => sql.raw(`extract(epoch FROM ${t})::bigint`);
  const [row] = await rowsOf<{ key: string }>(
    db,
    sql`SELECT md5(concat_ws('|', current_date, ${JSON.stringify([p.publicSourcesEnabled, p.products])}::text,
          (SELECT string_agg(c.id || ':' || ${stamp('c.updated_at')}, ',' ORDER BY c.id) ${cardsSql(v, p.profileId)}),
          (SELECT string_agg(bc.id || ':' || ${stamp('bc.updated_at')}, ',' ORDER BY bc.id) ${battlecardsSql(v, p.profileId)}),
          (SELECT string_agg(i.id || ':' || ${stamp('i.updated_at')}, ',' ORDER BY i.id) ${intelSql(p)}),
          (SELECT string_agg(x.id || ':' || ${stamp('x.generated_at')} || ':' || coalesce(md5(x.summary), ''), ',' ORDER BY x.id) ${insightsSql(p)}),
          (SELECT string_agg(ps.id || ':' || md5(ps.text), ',' ORDER BY ps.id) ${positioningSql(v)}),
          (SELECT string_agg(pr.id || ':' || md5(pr.name || coalesce(pr.description, '')), ',' ORDER BY pr.id) ${ourProductsSql(v, p)}))) AS key`,
  );
  return row.key;
}

/**
 * Everything the sections are written from, in page order (lanes, then cards within them); the insights' summaries
 * in the language the sections are written in.
 */
export async function readSources(db: Exec, v: Viewer, p: LandingProfile, language: ReaderLanguage): Promise<LandingSources> {
  type CardRow = { id: number; name: string; textHtml: string; createdAt: string; updatedAt: string; inBattlecard: boolean };
  type BattlecardRow = { id: number; title: string; createdAt: string; updatedAt: string };
  type IntelRow = { id: number; title: string; summary: string | null; permalink: string | null; createdAt: string; updatedAt: string; publishedAt: string };
  type InsightRow = { id: number; title: string; kind: 'strengths' | 'weaknesses'; generatedAt: string; quote: { text: string; site: string } | null } & SummaryFigures;
  // One query at a time: the generation job reads them on its transaction's single client.
  const cards = await withVariables(db, await rowsOf<CardRow>(
    db,
    sql`SELECT c.id, c.name, c.text_html AS "textHtml", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
          EXISTS (SELECT 1 ${battlecardsSql(v, p.profileId)} AND c.id = ANY(search_battlecard_card_ids(bc.cards))) AS "inBattlecard"
        ${cardsSql(v, p.profileId)}
        ORDER BY b.view_order, b.id, c.view_order, c.id`,
  ), () => v.companyId);
  const battlecards = await rowsOf<BattlecardRow>(
    db,
    sql`SELECT bc.id, bc.title, bc.created_at AS "createdAt", bc.updated_at AS "updatedAt" ${battlecardsSql(v, p.profileId)} ORDER BY bc.view_order, bc.id`,
  );
  const intel = await rowsOf<IntelRow>(
    db,
    sql`SELECT i.id, coalesce(i.curated_title, i.title) AS title, i.summary, i.permalink, i.created_at AS "createdAt",
          i.updated_at AS "updatedAt", i.published_at AS "publishedAt"
        ${intelSql(p)} ORDER BY i.published_at DESC, i.id DESC`,
  );
  const insights = await rowsOf<InsightRow>(
    db,
    sql`SELECT x.id, x.title, x.summary AS written, x.kind, x.review_count AS "reviewCount", x.share, x.opinions, x.usual_share AS "usualShare",
          x.generated_at AS "generatedAt",
          CASE WHEN jsonb_array_length(x.quotes) > 0 THEN jsonb_build_object('text', x.quotes->0->>'text', 'site', x.quotes->0->>'site') END AS quote
        ${insightsSql(p)} ORDER BY x.kind, x.rank`,
  );
  const positioning = await rowsOf<{ id: number; text: string; createdAt: string; updatedAt: string }>(
    db,
    sql`SELECT ps.id, ps.text, ps.created_at AS "createdAt", ps.updated_at AS "updatedAt" ${positioningSql(v)}
        ORDER BY array_position(ARRAY['value_proposition', 'differentiator', 'proof_point', 'ideal_customer'], ps.kind), ps.position, ps.id`,
  );
  const products = await rowsOf<{ id: number; name: string; description: string | null; createdAt: string }>(
    db,
    sql`SELECT pr.id, pr.name, pr.description, pr.created_at AS "createdAt" ${ourProductsSql(v, p)} ORDER BY pr.name, pr.id`,
  );
  const rivalIds = [p.rivalId];
  return {
    profile: p,
    cards: cards.map((c) => ({
      type: 'card',
      id: c.id,
      title: c.name,
      url: `/profile/${p.profileId}?viewCard=${c.id}`,
      text: htmlToText(c.textHtml),
      rivalIds,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
      inBattlecard: c.inBattlecard,
    })),
    battlecards: battlecards.map((b) => ({
      type: 'battlecard',
      id: b.id,
      title: b.title,
      url: `/profile/${p.profileId}/battlecard/view/${b.id}`,
      text: '',
      rivalIds,
      createdAt: iso(b.createdAt),
      updatedAt: iso(b.updatedAt),
    })),
    intel: intel.map((i) => ({
      type: 'intel',
      id: i.id,
      title: i.title,
      // The source article: every reader of published intel may open it.
      url: i.permalink ?? '#whats-new',
      text: i.summary ?? '',
      rivalIds,
      createdAt: iso(i.createdAt),
      updatedAt: iso(i.updatedAt),
      publishedAt: iso(i.publishedAt),
    })),
    insights: insights.map((x) => ({
      type: 'insight',
      id: x.id,
      title: x.title,
      url: `#insight-${x.id}`,
      text: withoutCitations(insightSummary(language, x)),
      rivalIds,
      createdAt: iso(x.generatedAt),
      updatedAt: iso(x.generatedAt),
      kind: x.kind,
      reviewCount: x.reviewCount,
      quote: x.quote,
    })),
    ours: [
      ...positioning.map((s) => ({
        type: 'positioning' as const,
        id: s.id,
        title: s.text.length > OUR_TITLE_CHARS ? `${s.text.slice(0, OUR_TITLE_CHARS).replace(/\s+\S*$/, '')}…` : s.text,
        url: hubUrl(v, 'positioning'),
        text: s.text,
        rivalIds: [],
        createdAt: iso(s.createdAt),
        updatedAt: iso(s.updatedAt),
      })),
      ...products.map((pr) => ({
        type: 'product' as const,
        id: pr.id,
        title: pr.name,
        url: hubUrl(v, 'product'),
        text: pr.description ?? '',
        rivalIds: [],
        createdAt: iso(pr.createdAt),
        updatedAt: iso(pr.createdAt),
      })),
    ],
  };
}
