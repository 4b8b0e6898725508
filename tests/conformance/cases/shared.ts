// What the conformance cases share: the suite's engine, card fixtures and index names (Conformance), and small helpers.
import type { IndexDefinition, Query, SearchEngine, SearchRequest, SearchResponse } from '../../../engine/port.ts';
import type { CardFixture } from '../fixtures.ts';

/** One run of the suite: `engine` and `cards` are read once its beforeAll has made the engine and loaded the cards. */
export interface Conformance {
  readonly engine: SearchEngine;
  readonly cards: CardFixture[];
  /** Index names of the cards and intel, unique per run. */
  readonly C: string;
  readonly I: string;
  readonly cardsDef: IndexDefinition;
  readonly prefix: string;
  /** When the card fixtures were made (their dates are relative to it). */
  readonly now: number;
  /** A search of the cards index that counts every hit. */
  search: (req: SearchRequest) => Promise<SearchResponse>;
  /** The sorted ids of the cards a predicate keeps: what a query should find. */
  oracle: (pred: (c: CardFixture) => boolean) => string[];
}

export const ids = (r: SearchResponse): string[] => r.hits.map((h) => h.id);
export const sorted = (xs: string[]): string[] => [...xs].sort();
export const company1: Query = { term: { company_id: 1 } };
