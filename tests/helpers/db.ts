// A fresh database for a test file, cloned from the templates built in tests/setup/global-db.ts.
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Db } from '../../db/client.ts';
import { TEMPLATE_DEMO, TEMPLATE_EMPTY, withDatabase } from '../setup/global-db.ts';

export type TestDatabase = { db: Db; url: string; drop: () => Promise<void> };

export async function freshDatabase(opts: { demo?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `rs_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${opts.demo ? TEMPLATE_DEMO : TEMPLATE_EMPTY}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const db = connect(url, 5);
  return {
    db,
    url,
    drop: async () => {
      await db.$client.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The id of the demo company, Northwind Analytics. */
export async function northwindId(db: Db): Promise<number> {
  const { rows } = await db.execute(sql`SELECT id FROM companies WHERE name = 'Northwind Analytics'`);
  return (rows[0] as { id: number }).id;
}

/** The company's first board (by id) that everyone may read: not a Scratchpad, on a published rival's published profile. */
export async function firstPublishedBoardId(db: Db, companyId: number): Promise<number> {
  const { rows } = await db.execute(sql`
    SELECT b.id FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE b.company_id = ${companyId} AND b.name <> 'Scratchpad' AND NOT r.is_draft AND NOT r.is_template AND NOT p.is_draft AND NOT p.is_template
    ORDER BY b.id LIMIT 1`);
  return (rows[0] as { id: number }).id;
}

/** Typed reads for a test file whose database is set up later (in beforeAll): every row, or the first. */
export function sqlReads(db: () => Db) {
  const rows = async <T,>(q: SQL) => (await db().execute(q)).rows as T[];
  return { rows, one: async <T,>(q: SQL) => (await rows<T>(q))[0] };
}
