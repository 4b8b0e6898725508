// The win/loss read model (issue #56: reports p95 ≤ 150 ms at 1M deals): a company's deals held in memory as
// columns of typed arrays, loaded once per version of its deals, and every overview, report and facet answered by
// one loop over them. An aggregate query over a million rows (unnest of rival_ids for by-rival) took 0.5–1.6 s; a
// loop over a few typed arrays takes milliseconds.
//
// Freshness: migration 0036 keeps deal_versions(company_id, version), bumped by a statement trigger on every write
// to deals or deal_reasons in the writer's own transaction. Each request reads it (one primary-key lookup) and
// rebuilds the model when it moved, so a committed write is in the next answer. Every app server keeps its own.
//
// One code path for every company, small or large: the same filters and groupings answer everywhere (the tests run
// the path the 1M-deal company runs), and a small company's model loads in milliseconds. Memory is bounded by
// MAX_CACHED_DEALS over all cached companies (least recently used dropped first); a deal takes ~80 bytes
// (a 1M-deal model ~80 MB; each dimension's codes are Int32 so no dictionary can overflow them).
//
// Text order (a tie's order, a facet's values, max() of owner names) follows the database's collation: each
// model's strings are ranked by one ORDER BY at load, so answers match the SQL this replaced.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { DEAL_OUTCOMES, SEGMENT_DIMENSIONS, type DealFilters, type DealOutcome, type SegmentDimension } from '../../contracts/deals.ts';
import { DIMENSION_COLUMNS } from '../deals/filters.ts';

/** Won amounts are summed in this currency; deals in others are left out of amountWon (see service.ts). */
export const REPORTING_CURRENCY = 'USD';
/** How many deals the models of all cached companies may hold together; the newest model is always kept. */
export const MAX_CACHED_DEALS = 3_000_000;
/** Deals read per query while loading (keyset by id, all in one repeatable-read snapshot). */
const LOAD_BATCH = 50_000;

export type Dim = SegmentDimension | 'product';
export const DIMS: readonly Dim[] = [...SEGMENT_DIMENSIONS, 'product'];

/** Outcome codes: 0 for an open deal, then DEAL_OUTCOMES in order (win 1, loss 2, …). */
export const OPEN = 0;
export const WIN = 1;
export const LOSS = 2;
const OUTCOME_CODE = new Map<string, number>(DEAL_OUTCOMES.map((o, i) => [o, i + 1]));
/** closedOn of a deal without a close date. */
const NO_DATE = -2_147_483_648;
/** The sayer bits of a deal's reason. */
const REP = 1;
const BUYER = 2;

/** Distinct strings of one column; codes index `values`, -1 in a column is null. `rank` is each value's collation rank. */
export type Dictionary = { values: string[]; rank: Int32Array };

export type DealFacts = {
  n: number;
  /** OPEN or 1 + index in DEAL_OUTCOMES. */
  outcome: Uint8Array;
  /** Days since 1970-01-01, NO_DATE when there is none. */
  closedOn: Int32Array;
  /** year * 4 + quarter - 1 of closedOn (-1 when none). */
  quarter: Int32Array;
  /** The amount when it is in the reporting currency, else 0 (only won deals' count). */
  amount: Float64Array;
  /** owners.id, 0 when the owner is no product user. */
  ownerUserId: Int32Array;
  /** The owner's group (owner_user_id as text, else lower(owner_email)) in ownerKeys; the owner's CRM name and email in `strings`. */
  owner: Int32Array;
  ownerName: Int32Array;
  ownerEmail: Int32Array;
  ownerKeys: Dictionary;
  strings: Dictionary;
  dims: Record<Dim, { codes: Int32Array; dict: Dictionary }>;
  /** rival_ids as CSR: deal i met rivalIds[rivalStart[i] .. rivalStart[i+1]) (ids, in the array's order). */
  rivalStart: Int32Array;
  rivalIds: Int32Array;
  /** Its reasons likewise: reason ids, each with the sayers (REP | BUYER) who gave it. */
  reasonStart: Int32Array;
  reasonIds: Int32Array;
  reasonSayers: Uint8Array;
};

