// The sellers' feed (part 1 §2 /feed): the company's published intel, newest first, searched with the same query
// semantics as card search (search/text.ts: graded terms, synonyms, typos; the tiers first, newest within a tier),
// filtered by rival, topic and date preset. Served by the engine; an item's detail adds the reader's related cards.
import { sql } from 'drizzle-orm';
import type { FeedItem, FeedItemDetail, FeedPage, FeedQuery, FeedTopics, Ref, RelatedCard } from '../../contracts/news.ts';
import { SearchQuery } from '../../contracts/search.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Hit, Query, SearchEngine, SearchRequest } from '../../engine/port.ts';
import type { IntelDoc } from '../../documents/intel.ts';
import { apiError } from '../errors.ts';
import { updatedRange } from '../search/dates.ts';
import { fieldHtml, snippetHtml } from '../search/highlight.ts';
import { EVERY_CONCEPT_AGG, INTEL_SEARCH_FIELDS, MARK_CLOSE, MARK_OPEN } from '../search/request.ts';
import { matchedOf, searchCards } from '../search/service.ts';
import { everyConcept, textQuery, tierCount, tierFirst, type Concept } from '../search/text.ts';
import { queryConcepts } from '../search/synonyms.ts';
import { intelPublishedSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';

type Deps = { db: Db; engine: SearchEngine };
const FEED_SOURCE = ['intelId', 'title', 'curatedTitle', 'summary', 'source', 'permalink', 'priority', 'topics', 'rivals', 'publishedAt'] as const;
type FeedSource = Pick<IntelDoc, (typeof FEED_SOURCE)[number]>;
const TOPICS_SIZE = 100;
const RELATED_CARDS = 3;
const SUMMARY_FRAGMENT_CHARS = 240;

/** The company's published items (the engine side of visibility/intelPublishedSql). */
export function publishedIntel(companyId: number): { filter: Query[]; mustNot: Query[] } {
  return { filter: [{ term: { company_id: companyId } }, { term: { published: true } }], mustNot: [{ term: { state: 'deleted' } }] };
}

/** One feed page as an engine request. Without q, newest first; with q, the tiers of matched terms first. */
export function buildFeedSearch(p: FeedQuery, companyId: number, cs: Concept[]): SearchRequest {
  const { filter, mustNot } = publishedIntel(companyId);
  if (p.rivalIds?.length) filter.push({ terms: { rivalIds: p.rivalIds } });
  if (p.topics?.length) filter.push({ terms: { topics: p.topics } });
  const range = updatedRange(p.dateRange, 'dateRange');
  if (range) filter.push({ range: { publishedAt: range } });
  const text = textQuery(cs, INTEL_SEARCH_FIELDS, 'tier', 'rivals.name');
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter, must_not: mustNot } },
    sort: tierFirst([{ publishedAt: 'desc' }, { intelId: 'desc' }], cs, 'tier'),
    ...(tierCount(cs) > 1 ? { aggs: { [EVERY_CONCEPT_AGG]: { filter: everyConcept(cs, INTEL_SEARCH_FIELDS) } } } : {}),
    from: p.offset,
    size: p.size,
    highlight: {
      pre_tags: [MARK_OPEN],
      post_tags: [MARK_CLOSE],
      fields: {
        title: { number_of_fragments: 0 },
        curatedTitle: { number_of_fragments: 0 },
        summary: { fragment_size: SUMMARY_FRAGMENT_CHARS, number_of_fragments: 1 },
        body: { fragment_size: SUMMARY_FRAGMENT_CHARS, number_of_fragments: 1 },
      },
    },
    _source: [...FEED_SOURCE],
  };
}

/**
 * The profile of each rival the viewer may open (a seller gets no link to a draft rival's board): the news an item
 * is about links to its rivals' news.
 */
async function openableProfiles(db: Db, v: Viewer, rivalIds: number[]): Promise<Map<number, number>> {
  if (!rivalIds.length) return new Map();
  const rows = await rowsOf<{ rivalId: number; profileId: number }>(
    db,
    sql`SELECT r.id AS "rivalId", p.id AS "profileId" FROM rivals r JOIN profiles p ON p.rival_id = r.id
        WHERE r.id = ANY(${sql.param([...new Set(rivalIds)])}::int[]) AND ${rivalVisibleSql(v)}`,
  );
  return new Map(rows.map((r) => [r.rivalId, r.profileId]));
}

