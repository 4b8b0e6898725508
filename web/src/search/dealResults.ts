// The deals section of the search results page (issue #56): for readers of win/loss only (isWinLossEnabled, the
// server's canReadWinLoss), the few deals the terms find best, each with its outcome badge. Pure; see dealResults.test.ts.
import { OUTCOME_COLOURS, type DealOutcome } from '../../../contracts/dealOutcomes.ts';
import type { DealResult } from '../../../contracts/search.ts';

/** Deals shown beside the cards: the best few; the win/loss area lists the rest. */
export const DEALS_IN_SEARCH = 5;

/** The GET /api/search.json query of a section beside the cards (deals, files): its best few by relevance; null
 * when there are no terms to search. */
export function sectionSearchQuery(index: 'deals' | 'files', terms: string, size: number): Record<string, string | number> | null {
  const query = terms.trim();
  return query ? { index, query, size, sort: 'relevance' } : null;
}

export const dealsSearchQuery = (terms: string) => sectionSearchQuery('deals', terms, DEALS_IN_SEARCH);

/** A deal's badge: its outcome's translation key and colour (part 1 §9), or open while it has none. */
export function dealBadge(outcome: DealResult['outcome']): { key: `search.deals.outcomes.${DealOutcome | 'open'}`; color: string } {
  return outcome ? { key: `search.deals.outcomes.${outcome}`, color: OUTCOME_COLOURS[outcome] } : { key: 'search.deals.outcomes.open', color: 'cyan' };
}
