// Retrieval for Ask: the search engine picks the passages (cards the asker may see; in research mode
// for curators, intel too), then their text is read from PostgreSQL under the same visibility rule,
// so a card that changed visibility after it was indexed is never quoted. Readers of win/loss also get interviews'
// buyer passages: the passage that matched best is quoted, the interview named. With the knowledge hub, the company's own
// files' passages the asker may see are drawn on too, each named by its citation (knowledgeFiles.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Query, SearchEngine, SearchRequest } from '../../engine/port.ts';
import { selectCards } from '../../documents/cards.ts';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { CARD_SEARCH_FIELDS, INTEL_SEARCH_FIELDS, MARK_CLOSE, MARK_OPEN } from '../search/request.ts';
import { textQuery, type Concept, type TextFields } from '../search/text.ts';
import { weighSynonyms } from '../search/synonymWeights.ts';
import { withFeedback } from '../search/feedback.ts';
import { queryConcepts } from '../search/synonyms.ts';
import { cardVisibleSql, interviewsFilter, visibilityFilter, type Viewer } from '../visibility/index.ts';
import { interviewCitations } from './interviews.ts';
import { filePassagesFor } from './knowledgeFiles.ts';

export const CARD_PASSAGES = 8;
export const INTEL_PASSAGES = 4;
export const INTERVIEW_PASSAGES = 3;

export type Passage = {
  docType: 'card' | 'intel' | 'interview' | 'file';
  id: number;
  title: string;
  /** Where the source opens; null when the asker has no screen to open it on (a knowledge-hub passage for a consumer). */
  url: string | null;
  text: string;
  rivalIds: number[];
  createdAt: string;
  updatedAt: string;
};

/**
 * winLoss: the asker reads win/loss (visibility canReadWinLoss), so interviews are drawn on too; knowledgeHub: the
 * company has the hub (visibility knowledgeHubOn), so its files are, cited in `language` (the asker's).
 */
export type RetrievalScope = { viewer: Viewer; research: boolean; winLoss?: boolean; knowledgeHub?: boolean; language?: string; rivalIds: number[] };

/** What Ask draws passages from: an index, its searched and rival fields, how many it gives. */
type Source = {
  index: string;
  fields: TextFields;
  rivalFields: { ids: string; names: string };
  size: number;
  /** Ranked as card search ranks by relevance, with the words its best hits share (feedback.ts). */
  feedback: boolean;
};

const CARDS: Source = { index: 'cards', fields: CARD_SEARCH_FIELDS, rivalFields: { ids: 'board.rival_id', names: 'rival.name' }, size: CARD_PASSAGES, feedback: true };
const INTEL: Source = { index: 'intel', fields: INTEL_SEARCH_FIELDS, rivalFields: { ids: 'rivalIds', names: 'rivals.name' }, size: INTEL_PASSAGES, feedback: false };
/** Only the buyer's words: the interviewer's questions are no evidence. */
const INTERVIEW_FIELDS: TextFields = { literal: ['buyerPassages', 'rivals.name^2'], typo: ['buyerPassages', 'rivals.name^2'] };

const iso = (d: unknown) => new Date(d as string).toISOString();

export async function retrieve(db: Db, engine: SearchEngine, question: string, scope: RetrievalScope): Promise<Passage[]> {
  const cs = await queryConcepts(db, scope.viewer.companyId, question);
  const cards = await rankedCardIds(engine, cs, scope);
  const intel = scope.research
    ? await rankedIds(engine, INTEL, scope.viewer.companyId, cs, [{ term: { company_id: scope.viewer.companyId } }, { bool: { must_not: [{ term: { state: 'deleted' } }] } }], scope.rivalIds)
    : [];
  const [cardPassages, intelPassages, interviewPassages, filePassages] = await Promise.all([
    readCards(db, scope.viewer, cards),
    readIntel(db, scope.viewer.companyId, intel),
    scope.winLoss ? interviewPassagesFor(db, engine, cs, scope) : [],
    scope.knowledgeHub ? filePassagesFor(db, engine, cs, scope.viewer, scope.language ?? null) : [],
  ]);
  return [...interleave(cardPassages, intelPassages), ...interviewPassages, ...filePassages];
}

/** Research mode mixes the two kinds by rank, so intel is not always behind every card. */
function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...(i < a.length ? [a[i]] : []), ...(i < b.length ? [b[i]] : []));
  return out;
}

/** The cards a question draws on, best first (the same query as card search, sorted by relevance). */
export function rankedCardIds(engine: SearchEngine, cs: Concept[], scope: Pick<RetrievalScope, 'viewer' | 'rivalIds'>): Promise<number[]> {
  return rankedIds(engine, CARDS, scope.viewer.companyId, cs, visibilityFilter(scope.viewer), scope.rivalIds);
}

