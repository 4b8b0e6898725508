// A deal's outcomes and their badge colours (part 1 §9; issue #56), apart from contracts/deals.ts and its zod schemas:
// unified search, on the first screen, names them.

/** A closed deal's outcome; an open deal has none. */
export const DEAL_OUTCOMES = ['win', 'loss', 'churn', 'churn_positive', 'other'] as const;
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];
export const OUTCOME_COLOURS: Record<DealOutcome, 'green' | 'red' | 'orange' | 'blue' | 'gray'> = {
  win: 'green',
  loss: 'red',
  churn: 'orange',
  churn_positive: 'blue',
  other: 'gray',
};
