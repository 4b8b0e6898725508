// The incremental sync (issue #56): Users, Accounts, Opportunities and their competitors, each by SystemModstamp,
// page by page through nextRecordsUrl. Each page's rows and the cursor that follows it commit in one transaction, so
// a run that dies resumes at the page after the last one written, and a re-run writes every record once (rows are
// matched by CRM id). An expired session is refreshed by jsforce with the refresh token (the new access token is
// stored sealed); the API limit stops the run with the cursor kept, and the queue runs it again later.
//
// Rivals come from OpportunityCompetitor (synced after the opportunities, adding to each deal's rivals; the first
// named is primary) or from a text field of Opportunity the admin names (names split on ; and ,). A competitor
// deleted in Salesforce is not seen by an incremental sync (it has no SystemModstamp left to read).
import { eq, sql } from 'drizzle-orm';
import type { Connection } from 'jsforce';
import type { Db, Exec } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';
import { upsertDeals, type DealRow } from '../../../db/deals.ts';
import { crmConnections } from '../../../db/schema.ts';
import { OutboundError } from '../../outbound/errors.ts';
import { checkReach, connectionOf, errorCodeOf, failureText, oauth2Of } from './client.ts';
import { connectionRow, type ConnectionRow, type SalesforceDeps } from './connection.ts';
import { SALESFORCE, SYNC_OBJECTS, type SyncObject } from './constants.ts';

type Cursor = Record<string, { since?: string; next?: string }>;
type SfRecord = Record<string, unknown> & { Id: string; SystemModstamp: string };
type Page = { records: SfRecord[]; done: boolean; nextRecordsUrl?: string };

/** How a run ended: `limit` and `unreachable` are worth running again later; `failed` needs an admin. */
export type SyncOutcome = 'done' | 'limit' | 'unreachable' | 'failed' | 'skipped';

/** Another run took the connection over, or it was disconnected: this run stops without a word. */
class Superseded extends Error {}

const FIELDS: Record<SyncObject, string[]> = {
  User: ['Id', 'Name', 'Email', 'IsActive', 'SystemModstamp'],
  Account: ['Id', 'Name', 'Industry', 'BillingCountry', 'SystemModstamp'],
  Opportunity: ['Id', 'Name', 'AccountId', 'OwnerId', 'Amount', 'StageName', 'IsClosed', 'IsWon', 'CreatedDate', 'CloseDate', 'IsDeleted', 'SystemModstamp'],
  OpportunityCompetitor: ['Id', 'OpportunityId', 'CompetitorName', 'SystemModstamp'],
};

