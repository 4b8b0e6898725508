// CSV imports of deals (contracts/deals.ts): the request checks the whole file at once (a bad file is a 400 naming
// each bad row's line and field, and nothing is written), stores it with a queued dealImport job, and answers 202.
// The job checks the stored file again (rivals or users may have gone meanwhile) and writes every row in the job's
// one transaction, so the file lands whole or not at all; its progress is written beside that transaction, on its
// own connection, for a progress bar to see while the rows are still uncommitted. A restart runs the job again from
// the stored file, and deals match by CRM id, so the re-run updates what a half-run would have written.
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { DEAL_BATCH, reasonIdsByName, upsertDeals, type DealRow } from '../../db/deals.ts';
import {
  DEAL_CSV_FIELDS,
  DEAL_CSV_REQUIRED,
  DEAL_IMPORT_MAX_ERRORS,
  DEAL_IMPORT_MAX_ROWS,
  normalizeOutcome,
  type DealCsvField,
  type DealImport,
  type DealImportError,
  type DealImportPreview,
} from '../../contracts/deals.ts';
import { apiError } from '../errors.ts';
import { fastCsvRecords, type CsvRecord } from './csv.ts';
import { createJob, type JobHandler } from '../jobs/store.ts';

type Columns = Partial<Record<DealCsvField, string>>;
type Actor = { companyId: number; userId: number };

/** A checked row: a deal ready to write but for its reasons, which are named until the job resolves them. */
export type CheckedDeal = Omit<DealRow, 'reasons'> & { winReasons: string[] | null; lossReasons: string[] | null };

/** The company's rivals by lower-cased name and its users by lower-cased email: what a file's names resolve to. */
export type DealLookups = { rivals: Map<string, number>; users: Map<string, number> };

export async function dealLookups(db: Exec, companyId: number): Promise<DealLookups> {
  const [rivals, users] = await Promise.all([
    rowsOf<{ id: number; name: string }>(db, sql`SELECT id, name FROM rivals WHERE company_id = ${companyId}`),
    rowsOf<{ id: number; email: string }>(db, sql`SELECT id, email FROM users WHERE company_id = ${companyId}`),
  ]);
  return {
    rivals: new Map(rivals.map((r) => [r.name.trim().toLowerCase(), r.id])),
    users: new Map(users.map((u) => [u.email.toLowerCase(), u.id])),
  };
}

const FIELDS = Object.keys(DEAL_CSV_FIELDS) as DealCsvField[];

function parseRecords(text: string, to?: number): CsvRecord[] {
  const plain = fastCsvRecords(text, to);
  if (plain) return plain;
  try {
    const out = parseCsv(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, ...(to ? { to } : {}) }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return out.map((r) => ({ record: r.record, line: r.info.lines }));
  } catch (err) {
    const e = err as { lines?: number; message: string };
    throw apiError('bad_rows', { count: 1, line: e.lines ?? 1, field: 'file', problem: e.message }, { errors: [{ line: e.lines ?? 1, field: 'file', message: e.message }] });
  }
}

/** A date as CRM exports write it: 2026-03-31, 2026-03-31T12:00:00Z or 3/31/2026; null when it is none. */
function dateOf(v: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v);
  let [y, mo, d] = m ? [m[1], m[2], m[3]] : [];
  if (!m) {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
    if (!m) return null;
    [mo, d, y] = [m[1].padStart(2, '0'), m[2].padStart(2, '0'), m[3]];
  }
  const t = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== `${y}-${mo}-${d}` ? null : `${y}-${mo}-${d}`;
}

const listOf = (v: string) =>
  v
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Checks a whole file: the header holds every mapped column (without a mapping, the default headers, of which the
 * required ones must be there), and each row has its required fields, a known outcome, real dates and amounts, a
 * currency code, rivals of the company and a CRM id of its own. Lists at most DEAL_IMPORT_MAX_ERRORS errors but
 * counts them all.
 */
