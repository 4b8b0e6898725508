// The knowledge-hub file search document (issue #58): a file of the company's own as unified search and Ask find it —
// its passages' texts in their order (one value each, analysed as cards' text is: a highlight fragment lies within one
// passage, so it maps back to the passage's seq, search-api/transcripts/matches.ts), its title and file name (typos
// forgiven), its kind and product as exact values, and its audiences (documents/audiences.ts knowledgeFileAudiencesSql):
// the one visibility filter (search-api/visibility visibilityFilter) scopes its passages exactly as it scopes cards.
// One document per file, as interviews and calls: the outbox names documents by one integer id, and a passage has none.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { knowledgeFiles } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import type { FileKind } from '../contracts/knowledgeHub.ts';
import { knowledgeFileAudiencesSql } from './audiences.ts';
import { pageTail, selected, versionOf, type BuiltDoc, type Selection } from './build.ts';
import { analysisSettings, typoTolerantText } from './analysis.ts';

export const filesIndex: IndexDefinition = {
  name: 'files',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      fileId: { type: 'integer' },
      company_id: { type: 'integer' },
      audiences: { type: 'keyword' },
      title: typoTolerantText(true),
      fileName: typoTolerantText(),
      kind: { type: 'keyword' },
      productId: { type: 'integer' },
      /** The passages' texts in seq order. */
      passages: typoTolerantText(),
    },
  },
};

export type FileDoc = {
  id: string;
  fileId: number;
  company_id: number;
  /** Who may read the file's passages: curators always; consumers once it is approved, by its visibility groups. */
  audiences: string[];
  title: string;
  fileName: string;
  kind: FileKind;
  productId: number | null;
  passages: string[];
};

const file = alias(knowledgeFiles, 'f');

/** The documents of the selected knowledge-hub files. */
export async function buildFileDocs(db: Exec, s: Selection): Promise<BuiltDoc<FileDoc>[]> {
  type Row = Omit<FileDoc, 'id'> & { version: string };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT f.id AS "fileId", ${versionOf('files', file.id)} AS version, f.company_id, ${knowledgeFileAudiencesSql('f')} AS audiences,
          f.title, f.file_name AS "fileName", f.kind, f.product_id AS "productId",
          coalesce((SELECT array_agg(x.text ORDER BY x.seq) FROM knowledge_passages x WHERE x.file_id = f.id), '{}') AS passages
        FROM knowledge_files f
        WHERE ${selected(file.id, s)} ${pageTail(file.id, s)}`,
  );
  return rows.map(({ version, ...r }) => ({ id: r.fileId, version: Number(version), doc: { id: String(r.fileId), ...r } }));
}
