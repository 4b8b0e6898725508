// What finds the rivals and topics a story names (mentions.ts): the company's rivals with their aliases, the topics
// its intel already uses, and its synonyms. Monitors' checks, a preview and intel by email read it alike.
import { sql } from 'drizzle-orm';
import type { Exec } from '../../db/client.ts';
import { companyThesaurus } from '../search/synonyms.ts';
import type { RivalNames } from './mentions.ts';

export type CompanyContext = { rivals: RivalNames[]; topics: string[]; thesaurus: Awaited<ReturnType<typeof companyThesaurus>> };

/** The company's rivals (templates aside), with the names they go by. */
export async function rivalNames(db: Exec, companyId: number): Promise<RivalNames[]> {
  const { rows } = await db.execute(sql`SELECT id, name, aliases FROM rivals WHERE company_id = ${companyId} AND NOT is_template`);
  return rows as RivalNames[];
}

export async function readCompanyContext(db: Exec, companyId: number): Promise<CompanyContext> {
  const { rows: topics } = await db.execute(sql`
    SELECT DISTINCT t FROM intel_items, unnest(topics) AS t WHERE company_id = ${companyId} AND created_at > now() - interval '365 days'`);
  return {
    rivals: await rivalNames(db, companyId),
    topics: (topics as { t: string }[]).map((r) => r.t),
    thesaurus: await companyThesaurus(db, companyId),
  };
}

/** Read once a minute per company: a cycle checks thousands of monitors of a few companies. */
const contexts = new Map<number, { at: number; context: Promise<CompanyContext> }>();
const CONTEXT_MS = 60_000;

export function companyContext(db: Exec, companyId: number): Promise<CompanyContext> {
  const cached = contexts.get(companyId);
  if (cached && Date.now() - cached.at < CONTEXT_MS) return cached.context;
  const context = readCompanyContext(db, companyId);
  contexts.set(companyId, { at: Date.now(), context });
  context.catch(() => contexts.delete(companyId));
  return context;
}
