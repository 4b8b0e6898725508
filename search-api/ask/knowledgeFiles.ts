// Knowledge-hub passages as Ask cites them (issue #58): the passage quoted, titled by its citation ("Pricing sheet
// 2026, page 3") in the asker's language. The engine picks the files (the one visibility filter: the asker's audiences)
// and the fragment that matched names the passage; the passage is then read from PostgreSQL under the same rule
// (knowledgeFileVisibleSql), so a file made a draft, limited to other groups or deleted since it was indexed is never quoted.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { PassageLocation } from '../../contracts/knowledgeHub.ts';
import type { Query, SearchEngine } from '../../engine/port.ts';
import { asTyped } from '../../documents/index.ts';
import { MARK_CLOSE, MARK_OPEN } from '../search/request.ts';
import { textQuery, type Concept, type TextFields } from '../search/text.ts';
import { fileCitation } from '../search/fileCitation.ts';
import { matchedPassages } from '../transcripts/matches.ts';
import { knowledgeFileVisibleSql, visibilityFilter, type Viewer } from '../visibility/index.ts';
import type { Passage } from './retrieval.ts';

export const FILE_PASSAGES = 3;

/** Where a passage is read: the hub's file viewer, at the passage. */
export const filePassagePath = (fileId: number, seq: number) => `/knowledge-hub/files/${fileId}?passage=${seq}`;

/** The passages answer; a file's title only says which file to look in. */
const ASK_FILE_FIELDS: TextFields = { literal: ['passages', 'title^0.5'], typo: asTyped(['passages', 'title^0.5']) };
const FRAGMENT = { fragment_size: 240, number_of_fragments: 1 };

/** The passages of the knowledge hub's files a question draws on, best file first, each its passage that matched. */
export async function filePassagesFor(db: Exec, engine: SearchEngine, cs: Concept[], viewer: Viewer, language: string | null): Promise<Passage[]> {
  const text = textQuery(cs, ASK_FILE_FIELDS, 'score');
  if (!text) return [];
  const filter: Query[] = [...visibilityFilter(viewer), { exists: { field: 'passages' } }];
  const res = await engine.search<{ fileId: number }>('files', {
    query: { bool: { must: [text], filter } },
    size: FILE_PASSAGES,
    _source: ['fileId'],
    highlight: { pre_tags: [MARK_OPEN], post_tags: [MARK_CLOSE], fields: { passages: FRAGMENT, [asTyped(['passages'])[0]]: FRAGMENT } },
  });
  const hits = res.hits.flatMap((h) => {
    const fragment = h.highlight?.passages?.[0] ?? h.highlight?.[asTyped(['passages'])[0]]?.[0];
    return fragment ? [{ id: Number(h.source.fileId), fragments: [fragment] }] : [];
  });
  const matched = await matchedPassages(db, viewer.companyId, 'files', hits, (f) => f);
  const found = hits.flatMap((h) => matched.get(h.id)?.slice(0, 1).map((m) => ({ fileId: h.id, seq: m.seq })) ?? []);
  return fileCitations(db, viewer, language, found);
}

/** The passages found, in the order given, as Ask's passages; those the viewer may not read (any more) left out. */
export async function fileCitations(db: Exec, viewer: Viewer, language: string | null, found: { fileId: number; seq: number }[]): Promise<Passage[]> {
  if (!found.length) return [];
  type Row = { fileId: number; seq: number; location: PassageLocation; number: number | null; label: string | null; text: string; title: string; createdAt: Date; updatedAt: Date };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT p.file_id AS "fileId", p.seq, p.location, p.number, p.label, p.text, f.title, f.created_at AS "createdAt", f.updated_at AS "updatedAt"
        FROM unnest(${sql.param(found.map((x) => x.fileId))}::int[], ${sql.param(found.map((x) => x.seq))}::int[]) AS w(file_id, seq)
        JOIN knowledge_passages p ON p.file_id = w.file_id AND p.seq = w.seq
        JOIN knowledge_files f ON f.id = p.file_id AND f.company_id = p.company_id
        WHERE ${knowledgeFileVisibleSql(viewer, 'f')}`,
  );
  return found.flatMap(({ fileId, seq }) => {
    const r = rows.find((x) => x.fileId === fileId && x.seq === seq);
    if (!r) return [];
    return [{
      docType: 'file' as const,
      id: fileId,
      title: fileCitation(language, r),
      url: filePassagePath(fileId, seq),
      text: r.text,
      rivalIds: [],
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    }];
  });
}
