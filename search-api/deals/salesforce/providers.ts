// The spec's Salesforce provider calls (part 1 §7; contracts/deals.ts Sfdc*), answered from the synced deals rather
// than from Salesforce at read time: cards' CRM formulas are read by every seller, and a live call per card view would
// spend the org's API limit. The numbers are for everyone signed in to the company; the deals behind them only for
// those who may read win/loss (visibility canReadWinLoss). A rival is named among those the reader may see.
import { sql, type SQL } from 'drizzle-orm';
import { winRate, type SfdcAccount, type SfdcInstance, type SfdcOpportunities, type SfdcOpportunitiesQuery, type SfdcPerson } from '../../../contracts/deals.ts';
import { rowsOf, type Exec } from '../../../db/client.ts';
import type { Auth } from '../../auth/context.ts';
import { apiError } from '../../errors.ts';
import { canReadWinLoss, rivalVisibleSql, viewerOf } from '../../visibility/index.ts';
import { dealSummaries } from '../service.ts';
import { connectionRow } from './connection.ts';
import { SALESFORCE } from './constants.ts';

/** The connection's status as the spec's CRM metadata call tells it. */
export async function sfdcInstance(db: Exec, companyId: number): Promise<SfdcInstance> {
  const row = await connectionRow(db, companyId);
  if (!row?.instanceUrl || row.state === 'disconnected') return { hasInstance: false, error: 'no_instance' };
  if (row.state === 'error') return { hasInstance: false, error: 'api_failure' };
  return { hasInstance: true, instanceUrl: row.instanceUrl };
}

/** The other calls need a working connection: 409 sfdc_no_instance or sfdc_api_failure otherwise. */
async function requireInstance(db: Exec, companyId: number): Promise<void> {
  const instance = await sfdcInstance(db, companyId);
  if (!instance.hasInstance) throw apiError(instance.error === 'no_instance' ? 'sfdc_no_instance' : 'sfdc_api_failure');
}

/** The company's deals matching `where` (on deals d), most recently closed first, as the deals list gives them. */
const dealsWhere = (db: Exec, companyId: number, where: SQL) =>
  dealSummaries(db, sql`d.company_id = ${companyId} AND ${where}`, { sort: 'closed', limit: SALESFORCE.providerDeals });

/** The rival a query names (its id, or its name case-insensitively) among those the reader may see. */
async function rivalOf(db: Exec, auth: Auth, query: string): Promise<{ id: number; name: string } | null> {
  const id = /^\d{1,9}$/.test(query) ? Number(query) : null;
  const [rival] = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT r.id, r.name FROM rivals r JOIN profiles p ON p.rival_id = r.id
        WHERE ${rivalVisibleSql(viewerOf(auth))} AND ${id !== null ? sql`r.id = ${id}` : sql`lower(r.name) = lower(${query})`}
        ORDER BY r.id LIMIT 1`,
  );
  return rival ?? null;
}

export async function sfdcOpportunities(db: Exec, auth: Auth, q: SfdcOpportunitiesQuery): Promise<SfdcOpportunities> {
  await requireInstance(db, auth.companyId);
  const rival = await rivalOf(db, auth, q.query);
  const empty = { conditionName: q.conditionName, rival, opportunities: [], won: 0, lost: 0, winRate: null, open: 0, avgAmount: null };
  if (!rival) return empty;
  const since = sql`(current_date - make_interval(months => ${SALESFORCE.windowMonths}))::date`;
  const window =
    q.conditionName === 'Closed Opportunities Last 6 Months' ? sql`d.outcome IS NOT NULL AND d.closed_on >= ${since}` : sql`d.created_on >= ${since}`;
  const where = sql`${rival.id} = ANY(d.rival_ids) AND ${window}`;
  const [n] = await rowsOf<{ won: number; lost: number; open: number; avg: number | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE d.outcome = 'win')::int AS won, count(*) FILTER (WHERE d.outcome = 'loss')::int AS lost,
          count(*) FILTER (WHERE d.outcome IS NULL)::int AS open, avg(d.amount)::float8 AS avg
        FROM deals d WHERE d.company_id = ${auth.companyId} AND ${where}`,
  );
  return {
    ...empty,
    opportunities: canReadWinLoss(auth) ? await dealsWhere(db, auth.companyId, where) : [],
    won: n.won,
    lost: n.lost,
    winRate: winRate(n.won, n.lost).winRate,
    open: n.open,
    avgAmount: n.avg,
  };
}

export async function sfdcPerson(db: Exec, auth: Auth, email: string): Promise<SfdcPerson> {
  await requireInstance(db, auth.companyId);
  const [person] = await rowsOf<{ crm_id: string; name: string; email: string | null; user_id: number | null; open_deals: number }>(
    db,
    sql`SELECT cu.crm_id, cu.name, cu.email, u.id AS user_id,
          (SELECT count(*)::int FROM deals d WHERE d.company_id = cu.company_id AND lower(d.owner_email) = lower(cu.email) AND d.outcome IS NULL) AS open_deals
        FROM crm_users cu LEFT JOIN users u ON u.company_id = cu.company_id AND lower(u.email) = lower(cu.email)
        WHERE cu.company_id = ${auth.companyId} AND lower(cu.email) = lower(${email}) ORDER BY cu.active DESC, cu.crm_id LIMIT 1`,
  );
  if (!person) throw apiError('crm_person_not_found');
  return { crmId: person.crm_id, name: person.name, email: person.email, userId: person.user_id, openDeals: person.open_deals };
}

export async function sfdcAccount(db: Exec, auth: Auth, by: { id?: string; name?: string }): Promise<SfdcAccount> {
  await requireInstance(db, auth.companyId);
  const match = by.id ? sql`crm_id = ${by.id}` : sql`lower(name) = lower(${by.name ?? ''})`;
  const [account] = await rowsOf<{ crm_id: string; name: string; industry: string | null; region: string | null; segment: string | null }>(
    db,
    sql`SELECT crm_id, name, industry, region, segment FROM crm_accounts WHERE company_id = ${auth.companyId} AND ${match} ORDER BY crm_id LIMIT 1`,
  );
  if (!account) throw apiError('crm_account_not_found');
  const deals = canReadWinLoss(auth) ? await dealsWhere(db, auth.companyId, sql`d.account_crm_id = ${account.crm_id}`) : [];
  return { crmId: account.crm_id, name: account.name, industry: account.industry, region: account.region, segment: account.segment, deals };
}
