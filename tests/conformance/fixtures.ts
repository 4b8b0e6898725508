// Realistic fixture documents for the conformance suite: cards about competitors, intel items and reviews.
// Card dates are whole days before "today" at noon UTC, so `now-7d/d` style filters are unambiguous.
import { polarityOf, REVIEW_SITES } from '../../contracts/reviews.ts';
import { audiencesOf } from '../../documents/audiences.ts';
import type { ReviewDoc } from '../../documents/reviews.ts';

export const DAY = 86_400_000;
export const todayUtc = (now = Date.now()): number => Math.floor(now / DAY) * DAY;
export const daysAgo = (days: number, now = Date.now()): string => new Date(todayUtc(now) - days * DAY + 12 * 3_600_000).toISOString();

export interface CardFixture {
  id: string;
  title: string;
  text: string;
  tags: { id: number; name: string }[];
  board: { id: number; name: string; rival_id?: number };
  rival?: { id: number; name: string };
  profile?: { id: number; name: string };
  author: { id: number; name: string };
  isDraft: boolean;
  allAccess: boolean;
  visibilityGroupIds: number[];
  company_id: number;
  audiences: string[];
  createdAt: string;
  updatedAt: string;
  viewOrder: number;
  hasDynamicBlocks: boolean;
  sourcesCount?: number;
  battlecardIds: number[];
  suggest: { input: string[]; contexts: { scope: string[] } };
  /** Days before today, kept for the test oracle (not part of the document). */
}

const ACME = { id: 1, name: 'Acme' };
const GLOBEX = { id: 2, name: 'Globex' };
const INITECH = { id: 3, name: 'Initech' };
const UMBRELLA = { id: 4, name: 'Umbrella' };
const DANA = { id: 7, name: 'Dana Curator' };
const SAM = { id: 8, name: 'Sam Analyst' };

const PRICING = { id: 10, name: 'Pricing' };
const INTEGRATIONS = { id: 11, name: 'Integrations' };
const PACKAGING = { id: 12, name: 'Packaging' };
const WEAKNESSES = { id: 13, name: 'Weaknesses' };
const SECURITY = { id: 14, name: 'Security' };
const WIN_THEMES = { id: 15, name: 'Win themes' };
const ROADMAP = { id: 16, name: 'Roadmap' };
const PARTNERSHIPS = { id: 17, name: 'Partnerships' };

interface Spec {
  id: string;
  title: string;
  text: string;
  tags: { id: number; name: string }[];
  board: { id: number; name: string; rival_id?: number };
  rival?: { id: number; name: string };
  author?: { id: number; name: string };
  isDraft?: boolean;
  allAccess?: boolean;
  visibilityGroupIds?: number[];
  company_id?: number;
  created: number;
  updated: number;
  viewOrder: number;
  sourcesCount?: number;
  battlecardIds?: number[];
}

