// Realistic fixture documents for the conformance suite: cards about competitors and intel items.
// Card dates are whole days before "today" at noon UTC, so `now-7d/d` style filters are unambiguous.
import { audiencesOf } from '../../indexer/documents/audiences.ts';

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