export function checkDealCsv(text: string, columns: Columns | null, lookups: DealLookups): { deals: CheckedDeal[]; errors: DealImportError[]; errorCount: number } {
  const records = parseRecords(text);
  const errors: DealImportError[] = [];
  let errorCount = 0;
  const fail = (line: number, field: string, message: string) => {
    errorCount++;
    if (errors.length < DEAL_IMPORT_MAX_ERRORS) errors.push({ line, field, message });
  };
  if (records.length < 2) return { deals: [], errors, errorCount };
  const header = records[0].record.map((h) => h.trim().toLowerCase());
  const index = new Map<DealCsvField, number>();
  for (const field of FIELDS) {
    const wanted = columns ? columns[field] : DEAL_CSV_FIELDS[field];
    if (!wanted) continue;
    const at = header.indexOf(wanted.trim().toLowerCase());
    if (at >= 0) index.set(field, at);
    else if (columns || DEAL_CSV_REQUIRED.includes(field)) fail(records[0].line, field, `the header has no column "${wanted}"`);
  }
  if (records.length - 1 > DEAL_IMPORT_MAX_ROWS) fail(records[0].line, 'file', `holds more than ${DEAL_IMPORT_MAX_ROWS} rows`);
  if (errorCount) return { deals: [], errors, errorCount };

  // Per row: each cell read once into one reused record, and what repeats across rows (dates, outcomes, rival lists)
  // worked out once per distinct value; a file of 100,000 rows holds a few hundred of each.
  const cells = FIELDS.map((f) => [f, index.get(f) ?? -1] as const);
  const v = {} as Record<DealCsvField, string>;
  const dates = new Map<string, string | null>();
  const dateOnce = (s: string) => {
    let d = dates.get(s);
    if (d === undefined) dates.set(s, (d = dateOf(s)));
    return d;
  };
  const outcomes = new Map<string, ReturnType<typeof normalizeOutcome>>();
  const rivalLists = new Map<string, number[]>();
  const deals: CheckedDeal[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < records.length; i++) {
    const { record, line } = records[i];
    for (const [f, at] of cells) v[f] = at < 0 ? '' : (record[at] ?? '').trim();
    const before = errorCount;
    for (const f of DEAL_CSV_REQUIRED) if (!v[f]) fail(line, f, 'is required');
    const crmId = v.crmId;
    const first = seen.get(crmId);
    if (crmId && first !== undefined) fail(line, 'crmId', `repeats the id of line ${first}`);
    else if (crmId) seen.set(crmId, line);
    const outcomeKey = `${v.outcome}\u0000${v.stage}`;
    let outcome = outcomes.get(outcomeKey);
    if (outcome === undefined && !outcomes.has(outcomeKey)) outcomes.set(outcomeKey, (outcome = normalizeOutcome(v.outcome, v.stage)));
    if (outcome === undefined) fail(line, 'outcome', `"${v.outcome}" is not an outcome (win, loss, churn, churn_positive, other or open)`);
    const createdOn = v.createdOn ? dateOnce(v.createdOn) : null;
    if (v.createdOn && !createdOn) fail(line, 'createdOn', `"${v.createdOn}" is not a date`);
    const closedOn = v.closedOn ? dateOnce(v.closedOn) : null;
    if (v.closedOn && !closedOn) fail(line, 'closedOn', `"${v.closedOn}" is not a date`);
    else if (outcome && !closedOn) fail(line, 'closedOn', 'is required for a closed deal');
    let amount: number | null = null;
    if (v.amount) {
      amount = Number(v.amount.replace(/[,\s]/g, ''));
      if (!Number.isFinite(amount)) fail(line, 'amount', `"${v.amount}" is not a number`);
    }
    const currency = (v.currency || 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) fail(line, 'currency', `"${v.currency}" is not a currency code`);
    const rivalKey = `${v.primaryRival}\u0000${v.rivals}`;
    let rivalIds = rivalLists.get(rivalKey);
    if (!rivalIds) {
      const ids: number[] = [];
      const rivalsBefore = errorCount;
      for (const name of [v.primaryRival, ...listOf(v.rivals)].filter(Boolean)) {
        const id = lookups.rivals.get(name.toLowerCase());
        if (id === undefined) fail(line, name === v.primaryRival ? 'primaryRival' : 'rivals', `"${name}" is not one of your rivals`);
        else if (!ids.includes(id)) ids.push(id);
      }
      if (errorCount === rivalsBefore) rivalLists.set(rivalKey, ids); // rows share it: nothing changes a deal's rivalIds
      rivalIds = ids;
    }
    if (errorCount > before) continue;
    const ownerEmail = v.ownerEmail || null;
    deals.push({
      crmId,
      source: 'csv',
      name: v.name,
      accountName: v.accountName || null,
      accountCrmId: null,
      ownerEmail,
      ownerName: v.ownerName || null,
      ownerUserId: ownerEmail ? (lookups.users.get(ownerEmail.toLowerCase()) ?? null) : null,
      amount,
      currency,
      stage: v.stage,
      outcome: outcome ?? null,
      createdOn: createdOn!,
      closedOn,
      rivalIds,
      primaryRivalId: rivalIds[0] ?? null,
      buyerPersona: v.buyerPersona || null,
      industry: v.industry || null,
      region: v.region || null,
      segment: v.segment || null,
      technology: v.technology || null,
      useCase: v.useCase || null,
      product: v.product || null,
      notes: v.notes || null,
      crmModifiedAt: null,
      winReasons: index.has('winReasons') ? listOf(v.winReasons) : null,
      lossReasons: index.has('lossReasons') ? listOf(v.lossReasons) : null,
    });
  }
  return { deals, errors, errorCount };
}