/** Card specs; `created`/`updated` are days ago. */
export const CARD_SPECS: Spec[] = [
  { id: '1', title: 'Acme pricing overview', text: 'Acme charges per seat with an annual contract. Discounts start at fifty seats.', tags: [PRICING], board: { id: 100, name: 'Pricing', rival_id: 1 }, rival: ACME, created: 20, updated: 2, viewOrder: 1, sourcesCount: 2, battlecardIds: [500] },
  { id: '2', title: 'Acme integrations with Salesforce', text: 'Acme offers a native Salesforce integration and a Slack app. Their HubSpot connector is still in beta.', tags: [INTEGRATIONS], board: { id: 101, name: 'Product', rival_id: 1 }, rival: ACME, created: 15, updated: 5, viewOrder: 2, sourcesCount: 1 },
  { id: '3', title: 'Globex pricing and packaging', text: 'Globex sells three tiers: Starter, Growth and Enterprise. Enterprise pricing requires a sales call.', tags: [PRICING, PACKAGING], board: { id: 200, name: 'Pricing', rival_id: 2 }, rival: GLOBEX, created: 30, updated: 3, viewOrder: 1, sourcesCount: 4, battlecardIds: [501] },
  { id: '4', title: 'Globex weaknesses in onboarding', text: 'Customers report slow onboarding and weak customer support from Globex.', tags: [WEAKNESSES], board: { id: 201, name: 'Objections', rival_id: 2 }, rival: GLOBEX, author: SAM, created: 9, updated: 9, viewOrder: 2, sourcesCount: 3 },
  { id: '5', title: 'Initech security certifications', text: 'Initech holds SOC 2 Type II and ISO 27001 certifications for its hosted platform.', tags: [SECURITY], board: { id: 300, name: 'Security', rival_id: 3 }, rival: INITECH, created: 40, updated: 12, viewOrder: 1, sourcesCount: 1 },
  { id: '6', title: 'How to win against Initech', text: 'Lead with our faster deployment and lower total cost of ownership. Initech deployments take months.', tags: [WIN_THEMES, PRICING], board: { id: 301, name: 'Win themes', rival_id: 3 }, rival: INITECH, created: 6, updated: 1, viewOrder: 2, sourcesCount: 5, battlecardIds: [502] },
  { id: '7', title: 'Umbrella pricing changes', text: 'Umbrella raised list prices by fifteen percent this quarter.', tags: [PRICING], board: { id: 400, name: 'Pricing', rival_id: 4 }, rival: UMBRELLA, isDraft: true, created: 3, updated: 3, viewOrder: 1, sourcesCount: 1 },
  { id: '8', title: 'Acme roadmap rumors', text: 'Sales heard that Acme plans an analytics module next year.', tags: [ROADMAP], board: { id: 102, name: 'Roadmap', rival_id: 1 }, rival: ACME, allAccess: false, visibilityGroupIds: [5], created: 4, updated: 4, viewOrder: 3, sourcesCount: 1 },
  { id: '9', title: 'Café partnerships in Europe', text: 'Globex signed reseller partnerships with Café Systèmes in France.', tags: [PARTNERSHIPS], board: { id: 202, name: 'Partners', rival_id: 2 }, rival: GLOBEX, created: 8, updated: 6, viewOrder: 3, sourcesCount: 2 },
  { id: '10', title: 'Acme pricing notes', text: 'Acme gives discounts to nonprofits.', tags: [{ id: 90, name: 'Pricing' }], board: { id: 900, name: 'Pricing', rival_id: 9 }, rival: { id: 9, name: 'Acme' }, company_id: 2, created: 2, updated: 2, viewOrder: 1, sourcesCount: 1 },
  { id: '11', title: 'Acme customer support quality', text: 'Acme support responds within four hours on business days.', tags: [WEAKNESSES], board: { id: 101, name: 'Product', rival_id: 1 }, rival: ACME, created: 11, updated: 7, viewOrder: 4 },
  { id: '12', title: 'Comparing deployment speed', text: 'Our deployment is faster than Acme, Globex and Initech.', tags: [WIN_THEMES], board: { id: 500, name: 'Overview' }, created: 1, updated: 1, viewOrder: 1, sourcesCount: 2 },
];

export function cardDoc(s: Spec, now = Date.now()): CardFixture {
  const base = {
    company_id: s.company_id ?? 1,
    isDraft: s.isDraft ?? false,
    allAccess: s.allAccess ?? true,
    visibilityGroupIds: s.visibilityGroupIds ?? [],
  };
  return {
    id: s.id,
    title: s.title,
    text: s.text,
    tags: s.tags,
    board: s.board,
    ...(s.rival ? { rival: s.rival, profile: { id: s.rival.id, name: s.rival.name } } : {}),
    author: s.author ?? DANA,
    ...base,
    audiences: audiencesOf(base),
    createdAt: daysAgo(s.created, now),
    updatedAt: daysAgo(s.updated, now),
    viewOrder: s.viewOrder,
    hasDynamicBlocks: false,
    ...(s.sourcesCount !== undefined ? { sourcesCount: s.sourcesCount } : {}),
    battlecardIds: s.battlecardIds ?? [],
    suggest: { input: [s.title], contexts: { scope: audiencesOf(base) } },
  };
}