// ---- loading ----

/** A growable Int32Array (the CSR values, whose count is known only once loaded). */
class IntList {
  a = new Int32Array(1024);
  length = 0;
  push(v: number) {
    if (this.length === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.length++] = v;
  }
  done(): Int32Array {
    return this.a.slice(0, this.length);
  }
}

/** Codes strings in order of first sight; `rank` is filled once all are known. */
class Coder {
  codes = new Map<string, number>();
  values: string[] = [];
  code(v: string | null): number {
    if (v === null) return -1;
    let c = this.codes.get(v);
    if (c === undefined) {
      c = this.values.length;
      this.codes.set(v, c);
      this.values.push(v);
    }
    return c;
  }
}

export type LoadRow = {
  id: number;
  outcome: string | null;
  closed: number | null;
  amount: number | null;
  owner_user_id: number | null;
  owner_key: string | null;
  owner_name: string | null;
  owner_email: string | null;
  rival_ids: number[];
} & Record<Dim, string | null>;

export type ReasonRow = { deal_id: number; reason_id: number; said_by: string };

/**
 * Builds a model batch by batch (rows in id order, with the reasons of those deals), so a load never holds more
 * than one batch of row objects. Pure: the unit tests feed it rows.
 */
export class FactsBuilder {
  private i = 0;
  private readonly f;
  private readonly ownerKeys = new Coder();
  private readonly strings = new Coder();
  private readonly dims = Object.fromEntries(DIMS.map((d) => [d, new Coder()])) as Record<Dim, Coder>;
  private readonly dimCodes: Record<Dim, Int32Array>;
  private readonly rivals = new IntList();
  private readonly reasonIds = new IntList();
  private readonly sayers = new IntList();

  /** n: how many deals will be added. */
  constructor(private readonly n: number) {
    this.f = {
      outcome: new Uint8Array(n),
      closedOn: new Int32Array(n),
      quarter: new Int32Array(n),
      amount: new Float64Array(n),
      ownerUserId: new Int32Array(n),
      owner: new Int32Array(n),
      ownerName: new Int32Array(n),
      ownerEmail: new Int32Array(n),
      rivalStart: new Int32Array(n + 1),
      reasonStart: new Int32Array(n + 1),
    };
    this.dimCodes = Object.fromEntries(DIMS.map((d) => [d, new Int32Array(n)])) as Record<Dim, Int32Array>;
  }

  add(rows: LoadRow[], reasons: ReasonRow[]) {
    const f = this.f;
    let r = 0;
    for (const row of rows) {
      const i = this.i++;
      f.outcome[i] = row.outcome === null ? OPEN : OUTCOME_CODE.get(row.outcome)!;
      if (row.closed === null) {
        f.closedOn[i] = NO_DATE;
        f.quarter[i] = -1;
      } else {
        f.closedOn[i] = row.closed;
        const d = new Date(row.closed * 86_400_000);
        f.quarter[i] = d.getUTCFullYear() * 4 + Math.floor(d.getUTCMonth() / 3);
      }
      f.amount[i] = row.amount ?? 0;
      f.ownerUserId[i] = row.owner_user_id ?? 0;
      f.owner[i] = this.ownerKeys.code(row.owner_key);
      f.ownerName[i] = this.strings.code(row.owner_name);
      f.ownerEmail[i] = this.strings.code(row.owner_email);
      for (const d of DIMS) this.dimCodes[d][i] = this.dims[d].code(row[d]);
      for (const id of row.rival_ids) this.rivals.push(id);
      f.rivalStart[i + 1] = this.rivals.length;
      // Reasons come ordered by deal id as the rows do; one entry per reason, its sayers merged (the key is deal, reason, sayer).
      while (r < reasons.length && reasons[r].deal_id < row.id) r++;
      for (; r < reasons.length && reasons[r].deal_id === row.id; r++) {
        const bit = reasons[r].said_by === 'buyer' ? BUYER : REP;
        const last = this.reasonIds.length - 1;
        if (last >= f.reasonStart[i] && this.reasonIds.a[last] === reasons[r].reason_id) this.sayers.a[last] |= bit;
        else {
          this.reasonIds.push(reasons[r].reason_id);
          this.sayers.push(bit);
        }
      }
      f.reasonStart[i + 1] = this.reasonIds.length;
    }
  }

