// Card HTML with its knowledge-hub variables' current values (contracts/cardVariables.ts), for the readers of card
// text: the card read query and the card search document (documents/cards.ts), and the landing page's own card
// queries. A variable's write marks the cards that insert it stale (cards.sql), so search follows the values too.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../db/client.ts';
import { hasVariables, withVariableValues } from '../contracts/cardVariables.ts';
import type { TextBlock } from '../contracts/cards.ts';

/** A company's variables: key → value. */
export async function variableValues(db: Exec, companyId: number): Promise<Map<string, string>> {
  return (await variableValuesOf(db, [companyId])).get(companyId) ?? new Map();
}

async function variableValuesOf(db: Exec, companyIds: number[]): Promise<Map<number, Map<string, string>>> {
  const byCompany = new Map<number, Map<string, string>>();
  if (!companyIds.length) return byCompany;
  const rows = await rowsOf<{ companyId: number; key: string; value: string }>(db,
    sql`SELECT company_id AS "companyId", key, value FROM knowledge_variables WHERE company_id = ANY(${sql.param(companyIds)}::int[])`);
  for (const r of rows) byCompany.set(r.companyId, (byCompany.get(r.companyId) ?? new Map()).set(r.key, r.value));
  return byCompany;
}

/**
 * The rows with their `textHtml` (and the html blocks of their `textJson`, which the authoring API answers) holding
 * their company's variable values: one query for all, none when no row inserts a variable.
 */
export async function withVariables<T extends { textHtml: string; textJson?: TextBlock[] }>(db: Exec, rows: T[], companyOf: (row: T) => number): Promise<T[]> {
  const using = rows.filter((r) => hasVariables(r.textHtml));
  if (!using.length) return rows;
  const values = await variableValuesOf(db, [...new Set(using.map(companyOf))]);
  const none = new Map<string, string>();
  return rows.map((r) => {
    if (!hasVariables(r.textHtml)) return r;
    const mine = values.get(companyOf(r)) ?? none;
    const textJson = r.textJson?.map((b) => (b.type === 'html' ? { ...b, value: withVariableValues(b.value, mine) } : b));
    return { ...r, textHtml: withVariableValues(r.textHtml, mine), ...(textJson ? { textJson } : {}) };
  });
}
