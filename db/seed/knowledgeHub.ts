// The demo's knowledge hub (issue #58): the own organization's products described, its positioning (a value
// proposition, the ideal customer, four differentiators and four proof points, each with an owner and a last
// verification spread over the past months, one of them stale), a dozen variables cards can insert, and the checklist
// confirmed so far: files (done once the seeded files are read), variables and products done, positioning still pending.
// The hub's flag is on in content/company.ts. Deterministic for a given `now`.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import type { PositioningKind } from '../../contracts/knowledgeHub.ts';
import { OUR_COMPANY } from './content/company.ts';
import { DAY } from './random.ts';

export const PRODUCT_DESCRIPTIONS: Record<(typeof OUR_COMPANY.products)[number], string> = {
  'Northwind Dashboards': 'Self-service dashboards on every warehouse and 180 connectors, with governed metrics and scheduled reports.',
  'Northwind Embed': 'Northwind charts and dashboards inside your own product or portal, themed and secured per tenant.',
  'Northwind Govern': 'One catalog of certified metrics, row-level security and audit trails across every dashboard.',
  'Northwind Copilot': 'An assistant that answers business questions in plain language from the governed metrics, citing its sources.',
};

type Owner = 'admin' | 'curator';
/** [kind, text, owner, days since it was last verified (null: never)]; the proof point verified 240 days ago is stale. */
const POSITIONING: [PositioningKind, string, Owner, number | null][] = [
  ['value_proposition', 'Northwind gives every team governed answers from their data in minutes, without waiting on an analyst.', 'admin', 12],
  ['ideal_customer', 'Mid-market and enterprise companies (500–10,000 employees) with a cloud warehouse and a small central data team serving many business teams.', 'curator', 34],
  ['differentiator', 'The only platform where dashboards, embedded analytics and the assistant share one governed metric layer.', 'curator', 20],
  ['differentiator', 'Unlike per-seat rivals, viewers are free: pricing scales with creators, not with readers.', 'admin', 61],
  ['differentiator', '180 native connectors, including SAP and Salesforce, with no extra ETL tool to buy.', 'curator', 95],
  ['differentiator', 'Row-level security is defined once in Govern and enforced in every dashboard, embed and assistant answer.', 'curator', null],
  ['proof_point', 'Over 2,400 customers, among them Harbor Bank and Meridian Health.', 'admin', 8],
  ['proof_point', 'Customers cut time to a new report from 5 days to 4 hours on average (2026 customer survey).', 'curator', 47],
  ['proof_point', 'Rated 4.6 out of 5 on G2 from more than 900 reviews.', 'curator', 120],
  ['proof_point', 'Named a leader in the 2025 analytics platforms wave.', 'admin', 240],
];

const VARIABLES: [key: string, label: string, value: string][] = [
  ['customer_count', 'Customers', '2,400'],
  ['connector_count', 'Native connectors', String(OUR_COMPANY.connectors)],
  ['founded_year', 'Founded', '2014'],
  ['employee_count', 'Employees', '620'],
  ['g2_rating', 'G2 rating', '4.6 / 5'],
  ['uptime_sla', 'Uptime SLA', '99.95%'],
  ['support_hours', 'Support hours', '24/7 for Enterprise, 8–20 CET for Team'],
  ['pricing_team', 'Team plan price', '$45 per creator per month'],
  ['pricing_business', 'Business plan price', '$85 per creator per month'],
  ['pricing_enterprise', 'Enterprise plan price', 'Custom, from $60,000 a year'],
  ['free_trial_days', 'Free trial', '14 days'],
  ['headquarters', 'Headquarters', 'Seattle, WA'],
];

export type KnowledgeHubSeedInput = { companyId: number; users: Record<Owner, number>; now: Date };

export async function seedKnowledgeHub(db: Exec, { companyId, users, now }: KnowledgeHubSeedInput): Promise<{ positioning: number; variables: number }> {
  const at = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  // The own organization the landing page's demo made, or a new one when it is absent.
  let [own] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM organizations WHERE company_id = ${companyId} AND is_own_organization`);
  if (!own) {
    [own] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO organizations (company_id, name, url, is_own_organization) VALUES (${companyId}, ${OUR_COMPANY.name}, ${OUR_COMPANY.url}, true) RETURNING id`,
    );
    await db.execute(sql`UPDATE companies SET own_organization_id = ${own.id} WHERE id = ${companyId}`);
  }
  for (const [name, description] of Object.entries(PRODUCT_DESCRIPTIONS))
    await db.execute(
      sql`INSERT INTO products (company_id, organization_id, name, description, created_at) VALUES (${companyId}, ${own.id}, ${name}, ${description}, ${at(400)})
          ON CONFLICT (organization_id, lower(name)) DO UPDATE SET description = EXCLUDED.description`,
    );

  const position = new Map<PositioningKind, number>();
  for (const [kind, text, owner, verified] of POSITIONING) {
    const p = position.get(kind) ?? 0;
    position.set(kind, p + 1);
    await db.execute(
      sql`INSERT INTO positioning_statements (company_id, organization_id, kind, text, position, owner_id, last_verified_at, created_at, updated_at)
          VALUES (${companyId}, ${own.id}, ${kind}, ${text}, ${p}, ${users[owner]}, ${verified === null ? null : at(verified)}, ${at(260)}, ${at(verified ?? 30)})`,
    );
  }
  for (const [i, [key, label, value]] of VARIABLES.entries())
    await db.execute(
      sql`INSERT INTO knowledge_variables (company_id, key, label, value, updated_by, created_at, updated_at)
          VALUES (${companyId}, ${key}, ${label}, ${value}, ${users.curator}, ${at(200)}, ${at(3 + i * 9)})`,
    );
  for (const [step, days] of [['files', 45], ['variables', 40], ['products', 38]] as const)
    await db.execute(sql`INSERT INTO knowledge_steps (company_id, step, confirmed_at, confirmed_by) VALUES (${companyId}, ${step}, ${at(days)}, ${users.curator})`);
  return { positioning: POSITIONING.length, variables: VARIABLES.length };
}