  /** Every string the model compares (to be put in collation order). */
  allStrings(): string[] {
    return [...new Set([...this.ownerKeys.values, ...this.strings.values, ...DIMS.flatMap((d) => this.dims[d].values)])];
  }

  /** The model; `ordered` holds allStrings() in the database's collation order. */
  done(ordered: string[]): DealFacts {
    if (this.i !== this.n) throw new Error(`expected ${this.n} deals, got ${this.i}`);
    const rankOf = new Map(ordered.map((s, i) => [s, i]));
    const dict = (c: Coder): Dictionary => ({ values: c.values, rank: Int32Array.from(c.values, (v) => rankOf.get(v)!) });
    return {
      n: this.n,
      ...this.f,
      ownerKeys: dict(this.ownerKeys),
      strings: dict(this.strings),
      dims: Object.fromEntries(DIMS.map((d) => [d, { codes: this.dimCodes[d], dict: dict(this.dims[d]) }])) as DealFacts['dims'],
      rivalIds: this.rivals.done(),
      reasonIds: this.reasonIds.done(),
      reasonSayers: Uint8Array.from(this.sayers.done()),
    };
  }
}

const DIM_SELECT = sql.raw(DIMS.map((d) => `d.${DIMENSION_COLUMNS[d]} AS "${d}"`).join(', '));

