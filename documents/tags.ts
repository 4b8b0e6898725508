// The tag search document: its mapping, its typed source and the query that builds it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../db/client.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { audience } from './audiences.ts';
import { pageOf, selected, versionColumn, type BuiltDoc, type Completion, type Selection } from './build.ts';
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
  const rows = await rowsOf<{ id: number; version: string; company_id: number; name: string; synonyms: string[]; card_count: number }>(
    db,
    sql`SELECT t.id, ${versionColumn('tags', 't')}, t.company_id, t.name, t.synonyms,
          (SELECT count(*) FROM card_tags ct WHERE ct.tag_id = t.id)::int AS card_count
        FROM tags t WHERE ${selected('t', s)} ${pageOf('t', s)}`,
  );
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      company_id: r.company_id,
      name: r.name,
      synonyms: r.synonyms,
      active: r.card_count > 0,
      cardCount: r.card_count,
      suggest: { input: [r.name, ...r.synonyms], contexts: { scope: [audience.everyone(r.company_id)] } },
    },
  }));
}