/** SOQL's datetime literal (UTC, unquoted) of a SystemModstamp as Salesforce writes it (…+0000). */
const soqlDateTime = (stamp: string) => new Date(stamp.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')).toISOString();

export function soqlOf(object: SyncObject, since: string | undefined, competitorField?: string): string {
  const fields = object === 'Opportunity' && competitorField ? [...FIELDS.Opportunity, competitorField] : FIELDS[object];
  const where = since ? ` WHERE SystemModstamp > ${soqlDateTime(since)}` : '';
  return `SELECT ${fields.join(', ')} FROM ${object}${where} ORDER BY SystemModstamp, Id`;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const isoDate = (v: unknown): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const pgArray = (xs: unknown[]) => sql.param(xs);

/** Runs (or resumes) the company's sync; never throws for Salesforce's answers, which end in the connection's state. */
export async function runSync(deps: SalesforceDeps, companyId: number): Promise<SyncOutcome> {
  const row = await connectionRow(deps.db, companyId);
  if (!row?.refreshTokenSealed || !row.instanceUrl || row.state === 'disconnected') return 'skipped';
  const resuming = Object.values(row.cursor).some((c) => c.next);
  await deps.db
    .update(crmConnections)
    .set({ state: 'syncing', lastError: null, ...(resuming ? {} : { lastSyncCount: 0 }), updatedAt: new Date() })
    .where(eq(crmConnections.companyId, companyId));
  let refreshed = Promise.resolve();
  try {
    for (const url of [row.loginUrl, row.instanceUrl]) {
      const reason = await checkReach(deps.reach, url);
      if (reason) throw new OutboundError('address', reason);
    }
    const oauth2 = oauth2Of(deps.reach, { loginUrl: row.loginUrl, clientId: row.clientId, clientSecret: deps.box.open(row.clientSecretSealed), redirectUri: '' });
    const conn = connectionOf(
      deps.reach,
      oauth2,
      { instanceUrl: row.instanceUrl, accessToken: row.accessTokenSealed ? deps.box.open(row.accessTokenSealed) : undefined, refreshToken: deps.box.open(row.refreshTokenSealed) },
      (accessToken, res) => {
        const instanceUrl = res.instance_url || row.instanceUrl;
        refreshed = refreshed.then(async () => {
          await deps.db.update(crmConnections).set({ accessTokenSealed: deps.box.seal(accessToken), instanceUrl }).where(eq(crmConnections.companyId, companyId));
        });
      },
    );
    const rivals = await rivalIdsByName(deps.db, companyId);
    let cursor = row.cursor;
    for (const object of SYNC_OBJECTS) {
      if (object === 'OpportunityCompetitor' && row.competitorSource !== 'opportunityCompetitor') continue;
      cursor = await syncObject(deps.db, conn, row, object, cursor, rivals);
    }
    await refreshed;
    await finish(deps.db, companyId, { state: 'connected', lastSyncAt: new Date(), lastError: null });
    return 'done';
  } catch (err) {
    await refreshed.catch(() => {});
    if (err instanceof Superseded) return 'skipped';
    const code = errorCodeOf(err);
    const outcome: SyncOutcome = code === 'REQUEST_LIMIT_EXCEEDED' ? 'limit' : code ? 'failed' : 'unreachable';
    // In words, never a library's message: a failed request's names its URL.
    const lastError = failureText(err);
    deps.logger.warn({ companyId, failure: lastError }, 'salesforce sync stopped');
    await finish(deps.db, companyId, { state: 'error', lastError });
    return outcome;
  }
}

async function finish(db: Db, companyId: number, values: Partial<ConnectionRow>) {
  // A disconnect during the run stays a disconnect.
  await db
    .update(crmConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`${crmConnections.companyId} = ${companyId} AND ${crmConnections.state} = 'syncing'`);
}

/** One object's pages, from the saved page or from its last SystemModstamp; answers the cursor after the last page. */
async function syncObject(db: Db, conn: Connection, row: ConnectionRow, object: SyncObject, start: Cursor, rivals: Map<string, number>): Promise<Cursor> {
  // One page per call, so each page is written with its cursor before the next is asked for. Pages are asked for
  // as Salesforce's REST API names them (a query, then each nextRecordsUrl as given): jsforce's query() rewrites
  // nextRecordsUrl to /query/ even for queryAll. Opportunities are read with queryAll, which also answers the deleted
  // ones (IsDeleted), so their deals go too.
  const api = `/services/data/v${SALESFORCE.apiVersion}`;
  const headers = { 'Sforce-Query-Options': `batchSize=${SALESFORCE.pageSize}` };
  const first = start[object] ?? {};
  const soql = soqlOf(object, first.since, row.competitorSource === 'field' ? row.competitorField : undefined);
  const fresh = () => conn.request<Page>({ method: 'GET', url: `${api}/${object === 'Opportunity' ? 'queryAll' : 'query'}?q=${encodeURIComponent(soql)}`, headers });
  // A cursor saved before this kept the locator alone, which is a /query/ one.
  const more = (next: string) => conn.request<Page>({ method: 'GET', url: next.startsWith('/') ? next : `${api}/query/${next}`, headers });
  let page: Page;
  if (first.next) {
    try {
      page = await more(first.next);
    } catch (err) {
      // A locator lives 15 minutes at Salesforce: an older one is read again from the object's last SystemModstamp.
      if (errorCodeOf(err) !== 'INVALID_QUERY_LOCATOR') throw err;
      page = await fresh();
    }
  } else {
    page = await fresh();
  }
  let cursor = start;
  for (;;) {
    const last = page.records.at(-1)?.SystemModstamp;
    const next = page.done ? undefined : page.nextRecordsUrl;
    // The records are in SystemModstamp order, so the last page's last record is where the next run starts.
    const entry = next ? { since: first.since, next } : { since: last ?? first.since };
    const expected = cursor;
    cursor = { ...cursor, [object]: entry };
    await db.transaction(async (tx) => {
      const [held] = await rowsOf<{ cursor: Cursor; state: string }>(tx, sql`SELECT cursor, state FROM crm_connections WHERE company_id = ${row.companyId} FOR UPDATE`);
      if (held?.state !== 'syncing' || !samePlace(held.cursor[object], expected[object])) throw new Superseded();
      const written = await writePage(tx, row, object, page.records, rivals);
      await tx.execute(
        sql`UPDATE crm_connections SET cursor = ${JSON.stringify(cursor)}::jsonb, last_sync_count = last_sync_count + ${written}, updated_at = now()
            WHERE company_id = ${row.companyId}`,
      );
    });
    if (!next) return cursor;
    page = await more(next);
  }
}

const samePlace = (a: Cursor[string] | undefined, b: Cursor[string] | undefined) => a?.since === b?.since && a?.next === b?.next;

/** Writes one page; answers how many opportunities it wrote (the run's count). */
async function writePage(tx: Exec, row: ConnectionRow, object: SyncObject, records: SfRecord[], rivals: Map<string, number>): Promise<number> {
  if (records.length === 0) return 0;
  const companyId = row.companyId;
  const col = <T>(f: (r: SfRecord) => T) => pgArray(records.map(f));
  if (object === 'User') {
    await tx.execute(
      sql`INSERT INTO crm_users (company_id, crm_id, name, email, active, crm_modified_at)
          SELECT ${companyId}, u.crm_id, u.name, u.email, u.active, u.modified
          FROM unnest(${col((r) => r.Id)}::text[], ${col((r) => str(r.Name) ?? r.Id)}::text[], ${col((r) => str(r.Email))}::text[],
            ${col((r) => r.IsActive !== false)}::boolean[], ${col((r) => r.SystemModstamp)}::timestamptz[]) AS u(crm_id, name, email, active, modified)
          ON CONFLICT (company_id, crm_id) DO UPDATE SET name = excluded.name, email = excluded.email, active = excluded.active,
            crm_modified_at = excluded.crm_modified_at`,
    );
    return 0;
  }
  if (object === 'Account') {
    await tx.execute(
      sql`INSERT INTO crm_accounts (company_id, crm_id, name, industry, region, crm_modified_at)
          SELECT ${companyId}, a.crm_id, a.name, a.industry, a.region, a.modified
          FROM unnest(${col((r) => r.Id)}::text[], ${col((r) => str(r.Name) ?? r.Id)}::text[], ${col((r) => str(r.Industry))}::text[],
            ${col((r) => str(r.BillingCountry))}::text[], ${col((r) => r.SystemModstamp)}::timestamptz[]) AS a(crm_id, name, industry, region, modified)
          ON CONFLICT (company_id, crm_id) DO UPDATE SET name = excluded.name, industry = excluded.industry, region = excluded.region,
            crm_modified_at = excluded.crm_modified_at`,
    );
    return 0;
  }
  if (object === 'OpportunityCompetitor') {
    await addCompetitors(tx, companyId, records, rivals);
    return 0;
  }
  const deleted = records.filter((r) => r.IsDeleted === true).map((r) => r.Id);
  if (deleted.length) await tx.execute(sql`DELETE FROM deals WHERE company_id = ${companyId} AND source = 'salesforce' AND crm_id = ANY(${pgArray(deleted)}::text[])`);
  const live = records.filter((r) => r.IsDeleted !== true);
  await upsertDeals(tx, companyId, await dealRows(tx, row, live, rivals));
  return live.length;
}

/** The page's opportunities as deals: owner, account and rivals resolved, each in one query for the page. */
async function dealRows(tx: Exec, row: ConnectionRow, records: SfRecord[], rivals: Map<string, number>): Promise<DealRow[]> {
  const companyId = row.companyId;
  const ids = (field: string) => pgArray([...new Set(records.map((r) => str(r[field])).filter((x): x is string => x !== null))]);
  const owners = new Map(
    (
      await rowsOf<{ crm_id: string; name: string; email: string | null; user_id: number | null }>(
        tx,
        sql`SELECT cu.crm_id, cu.name, cu.email, u.id AS user_id FROM crm_users cu
            LEFT JOIN users u ON u.company_id = cu.company_id AND lower(u.email) = lower(cu.email)
            WHERE cu.company_id = ${companyId} AND cu.crm_id = ANY(${ids('OwnerId')}::text[])`,
      )
    ).map((o) => [o.crm_id, o]),
  );
  const accounts = new Map(
    (
      await rowsOf<{ crm_id: string; name: string; industry: string | null; region: string | null; segment: string | null }>(
        tx,
        sql`SELECT crm_id, name, industry, region, segment FROM crm_accounts WHERE company_id = ${companyId} AND crm_id = ANY(${ids('AccountId')}::text[])`,
      )
    ).map((a) => [a.crm_id, a]),
  );
  // With OpportunityCompetitor the deal keeps the rivals its competitor rows gave it.
  const kept =
    row.competitorSource === 'opportunityCompetitor'
      ? new Map(
          (
            await rowsOf<{ crm_id: string; rival_ids: number[]; primary_rival_id: number | null }>(
              tx,
              sql`SELECT crm_id, rival_ids, primary_rival_id FROM deals WHERE company_id = ${companyId} AND crm_id = ANY(${ids('Id')}::text[])`,
            )
          ).map((d) => [d.crm_id, d]),
        )
      : null;
  return records.map((r): DealRow => {
    const owner = owners.get(String(r.OwnerId));
    const account = accounts.get(String(r.AccountId));
    let rivalIds: number[];
    let primaryRivalId: number | null;
    if (kept) {
      const d = kept.get(r.Id);
      rivalIds = d?.rival_ids ?? [];
      primaryRivalId = d?.primary_rival_id ?? null;
    } else {
      rivalIds = rivalsNamed(String(r[row.competitorField] ?? ''), rivals);
      primaryRivalId = rivalIds[0] ?? null;
    }
    const closed = r.IsClosed === true;
    return {
      crmId: r.Id,
      source: 'salesforce',
      name: str(r.Name) ?? r.Id,
      accountName: account?.name ?? null,
      accountCrmId: str(r.AccountId),
      ownerEmail: owner?.email ?? null,
      ownerName: owner?.name ?? null,
      ownerUserId: owner?.user_id ?? null,
      amount: typeof r.Amount === 'number' ? r.Amount : null,
      // CurrencyIsoCode exists only in multi-currency orgs; amounts are in the org's currency.
      currency: 'USD',
      stage: str(r.StageName) ?? 'Unknown',
      outcome: r.IsWon === true ? 'win' : closed ? 'loss' : null,
      createdOn: isoDate(r.CreatedDate) ?? isoDate(r.SystemModstamp)!,
      // An open opportunity's CloseDate is when it is expected to close.
      closedOn: isoDate(r.CloseDate),
      rivalIds,
      primaryRivalId,
      buyerPersona: null,
      industry: account?.industry ?? null,
      region: account?.region ?? null,
      segment: account?.segment ?? null,
      technology: null,
      useCase: null,
      product: null,
      notes: null,
      crmModifiedAt: r.SystemModstamp,
    };
  });
}

/** The company's rivals by lower-case name (its other names too). */
async function rivalIdsByName(db: Exec, companyId: number): Promise<Map<string, number>> {
  const rows = await rowsOf<{ id: number; name: string }>(db, sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} ORDER BY id`);
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** Rival ids of a list of names ("Acme; Globex, Initech"), in order, each once; unknown names are left out. */
export function rivalsNamed(text: string, rivals: Map<string, number>): number[] {
  const ids = text
    .split(/[;,]/)
    .map((n) => rivals.get(n.trim().toLowerCase()))
    .filter((id): id is number => id !== undefined);
  return [...new Set(ids)];
}

/** Adds a page of competitor rows to their deals' rivals; a deal without a primary rival gets its first. */
async function addCompetitors(tx: Exec, companyId: number, records: SfRecord[], rivals: Map<string, number>): Promise<void> {
  const byDeal = new Map<string, number[]>();
  for (const r of records) {
    const rivalId = rivals.get(String(r.CompetitorName ?? '').trim().toLowerCase());
    const deal = str(r.OpportunityId);
    if (rivalId === undefined || !deal) continue;
    byDeal.set(deal, [...(byDeal.get(deal) ?? []), rivalId]);
  }
  if (byDeal.size === 0) return;
  const deals = [...byDeal.keys()];
  await tx.execute(
    sql`UPDATE deals d SET
          rival_ids = ARRAY(SELECT DISTINCT x FROM unnest(d.rival_ids || u.ids::int[]) x ORDER BY x),
          primary_rival_id = COALESCE(d.primary_rival_id, u.first), updated_at = now()
        FROM unnest(${pgArray(deals)}::text[], ${pgArray(deals.map((d) => `{${byDeal.get(d)!.join(',')}}`))}::text[],
          ${pgArray(deals.map((d) => byDeal.get(d)![0]))}::int[]) AS u(crm_id, ids, first)
        WHERE d.company_id = ${companyId} AND d.crm_id = u.crm_id`,
  );
}
