// The demo's deals (issue #56): two years of Northwind's opportunities against its rivals, owned by its reps, with a
// reason taxonomy and outcomes that tell stories a win/loss screen should find:
//  - the first rival is beaten on price and lost to on integrations;
//  - against the second, the win rate climbs quarter by quarter (the new battlecard working);
//  - reps who opened a rival's battlecard in the 90 days before a deal closed win more against that rival (the
//    battlecard views are written as usage events, within the usage history's window, for rep performance and impact);
//  - the seller (seller@demo.test) owns open deals naming rivals, for the dashboard's competitive deal widget.
// Deterministic for a given `now`, written in upsertDeals' batches.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import { reasonIdsByName, upsertDeals, type DealRow } from '../deals.ts';
import { DAY, Rng } from './random.ts';
import { USAGE_DAYS, type UsageSeedWriter } from './usage.ts';

export const DEMO_DEALS = 2_000;
const HISTORY_DAYS = 730;
/** How long before a deal's close a battlecard view counts as preparing for it. */
const PREPARED_DAYS = 90;

const WIN_REASONS = ['Price and total cost', 'Ease of use', 'Time to value', 'Executive relationship', 'Embedded analytics', 'AI assistant', 'Governance and security', 'Customer references'];
const LOSS_REASONS = ['Integrations and connectors', 'Price', 'Missing feature', 'Incumbent vendor', 'Performance at scale', 'Procurement and legal', 'No budget', 'Weak champion'];

const VALUES = {
  buyerPersona: ['VP Finance', 'Head of Data', 'CIO', 'Analytics Lead', 'COO', 'Product Manager'],
  industry: ['Financial Services', 'Retail', 'Healthcare', 'Manufacturing', 'Software', 'Public Sector'],
  region: ['North America', 'EMEA', 'APAC', 'LATAM'],
  segment: ['Enterprise', 'Mid-Market', 'SMB'],
  technology: ['Snowflake', 'Databricks', 'BigQuery', 'Redshift', 'SQL Server'],
  useCase: ['Self-service BI', 'Embedded analytics', 'Executive reporting', 'Data governance', 'AI assistant'],
} as const;
const AMOUNTS: Record<string, [number, number]> = { Enterprise: [80_000, 400_000], 'Mid-Market': [20_000, 90_000], SMB: [5_000, 25_000] };
const OPEN_STAGES = ['Discovery', 'Qualification', 'Proposal', 'Negotiation'];
const ACCOUNT_HEADS = ['Acme', 'Blue Harbor', 'Cobalt', 'Delta Ridge', 'Evergreen', 'Fairview', 'Granite', 'Helix', 'Ironwood', 'Juniper', 'Keystone', 'Lakeside', 'Meridian', 'Northgate', 'Orchard', 'Pinnacle', 'Quarry', 'Redwood', 'Summit', 'Tidewater'];
const ACCOUNT_TAILS = ['Bank', 'Retail Group', 'Health', 'Manufacturing', 'Software', 'Insurance', 'Logistics', 'Foods', 'Energy', 'Partners'];

export type DealSeedInput = {
  companyId: number;
  rivalIds: number[];
  /** The reps who own deals, the seller first. */
  repIds: number[];
  products: string[];
  now: Date;
  rng: Rng;
  usage?: UsageSeedWriter;
};

