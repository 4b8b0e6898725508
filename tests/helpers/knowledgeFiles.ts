// Knowledge-hub files written straight to PostgreSQL (issue #58), as the upload and its extraction leave them: the
// search, Ask and oracle tests need files and passages, not the upload routes.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileKind, FileState, PassageLocation } from '../../contracts/knowledgeHub.ts';

export type TestPassage = { location: PassageLocation; number?: number | null; label?: string | null; text: string };
export type TestFile = { title: string; fileName?: string; kind?: FileKind; state?: FileState; groups?: number[]; productId?: number | null; passages: TestPassage[] };

/** Inserts an extracted file with its visibility groups and passages (seq 1, 2, … in order); its id. */
export async function insertKnowledgeFile(db: Db, companyId: number, f: TestFile): Promise<number> {
  const { rows } = await db.execute(sql`INSERT INTO knowledge_files (company_id, title, file_name, kind, state, product_id, size_bytes, sha256, extraction, passage_count)
    VALUES (${companyId}, ${f.title}, ${f.fileName ?? `${f.title}.pdf`}, ${f.kind ?? 'pdf'}, ${f.state ?? 'approved'}, ${f.productId ?? null}, 1, 'test', 'done', ${f.passages.length})
    RETURNING id`);
  const id = (rows[0] as { id: number }).id;
  if (f.groups?.length) {
    await db.execute(sql`INSERT INTO knowledge_file_visibility_groups (file_id, visibility_group_id) SELECT ${id}, g FROM unnest(${sql.param(f.groups)}::int[]) g`);
  }
  if (f.passages.length) {
    const values = f.passages.map((p, i) => sql`(${companyId}, ${id}, ${i + 1}, ${p.location}, ${p.number ?? null}, ${p.label ?? null}, ${p.text})`);
    await db.execute(sql`INSERT INTO knowledge_passages (company_id, file_id, seq, location, number, label, text) VALUES ${sql.join(values, sql`, `)}`);
  }
  return id;
}

/** Turns the knowledge hub on (or off) for a company. */
export const setKnowledgeHub = (db: Db, companyId: number, on: boolean) =>
  db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || ${JSON.stringify({ knowledgeHub: on })}::jsonb) WHERE id = ${companyId}`);
