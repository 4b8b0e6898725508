// Bulk insert helpers for the seeders: drizzle multi-row INSERTs in chunks (kept under PostgreSQL's 65,535 parameters) and unnest INSERTs.
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type * as schema from '../schema.ts';
import { chunks } from './random.ts';

export type Executor = NodePgDatabase<typeof schema>;
export type Queryable = pg.ClientBase | pg.Pool;

export async function insertRows<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][], size = 1000): Promise<void> {
  for (const part of chunks(rows, size)) await db.insert(table).values(part as never);
}

/** Inserts and returns the new ids in row order (PostgreSQL returns multi-row VALUES in order). */
export async function insertReturningIds<T extends PgTable & { id: unknown }>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  size = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, size)) {
    const res = (await db
      .insert(table)
      .values(part as never)
      .returning({ id: (table as unknown as { id: never }).id })) as { id: number }[];
    for (const r of res) ids.push(r.id);
  }
  return ids;
}

/** Column type as PostgreSQL sees it; 'text[]' and 'jsonb' travel as text and are cast per row. */
export type ColType = 'int4' | 'int8' | 'text' | 'bool' | 'timestamptz' | 'jsonb' | 'text[]';

/** '{"a","b c"}': a PostgreSQL array literal, so a text[] value can ride inside a text[] parameter. */
export function pgArrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * INSERT INTO table (cols) SELECT … FROM unnest($1::t1[], $2::t2[], …): one array parameter per
 * column, so thousands of rows cost one statement and a handful of parameters.
 */
export async function insertUnnest(
  client: Queryable,
  table: string,
  columns: readonly (readonly [string, ColType])[],
  values: unknown[][],
): Promise<void> {
  if (values[0].length === 0) return;
  const cast = (type: ColType) => (type === 'jsonb' || type === 'text[]' ? 'text' : type);
  const params = columns.map(([, type], i) => `$${i + 1}::${cast(type)}[]`);
  const names = columns.map(([name]) => `"${name}"`);
  const selects = columns.map(([name, type]) => (cast(type) === type ? `u."${name}"` : `u."${name}"::${type}`));
  await client.query(
    `INSERT INTO "${table}" (${names.join(', ')}) SELECT ${selects.join(', ')} FROM unnest(${params.join(', ')}) AS u(${names.join(', ')})`,
    values,
  );
}

/** Reserves n ids from a table's identity sequence, so child rows can be built before the insert. */
export async function reserveIds(client: Queryable, table: string, n: number): Promise<number[]> {
  const res = await client.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`,
    [table, n],
  );
  return res.rows.map((r) => r.id);
}

/** Columns-of-arrays builder for insertUnnest: push one row at a time. */
export function columnar(width: number): { push: (...row: unknown[]) => void; values: unknown[][]; length: () => number } {
  const values: unknown[][] = Array.from({ length: width }, () => []);
  return {
    values,
    length: () => values[0].length,
    push: (...row) => {
      for (let i = 0; i < width; i++) values[i].push(row[i]);
    },
  };
}

/** Rows of integers only (link tables) through insertUnnest. */
export async function insertLinks(client: Queryable, table: string, columns: string[], rows: number[][]): Promise<void> {
  const values = columns.map((_, i) => rows.map((r) => r[i]));
  await insertUnnest(client, table, columns.map((c) => [c, 'int4'] as const), values);
}