function toFeedItem(h: Hit<FeedSource>, profiles: Map<number, number>): FeedItem {
  const s = h.source;
  const titleField = s.curatedTitle ? 'curatedTitle' : 'title';
  const title = s.curatedTitle || s.title;
  const fragment = h.highlight?.summary?.[0] ?? h.highlight?.body?.[0];
  return {
    id: s.intelId,
    title,
    titleHtml: fieldHtml(h.highlight, titleField, title),
    summaryHtml: fragment ? snippetHtml(fragment) : s.summary ? snippetHtml(s.summary) : null,
    source: s.source,
    permalink: s.permalink,
    priority: s.priority,
    topics: s.topics,
    rivals: s.rivals.map((r) => ({ ...r, profileId: profiles.get(r.id) ?? null })),
    publishedAt: s.publishedAt!,
  };
}

export async function feedPage(deps: Deps, viewer: Viewer, p: FeedQuery): Promise<FeedPage> {
  const cs = await queryConcepts(deps.db, viewer.companyId, p.q);
  const res = await deps.engine.search<FeedSource>('intel', buildFeedSearch(p, viewer.companyId, cs));
  const profiles = await openableProfiles(deps.db, viewer, res.hits.flatMap((h) => h.source.rivals.map((r) => r.id)));
  return {
    items: res.hits.map((h) => toFeedItem(h, profiles)),
    total: res.total.value,
    matched: matchedOf(res),
    offset: p.offset,
    size: p.size,
  };
}

/** The topics of the company's published items, most used first (the feed's topic filter). */
export async function feedTopics(deps: Deps, viewer: Viewer): Promise<FeedTopics> {
  const { filter, mustNot } = publishedIntel(viewer.companyId);
  const res = await deps.engine.search('intel', {
    query: { bool: { filter, must_not: mustNot } },
    size: 0,
    aggs: { topics: { terms: { field: 'topics', size: TOPICS_SIZE } } },
  });
  const buckets = (res.aggregations?.topics as { buckets: { key: string; doc_count: number }[] } | undefined)?.buckets ?? [];
  return { topics: buckets.map((b) => ({ name: String(b.key), count: b.doc_count })) };
}

/** One published item from PostgreSQL (the source of truth), with the reader's cards that relate to it. */
export async function feedItem(deps: Deps, viewer: Viewer, intelId: number): Promise<FeedItemDetail> {
  type Row = Omit<FeedItemDetail, 'relatedCards' | 'publishedAt' | 'rivals'> & { publishedAt: Date; rivals: Ref[] };
  const [item] = await rowsOf<Row>(
    deps.db,
    sql`SELECT i.id, coalesce(nullif(i.curated_title, ''), i.title) AS title, i.summary, i.source, i.permalink, i.priority, i.topics,
          i.published_at AS "publishedAt",
          coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
                    FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id WHERE ir.intel_id = i.id), '[]') AS rivals
        FROM intel_items i WHERE i.id = ${intelId} AND i.company_id = ${viewer.companyId} AND ${intelPublishedSql('i')}`,
  );
  if (!item) throw apiError('intel_item_not_found');
  const [profiles, related] = await Promise.all([openableProfiles(deps.db, viewer, item.rivals.map((r) => r.id)), relatedCards(deps, viewer, item)]);
  return {
    ...item,
    rivals: item.rivals.map((r) => ({ ...r, profileId: profiles.get(r.id) ?? null })),
    publishedAt: new Date(item.publishedAt).toISOString(),
    relatedCards: related,
  };
}

/** The reader's cards about the item's rivals that best match its title: card search under their visibility. */
async function relatedCards(deps: Deps, viewer: Viewer, item: { title: string; rivals: { id: number }[] }): Promise<RelatedCard[]> {
  if (!item.rivals.length) return [];
  const params = SearchQuery.parse({ query: item.title.slice(0, 500), rivals: item.rivals.map((r) => r.id).join(','), sort: 'relevance', size: String(RELATED_CARDS) });
  const found = await searchCards(deps, viewer, params);
  return found.results.filter((c) => !c.scratchpad).map((c) => ({ id: c.id, title: c.data.name, board: c.board, rival: c.rival }));
}
