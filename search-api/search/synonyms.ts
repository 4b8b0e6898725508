// The company's synonyms applied to a query: the thesaurus its searches expand their words with, built from the
// entries synonyms/ stores, and a query's concepts under it (text.ts).
import type { Exec } from '../../db/client.ts';
import { savedSynonymEntries } from '../synonyms/service.ts';
import { DEFAULT_SYNONYMS } from '../synonyms/vocabulary.ts';
import { concepts, thesaurusOf, type Concept, type Thesaurus } from './text.ts';

const DEFAULT_THESAURUS = thesaurusOf(DEFAULT_SYNONYMS);

/** The thesaurus a search of this company expands its words with, read per search so an edit applies at once. */
export async function companyThesaurus(db: Exec, companyId: number): Promise<Thesaurus> {
  const entries = await savedSynonymEntries(db, companyId);
  return entries ? thesaurusOf(entries) : DEFAULT_THESAURUS;
}

/** The concepts of a rep's query under the company's synonyms. */
export async function queryConcepts(db: Exec, companyId: number, query: string): Promise<Concept[]> {
  return query.trim() ? concepts(query, await companyThesaurus(db, companyId)) : [];
}