/** The 400 of a file with bad rows: the first in the message, the listed ones in details.errors. */
function badRows(errors: DealImportError[], count: number) {
  const [first] = errors;
  return apiError('bad_rows', { count, line: first.line, field: first.field, problem: first.message }, { errors });
}

/** Checks a file whole and queues its import; nothing is written when a row is bad. */
export async function startDealImport(db: Db, actor: Actor, text: string, columns: Columns | null, mappingId: number | null): Promise<DealImport> {
  const checked = checkDealCsv(text, columns, await dealLookups(db, actor.companyId));
  if (checked.errors.length) throw badRows(checked.errors, checked.errorCount);
  if (!checked.deals.length) throw apiError('deal_file_empty');
  const importId = await db.transaction(async (tx) => {
    const [created] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO deal_imports (company_id, user_id, mapping_id, file, total_rows)
          VALUES (${actor.companyId}, ${actor.userId}, ${mappingId}, ${Buffer.from(text, 'utf8')}, ${checked.deals.length}) RETURNING id`,
    );
    // The mapping goes with the job: a mapping changed or deleted meanwhile does not change what was checked.
    await createJob(tx, { ...actor, kind: 'dealImport', payload: { importId: created.id, columns }, targetIds: [created.id], inline: false });
    return created.id;
  });
  return readDealImport(db, actor.companyId, importId);
}

export async function readDealImport(db: Exec, companyId: number, importId: number): Promise<DealImport> {
  const [row] = await rowsOf<Omit<DealImport, 'createdAt' | 'finishedAt'> & { createdAt: string | Date; finishedAt: string | Date | null }>(
    db,
    sql`SELECT id, state, total_rows AS "totalRows", processed_rows AS "processedRows", created, updated, errors,
          created_at AS "createdAt", finished_at AS "finishedAt"
        FROM deal_imports WHERE id = ${importId} AND company_id = ${companyId}`,
  );
  if (!row) throw apiError('import_not_found');
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null };
}

/** Writes a checked import's rows in the job's transaction; `db` (another connection) carries the progress. */
export function dealImportJob(db: Db): JobHandler {
  const progress = (importId: number, processed: number, state = 'running') =>
    db.execute(sql`UPDATE deal_imports SET state = ${state}, processed_rows = ${processed} WHERE id = ${importId}`);
  return {
    async run(tx, job, [importId]) {
      const [stored] = await rowsOf<{ file: Buffer }>(
        tx,
        sql`SELECT file FROM deal_imports WHERE id = ${importId} AND company_id = ${job.companyId} AND state IN ('queued', 'running') AND file IS NOT NULL`,
      );
      if (!stored) return; // done already (a duplicate delivery)
      await progress(importId, 0);
      const checked = checkDealCsv(stored.file.toString('utf8'), (job.payload.columns as Columns | null) ?? null, await dealLookups(tx, job.companyId));
      if (checked.errors.length) {
        await tx.execute(sql`UPDATE deal_imports SET state = 'failed', errors = ${JSON.stringify(checked.errors)}::jsonb, file = NULL, finished_at = now()
                             WHERE id = ${importId}`);
        return;
      }
      const reasonIds = {
        win: await reasonIdsByName(tx, job.companyId, 'win', checked.deals.flatMap((d) => d.winReasons ?? [])),
        loss: await reasonIdsByName(tx, job.companyId, 'loss', checked.deals.flatMap((d) => d.lossReasons ?? [])),
      };
      let created = 0;
      let updated = 0;
      for (let i = 0; i < checked.deals.length; i += DEAL_BATCH) {
        const rows = checked.deals.slice(i, i + DEAL_BATCH).map(({ winReasons, lossReasons, ...deal }): DealRow => {
          if (winReasons === null && lossReasons === null) return deal;
          const named = (kind: 'win' | 'loss', names: string[] | null) =>
            (names ?? []).map((n) => ({ reasonId: reasonIds[kind].get(n.toLowerCase())!, saidBy: 'rep' as const }));
          return { ...deal, reasons: [...named('win', winReasons), ...named('loss', lossReasons)] };
        });
        const written = await upsertDeals(tx, job.companyId, rows);
        created += written.created;
        updated += written.updated;
        await progress(importId, Math.min(i + DEAL_BATCH, checked.deals.length));
      }
      await tx.execute(sql`UPDATE deal_imports SET state = 'done', file = NULL, processed_rows = total_rows, created = ${created}, updated = ${updated},
                             finished_at = now() WHERE id = ${importId}`);
    },
    async finish(tx, job, outcome) {
      if (!outcome.failed) return;
      const errors: DealImportError[] = [{ line: 0, field: 'file', message: outcome.error ?? 'the import failed' }];
      await tx.execute(sql`UPDATE deal_imports SET state = 'failed', errors = ${JSON.stringify(errors)}::jsonb, file = NULL, finished_at = now()
                           WHERE id = ${Number(job.payload.importId)} AND state <> 'done'`);
    },
  };
}

// ---- preview ----

const PREVIEW_ROWS = 5;
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Letter pairs shared (Dice's coefficient): "Close Date" is near "CloseDate" and "Date Closed". */
function similarity(a: string, b: string): number {
  const pairs = (s: string) => new Set(Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => s.slice(i, i + 2)));
  const [x, y] = [pairs(a), pairs(b)];
  if (!x.size || !y.size) return a === b ? 1 : 0;
  let shared = 0;
  for (const p of x) if (y.has(p)) shared++;
  return (2 * shared) / (x.size + y.size);
}

/** A header must be this near a field's default header or name to be suggested for it. */
const SUGGEST_MIN = 0.6;

/** The file's headers and first rows, and for each field the header most like its default header or its name. */
export function previewDealCsv(text: string): DealImportPreview {
  const records = parseRecords(text, PREVIEW_ROWS + 1);
  if (!records.length) throw apiError('deal_file_empty');
  const headers = records[0].record.map((h) => h.trim());
  const suggested: DealImportPreview['suggested'] = {};
  const taken = new Set<string>();
  const candidates = FIELDS.flatMap((field) =>
    headers.map((h) => ({ field, header: h, score: Math.max(similarity(squash(h), squash(DEAL_CSV_FIELDS[field])), similarity(squash(h), squash(field))) })),
  ).sort((a, b) => b.score - a.score);
  for (const c of candidates) {
    if (c.score < SUGGEST_MIN || suggested[c.field] || taken.has(c.header)) continue;
    suggested[c.field] = c.header;
    taken.add(c.header);
  }
  return { headers, rows: records.slice(1).map((r) => r.record), suggested };
}
