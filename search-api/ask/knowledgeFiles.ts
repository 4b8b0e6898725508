// Knowledge-hub passages as Ask cites them (issue #58): the passage quoted, titled by its citation ("Pricing sheet
// 2026, page 3") in the asker's language. The engine finds the passages themselves (one document each; the one
// visibility filter: the asker's audiences); each is then read from PostgreSQL under the same rule
// (knowledgeFileVisibleSql), so a file made a draft, limited to other groups or deleted since it was indexed is never quoted.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { PassageLocation } from '../../contracts/knowledgeHub.ts';
import type { SearchEngine } from '../../engine/port.ts';
import type { FileDoc } from '../../documents/files.ts';
import { asTyped } from '../../documents/index.ts';
import { textQuery, type Concept, type TextFields } from '../search/text.ts';
import { fileCitation } from '../search/fileCitation.ts';
import { knowledgeFileVisibleSql, visibilityFilter, type Viewer } from '../visibility/index.ts';
import type { Passage } from './retrieval.ts';

export const FILE_PASSAGES = 3;

/**
 * Where a passage is read: the hub's file viewer, at the passage — a curators' screen, so only they get the link
 * (and only with the hub on, which Ask's caller checked); a consumer's source names the passage without one.
 */
export const filePassagePath = (viewer: Viewer, fileId: number, seq: number) => (viewer.curator ? `/knowledge-hub/files/${fileId}?passage=${seq}` : null);

/** The passage's text answers; its file's title only says which file to look in. */
const ASK_FILE_FIELDS: TextFields = { literal: ['text', 'title^0.5'], typo: asTyped(['text', 'title^0.5']) };

/** The knowledge hub's passages a question draws on, best first. */
export async function filePassagesFor(db: Exec, engine: SearchEngine, cs: Concept[], viewer: Viewer, language: string | null): Promise<Passage[]> {
  const text = textQuery(cs, ASK_FILE_FIELDS, 'score');
  if (!text) return [];
  const res = await engine.search<Pick<FileDoc, 'id'>>('files', {
    query: { bool: { must: [text], filter: visibilityFilter(viewer) } },
    size: FILE_PASSAGES,
    _source: ['id'],
  });
  return fileCitations(db, viewer, language, res.hits.map((h) => Number(h.source.id)));
}

/** The passages found (by id), in the order given, as Ask's passages; those the viewer may not read (any more) left out. */
async function fileCitations(db: Exec, viewer: Viewer, language: string | null, ids: number[]): Promise<Passage[]> {
  if (!ids.length) return [];
  type Row = { id: number; fileId: number; seq: number; location: PassageLocation; number: number | null; label: string | null; text: string; title: string; createdAt: Date; updatedAt: Date };
  // By the passage's id (its unique index): a join on (file_id, seq) pairs from unnest is planned as a scan of every passage.
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT p.id, p.file_id AS "fileId", p.seq, p.location, p.number, p.label, p.text, f.title, f.created_at AS "createdAt", f.updated_at AS "updatedAt"
        FROM knowledge_passages p JOIN knowledge_files f ON f.id = p.file_id AND f.company_id = p.company_id
        WHERE p.id = ANY(${sql.param(ids)}::int[]) AND p.company_id = ${viewer.companyId} AND ${knowledgeFileVisibleSql(viewer, 'f')}`,
  );
  return ids.flatMap((id) => {
    const r = rows.find((x) => x.id === id);
    if (!r) return [];
    const { fileId, seq } = r;
    return [{
      docType: 'file' as const,
      id: fileId,
      title: fileCitation(language, r),
      url: filePassagePath(viewer, fileId, seq),
      text: r.text,
      rivalIds: [],
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    }];
  });
}
