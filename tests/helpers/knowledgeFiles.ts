// Knowledge-hub files written straight to PostgreSQL (issue #58), as the upload and its extraction leave them: the
// search, Ask and oracle tests need files and passages, not the upload routes.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileKind, FileState, PassageLocation } from '../../contracts/knowledgeHub.ts';
import type { Sight } from './world.ts';

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

/**
 * The visibility oracle's files (tests/integration/visibility-oracle.test.ts): the knowledge hub on in a company and its
 * files, each with a passage naming the shared word and the file's own marker: a draft, an approved file for everyone,
 * and one limited to each of the company's groups (every company's files hold the word, so a leak across companies
 * shows). Each marker is quoted only where its file may be read.
 */
export type OracleFile = { id: number; title: string; marker: string; draft: boolean; groups: number[] };

export async function insertOracleFiles(db: Db, companyId: number, groups: number[], word: string): Promise<OracleFile[]> {
  await setKnowledgeHub(db, companyId, true);
  const specs = [{ draft: true, groups: [] }, { draft: false, groups: [] }, ...groups.map((g) => ({ draft: false, groups: [g] }))];
  const files: OracleFile[] = [];
  for (const [i, f] of specs.entries()) {
    const marker = `kfmark${companyId}x${i}`;
    const title = `Handbook ${companyId}x${i}`;
    const id = await insertKnowledgeFile(db, companyId, { title, state: f.draft ? 'draft' : 'approved', groups: f.groups, passages: [{ location: 'page', number: 1, text: `Our ${word} files say ${marker} applies.` }] });
    files.push({ id, title, marker, ...f });
  }
  return files;
}

/** Whether a reader who sees all (a curator) or only some groups may read the file. */
export const fileVisible = (sight: Sight, f: OracleFile) =>
  sight === 'all' || (!f.draft && (!f.groups.length || f.groups.some((g) => sight.groups.includes(g))));

/** Why a file id is what the oracle says, for its failure messages. */
export const fileWhy = (files: OracleFile[]) => (id: number) => {
  const f = files.find((x) => x.id === id);
  return f ? `file ${id} (${f.draft ? 'draft' : f.groups.length ? `groups [${f.groups.join(', ')}]` : 'everyone'})` : `file ${id} of another company`;
};
