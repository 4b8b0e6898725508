import type { IndexDefinition } from '../engine/port.ts';
import { analysisSettings, englishText, entityRef, scopedCompletion, textWithKeyword, visibilityFields } from './analysis.ts';

/** A card on a board. `tags.id`, `board.id`, `board.rival_id` are the search counters (facets). */
export const cardsIndex: IndexDefinition = {
  name: 'cards',
  version: 2,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      title: textWithKeyword(),
      suggest: scopedCompletion,
      text: englishText,
      tags: { properties: { id: { type: 'integer' }, name: textWithKeyword() } },
      board: { properties: { id: { type: 'integer' }, name: textWithKeyword(), rival_id: { type: 'integer' } } },
      profile: entityRef(),
      rival: entityRef(),
      author: entityRef(),
      ...visibilityFields,
      scratchpad: { type: 'boolean' },
      createdAt: { type: 'date' },
      updatedAt: { type: 'date' },
      viewOrder: { type: 'double' },
      hasDynamicBlocks: { type: 'boolean' },
      sourcesCount: { type: 'integer' },
      battlecardIds: { type: 'integer' },
    },
  },
};
