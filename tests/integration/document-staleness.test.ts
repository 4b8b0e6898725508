// No write can leave a search document stale. For every document kind, the tables and columns its read query
// reads are taken from PostgreSQL's own plan of that query (EXPLAIN VERBOSE), not from a list kept by hand; then,
// on the demo data, an update of each column, a delete and an insert of each table's rows must mark in the outbox
// every document the write changed (each document is built again from PostgreSQL before and after the write, so
// "changed" is what the indexer would write). And the live triggers are the current-state files of documents/.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { reasonIdsByName, upsertDeals } from '../../db/deals.ts';
import { documentBuilders, indexes, type IndexName } from '../../documents/index.ts';
import { applyTriggerDefinitions, triggerFiles } from '../../documents/triggers.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { insertKnowledgeFile } from '../helpers/knowledgeFiles.ts';

/**
 * Columns a read query reads that no document holds (the read query also serves the card viewer, and joins
 * on keys): changing them changes no document, so nothing needs marking. Any other column must change a
 * document when written, and the test then demands the mark.
 */
const NOT_IN_DOCUMENT: Partial<Record<IndexName, string[]>> = {
  cards: [
    'cards.text_json', 'cards.template_name', 'cards.reviewer_id', 'cards.reviewed_at',
    'visibility_groups.name', 'visibility_groups.view_order', 'visibility_groups.id',
  ],
};

/**
 * Rows of a table tried per write, and per-column value strategies tried per row, before giving up on finding a change.
 * Enough that a sample holds a row some document reads (one card in four is on a battlecard) whatever the rows' layout.
 */
const ROWS_TRIED = 20;

type Client = pg.Client;
type PlanNode = { Plans?: PlanNode[] } & Record<string, unknown>;
type Docs = Map<number, string>;

let t: TestDatabase;
let client: Client;
let db: Db;
/** The SQL the last builder call sent, for EXPLAIN. */
let captured: { text: string; values: unknown[] }[] = [];

beforeAll(async () => {
  t = await freshDatabase({ demo: true });
  // Every write is followed by building every document of its kind again: a few hundred alerts say as much as
  // the demo's thousands.
  await t.db.$client.query('DELETE FROM intel_items WHERE id NOT IN (SELECT id FROM intel_items ORDER BY id DESC LIMIT 600)');
  // Only the deals with an interview: a write to a deal then changes an interview document too (rows are sampled).
  await t.db.$client.query('DELETE FROM deals WHERE id NOT IN (SELECT deal_id FROM interviews)');
  await withDeals(t.db);
  await withFiles(t.db);
  client = new pg.Client({ connectionString: t.url });
  await client.connect();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Every query the builders send passes here: the read query's text is taken as sent.
  (client as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
    if (config && typeof config === 'object' && 'text' in config) {
      const c = config as { text: string; values?: unknown[] };
      captured.push({ text: c.text, values: (values as unknown[] | undefined) ?? c.values ?? [] });
    }
    return query(config, values);
  };
  db = drizzle(client, { schema }) as unknown as Db;
}, 120_000);

/** Knowledge-hub files of every visibility (draft, everyone, groups) with passages, while the demo data holds none (its files wait for extraction). */
async function withFiles(db: Db): Promise<void> {
  const { rows } = await db.$client.query(`SELECT g.company_id, array_agg(g.id ORDER BY g.id) AS groups, (SELECT min(p.id) FROM products p WHERE p.company_id = g.company_id) AS product
    FROM visibility_groups g WHERE NOT EXISTS (SELECT 1 FROM knowledge_passages) GROUP BY g.company_id ORDER BY g.company_id LIMIT 1`);
  if (!rows.length) return;
  const { company_id: companyId, groups, product } = rows[0] as { company_id: number; groups: number[]; product: number | null };
  const passages = [{ location: 'page' as const, number: 1, text: 'Plans and prices' }, { location: 'page' as const, number: 2, text: 'Onboarding included' }];
  await insertKnowledgeFile(db, companyId, { title: 'Draft deck', state: 'draft', passages });
  await insertKnowledgeFile(db, companyId, { title: 'Price list', productId: product, passages });
  await insertKnowledgeFile(db, companyId, { title: 'Security paper', groups: groups.slice(0, 2), passages });
}

