// Every search document type: its index definition (bump a version when a mapping changes: the
// indexer then builds `${name}_v${version}` and swaps the alias), the table its rows live in, and the
// builder that reads them from PostgreSQL. Each type's module holds all three.
import type { Exec } from '../db/client.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { battlecardsIndex, buildBattlecardDocs, type BattlecardDoc } from './battlecards.ts';
import type { BuiltDoc, Selection } from './build.ts';
import { buildCallDocs, callsIndex, type CallDoc } from './calls.ts';
import { buildCardDocs, cardsIndex, type CardDoc } from './cards.ts';
import { buildDealDocs, dealsIndex, type DealDoc } from './deals.ts';
import { buildFileDocs, filesIndex, type FileDoc } from './files.ts';
import { buildIntelDocs, intelIndex, type IntelDoc } from './intel.ts';
import { buildInterviewDocs, interviewsIndex, type InterviewDoc } from './interviews.ts';
import { buildReviewDocs, reviewsIndex, type ReviewDoc } from './reviews.ts';
import { buildTagDocs, tagsIndex, type TagDoc } from './tags.ts';

export { battlecardsIndex, callsIndex, cardsIndex, dealsIndex, filesIndex, intelIndex, interviewsIndex, reviewsIndex, tagsIndex };
/** The fields' subfields of words as typed, which search reads to forgive typos. */
export { asTyped } from './analysis.ts';
export type { BuiltDoc, Selection };

export const indexes = {
  cards: cardsIndex,
  intel: intelIndex,
  tags: tagsIndex,
  battlecards: battlecardsIndex,
  reviews: reviewsIndex,
  deals: dealsIndex,
  calls: callsIndex,
  interviews: interviewsIndex,
  files: filesIndex,
} as const satisfies Record<string, IndexDefinition>;

export type IndexName = keyof typeof indexes;
export const allIndexes: IndexDefinition[] = Object.values(indexes);

/** The table each index is built from. */
export const INDEX_TABLES: Record<IndexName, string> = {
  cards: 'cards',
  intel: 'intel_items',
  tags: 'tags',
  battlecards: 'battlecards',
  reviews: 'reviews',
  deals: 'deals',
  calls: 'calls',
  interviews: 'interviews',
  files: 'knowledge_passages',
};

/** Any search document. */
export type SearchDoc = CardDoc | IntelDoc | TagDoc | BattlecardDoc | ReviewDoc | DealDoc | CallDoc | InterviewDoc | FileDoc;

export const documentBuilders: Record<IndexName, (db: Exec, s: Selection) => Promise<BuiltDoc<SearchDoc>[]>> = {
  cards: buildCardDocs,
  intel: buildIntelDocs,
  tags: buildTagDocs,
  battlecards: buildBattlecardDocs,
  reviews: buildReviewDocs,
  deals: buildDealDocs,
  calls: buildCallDocs,
  interviews: buildInterviewDocs,
  files: buildFileDocs,
};
