// The knowledge-hub passage search document (issue #58): one passage of a file of the company's own as unified search
// and Ask find it — its text, where it is in its file (location, number, label, seq), and its file's fields
// denormalised: the title and file name (typos forgiven), the kind and product as exact values, and the file's
// audiences (documents/audiences.ts knowledgeFileAudiencesSql): the one visibility filter (search-api/visibility
// visibilityFilter) scopes passages exactly as it scopes cards. One document per passage, keyed by the passage's
// identity id (the outbox names documents by one integer): a hit is a passage, so nothing highlights a whole file.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { knowledgePassages } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import type { FileKind, PassageLocation } from '../contracts/knowledgeHub.ts';
import { knowledgeFileAudiencesSql } from './audiences.ts';
import { pageTail, selected, versionOf, type BuiltDoc, type Selection } from './build.ts';
import { analysisSettings, typoTolerantText } from './analysis.ts';

export const filesIndex: IndexDefinition = {
  name: 'files',
  version: 2,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      fileId: { type: 'integer' },
      seq: { type: 'integer' },
      company_id: { type: 'integer' },
      audiences: { type: 'keyword' },
      title: typoTolerantText(true),
      fileName: typoTolerantText(),
      kind: { type: 'keyword' },
      productId: { type: 'integer' },
      location: { type: 'keyword' },
      number: { type: 'integer' },
      label: { type: 'keyword', index: false },
      text: typoTolerantText(),
    },
  },
};

export type FileDoc = {
  /** The passage's id. */
  id: string;
  fileId: number;
  seq: number;
  company_id: number;
  /** Who may read the passage: curators always; consumers once its file is approved, by the file's visibility groups. */
  audiences: string[];
  title: string;
  fileName: string;
  kind: FileKind;
  productId: number | null;
  location: PassageLocation;
  number: number | null;
  label: string | null;
  text: string;
};

const passage = alias(knowledgePassages, 'p');

/** The documents of the selected knowledge-hub passages. */
export async function buildFileDocs(db: Exec, s: Selection): Promise<BuiltDoc<FileDoc>[]> {
  type Row = Omit<FileDoc, 'id'> & { passageId: number; version: string };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT p.id AS "passageId", ${versionOf('files', passage.id)} AS version, p.file_id AS "fileId", p.seq, f.company_id,
          ${knowledgeFileAudiencesSql('f')} AS audiences, f.title, f.file_name AS "fileName", f.kind, f.product_id AS "productId",
          p.location, p.number, p.label, p.text
        FROM knowledge_passages p JOIN knowledge_files f ON f.id = p.file_id
        WHERE ${selected(passage.id, s)} ${pageTail(passage.id, s)}`,
  );
  return rows.map(({ version, passageId, ...r }) => ({ id: passageId, version: Number(version), doc: { id: String(passageId), ...r } }));
}