/** A few deals with rivals and reasons of both sayers, while the demo data holds none. */
async function withDeals(db: Db): Promise<void> {
  const { rows } = await db.$client.query(`SELECT c.id, array_agg(r.id ORDER BY r.id) AS rivals FROM companies c JOIN rivals r ON r.company_id = c.id
    WHERE NOT EXISTS (SELECT 1 FROM deals) GROUP BY c.id ORDER BY c.id LIMIT 1`);
  if (!rows.length) return;
  const { id: companyId, rivals } = rows[0] as { id: number; rivals: number[] };
  const loss = [...(await reasonIdsByName(db, companyId, 'loss', ['Price', 'Missing features'])).values()];
  const win = [...(await reasonIdsByName(db, companyId, 'win', ['Support'])).values()];
  await upsertDeals(db, companyId, [0, 1, 2, 3].map((i) => ({
    crmId: `STALE-${i}`, source: 'demo', name: `Deal ${i}`, accountName: `Account ${i}`, accountCrmId: null, ownerEmail: null,
    ownerName: `Owner ${i}`, ownerUserId: null, amount: 1000 * (i + 1), currency: 'USD', stage: i ? 'Closed Lost' : 'Open',
    outcome: i ? 'loss' : null, createdOn: '2026-01-02', closedOn: i ? `2026-0${i}-10` : null, rivalIds: rivals.slice(i, i + 2),
    primaryRivalId: rivals[i], buyerPersona: 'CTO', industry: 'Retail', region: 'EMEA', segment: 'SMB', technology: 'Cloud',
    useCase: 'Search', product: 'Core', notes: `Notes ${i}`, crmModifiedAt: null,
    reasons: [{ reasonId: loss[i % 2], saidBy: 'rep' as const, quote: `Quote ${i}` }, { reasonId: win[0], saidBy: 'buyer' as const }],
  })));
}

afterAll(async () => {
  await client?.end();
  await t?.drop();
});

/** Every document of an index, built as the indexer builds it, by id. */
async function allDocs(index: IndexName): Promise<Docs> {
  const built = await documentBuilders[index](db, { afterId: 0, limit: 1_000_000 });
  return new Map(built.map((d) => [d.id, JSON.stringify(d.doc)]));
}

/** The tables and columns the read query of an index reads, from PostgreSQL's verbose plan. */
async function readColumns(index: IndexName): Promise<Map<string, Set<string>>> {
  captured = [];
  await documentBuilders[index](db, { ids: [1] });
  const reads = new Map<string, Set<string>>();
  for (const q of captured) {
    const [root] = (await client.query(`EXPLAIN (VERBOSE, FORMAT JSON) ${q.text}`, q.values)).rows[0]['QUERY PLAN'] as { Plan: PlanNode }[];
    // A scan under another node may return every column of its table (PostgreSQL's "physical tlist"); what is
    // read is what the nodes above it, its own conditions and the top node's output name.
    const aliases = new Map<string, string>();
    const texts: string[] = [];
    const walk = (node: PlanNode, top: boolean) => {
      if (typeof node['Relation Name'] === 'string') aliases.set(node.Alias as string, node['Relation Name']);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Plans' || (key === 'Output' && !top && node['Relation Name'])) continue;
        texts.push(JSON.stringify(value));
      }
      for (const child of node.Plans ?? []) walk(child, false);
    };
    walk(root.Plan, true);
    for (const m of texts.join(' ').matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/g)) {
      const table = aliases.get(m[1]);
      // The outbox version each document is written with is the outbox's, not something a write makes stale.
      if (table && table !== 'search_outbox') reads.set(table, (reads.get(table) ?? new Set()).add(m[2]));
    }
  }
  return reads;
}

