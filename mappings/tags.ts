import type { IndexDefinition } from '../engine/port.ts';
import { analysisSettings, englishText, scopedCompletion } from './analysis.ts';

/** A tag; suggestions come from its name and synonyms (tags have no visibility: their scope is everyone in the company). */
export const tagsIndex: IndexDefinition = {
  name: 'tags',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      company_id: { type: 'integer' },
      name: { type: 'text', analyzer: 'rs_english', fields: { keyword: { type: 'keyword', normalizer: 'rs_folded' } } },
      synonyms: englishText,
      active: { type: 'boolean' },
      cardCount: { type: 'integer' },
      suggest: scopedCompletion,
    },
  },
};
