// Variables (part 3 §4.7): facts of the company's (our customer count, a pricing tier) that cards insert by key as
// {{customer_count}} and read as they are now (documents/variables.ts fills them in; a trigger in documents/cards.sql
// marks the cards inserting a changed variable for re-indexing). Keys are unique per company.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { KnowledgeVariable, VariableBody } from '../../contracts/knowledgeHub.ts';
import type { Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';

type Scope = Pick<Auth, 'companyId'>;
type Body = z.infer<typeof VariableBody>;
type Row = { id: number; key: string; label: string; value: string; updated_at: Date; updated_by: number | null; updated_by_name: string | null };

const toVariable = (r: Row): KnowledgeVariable => ({
  id: r.id,
  key: r.key,
  label: r.label,
  value: r.value,
  updatedAt: new Date(r.updated_at).toISOString(),
  updatedBy: r.updated_by !== null ? { id: r.updated_by, name: r.updated_by_name ?? '' } : null,
});

async function variables(db: Exec, s: Scope, id?: number): Promise<KnowledgeVariable[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT v.id, v.key, v.label, v.value, v.updated_at, v.updated_by, u.name AS updated_by_name
        FROM knowledge_variables v LEFT JOIN users u ON u.id = v.updated_by
        WHERE v.company_id = ${s.companyId} ${id === undefined ? sql`` : sql`AND v.id = ${id}`} ORDER BY v.key`,
  );
  return rows.map(toVariable);
}

export const listVariables = (db: Exec, s: Scope) => variables(db, s);

const taken = (key: string) => apiError('variable_key_taken', { key }, [{ field: 'key', message: `${key} is taken` }]);

export async function createVariable(db: Exec, auth: Auth, body: Body): Promise<KnowledgeVariable> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO knowledge_variables (company_id, key, label, value, updated_by) VALUES (${auth.companyId}, ${body.key}, ${body.label}, ${body.value}, ${auth.user.id})
        ON CONFLICT (company_id, key) DO NOTHING RETURNING id`,
  );
  if (!row) throw taken(body.key);
  const [variable] = await variables(db, auth, row.id);
  return variable;
}

export async function updateVariable(db: Exec, auth: Auth, id: number, body: Body): Promise<KnowledgeVariable> {
  const [before] = await rowsOf<{ key: string }>(db, sql`SELECT key FROM knowledge_variables WHERE id = ${id} AND company_id = ${auth.companyId}`);
  if (!before) throw apiError('variable_not_found');
  try {
    await db.execute(
      sql`UPDATE knowledge_variables SET key = ${body.key}, label = ${body.label}, value = ${body.value}, updated_by = ${auth.user.id}, updated_at = now()
          WHERE id = ${id} AND company_id = ${auth.companyId}`,
    );
  } catch (err) {
    // The key is another variable's: the unique index says so (drizzle wraps the driver's error as its cause).
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw taken(body.key);
    throw err;
  }
  const [variable] = await variables(db, auth, id);
  return variable;
}

export async function deleteVariable(db: Exec, s: Scope, id: number): Promise<void> {
  const [row] = await rowsOf<{ key: string }>(db, sql`DELETE FROM knowledge_variables WHERE id = ${id} AND company_id = ${s.companyId} RETURNING key`);
  if (!row) throw apiError('variable_not_found');
}
