// Every index definition, with its version. Bump a version when a mapping changes: the indexer
// then builds `${name}_v${version}` and swaps the alias.
import type { IndexDefinition } from '../engine/port.ts';
import { battlecardsIndex } from './battlecards.ts';
import { cardsIndex } from './cards.ts';
import { intelIndex } from './intel.ts';
import { tagsIndex } from './tags.ts';

export { battlecardsIndex, cardsIndex, intelIndex, tagsIndex };

export const indexes = {
  cards: cardsIndex,
  intel: intelIndex,
  tags: tagsIndex,
  battlecards: battlecardsIndex,
} as const satisfies Record<string, IndexDefinition>;

export type IndexName = keyof typeof indexes;
export const allIndexes: IndexDefinition[] = Object.values(indexes);
