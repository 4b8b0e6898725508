// The demo's knowledge hub files (content/knowledgeFiles.ts), stored as an upload stores them and left `pending`: the
// server's extraction job takes them on its first sweep at start, so the seed stays fast and the demo shows the
// files extracted (and searchable) within seconds of the first start.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import { DEMO_FILES } from './content/knowledgeFiles.ts';
import type { GroupName } from './content/company.ts';
import { DAY } from './random.ts';

export type KnowledgeFileSeedInput = {
  companyId: number;
  curatorId: number;
  productIds: Record<string, number>;
  groupIds: Record<GroupName, number>;
  now: Date;
};

export async function seedKnowledgeFiles(db: Exec, input: KnowledgeFileSeedInput): Promise<number> {
  const { companyId, curatorId, productIds, groupIds, now } = input;
  const built = await Promise.all(DEMO_FILES.map(async (f) => ({ f, bytes: await f.build() })));
  for (const { f, bytes } of built) {
    const at = new Date(now.getTime() - f.daysAgo * DAY).toISOString();
    const kind = f.fileName.endsWith('.md') ? 'markdown' : f.fileName.endsWith('.txt') ? 'text' : f.fileName.split('.').pop()!;
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO knowledge_files (company_id, title, file_name, kind, product_id, state, size_bytes, sha256, uploaded_by, created_at, updated_at)
          VALUES (${companyId}, ${f.title}, ${f.fileName}, ${kind}, ${f.product === null ? null : productIds[f.product]}, ${f.state}, ${bytes.length},
                  ${createHash('sha256').update(bytes).digest('hex')}, ${curatorId}, ${at}::timestamptz, ${at}::timestamptz)
          RETURNING id`,
    );
    await db.execute(sql`INSERT INTO knowledge_file_contents (file_id, company_id, content) VALUES (${row.id}, ${companyId}, ${bytes})`);
    for (const g of f.groups) await db.execute(sql`INSERT INTO knowledge_file_visibility_groups (file_id, visibility_group_id) VALUES (${row.id}, ${groupIds[g]})`);
  }
  return built.length;
}
