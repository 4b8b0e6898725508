// Provider data for the demo rivals (part 1 §7 Providers): company data, firmographics, web traffic, news and
// hiring, drawn from each rival's facts with its own seeded generator so the rows are the same on every run (dates
// relative to `now`). One insert of 60 rows. Provider `own` is not stored: it is read from the deals
// (search-api/cards/crmFacts.ts).
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from '../schema.ts';
import { PROVIDERS, providerData } from '../schema.ts';
import { NEWS_SOURCES, RIVALS, type RivalFacts } from './content.ts';
import { DAY, Rng, slugify } from './random.ts';

type Provider = Exclude<(typeof PROVIDERS)[number], 'own'>;
type Data = Record<string, unknown>;

const MONTHS = 12;
const round = (n: number, to: number) => Math.round(n / to) * to;

/** The last `MONTHS` calendar months, oldest first, as YYYY-MM. */
function months(now: Date): string[] {
  return Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** A monthly series that drifts by `trend` per month with some noise. */
function series(rng: Rng, start: number, trend: number, noise: number, round_: number): number[] {
  let v = start;
  return Array.from({ length: MONTHS }, () => {
    v = v * (1 + trend + rng.float(-noise, noise));
    return round(v, round_);
  });
}

const employeeRange = (n: number) =>
  n < 50 ? '11-50' : n < 200 ? '51-200' : n < 500 ? '201-500' : n < 1000 ? '501-1,000' : n < 5000 ? '1,001-5,000' : '5,001-10,000';
const revenueRange = (usd: number) =>
  usd < 10e6 ? '$1M-$10M' : usd < 50e6 ? '$10M-$50M' : usd < 100e6 ? '$50M-$100M' : usd < 500e6 ? '$100M-$500M' : '$500M-$1B';

const NEWS_HEADLINES = [
  '{R} ships a new release of {P}',
  '{R} names a new chief revenue officer',
  '{R} expands into the EMEA market',
  '{R} announces a partnership with a major cloud warehouse',
  '{R} cuts list prices on its entry tier',
  'Analysts rank {R} among fast movers in embedded BI',
  '{R} adds AI features to {P}',
  '{R} reports record customer growth',
];

function providerRows(r: RivalFacts, rng: Rng, now: Date): Record<Provider, Data> {
  const revenue = round(r.employees * rng.int(140_000, 240_000), 1_000_000);
  const m = months(now);
  const visits = series(rng, r.employees * rng.int(250, 600), rng.float(-0.01, 0.04), 0.06, 100);
  const openRoles = series(rng, Math.max(3, r.employees * rng.float(0.03, 0.08)), rng.float(-0.03, 0.05), 0.12, 1);
  const search = rng.int(30, 45);
  const direct = rng.int(25, 40);
  const referral = rng.int(5, 15);
  const social = rng.int(3, 8);
  const lastOpen = openRoles[MONTHS - 1];
  const engineering = Math.round(lastOpen * rng.float(0.3, 0.45));
  const sales = Math.round(lastOpen * rng.float(0.2, 0.3));
  const marketing = Math.round(lastOpen * rng.float(0.05, 0.12));
  const success = Math.round(lastOpen * rng.float(0.05, 0.12));
  return {
    companyData: {
      name: r.name,
      domain: r.domain,
      description: `${r.name}: ${r.tagline}`,
      founded: r.founded,
      headquarters: r.hq,
      employees: r.employees,
      funding: r.funding,
      customers: r.customers,
      ceo: r.ceo,
      products: r.products,
      deployment: r.deployment,
      pricingModel: r.pricingModel,
    },
    firmographic: {
      industry: 'Business Intelligence Software',
      sector: 'Information Technology',
      naics: '511210',
      sic: '7372',
      ownership: r.funding.startsWith('Public') ? 'Public' : 'Private',
      founded: r.founded,
      headquarters: r.hq,
      employeeCount: r.employees,
      employeeRange: employeeRange(r.employees),
      estimatedRevenueUsd: revenue,
      revenueRange: revenueRange(revenue),
      customers: r.customers,
      segment: r.segment,
    },
    webTraffic: {
      monthlyVisits: visits[MONTHS - 1],
      series: m.map((month, i) => ({ month, visits: visits[i] })),
      bounceRate: Math.round(rng.float(0.35, 0.6) * 1000) / 1000,
      pagesPerVisit: Math.round(rng.float(2.1, 4.8) * 10) / 10,
      avgVisitSeconds: rng.int(95, 330),
      trafficSources: { search, direct, referral, social, paid: 100 - search - direct - referral - social },
      topCountries: [
        { country: 'US', share: rng.int(42, 60) },
        { country: 'GB', share: rng.int(6, 12) },
        { country: 'DE', share: rng.int(4, 9) },
        { country: 'IN', share: rng.int(3, 8) },
      ],
    },
    news: {
      articles: rng.sample(NEWS_HEADLINES, 5).map((h) => {
        const title = h.replace('{R}', r.name).replace('{P}', rng.pick(r.products));
        const source = rng.pick(NEWS_SOURCES);
        return {
          title,
          url: `https://${source}/${slugify(title)}`,
          source,
          publishedAt: new Date(now.getTime() - rng.int(1, 90) * DAY).toISOString(),
        };
      }).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
    },
    hiring: {
      openRoles: lastOpen,
      series: m.map((month, i) => ({ month, openRoles: openRoles[i] })),
      byDepartment: {
        Engineering: engineering,
        Sales: sales,
        Marketing: marketing,
        'Customer Success': success,
        'G&A': Math.max(0, lastOpen - engineering - sales - marketing - success),
      },
      topLocations: [r.hq, 'Remote'],
      growthRate: Math.round((lastOpen / openRoles[0] - 1) * 1000) / 1000,
    },
  };
}

/** Inserts the stored providers' data for each demo rival (rivalIds in RIVALS order). */
export async function seedProviders(db: NodePgDatabase<typeof schema>, companyId: number, rivalIds: number[], now: Date): Promise<number> {
  const rows = RIVALS.flatMap((r, i) => {
    const data = providerRows(r, new Rng(`providers:${r.name}`), now);
    return PROVIDERS.filter((p): p is Provider => p !== 'own').map((provider) => ({ companyId, rivalId: rivalIds[i], provider, data: data[provider], updatedAt: now }));
  });
  await db.insert(providerData).values(rows);
  return rows.length;
}