/**
 * Ids by relevance (synonyms weighed against the words typed); within the context rivals first, and
 * without them when nothing there matches.
 */
async function rankedIds(engine: SearchEngine, source: Source, companyId: number, cs: Concept[], filter: Query[], rivalIds: number[]): Promise<number[]> {
  const { index, fields, rivalFields, size } = source;
  const weighed = await weighSynonyms(engine, index, companyId, cs, fields);
  const text = textQuery(weighed, fields, 'score', rivalFields.names);
  if (!text) return [];
  const run = async (extra: Query[]) => {
    const request: SearchRequest = { query: { bool: { must: [text], filter: [...filter, ...extra] } }, size, _source: ['id'] };
    const ranked = source.feedback ? await withFeedback(engine, companyId, request, weighed, fields) : request;
    return (await engine.search<{ id: string }>(index, ranked)).hits.map((h) => Number(h.source.id));
  };
  if (rivalIds.length) {
    const within = await run([{ terms: { [rivalFields.ids]: rivalIds } }]);
    if (within.length) return within;
  }
  return run([]);
}

/** The rows in the order of `ids` (the engine's ranking), leaving out ids the query did not return. */
function inIdOrder<T extends { id: unknown }>(ids: number[], rows: T[]): [number, T][] {
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  return ids.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!]);
}

async function readCards(db: Db, v: Viewer, ids: number[]): Promise<Passage[]> {
  if (!ids.length) return [];
  const rows = await selectCards(db, sql`c.id = ANY(${sql.param(ids)}::int[]) AND ${cardVisibleSql(v)}`);
  return inIdOrder(ids, rows).map(([id, r]) => ({
    docType: 'card' as const,
    id,
    title: r.name,
    url: `/profile/${r.profile.id}?viewCard=${id}`,
    text: htmlToText(r.textHtml),
    rivalIds: [r.rival.id],
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

async function readIntel(db: Db, companyId: number, ids: number[]): Promise<Passage[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute(sql`
    SELECT i.id, coalesce(i.curated_title, i.title) AS title, i.summary, i.body, i.permalink, i.created_at, i.updated_at,
      coalesce((SELECT array_agg(ir.rival_id) FROM intel_rivals ir WHERE ir.intel_id = i.id), '{}') AS rival_ids
    FROM intel_items i
    WHERE i.company_id = ${companyId} AND i.state <> 'deleted' AND i.id = ANY(${sql.param(ids)}::int[])`);
  type IntelRow = { id: number; title: string; summary: string | null; body: string | null; permalink: string | null; created_at: string; updated_at: string; rival_ids: number[] };
  return inIdOrder(ids, rows as IntelRow[]).map(([id, r]) => ({
    docType: 'intel' as const,
    id,
    title: r.title,
    url: r.permalink ?? `/alerts?alertId=${id}`,
    text: [r.summary, htmlToText(r.body ?? '')].filter(Boolean).join('\n'),
    rivalIds: r.rival_ids,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/**
 * The interviews' buyer passages a question draws on, best interview first, each the passage of its interview that
 * matched the most words (the highlight names it). With context rivals, only their deals' interviews: an interview is
 * evidence about the rivals its deal met, and no other rival's stands in for it.
 */
async function interviewPassagesFor(db: Db, engine: SearchEngine, cs: Concept[], scope: RetrievalScope): Promise<Passage[]> {
  const text = textQuery(cs, INTERVIEW_FIELDS, 'score', 'rivals.name');
  if (!text) return [];
  const run = async (extra: Query[]) => {
    const res = await engine.search<{ interviewId: number }>('interviews', {
      query: { bool: { must: [text], filter: [...interviewsFilter(scope.viewer), ...extra] } },
      size: INTERVIEW_PASSAGES,
      _source: ['interviewId'],
      highlight: { pre_tags: [MARK_OPEN], post_tags: [MARK_CLOSE], fields: { buyerPassages: { number_of_fragments: 0 } } },
    });
    return res.hits.flatMap((h) => {
      const marked = h.highlight?.buyerPassages ?? [];
      const marks = (s: string) => s.split(MARK_OPEN).length;
      const best = [...marked].sort((a, b) => marks(b) - marks(a))[0];
      return best ? [{ interviewId: Number(h.source.interviewId), text: best.replaceAll(MARK_OPEN, '').replaceAll(MARK_CLOSE, '') }] : [];
    });
  };
  const found = await run(scope.rivalIds.length ? [{ terms: { rivalIds: scope.rivalIds } }] : []);
  return interviewCitations(db, scope.viewer.companyId, found);
}