export async function seedDeals(db: Exec, input: DealSeedInput): Promise<{ deals: number; reasons: number; usageEvents: number }> {
  const { companyId, rivalIds, repIds, products, now, rng } = input;
  const win = await reasonIdsByName(db, companyId, 'win', WIN_REASONS);
  const loss = await reasonIdsByName(db, companyId, 'loss', LOSS_REASONS);
  const winIds = WIN_REASONS.map((n) => win.get(n.toLowerCase())!);
  const lossIds = LOSS_REASONS.map((n) => loss.get(n.toLowerCase())!);
  const reps = await rowsOf<{ id: number; email: string; name: string; roles: string[] }>(
    db,
    sql`SELECT u.id, u.email, u.name, coalesce((SELECT array_agg(r.role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles
        FROM users u WHERE u.id = ANY(${sql.param(repIds)}::int[])`,
  );
  const repById = new Map(reps.map((r) => [r.id, r]));
  const battlecardOf = new Map(
    (
      await rowsOf<{ rival_id: number; id: number }>(
        db,
        sql`SELECT DISTINCT ON (p.rival_id) p.rival_id, bc.id FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id
            WHERE bc.company_id = ${companyId} AND NOT bc.is_draft ORDER BY p.rival_id, bc.view_order, bc.id`,
      )
    ).map((r) => [r.rival_id, r.id]),
  );
  // How often each rep reads up on the rival before a deal closes: from rarely to nearly always.
  const diligence = new Map(repIds.map((id, i) => [id, 0.15 + (0.7 * i) / Math.max(1, repIds.length - 1)]));
  // Rivals met most often first.
  const rivalWeights = rivalIds.map((id, i) => [id, Math.max(1, 12 - i)] as const);
  const usageStart = now.getTime() - (USAGE_DAYS - 2) * DAY;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const rows: DealRow[] = [];
  const views: { userId: number; rivalId: number; battlecardId: number; at: Date }[] = [];

  for (let i = 0; i < DEMO_DEALS; i++) {
    // The seller's first deals are open and name rivals, for the competitive deal widget.
    const sellers = i < 6;
    const owner = sellers ? repIds[0] : rng.pick(repIds);
    const created = sellers ? now.getTime() - rng.int(5, 40) * DAY : now.getTime() - rng.int(0, HISTORY_DAYS) * DAY;
    const close = created + rng.int(20, 140) * DAY;
    const open = close > now.getTime();
    const primary = rng.weighted(rivalWeights);
    const others = rng.chance(0.3) ? [rng.weighted(rivalWeights)].filter((r) => r !== primary) : [];
    const noRival = !sellers && rng.chance(0.08);
    const rivals = noRival ? [] : [primary, ...others];
    const segment = rng.pick(VALUES.segment);
    const [lo, hi] = AMOUNTS[segment];
    const account = `${rng.pick(ACCOUNT_HEADS)} ${rng.pick(ACCOUNT_TAILS)}`;
    const product = rng.pick(products);

    let outcome: DealRow['outcome'] = null;
    let reasons: DealRow['reasons'] = [];
    if (!open) {
      // The story's odds: by rival, by quarter for the second, and better for a rep who prepared.
      const quartersAgo = Math.floor((now.getTime() - close) / (91 * DAY));
      let p = 0.5;
      if (primary === rivalIds[0]) p = 0.55;
      if (primary === rivalIds[1]) p = Math.min(0.75, 0.2 + 0.07 * (8 - Math.min(8, quartersAgo)));
      if (noRival) p = 0.65;
      const battlecardId = battlecardOf.get(primary);
      // Only views the usage history holds can be shown, so the edge is given where they fit in it.
      const room = Math.min(PREPARED_DAYS - 1, Math.floor((close - usageStart) / DAY));
      if (!noRival && battlecardId && room >= 7 && rng.chance(diligence.get(owner)!)) {
        p += 0.2;
        const at = new Date(close - rng.int(3, room) * DAY - rng.int(0, 8 * 3600) * 1000);
        views.push({ userId: owner, rivalId: primary, battlecardId, at });
      }
      outcome = rng.chance(0.05) ? 'other' : rng.chance(p) ? 'win' : 'loss';
      if (outcome !== 'other') {
        const ids = outcome === 'win' ? winIds : lossIds;
        // The first rival: won on price, lost on integrations.
        const story = primary === rivalIds[0] ? (outcome === 'win' ? winIds[0] : lossIds[0]) : null;
        const picked = new Set(story && rng.chance(0.7) ? [story] : []);
        while (picked.size < rng.int(1, 2)) picked.add(rng.pick(ids));
        reasons = [...picked].map((reasonId) => ({ reasonId, saidBy: 'rep' as const }));
        if (rng.chance(0.25)) reasons.push({ reasonId: story ?? rng.pick(ids), saidBy: 'buyer', quote: null });
      }
    }
    const rep = repById.get(owner)!;
    rows.push({
      crmId: `DEMO-${String(i + 1).padStart(5, '0')}`,
      source: 'demo',
      name: `${account} – ${product}`,
      accountName: account,
      accountCrmId: null,
      ownerEmail: rep.email,
      ownerName: rep.name,
      ownerUserId: owner,
      amount: Math.round(rng.int(lo, hi) / 100) * 100,
      currency: 'USD',
      stage: open ? rng.pick(OPEN_STAGES) : outcome === 'win' ? 'Closed Won' : outcome === 'loss' ? 'Closed Lost' : 'Closed - No Decision',
      outcome,
      createdOn: day(created),
      closedOn: day(close),
      rivalIds: rivals,
      primaryRivalId: rivals[0] ?? null,
      buyerPersona: rng.pick(VALUES.buyerPersona),
      industry: rng.pick(VALUES.industry),
      region: rng.pick(VALUES.region),
      segment,
      technology: rng.pick(VALUES.technology),
      useCase: rng.pick(VALUES.useCase),
      product,
      notes: null,
      crmModifiedAt: null,
      reasons: open ? undefined : reasons,
    });
  }
  await upsertDeals(db, companyId, rows);

  let usageEvents = 0;
  if (input.usage && views.length) {
    const writer = input.usage;
    const usageRows = views.map((v) => {
      const row = writer.toRow({ companyId, userId: v.userId, role: writer.roleOf(repById.get(v.userId)!.roles) }, { kind: 'battlecardView', battlecardId: v.battlecardId }, v.at);
      // Marked in its data, so db/seed/usage.test.ts tells them from the usage history's own events.
      return { ...row, rivalId: row.rivalId ?? v.rivalId, data: { ...row.data, preparesDeal: true } };
    });
    await writer.writeUsage(db, usageRows);
    usageEvents = usageRows.length;
  }
  return { deals: rows.length, reasons: winIds.length + lossIds.length, usageEvents };
}
