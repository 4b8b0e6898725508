// The review analysis the seeders are handed (db/seed/reviewRows.ts): the import's, so seeded reviews are exactly
// what an import of the same rows would store.
import type { ReviewAnalyser } from '../../db/seed/reviewRows.ts';
import { generateInsights } from './generate.ts';
import { storedAnalysis } from './analysis/stored.ts';

export const reviewAnalyser: ReviewAnalyser = { analyse: storedAnalysis, generate: generateInsights };