export interface IntelFixture {
  id: string;
  company_id: number;
  state: string;
  priority?: string;
  channel: string;
  topics: string[];
  contentType: string;
  rivals: { id: number; name: string }[];
  rivalIds: number[];
  source: string;
  title: string;
  summary: string;
  body: string;
  published: boolean;
  createdAt: string;
  publishedAt?: string;
  relatedAlerts: number;
}

/** Intel items at fixed instants around a DST change and month ends, for time-zone bucketing. */
export const INTEL: IntelFixture[] = [
  { id: 'i1', company_id: 1, state: 'unprocessed', priority: 'important', channel: 'rss', topics: ['pricing'], contentType: 'news', rivals: [ACME], rivalIds: [1], source: 'techcrunch.com', title: 'Acme cuts prices for small teams', summary: 'Acme announced lower prices for teams under ten seats.', body: 'Acme announced lower prices for teams under ten seats, effective immediately.', published: false, createdAt: '2024-03-30T10:00:00Z', relatedAlerts: 2 },
  { id: 'i2', company_id: 1, state: 'working', priority: 'interesting', channel: 'slack', topics: ['product', 'pricing'], contentType: 'post', rivals: [GLOBEX], rivalIds: [2], source: 'globex.com', title: 'Globex launches an analytics add-on', summary: 'A new analytics add-on priced separately.', body: 'Globex launched an analytics add-on priced separately from its core plans.', published: false, createdAt: '2024-03-31T22:30:00Z', relatedAlerts: 0 },
  { id: 'i3', company_id: 1, state: 'archived', channel: 'email', topics: ['hiring'], contentType: 'news', rivals: [INITECH], rivalIds: [3], source: 'linkedin.com', title: 'Initech hires a new VP of Sales', summary: 'Initech hired a sales leader from Acme.', body: 'Initech hired a new VP of Sales who previously led enterprise sales at Acme.', published: true, createdAt: '2024-04-01T08:00:00Z', publishedAt: '2024-04-02T09:00:00Z', relatedAlerts: 1 },
  { id: 'i4', company_id: 1, state: 'unprocessed', channel: 'extension', topics: ['product'], contentType: 'page', rivals: [ACME, GLOBEX], rivalIds: [1, 2], source: 'g2.com', title: 'Review compares Acme and Globex onboarding', summary: 'Reviewers prefer Acme onboarding.', body: 'A review site compares onboarding at Acme and Globex and prefers Acme.', published: false, createdAt: '2024-04-15T23:30:00Z', relatedAlerts: 0 },
  { id: 'i5', company_id: 1, state: 'deleted', channel: 'rss', topics: [], contentType: 'news', rivals: [], rivalIds: [], source: 'example.com', title: 'Unrelated market news', summary: 'Nothing about rivals.', body: 'General market news without any rival mentioned.', published: false, createdAt: '2024-02-28T12:00:00Z', relatedAlerts: 0 },
  { id: 'i6', company_id: 2, state: 'unprocessed', channel: 'rss', topics: ['pricing'], contentType: 'news', rivals: [{ id: 9, name: 'Acme' }], rivalIds: [9], source: 'techcrunch.com', title: 'Acme cuts prices', summary: 'Other company item.', body: 'Acme cut prices again.', published: false, createdAt: '2024-03-30T11:00:00Z', relatedAlerts: 0 },
];

// ---- reviews

const REVIEW_RIVALS = { acme: { id: 1, name: 'Acme' }, globex: { id: 2, name: 'Globex' }, otherAcme: { id: 9, name: 'Acme' } };

/** Acme's aspects (101 pricing, 102 support, 103 onboarding, 104 integrations, 105 reporting), Globex's (201 speed, 202 mobile app, 203 pricing), company 2's (901, 902). */
interface ReviewSpec {
  id: number;
  company?: number;
  rival: { id: number; name: string };
  site: 'g2' | 'capterra' | 'trustradius' | 'gartner' | 'softwareadvice' | 'glassdoor';
  title: string | null;
  text: string;
  rating: number;
  at: string;
  sentiment: number;
  pos?: number[];
  neg?: number[];
  /** Aspects judged neither way. */
  neutral?: number[];
  bookmarked?: boolean;
}