const maxVersion = async () => Number((await client.query('SELECT coalesce(max(version), 0) AS v FROM search_outbox')).rows[0].v);

async function markedSince(index: IndexName, version: number): Promise<Set<number>> {
  const { rows } = await client.query('SELECT doc_id FROM search_outbox WHERE index = $1 AND version > $2', [index, version]);
  return new Set(rows.map((r) => Number(r.doc_id)));
}

const changedBetween = (before: Docs, after: Docs) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id) !== after.get(id));

/**
 * Runs `write` in a savepoint-guarded transaction and reports which documents of `index` it changed and which it
 * marked; null when the write is refused (a constraint). Everything is rolled back.
 */
async function observe(index: IndexName, before: Docs, write: () => Promise<unknown>): Promise<{ changed: number[]; unmarked: number[] } | null> {
  await client.query('BEGIN');
  try {
    const version = await maxVersion();
    await client.query('SAVEPOINT w');
    try {
      await write();
    } catch (err) {
      if (/^23|^22/.test((err as { code?: string }).code ?? '')) return null;
      throw err;
    }
    const changed = changedBetween(before, await allDocs(index));
    const marked = await markedSince(index, version);
    return { changed, unmarked: changed.filter((id) => !marked.has(id)) };
  } finally {
    await client.query('ROLLBACK');
  }
}

async function columnTypes(table: string): Promise<Map<string, string>> {
  const { rows } = await client.query('SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1', [table]);
  return new Map(rows.map((r) => [r.column_name as string, r.data_type as string]));
}

/** Ways to give a column another value: one another row holds, then a change by its type. */
function newValues(column: string, type: string, table: string): string[] {
  const q = (c: string) => `"${c}"`;
  const fromOtherRow = `(SELECT o.${q(column)} FROM ${table} o WHERE o.${q(column)}::text IS DISTINCT FROM ${table}.${q(column)}::text ORDER BY o.ctid LIMIT 1)`;
  const byType: Record<string, string> = {
    text: `coalesce(${q(column)} || ' (changed)', 'changed')`,
    'character varying': `coalesce(${q(column)} || ' (changed)', 'changed')`,
    boolean: `NOT coalesce(${q(column)}, false)`,
    integer: `coalesce(${q(column)}, 0) + 1`,
    bigint: `coalesce(${q(column)}, 0) + 1`,
    numeric: `coalesce(${q(column)}, 0) + 1`,
    real: `coalesce(${q(column)}, 0) + 0.5`,
    'double precision': `coalesce(${q(column)}, 0) + 0.5`,
    'timestamp with time zone': `coalesce(${q(column)}, now()) + interval '1 day'`,
    ARRAY: `coalesce(${q(column)}, '{}') || ${q(column)}[1:1]`,
  };
  return [fromOtherRow, ...(byType[type] ? [byType[type]] : [])];
}

const sampleRows = async (table: string) =>
  (await client.query(`SELECT ctid::text AS ctid FROM ${table} ORDER BY md5(ctid::text) LIMIT ${ROWS_TRIED}`)).rows.map((r) => r.ctid as string);