/** Reads a company's deals in one repeatable-read snapshot, in batches by id. */
async function loadFacts(db: Db, companyId: number): Promise<DealFacts> {
  return db.transaction(
    async (tx) => {
      const [{ n }] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM deals WHERE company_id = ${companyId}`);
      const builder = new FactsBuilder(n);
      for (let after = 0; ; ) {
        const batch = await rowsOf<LoadRow>(
          tx,
          sql`SELECT d.id, d.outcome, (d.closed_on - DATE '1970-01-01') AS closed,
                CASE WHEN d.currency = ${REPORTING_CURRENCY} THEN d.amount END AS amount,
                d.owner_user_id, coalesce(d.owner_user_id::text, lower(d.owner_email)) AS owner_key, d.owner_name, d.owner_email,
                d.rival_ids, ${DIM_SELECT}
              FROM deals d WHERE d.company_id = ${companyId} AND d.id > ${after} ORDER BY d.id LIMIT ${LOAD_BATCH}`,
        );
        if (!batch.length) break;
        const last = batch[batch.length - 1].id;
        const reasons = await rowsOf<ReasonRow>(
          tx,
          sql`SELECT deal_id, reason_id, said_by FROM deal_reasons
              WHERE company_id = ${companyId} AND deal_id > ${after} AND deal_id <= ${last} ORDER BY deal_id, reason_id`,
        );
        builder.add(batch, reasons);
        after = last;
      }
      const ordered = await rowsOf<{ s: string }>(tx, sql`SELECT s FROM unnest(${sql.param(builder.allStrings())}::text[]) s ORDER BY s`);
      return builder.done(ordered.map((x) => x.s));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

// ---- the cache ----

type Entry = { version: string; deals: number; facts: Promise<DealFacts> };
const cache = new Map<number, Entry>();

/** The current model of the company's deals: the cached one while its version stands, else one load shared by all callers. */
export async function dealFacts(db: Db, companyId: number): Promise<DealFacts> {
  const [row] = await rowsOf<{ version: string }>(db, sql`SELECT version::text FROM deal_versions WHERE company_id = ${companyId}`);
  const version = row?.version ?? '0';
  let entry = cache.get(companyId);
  cache.delete(companyId); // re-inserted last: Map order is the LRU order
  if (!entry || entry.version !== version) {
    // The version was read before the load's snapshot began, so the model holds every write up to it (maybe more,
    // which only costs a reload).
    const created: Entry = { version, deals: 0, facts: loadFacts(db, companyId) };
    created.facts.then(
      (facts) => {
        created.deals = facts.n;
        evict();
      },
      () => cache.get(companyId) === created && cache.delete(companyId), // a failed load is retried by the next request
    );
    entry = created;
  }
  cache.set(companyId, entry);
  return entry.facts;
}

function evict() {
  let total = [...cache.values()].reduce((sum, e) => sum + e.deals, 0);
  for (const [companyId, e] of cache) {
    if (total <= MAX_CACHED_DEALS || cache.size === 1) break;
    cache.delete(companyId);
    total -= e.deals;
  }
}

// ---- answering ----

/** The deals (indexes) passing the filters, with the semantics of search-api/deals/filters.ts dealFiltersSql. */
export function selectDeals(f: DealFacts, q: DealFilters): Int32Array {
  const none = new Int32Array(0);
  const outcome = q.outcome === undefined ? -1 : q.outcome === 'open' ? OPEN : OUTCOME_CODE.get(q.outcome as DealOutcome)!;
  const dimTests: [Int32Array, number][] = [];
  for (const d of DIMS) {
    const value = q[d];
    if (value === undefined) continue;
    const code = f.dims[d].dict.values.indexOf(value);
    if (code < 0) return none;
    dimTests.push([f.dims[d].codes, code]);
  }
  const after = q.closedAfter ? days(q.closedAfter) : null;
  const before = q.closedBefore ? days(q.closedBefore) : null;
  const sayer = q.saidBy === undefined ? REP | BUYER : q.saidBy === 'buyer' ? BUYER : REP;
  const byReason = q.reasonId !== undefined || q.saidBy !== undefined;
  const out = new Int32Array(f.n);
  let k = 0;
  deals: for (let i = 0; i < f.n; i++) {
    if (outcome >= 0 && f.outcome[i] !== outcome) continue;
    if (q.ownerId !== undefined && f.ownerUserId[i] !== q.ownerId) continue;
    for (const [codes, code] of dimTests) if (codes[i] !== code) continue deals;
    const closed = f.closedOn[i];
    if (after !== null && (closed === NO_DATE || closed < after)) continue;
    if (before !== null && (closed === NO_DATE || closed > before)) continue;
    if (q.rivalId !== undefined && !has(f.rivalIds, f.rivalStart[i], f.rivalStart[i + 1], q.rivalId)) continue;
    if (byReason) {
      let cited = false;
      for (let j = f.reasonStart[i]; j < f.reasonStart[i + 1] && !cited; j++) {
        cited = (q.reasonId === undefined || f.reasonIds[j] === q.reasonId) && (f.reasonSayers[j] & sayer) !== 0;
      }
      if (!cited) continue;
    }
    out[k++] = i;
  }
  return out.subarray(0, k);
}

const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

function has(values: Int32Array, from: number, to: number, v: number): boolean {
  for (let j = from; j < to; j++) if (values[j] === v) return true;
  return false;
}

export type Tally = { deals: number; wins: number; losses: number; amountWon: number };
export type KeyedTally = Tally & { key: number };

const newTally = (): Tally => ({ deals: 0, wins: 0, losses: 0, amountWon: 0 });

function count(t: Tally, f: DealFacts, i: number) {
  t.deals++;
  const o = f.outcome[i];
  if (o === WIN) {
    t.wins++;
    t.amountWon += f.amount[i];
  } else if (o === LOSS) t.losses++;
}

/** All selected deals together, and how many are open. */
export function totals(f: DealFacts, sel: Int32Array): Tally & { open: number } {
  const t = { ...newTally(), open: 0 };
  for (const i of sel) {
    count(t, f, i);
    if (f.outcome[i] === OPEN) t.open++;
  }
  return t;
}

/**
 * The selected deals grouped by a key per deal (-1: in no group), or by each rival a deal met (a deal counts for
 * every rival, as unnest did). Keys are the codes of the grouping (a rival id, a quarter, a dictionary code).
 */
export function tallyBy(f: DealFacts, sel: Int32Array, by: Int32Array | 'rival'): KeyedTally[] {
  const groups = new Map<number, KeyedTally>();
  const add = (key: number, i: number) => {
    let t = groups.get(key);
    if (!t) groups.set(key, (t = { key, ...newTally() }));
    count(t, f, i);
  };
  if (by === 'rival') {
    for (const i of sel) for (let j = f.rivalStart[i]; j < f.rivalStart[i + 1]; j++) add(f.rivalIds[j], i);
  } else {
    for (const i of sel) if (by[i] >= 0) add(by[i], i);
  }
  return [...groups.values()];
}

/** For each owner group in sel: its product user (0: none) and the greatest CRM name and email of its deals (max() in collation order), as codes. */
export function ownerMaxima(f: DealFacts, sel: Int32Array): Map<number, { userId: number; name: number; email: number }> {
  const out = new Map<number, { userId: number; name: number; email: number }>();
  const rank = f.strings.rank;
  const greater = (a: number, b: number) => (a < 0 ? b : b < 0 || rank[a] >= rank[b] ? a : b);
  for (const i of sel) {
    const key = f.owner[i];
    if (key < 0) continue;
    const m = out.get(key);
    if (!m) out.set(key, { userId: f.ownerUserId[i], name: f.ownerName[i], email: f.ownerEmail[i] });
    else {
      m.name = greater(m.name, f.ownerName[i]);
      m.email = greater(m.email, f.ownerEmail[i]);
    }
  }
  return out;
}

/** Per reason cited by selected won or lost deals: deals citing it, by the rep, by the buyer; split by the deal's outcome. */
export function reasonCounts(f: DealFacts, sel: Int32Array): Map<number, { deals: number; rep: number; buyer: number }> {
  const out = new Map<number, { deals: number; rep: number; buyer: number }>();
  for (const i of sel) {
    const o = f.outcome[i];
    if (o !== WIN && o !== LOSS) continue;
    for (let j = f.reasonStart[i]; j < f.reasonStart[i + 1]; j++) {
      const key = reasonKey(f.reasonIds[j], o === WIN ? 'win' : 'loss');
      let c = out.get(key);
      if (!c) out.set(key, (c = { deals: 0, rep: 0, buyer: 0 }));
      c.deals++;
      if (f.reasonSayers[j] & REP) c.rep++;
      if (f.reasonSayers[j] & BUYER) c.buyer++;
    }
  }
  return out;
}

/** reasonCounts' key of a reason cited by deals of an outcome. */
export const reasonKey = (reasonId: number, outcome: 'win' | 'loss') => reasonId * 2 + (outcome === 'loss' ? 1 : 0);

/** "2026-Q1" of a quarter code. */
export const quarterKey = (q: number) => `${Math.floor(q / 4)}-Q${(q % 4) + 1}`;

/** What the facets offer: the rivals and owners the deals name, each dimension's values in collation order. */
export const rivalIdsWithDeals = (f: DealFacts) => new Set(f.rivalIds);
export const ownerIdsWithDeals = (f: DealFacts) => new Set(f.ownerUserId);
export const dimValuesInOrder = (f: DealFacts, d: Dim) => {
  const { values, rank } = f.dims[d].dict;
  return values.map((v, c) => ({ v, r: rank[c] })).sort((a, b) => a.r - b.r).map((x) => x.v);
};