/**
 * Reviews over two years with the edges the filters and sorts turn on: dates at midnight UTC and a millisecond
 * before it, every half-star rating from 0 to 5, sentiments on the neutral band's edges (±0.05) and tied
 * sentiments, aspect counts and publication instants shared by two reviews (the sorts' tiebreaks). Company 2's
 * reviews 35–38 carry rival 1 and Acme's aspect ids, so only the company filter keeps them out of company 1's lists.
 */
export const REVIEW_SPECS: ReviewSpec[] = [
  { id: 1, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Great value for a small team', text: 'Pricing is fair and support answers within hours.', rating: 4.5, at: '2024-11-20T09:15:00.000Z', sentiment: 0.62, pos: [101, 102], bookmarked: true },
  { id: 2, rival: REVIEW_RIVALS.acme, site: 'capterra', title: null, text: 'Support was slow and the reporting module is confusing.', rating: 2, at: '2024-10-05T14:00:00.000Z', sentiment: -0.41, neg: [102, 105] },
  { id: 3, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Smooth start', text: 'Onboarding took two days. Integrations with our CRM worked out of the box. Pricing is steep.', rating: 4, at: '2024-09-12T08:00:00.000Z', sentiment: 0.35, pos: [103, 104], neg: [101] },
  { id: 4, rival: REVIEW_RIVALS.acme, site: 'trustradius', title: 'Solid but pricey', text: 'The price goes up at every renewal, though the integrations are reliable.', rating: 3, at: '2024-08-30T17:45:00.000Z', sentiment: 0.05, pos: [104], neg: [101] },
  { id: 5, rival: REVIEW_RIVALS.acme, site: 'glassdoor', title: 'Good place to work', text: 'Management listens and the support team is well staffed.', rating: 3.5, at: '2024-07-01T00:00:00.000Z', sentiment: 0.62, pos: [102] },
  { id: 6, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Reporting needs work', text: 'Reports are slow to load and exports fail on large accounts.', rating: 1.5, at: '2024-06-15T11:30:00.000Z', sentiment: -0.62, neg: [105] },
  { id: 7, rival: REVIEW_RIVALS.acme, site: 'capterra', title: 'Does the job', text: 'Nothing special. Pricing is average and support is fine.', rating: 2.5, at: '2024-05-20T10:00:00.000Z', sentiment: 0.04, neutral: [101, 102] },
  { id: 8, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Onboarding was painful', text: 'Our onboarding dragged on for months and support rarely replied.', rating: 1, at: '2024-03-01T00:00:00.000Z', sentiment: -0.73, neg: [102, 103] },
  { id: 9, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Best integrations on the market', text: 'Every integration we needed was there.', rating: 5, at: '2024-02-29T23:59:59.999Z', sentiment: 0.88, pos: [104] },
  { id: 10, rival: REVIEW_RIVALS.acme, site: 'trustradius', title: 'Mixed feelings', text: 'Integrations are great, reporting is weak, pricing is fair.', rating: 3, at: '2024-02-29T23:59:59.999Z', sentiment: 0.2, pos: [101, 104], neg: [105] },
  { id: 11, rival: REVIEW_RIVALS.acme, site: 'gartner', title: 'Enterprise ready', text: 'Security reviews passed quickly and pricing was negotiable.', rating: 4, at: '2024-01-10T12:00:00.000Z', sentiment: 0.5, pos: [101] },
  { id: 12, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Avoid', text: 'Billing errors every month and support ignores tickets.', rating: 0, at: '2023-12-24T18:00:00.000Z', sentiment: -0.95, neg: [101, 102] },
  { id: 13, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Love it', text: 'Reporting dashboards are beautiful and onboarding was quick.', rating: 5, at: '2023-11-02T09:00:00.000Z', sentiment: 0.9, pos: [103, 105], bookmarked: true },
  { id: 14, rival: REVIEW_RIVALS.acme, site: 'softwareadvice', title: 'Okay for the price', text: 'Cheap, but integrations break after updates.', rating: 2.5, at: '2023-10-18T15:00:00.000Z', sentiment: -0.05, pos: [101], neg: [104] },
  { id: 15, rival: REVIEW_RIVALS.acme, site: 'glassdoor', title: 'Long hours', text: 'Onboarding for new hires is rushed and pay is below market.', rating: 1.5, at: '2023-09-09T00:00:00.000Z', sentiment: -0.5, neg: [103] },
  { id: 16, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Reliable', text: 'It just works; support is friendly.', rating: 4.5, at: '2023-08-08T08:08:00.000Z', sentiment: 0.5, pos: [102] },
  { id: 17, rival: REVIEW_RIVALS.acme, site: 'capterra', title: null, text: 'Pricing tiers are confusing and reporting is basic.', rating: 2, at: '2023-07-07T07:00:00.000Z', sentiment: -0.3, neg: [101, 105], neutral: [104] },
  { id: 18, rival: REVIEW_RIVALS.acme, site: 'trustradius', title: 'Good integrations', text: 'The API and integrations saved us weeks.', rating: 4, at: '2023-05-15T13:00:00.000Z', sentiment: 0.62, pos: [104] },
  { id: 19, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Fine', text: 'Does what it says.', rating: 3, at: '2023-04-01T00:00:00.000Z', sentiment: 0 },
  { id: 20, rival: REVIEW_RIVALS.acme, site: 'gartner', title: 'Strong reporting', text: 'Reporting and integrations are strong; onboarding needs a guide.', rating: 4.5, at: '2023-03-03T03:00:00.000Z', sentiment: 0.45, pos: [104, 105], neg: [103], bookmarked: true },
  { id: 21, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Onboarded in a week', text: 'Setup was fast and pricing was clear.', rating: 5, at: '2023-02-14T10:00:00.000Z', sentiment: 0.7, pos: [101, 103] },
  { id: 22, rival: REVIEW_RIVALS.acme, site: 'capterra', title: 'Not for us', text: 'Too expensive for what it does; support is polite though.', rating: 0.5, at: '2023-01-05T09:00:00.000Z', sentiment: -0.2, pos: [102], neg: [101] },
  { id: 23, rival: REVIEW_RIVALS.globex, site: 'g2', title: 'Fast and simple', text: 'Pages load fast and the mobile app is handy.', rating: 4.5, at: '2024-12-01T00:00:00.000Z', sentiment: 0.66, pos: [201, 202], bookmarked: true },
  { id: 24, rival: REVIEW_RIVALS.globex, site: 'capterra', title: 'Mobile app crashes', text: 'The mobile app crashes daily.', rating: 1, at: '2024-06-06T06:00:00.000Z', sentiment: -0.8, neg: [202] },
  { id: 25, rival: REVIEW_RIVALS.globex, site: 'glassdoor', title: 'Great team', text: 'Great team, fair pay and a quick onboarding.', rating: 4, at: '2024-04-04T04:00:00.000Z', sentiment: 0.55, pos: [203] },
  { id: 26, rival: REVIEW_RIVALS.globex, site: 'trustradius', title: 'Pricing surprise', text: 'Pricing doubled at renewal.', rating: 1.5, at: '2023-12-12T12:00:00.000Z', sentiment: -0.6, neg: [203] },
  { id: 27, rival: REVIEW_RIVALS.globex, site: 'g2', title: 'Speedy', text: 'Searches are speedy even with big data sets.', rating: 5, at: '2023-10-10T10:00:00.000Z', sentiment: 0.66, pos: [201] },
  { id: 28, rival: REVIEW_RIVALS.globex, site: 'g2', title: 'Average', text: 'Average speed, average app.', rating: 2.5, at: '2023-08-01T00:00:00.000Z', sentiment: 0, neutral: [201, 202] },
  { id: 29, rival: REVIEW_RIVALS.globex, site: 'capterra', title: 'Cheap and fast', text: 'Low pricing and fast support.', rating: 3.5, at: '2023-06-01T12:00:00.000Z', sentiment: 0.3, pos: [201, 203] },
  { id: 30, rival: REVIEW_RIVALS.globex, site: 'softwareadvice', title: null, text: 'The app is slow on old phones.', rating: 2, at: '2023-03-20T20:00:00.000Z', sentiment: -0.35, neg: [202] },
  { id: 31, company: 2, rival: REVIEW_RIVALS.otherAcme, site: 'g2', title: 'Onboarding was easy', text: 'Onboarding was easy and pricing fair.', rating: 4, at: '2024-05-05T05:00:00.000Z', sentiment: 0.6, pos: [901, 902] },
  { id: 32, company: 2, rival: REVIEW_RIVALS.otherAcme, site: 'capterra', title: 'Hidden fees', text: 'Hidden fees on every invoice.', rating: 2, at: '2024-01-01T00:00:00.000Z', sentiment: -0.4, neg: [901] },
  { id: 33, company: 2, rival: REVIEW_RIVALS.otherAcme, site: 'glassdoor', title: 'Calm office', text: 'Calm office and decent benefits.', rating: 3, at: '2023-09-09T09:00:00.000Z', sentiment: 0.1, pos: [902] },
  { id: 34, company: 2, rival: REVIEW_RIVALS.otherAcme, site: 'g2', title: 'Five stars', text: 'Invoices are clear and pricing is low.', rating: 5, at: '2023-02-02T02:00:00.000Z', sentiment: 0.9, pos: [901], bookmarked: true },
  { id: 35, company: 2, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Onboarding delight', text: 'Onboarding took an afternoon and support is great.', rating: 5, at: '2024-11-21T00:00:00.000Z', sentiment: 0.95, pos: [101, 102, 103, 104, 105], bookmarked: true },
  { id: 36, company: 2, rival: REVIEW_RIVALS.acme, site: 'capterra', title: 'Terrible', text: 'Pricing is a trap.', rating: 0, at: '2024-03-01T00:00:00.000Z', sentiment: -0.95, neg: [101] },
  { id: 37, company: 2, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Polite support', text: 'Support is polite.', rating: 2.5, at: '2023-06-06T06:00:00.000Z', sentiment: 0.05, pos: [102] },
  { id: 38, company: 2, rival: REVIEW_RIVALS.acme, site: 'trustradius', title: 'Good reports', text: 'Reports are good.', rating: 4.5, at: '2024-07-01T00:00:00.000Z', sentiment: 0.62, pos: [105], bookmarked: true },
  // Same instant and aspect count as review 2, and the same sentiment: only reviewId orders them.
  { id: 39, rival: REVIEW_RIVALS.acme, site: 'g2', title: 'Getting worse', text: 'Support got worse and reporting still lags.', rating: 2, at: '2024-10-05T14:00:00.000Z', sentiment: -0.41, neg: [102, 105] },
  { id: 40, rival: REVIEW_RIVALS.acme, site: 'capterra', title: 'Half a star', text: 'Lost data twice; pricing is the only plus.', rating: 0.5, at: '2023-01-01T00:00:00.000Z', sentiment: -0.88, pos: [101] },
];

export function reviewDoc(s: ReviewSpec): ReviewDoc {
  const site = REVIEW_SITES.find((r) => r.key === s.site)!;
  const pos = s.pos ?? [];
  const neg = s.neg ?? [];
  const aspectIds = [...pos, ...neg, ...(s.neutral ?? [])].sort((a, b) => a - b);
  return {
    id: String(s.id),
    reviewId: s.id,
    company_id: s.company ?? 1,
    rivalId: s.rival.id,
    rivalName: s.rival.name,
    site: site.key,
    siteType: site.type,
    domain: site.domains[0],
    title: s.title,
    text: s.text,
    rating: s.rating,
    publishedAt: s.at,
    sentiment: s.sentiment,
    polarity: polarityOf(s.sentiment),
    aspectIds,
    positiveAspectIds: pos,
    negativeAspectIds: neg,
    aspectCount: aspectIds.length,
    bookmarked: s.bookmarked ?? false,
  };
}
