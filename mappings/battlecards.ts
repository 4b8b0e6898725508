import type { IndexDefinition } from '../engine/port.ts';
import { analysisSettings, englishText, entityRef, scopedCompletion, textWithKeyword, visibilityFields } from './analysis.ts';

/** A battlecard (an ordered set of cards for one rival profile). */
export const battlecardsIndex: IndexDefinition = {
  name: 'battlecards',
  version: 2,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      title: textWithKeyword(),
      suggest: scopedCompletion,
      profile: entityRef(),
      rival: entityRef(),
      cardTitles: englishText,
      ...visibilityFields,
      viewOrder: { type: 'double' },
      createdAt: { type: 'date' },
      updatedAt: { type: 'date' },
    },
  },
};