describe('search documents cannot go stale', () => {
  for (const index of Object.keys(indexes) as IndexName[]) {
    it(`every write to what the ${index} read query reads marks the ${index} documents it changes`, async () => {
      const reads = await readColumns(index);
      expect(reads.size, 'the read query reads tables').toBeGreaterThan(0);
      const before = await allDocs(index);
      expect(before.size, 'the demo data holds documents').toBeGreaterThan(0);
      const stale: string[] = [];
      const unchangeable: string[] = [];
      const record = (what: string, seen: { changed: number[]; unmarked: number[] }) => {
        if (seen.unmarked.length) stale.push(`${what}: ${seen.unmarked.length} of ${seen.changed.length} changed documents unmarked (e.g. ${seen.unmarked.slice(0, 3).join(', ')})`);
      };

      for (const [table, columns] of reads) {
        const types = await columnTypes(table);
        const rows = await sampleRows(table);
        // Updates: of every column read (a row's id is its identity, not something a write changes).
        for (const column of [...columns].filter((c) => c !== 'id').sort()) {
          let changedSome = false;
          let written = false;
          for (const ctid of rows) {
            for (const value of newValues(column, types.get(column) ?? '', table)) {
              const seen = await observe(index, before, () => client.query(`UPDATE ${table} SET "${column}" = ${value} WHERE ctid = $1::tid`, [ctid]));
              if (seen) written = true;
              if (!seen?.changed.length) continue;
              record(`UPDATE ${table}.${column}`, seen);
              changedSome = true;
              break;
            }
            if (changedSome) break;
          }
          const acknowledged = NOT_IN_DOCUMENT[index]?.includes(`${table}.${column}`) ?? false;
          // A column every tried write of which a constraint refuses (a profile's rival) cannot go stale that way.
          if (written && !changedSome && !acknowledged) unchangeable.push(`${table}.${column}`);
          if (changedSome && acknowledged) stale.push(`${table}.${column} is listed as not in the document, but writing it changed one`);
        }
        // Deletes, and inserts (a deleted row put back as it was).
        for (const ctid of rows) {
          const { rows: [row] } = await client.query(`SELECT to_jsonb(x) AS row FROM ${table} x WHERE ctid = $1::tid`, [ctid]);
          const removed = await observe(index, before, () => client.query(`DELETE FROM ${table} WHERE ctid = $1::tid`, [ctid]));
          if (!removed?.changed.length) continue;
          record(`DELETE FROM ${table}`, removed);
          // The same row again, its identity too (knowledge_passages.id is GENERATED ALWAYS).
          const reinsert = `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_record(NULL::${table}, $1::jsonb)`;
          await client.query('BEGIN');
          try {
            await client.query(`DELETE FROM ${table} WHERE ctid = $1::tid`, [ctid]);
            const without = await allDocs(index);
            const version = await maxVersion();
            await client.query(reinsert, [row.row]);
            const changed = changedBetween(without, await allDocs(index));
            const marked = await markedSince(index, version);
            record(`INSERT INTO ${table}`, { changed, unmarked: changed.filter((id) => !marked.has(id)) });
          } finally {
            await client.query('ROLLBACK');
          }
          break;
        }
      }
      expect(stale, 'writes that leave documents stale').toEqual([]);
      expect(unchangeable, 'columns read whose writes never changed a document (list them in NOT_IN_DOCUMENT if they are not in it)').toEqual([]);
    }, 600_000);
  }
});

describe('the trigger definitions', () => {
  const snapshot = async () =>
    (
      await client.query(`
        SELECT 'trigger ' || pg_get_triggerdef(t.oid) AS def FROM pg_trigger t WHERE NOT t.tgisinternal AND t.tgname LIKE 'search\\_%'
        UNION ALL
        SELECT 'function ' || pg_get_functiondef(p.oid) FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'search\\_%'
        ORDER BY 1`)
    ).rows.map((r) => r.def as string);

  it('live in the database exactly as the current-state files define them', async () => {
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(10);
    await applyTriggerDefinitions(t.db, { force: true });
    expect(await snapshot()).toEqual(live);
  });

  it('are one file per document kind, whose triggers say which index they mark', () => {
    const files = triggerFiles();
    expect(files.map((f) => f.name)).toEqual(['outbox.sql', ...Object.keys(indexes).map((n) => `${n}.sql`)]);
    for (const f of files.slice(1)) {
      const index = f.name.replace('.sql', '');
      const triggers = [...f.sql.matchAll(/CREATE TRIGGER (\w+)/g)].map((m) => m[1]);
      expect(triggers.length, f.name).toBeGreaterThan(0);
      for (const name of triggers) expect(name, f.name).toMatch(new RegExp(`^search_${index}_on_`));
    }
  });
});
