// The tag search document: its mapping, its typed source and the query that builds it.
import { sql } from 'drizzle-orm';
import type { Exec } from '../db/client.ts';
import { tags } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { audience } from './audiences.ts';
import { pageOf, selected, versionOf, type BuiltDoc, type Completion, type Selection } from './build.ts';
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

/** The tag document. */
export type TagDoc = {
  id: string;
  company_id: number;
  name: string;
  synonyms: string[];
  active: boolean;
  cardCount: number;
  suggest: Completion;
};

/** The tag documents of the selected tags. */
export async function buildTagDocs(db: Exec, s: Selection): Promise<BuiltDoc<TagDoc>[]> {
  const query = db
    .select({
      id: tags.id,
      version: versionOf('tags', tags.id),
      companyId: tags.companyId,
      name: tags.name,
      synonyms: tags.synonyms,
      cardCount: sql<number>`(SELECT count(*) FROM card_tags ct WHERE ct.tag_id = ${tags.id})::int`,
    })
    .from(tags)
    .where(selected(tags.id, s))
    .$dynamic();
  const rows = await pageOf(query, tags.id, s);
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      company_id: r.companyId,
      name: r.name,
      synonyms: r.synonyms,
      active: r.cardCount > 0,
      cardCount: r.cardCount,
      suggest: { input: [r.name, ...r.synonyms], contexts: { scope: [audience.everyone(r.companyId)] } },
    },
  }));
}
