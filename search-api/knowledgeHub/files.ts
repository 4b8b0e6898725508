// The knowledge hub's files (contracts/knowledgeHub.ts): uploaded by curators with a title, product, visibility groups
// and a state; their bytes stored apart from their row, their kind sniffed from the bytes (extract/sniff.ts), and
// their extraction left to the job (extraction.ts). Reads go through the one visibility rule for files.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import {
  KNOWLEDGE_HUB,
  type FileListQuery,
  type FilePatchBody,
  type FileUploadQuery,
  type KnowledgeFile,
  type KnowledgeFilePage,
  type PassagePage,
} from '../../contracts/knowledgeHub.ts';
import type { Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { knowledgeFileVisibleSql, viewerOf } from '../visibility/index.ts';
import { sniffKind } from './extract/sniff.ts';
import { requestExtraction, type ExtractionDeps } from './extraction.ts';

export type FilesDeps = ExtractionDeps & { jobs?: Pick<JobRunner, 'send'> };

type FileRow = {
  id: number;
  title: string;
  file_name: string;
  kind: KnowledgeFile['kind'];
  product_id: number | null;
  state: KnowledgeFile['state'];
  group_ids: number[];
  version: number;
  size_bytes: number;
  extraction: KnowledgeFile['extraction'];
  extraction_error: string | null;
  extracted_at: Date | null;
  unit_count: number;
  passage_count: number;
  uploader_id: number | null;
  uploader_name: string | null;
  created_at: Date;
  updated_at: Date;
};

const iso = (d: Date | string) => new Date(d).toISOString();

const toFile = (r: FileRow): KnowledgeFile => ({
  id: r.id,
  title: r.title,
  fileName: r.file_name,
  kind: r.kind,
  productId: r.product_id,
  state: r.state,
  visibilityGroupIds: r.group_ids,
  version: r.version,
  sizeBytes: r.size_bytes,
  extraction: r.extraction,
  extractionError: r.extraction_error,
  extractedAt: r.extracted_at === null ? null : iso(r.extracted_at),
  unitCount: r.unit_count,
  passageCount: r.passage_count,
  uploadedBy: r.uploader_id === null ? null : { id: r.uploader_id, name: r.uploader_name ?? '' },
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

const selectFiles = (where: SQL, tail: SQL = sql``) => sql`
  SELECT f.id, f.title, f.file_name, f.kind, f.product_id, f.state, f.version, f.size_bytes, f.extraction, f.extraction_error, f.extracted_at,
         f.unit_count, f.passage_count, f.created_at, f.updated_at, u.id AS uploader_id, u.name AS uploader_name,
         coalesce((SELECT array_agg(g.visibility_group_id ORDER BY g.visibility_group_id) FROM knowledge_file_visibility_groups g WHERE g.file_id = f.id), '{}') AS group_ids
  FROM knowledge_files f LEFT JOIN users u ON u.id = f.uploaded_by
  WHERE ${where} ${tail}`;

/** The file as the caller may see it, or 404. */
async function fileOf(db: Exec, auth: Auth, id: number): Promise<KnowledgeFile> {
  const [row] = await rowsOf<FileRow>(db, selectFiles(sql`f.id = ${id} AND ${knowledgeFileVisibleSql(viewerOf(auth))}`));
  if (!row) throw apiError('knowledge_file_not_found');
  return toFile(row);
}

export const getFile = (db: Db, auth: Auth, id: number) => fileOf(db, auth, id);

/** 400 naming the field when a product or a visibility group is not the company's. */
async function checkReferences(db: Exec, companyId: number, where: 'query' | 'body', refs: { productId?: number | null; visibilityGroupIds?: number[] }): Promise<void> {
  if (refs.productId != null) {
    const [p] = await rowsOf(db, sql`SELECT 1 FROM products WHERE id = ${refs.productId} AND company_id = ${companyId}`);
    if (!p) throw apiError('invalid_input', { where, field: 'productId', problem: 'is not a product of the company' });
  }
  const groups = [...new Set(refs.visibilityGroupIds ?? [])];
  if (groups.length) {
    const found = await rowsOf<{ id: number }>(db, sql`SELECT id FROM visibility_groups WHERE company_id = ${companyId} AND id = ANY(${`{${groups.join(',')}}`}::int[])`);
    if (found.length !== groups.length) throw apiError('invalid_input', { where, field: 'visibilityGroupIds', problem: 'names a group that is not the company’s' });
  }
}

/** The kind of an upload's bytes, or 415. */
async function kindOf(bytes: Buffer, fileName: string) {
  const kind = await sniffKind(bytes, fileName);
  if (!kind) throw apiError('file_type_unsupported', { name: fileName });
  return kind;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const setGroups = async (tx: Exec, fileId: number, groups: number[]) => {
  await tx.execute(sql`DELETE FROM knowledge_file_visibility_groups WHERE file_id = ${fileId}`);
  if (groups.length) await tx.execute(sql`INSERT INTO knowledge_file_visibility_groups (file_id, visibility_group_id) SELECT ${fileId}, unnest(${`{${groups.join(',')}}`}::int[])`);
};

export async function uploadFile(deps: FilesDeps, auth: Auth, query: z.infer<typeof FileUploadQuery>, bytes: Buffer): Promise<KnowledgeFile> {
  const kind = await kindOf(bytes, query.fileName);
  await checkReferences(deps.db, auth.companyId, 'query', query);
  const id = await deps.db.transaction(async (tx) => {
    const [f] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO knowledge_files (company_id, title, file_name, kind, product_id, state, size_bytes, sha256, uploaded_by)
          VALUES (${auth.companyId}, ${query.title ?? titleOf(query.fileName)}, ${query.fileName}, ${kind}, ${query.productId ?? null}, ${query.state},
                  ${bytes.length}, ${sha256(bytes)}, ${auth.user.id})
          RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO knowledge_file_contents (file_id, company_id, content) VALUES (${f.id}, ${auth.companyId}, ${bytes})`);
    await setGroups(tx, f.id, query.visibilityGroupIds);
    return f.id;
  });
  // Read before the extraction is asked for: in-process (without a runner) it may take the file at once.
  const file = await fileOf(deps.db, auth, id);
  await requestExtraction(deps, { id, version: 1 });
  return file;
}

/** "pricing-sheet_2026.pdf" → "pricing sheet 2026": a title when the upload names none. */
export const titleOf = (fileName: string) => fileName.replace(/\.[a-z0-9]{1,8}$/i, '').replace(/[-_]+/g, ' ').trim() || fileName;

/** A new version's bytes: the version counts up and extraction starts again; the old passages stay until it is done. */
export async function uploadVersion(deps: FilesDeps, auth: Auth, id: number, fileName: string, bytes: Buffer): Promise<KnowledgeFile> {
  await fileOf(deps.db, auth, id);
  const kind = await kindOf(bytes, fileName);
  const version = await deps.db.transaction(async (tx) => {
    // The row first, then the bytes: a worker taking the file locks the row, so it reads this version's bytes.
    const [f] = await rowsOf<{ version: number }>(
      tx,
      sql`UPDATE knowledge_files SET version = version + 1, file_name = ${fileName}, kind = ${kind}, size_bytes = ${bytes.length}, sha256 = ${sha256(bytes)},
            extraction = 'pending', extraction_error = NULL, extraction_started_at = NULL, uploaded_by = ${auth.user.id}, updated_at = now()
          WHERE id = ${id} AND company_id = ${auth.companyId} RETURNING version`,
    );
    if (!f) throw apiError('knowledge_file_not_found');
    await tx.execute(sql`UPDATE knowledge_file_contents SET content = ${bytes} WHERE file_id = ${id}`);
    return f.version;
  });
  const file = await fileOf(deps.db, auth, id);
  await requestExtraction(deps, { id, version });
  return file;
}

export async function listFiles(db: Db, auth: Auth, q: z.infer<typeof FileListQuery>): Promise<KnowledgeFilePage> {
  const limit = KNOWLEDGE_HUB.filesPageSize;
  const conds = [knowledgeFileVisibleSql(viewerOf(auth))];
  if (q.state) conds.push(sql`f.state = ${q.state}`);
  if (q.productId) conds.push(sql`f.product_id = ${q.productId}`);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(f.title ILIKE ${like} OR f.file_name ILIKE ${like})`);
  }
  const where = sql.join(conds, sql` AND `);
  const rows = await rowsOf<FileRow>(db, selectFiles(where, sql`ORDER BY f.updated_at DESC, f.id DESC LIMIT ${limit} OFFSET ${(q.page - 1) * limit}`));
  const [{ n }] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM knowledge_files f WHERE ${where}`);
  return { items: rows.map(toFile), total: n, page: q.page, limit };
}

export async function patchFile(db: Db, auth: Auth, id: number, body: z.infer<typeof FilePatchBody>): Promise<KnowledgeFile> {
  await fileOf(db, auth, id);
  await checkReferences(db, auth.companyId, 'body', body);
  await db.transaction(async (tx) => {
    const sets: SQL[] = [sql`updated_at = now()`];
    if (body.title !== undefined) sets.push(sql`title = ${body.title}`);
    if (body.productId !== undefined) sets.push(sql`product_id = ${body.productId}`);
    if (body.state !== undefined) sets.push(sql`state = ${body.state}`);
    await tx.execute(sql`UPDATE knowledge_files SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND company_id = ${auth.companyId}`);
    if (body.visibilityGroupIds !== undefined) await setGroups(tx, id, [...new Set(body.visibilityGroupIds)]);
  });
  return fileOf(db, auth, id);
}

/** The file, its bytes, groups and passages (they cascade; the passages leave search with them). */
export async function deleteFile(db: Db, auth: Auth, id: number): Promise<void> {
  await fileOf(db, auth, id);
  await db.execute(sql`DELETE FROM knowledge_files WHERE id = ${id} AND company_id = ${auth.companyId}`);
}

export async function listPassages(db: Db, auth: Auth, id: number, page: number): Promise<PassagePage> {
  const file = await fileOf(db, auth, id);
  const limit = KNOWLEDGE_HUB.passagesPageSize;
  const items = await rowsOf<PassagePage['items'][number]>(
    db,
    sql`SELECT seq, location, number, label, text FROM knowledge_passages WHERE file_id = ${id} AND company_id = ${auth.companyId}
        ORDER BY seq LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const [{ n }] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM knowledge_passages WHERE file_id = ${file.id}`);
  return { items, total: n, page, limit };
}
