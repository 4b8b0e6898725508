// Vocabulary and templates for the demo and scale seeders: our company, the rivals, users, tags,
// card templates per board and the intel feed's words. Pure data plus tiny HTML helpers; no I/O.
import { fill, type Rng } from './random.ts';

// ---------------------------------------------------------------------------------------------
// Our company and the people in it

export const OUR_COMPANY = {
  name: 'Northwind Analytics',
  short: 'Northwind',
  url: 'https://www.northwind.test',
  domain: 'northwind.test',
  emailDomains: ['demo.test'],
  companyData: {
    flags: {
      newCardEditor: true,
      cardSentiment: true,
      unifiedSearch: true,
      askPage: false,
      askDashboard: true,
      reports: true,
      tagVisibleToConsumers: true,
      showCardInfo: true,
      companyLandingPage: false,
      knowledgeHub: false,
      winLoss: false,
      dynamicBoards: true,
      newsDashboard: true,
      unreadBadges: true,
      promptLibrary: true,
      askWizard: true,
    },
    consumerHome: 'dashboard' as const,
    defaults: { dashboard: { activeGroupId: -1, sortBy: 'alpha' } },
  },
  products: ['Northwind Dashboards', 'Northwind Embed', 'Northwind Govern', 'Northwind Copilot'],
  connectors: 180,
};

export const STAFF_COMPANY = { name: 'Rivalscope Staff', url: 'https://www.rivalscope.test', domain: 'rivalscope.test' };

export const VISIBILITY_GROUPS = ['Sales', 'Product Marketing', 'Executives'] as const;
export type GroupName = (typeof VISIBILITY_GROUPS)[number];

export const DEMO_PASSWORD = 'demo-password';

export type PersonSeed = {
  username: string;
  name: string;
  email: string;
  roles: ('admin' | 'curator')[];
  groups: GroupName[];
  /** Demo accounts sign in with DEMO_PASSWORD; the others have no password. */
  canSignIn: boolean;
};

/** The four demo accounts come first, in this order: admin, curator, seller, staff. */
export const DEMO_ACCOUNTS = {
  admin: { username: 'ada', name: 'Ada Admin', email: 'admin@demo.test' },
  curator: { username: 'cory', name: 'Cory Curator', email: 'curator@demo.test' },
  seller: { username: 'sam', name: 'Sam Seller', email: 'seller@demo.test' },
  staff: { username: 'stacy', name: 'Stacy Staff', email: 'staff@demo.test' },
} as const;

/** Further Northwind people: two more curators, then consumers spread across the groups. */
export const OTHER_PEOPLE: Omit<PersonSeed, 'email' | 'canSignIn'>[] = [
  { username: 'priya', name: 'Priya Raman', roles: ['curator'], groups: ['Product Marketing'] },
  { username: 'marcus', name: 'Marcus Lindqvist', roles: ['curator'], groups: [] },
  { username: 'jenna', name: 'Jenna Morales', roles: [], groups: ['Sales'] },
  { username: 'tobias', name: 'Tobias Keller', roles: [], groups: ['Sales'] },
  { username: 'aisha', name: 'Aisha Bello', roles: [], groups: ['Sales'] },
  { username: 'liam', name: "Liam O'Connor", roles: [], groups: ['Sales'] },
  { username: 'mei', name: 'Mei Tanaka', roles: [], groups: ['Sales'] },
  { username: 'diego', name: 'Diego Alvarez', roles: [], groups: ['Sales'] },
  { username: 'hannah', name: 'Hannah Weiss', roles: [], groups: ['Sales'] },
  { username: 'kwame', name: 'Kwame Mensah', roles: [], groups: ['Sales'] },
  { username: 'sofia', name: 'Sofia Rossi', roles: [], groups: ['Sales', 'Product Marketing'] },
  { username: 'noah', name: 'Noah Fischer', roles: [], groups: ['Sales'] },
  { username: 'grace', name: 'Grace Kim', roles: [], groups: ['Product Marketing'] },
  { username: 'omar', name: 'Omar Haddad', roles: [], groups: ['Product Marketing'] },
  { username: 'elena', name: 'Elena Petrov', roles: [], groups: ['Product Marketing'] },
  { username: 'ben', name: 'Ben Carter', roles: [], groups: ['Executives'] },
  { username: 'claire', name: 'Claire Dubois', roles: [], groups: ['Executives', 'Sales'] },
  { username: 'raj', name: 'Raj Patel', roles: [], groups: ['Executives'] },
  { username: 'lucy', name: 'Lucy Nguyen', roles: [], groups: ['Sales'] },
  { username: 'felix', name: 'Felix Braun', roles: [], groups: [] },
  { username: 'zoe', name: 'Zoe Adams', roles: [], groups: ['Sales'] },
  { username: 'victor', name: 'Victor Santos', roles: [], groups: [] },
];

// ---------------------------------------------------------------------------------------------
// Rivals

export type RivalGroupKey = 'top' | 'emerging' | 'legacy';

export const RIVAL_GROUPS: { key: RivalGroupKey; name: string }[] = [
  { key: 'top', name: 'Top competitors' },
  { key: 'emerging', name: 'Emerging' },
  { key: 'legacy', name: 'Legacy vendors' },
];

export type PricingTier = { name: string; price: string; includes: string };

export type RivalFacts = {
  name: string;
  domain: string;
  tagline: string;
  founded: number;
  hq: string;
  employees: number;
  funding: string;
  customers: number;
  segment: string;
  ceo: string;
  products: string[];
  ai: string;
  strengths: string[];
  weaknesses: string[];
  pricingModel: string;
  tiers: PricingTier[];
  connectors: number;
  deployment: string;
  group: RivalGroupKey | null;
  isDraft?: boolean;
  /** Gets a Scratchpad board (hidden from curators by the app). */
  scratchpad?: boolean;
};

export const RIVALS: RivalFacts[] = [
  {
    name: 'Lumenary',
    domain: 'lumenary.test',
    tagline: 'AI-native BI with a conversational analyst',
    founded: 2018,
    hq: 'Austin, TX',
    employees: 620,
    funding: 'Series D, $140M',
    customers: 2300,
    segment: 'mid-market data teams',
    ceo: 'Maya Okafor',
    products: ['Lumenary Studio', 'Lumenary Ask', 'Lumenary Pulse'],
    ai: 'Lumenary Ask',
    strengths: [
      'Natural-language querying that demos very well',
      'Fast time-to-first-dashboard for small teams',
      'Aggressive AI roadmap with monthly releases',
    ],
    weaknesses: [
      'Thin data governance: no column-level lineage',
      'Row-level security only on the Enterprise tier',
      'SSO and SCIM locked behind the top plan',
      'Warehouse query costs spike on large datasets',
    ],
    pricingModel: 'per seat, billed annually',
    tiers: [
      { name: 'Starter', price: '$35 / user / month', includes: '5 editors, 10 connectors, community support' },
      { name: 'Business', price: '$65 / user / month', includes: 'Unlimited dashboards, Lumenary Ask (500 questions / month)' },
      { name: 'Enterprise', price: 'Custom (typically $120k+ / year)', includes: 'SSO, SCIM, row-level security, premium support' },
    ],
    connectors: 90,
    deployment: 'SaaS only (US and EU regions)',
    group: 'top',
    scratchpad: true,
  },
  {
    name: 'Quantive Labs',
    domain: 'quantivelabs.test',
    tagline: 'embedded analytics for SaaS product teams',
    founded: 2016,
    hq: 'Boston, MA',
    employees: 410,
    funding: 'Series C, $85M',
    customers: 1100,
    segment: 'software vendors embedding customer-facing analytics',
    ceo: 'Daniel Reyes',
    products: ['Quantive Embed SDK', 'Quantive Canvas', 'Quantive Metrics API'],
    ai: 'Quantive Copilot',
    strengths: [
      'Polished white-label embedding SDK',
      'Usage-based pricing that looks cheap at low volume',
      'Excellent developer documentation',
    ],
    weaknesses: [
      'Internal BI use cases feel bolted on',
      'Costs grow steeply with embedded end-user sessions',
      'Limited governance and certification workflow',
      'Few native connectors; relies on a cloud warehouse',
    ],
    pricingModel: 'usage-based, per embedded session',
    tiers: [
      { name: 'Developer', price: 'Free up to 1,000 sessions / month', includes: 'SDK, 3 data sources' },
      { name: 'Growth', price: '$0.40 per session after 10,000', includes: 'White-labeling, row-level security' },
      { name: 'Scale', price: 'Committed spend from $90k / year', includes: 'SSO, private cloud, 99.9% SLA' },
    ],
    connectors: 40,
    deployment: 'SaaS and private cloud',
    group: 'top',
  },
  {
    name: 'DataHarbor',
    domain: 'dataharbor.test',
    tagline: 'an all-in-one warehouse plus BI suite',
    founded: 2012,
    hq: 'Seattle, WA',
    employees: 2400,
    funding: 'Public (NYSE: DHBR)',
    customers: 7800,
    segment: 'large enterprises consolidating their data stack',
    ceo: 'Richard Hale',
    products: ['Harbor Warehouse', 'Harbor BI', 'Harbor Catalog', 'Harbor Pipelines'],
    ai: 'Harbor Assist',
    strengths: [
      'Single vendor for storage, pipelines and BI',
      'Deep certifications: SOC 2 Type II, ISO 27001, FedRAMP Moderate',
      'Large partner and systems-integrator ecosystem',
    ],
    weaknesses: [
      'Long implementations, often four to six months',
      'BI layer lags on modern visualization and self-service',
      'Lock-in: Harbor BI only performs well on Harbor Warehouse',
      'Complex capacity-based pricing that is hard to forecast',
    ],
    pricingModel: 'capacity-based credits',
    tiers: [
      { name: 'Standard', price: '$2.10 per credit', includes: 'Warehouse plus Harbor BI viewers' },
      { name: 'Enterprise', price: '$3.20 per credit', includes: 'Harbor Catalog, SSO, audit logs' },
      { name: 'Business Critical', price: '$4.50 per credit', includes: 'Private link, HIPAA, customer-managed keys' },
    ],
    connectors: 150,
    deployment: 'SaaS, private cloud and on-premises',
    group: 'top',
  },
  {
    name: 'Vantapoint',
    domain: 'vantapoint.test',
    tagline: 'enterprise reporting and pixel-perfect dashboards',
    founded: 2009,
    hq: 'Chicago, IL',
    employees: 1700,
    funding: 'Private equity owned',
    customers: 5200,
    segment: 'finance and operations teams in large enterprises',
    ceo: 'Linda Carver',
    products: ['Vantapoint Reports', 'Vantapoint Dashboards', 'Vantapoint Mobile'],
    ai: 'Vantapoint Insights',
    strengths: [
      'Pixel-perfect paginated reporting',
      'Entrenched with finance teams and the office of the CFO',
      'Broad on-premises deployment options',
    ],
    weaknesses: [
      'Dated self-service experience',
      'Slow release cadence (two major releases a year)',
      'AI features limited to anomaly alerts',
      'Expensive professional services for every change',
    ],
    pricingModel: 'per seat with separate server licenses',
    tiers: [
      { name: 'Viewer', price: '$20 / user / month', includes: 'Read-only dashboards and scheduled PDFs' },
      { name: 'Creator', price: '$85 / user / month', includes: 'Report designer, 50 connectors' },
      { name: 'Enterprise Server', price: 'From $150k / year', includes: 'On-premises server, SSO, clustering' },
    ],
    connectors: 120,
    deployment: 'on-premises and hosted',
    group: 'top',
  },
  {
    name: 'Oriel Data',
    domain: 'orieldata.test',
    tagline: 'a data catalog with governance-led BI on top',
    founded: 2014,
    hq: 'London, UK',
    employees: 780,
    funding: 'Series E, $210M',
    customers: 1900,
    segment: 'data governance and platform teams',
    ceo: 'Harriet Osei',
    products: ['Oriel Catalog', 'Oriel Lineage', 'Oriel Explore'],
    ai: 'Oriel Copilot',
    strengths: [
      'Best-in-class lineage and data catalog',
      'Strong policy and access management',
      'Credible with chief data officers',
    ],
    weaknesses: [
      'Oriel Explore (the BI piece) is a thin add-on',
      'Business users find the interface intimidating',
      'Pricing by data asset count is hard to predict',
    ],
    pricingModel: 'per governed data asset',
    tiers: [
      { name: 'Team', price: '$40k / year up to 5,000 assets', includes: 'Catalog and search' },
      { name: 'Business', price: '$110k / year up to 25,000 assets', includes: 'Lineage, policies, Oriel Explore' },
      { name: 'Enterprise', price: 'Custom', includes: 'Unlimited assets, SSO, dedicated success manager' },
    ],
    connectors: 110,
    deployment: 'SaaS (US, EU, APAC)',
    group: 'top',
  },
  {
    name: 'Insightloom',
    domain: 'insightloom.test',
    tagline: 'self-serve dashboards for small businesses',
    founded: 2020,
    hq: 'Denver, CO',
    employees: 140,
    funding: 'Series A, $22M',
    customers: 3500,
    segment: 'small and mid-sized businesses',
    ceo: 'Tomás Ibarra',
    products: ['Insightloom Boards', 'Insightloom Connect'],
    ai: 'Loom AI',
    strengths: [
      'Free tier and fully self-serve onboarding',
      'Beautiful templates for SaaS metrics',
      'Very low price per seat',
    ],
    weaknesses: [
      'No SSO below the Business plan',
      'No SOC 2 Type II report yet',
      'Struggles beyond about 50 users',
      'Email-only support with slow response times',
    ],
    pricingModel: 'per seat, monthly or annual',
    tiers: [
      { name: 'Free', price: '$0', includes: '3 users, 2 data sources' },
      { name: 'Pro', price: '$15 / user / month', includes: 'Unlimited boards, 20 connectors' },
      { name: 'Business', price: '$29 / user / month', includes: 'SSO, version history, priority email support' },
    ],
    connectors: 45,
    deployment: 'SaaS only (US)',
    group: 'emerging',
    scratchpad: true,
  },
  {
    name: 'Metricforge',
    domain: 'metricforge.test',
    tagline: 'a headless semantic layer for metrics',
    founded: 2019,
    hq: 'San Francisco, CA',
    employees: 210,
    funding: 'Series B, $48M',
    customers: 600,
    segment: 'analytics engineers',
    ceo: 'Alina Petrova',
    products: ['Metricforge Semantic Layer', 'Metricforge Cache', 'Metricforge Explorer'],
    ai: 'Forge Assistant',
    strengths: [
      'Code-first metric definitions versioned in Git',
      'Works with many BI front ends',
      'Developer love in the analytics-engineering community',
    ],
    weaknesses: [
      'Needs an analytics engineer to run',
      'Thin visualization layer',
      'Business users still need a separate BI tool',
    ],
    pricingModel: 'usage-based compute credits',
    tiers: [
      { name: 'Open Source', price: 'Free', includes: 'Self-hosted semantic layer' },
      { name: 'Cloud', price: '$1,500 / month + $0.05 per 1,000 queries', includes: 'Managed cache, Explorer' },
      { name: 'Enterprise', price: 'Custom', includes: 'SSO, audit logs, private networking' },
    ],
    connectors: 30,
    deployment: 'SaaS or self-hosted',
    group: 'emerging',
  },
  {
    name: 'Clearmetric',
    domain: 'clearmetric.test',
    tagline: 'product analytics and experimentation',
    founded: 2017,
    hq: 'New York, NY',
    employees: 330,
    funding: 'Series C, $70M',
    customers: 1400,
    segment: 'product and growth teams',
    ceo: 'Jordan Blake',
    products: ['Clearmetric Events', 'Clearmetric Experiments', 'Clearmetric Journeys'],
    ai: 'Clearmetric Copilot',
    strengths: [
      'Event analytics and funnels out of the box',
      'Built-in A/B testing',
      'Quick SDK instrumentation for web and mobile',
    ],
    weaknesses: [
      'Not a general-purpose BI tool',
      'Event-volume pricing surprises at scale',
      'Weak finance and operations reporting',
    ],
    pricingModel: 'usage-based, per million tracked events',
    tiers: [
      { name: 'Starter', price: 'Free up to 10M events / month', includes: 'Funnels, retention' },
      { name: 'Growth', price: '$0.28 per 1,000 events', includes: 'Experiments, journeys' },
      { name: 'Enterprise', price: 'Committed spend from $75k / year', includes: 'SSO, data governance, SLA' },
    ],
    connectors: 35,
    deployment: 'SaaS (US and EU)',
    group: 'emerging',
  },
  {
    name: 'Stratalytics',
    domain: 'stratalytics.test',
    tagline: 'AI forecasting and planning analytics',
    founded: 2021,
    hq: 'Berlin, Germany',
    employees: 95,
    funding: 'Series A, $18M',
    customers: 250,
    segment: 'FP&A and revenue operations',
    ceo: 'Lena Hoffmann',
    products: ['Strata Forecast', 'Strata Plan'],
    ai: 'Strata AI',
    strengths: [
      'Forecasting models built in',
      'Slick spreadsheet-like planning interface',
      'Fast-moving team with weekly releases',
    ],
    weaknesses: [
      'Small customer base and few references',
      'Limited connectors (about 25)',
      'No data governance features',
      'EU hosting only',
    ],
    pricingModel: 'per seat, annual contracts',
    tiers: [
      { name: 'Team', price: '$55 / user / month', includes: 'Forecasts, 10 connectors' },
      { name: 'Business', price: '$95 / user / month', includes: 'Scenario planning, Strata AI' },
      { name: 'Enterprise', price: 'Custom', includes: 'SSO, audit trail, dedicated CSM' },
    ],
    connectors: 25,
    deployment: 'SaaS (EU only)',
    group: 'emerging',
  },
  {
    name: 'Chartwell Systems',
    domain: 'chartwell.test',
    tagline: 'on-premises OLAP reporting for regulated industries',
    founded: 1998,
    hq: 'Hartford, CT',
    employees: 3100,
    funding: 'Private equity owned (taken private in 2021)',
    customers: 11000,
    segment: 'banks, insurers and other regulated industries',
    ceo: 'Gerald Whitman',
    products: ['Chartwell OLAP Server', 'Chartwell Report Studio', 'Chartwell Cloud'],
    ai: 'Chartwell Assist (preview)',
    strengths: [
      'Massive installed base in banking and insurance',
      'Mature OLAP cubes and scheduled reporting',
      'Trusted by risk and compliance teams',
    ],
    weaknesses: [
      'Cloud offering is immature',
      'Desktop authoring tool with no browser editing',
      'Long, painful upgrade cycles',
      'Per-core licensing with 22% annual maintenance',
    ],
    pricingModel: 'per CPU core plus annual maintenance',
    tiers: [
      { name: 'Departmental', price: '$48k per 8 cores', includes: 'OLAP Server, 25 named authors' },
      { name: 'Enterprise', price: '$180k per 32 cores', includes: 'Clustering, Report Studio' },
      { name: 'Maintenance', price: '22% of license per year', includes: 'Upgrades and support' },
    ],
    connectors: 60,
    deployment: 'on-premises, with a hosted option',
    group: 'legacy',
  },
  {
    name: 'Tessellate BI',
    domain: 'tessellate.test',
    tagline: 'desktop-first self-service BI',
    founded: 2005,
    hq: 'Toronto, Canada',
    employees: 900,
    funding: 'Acquired by a software holding company in 2022',
    customers: 4000,
    segment: 'departmental analysts',
    ceo: 'Priya Natarajan',
    products: ['Tessellate Desktop', 'Tessellate Server', 'Tessellate Online'],
    ai: 'Tessellate Smart Charts',
    strengths: [
      'Loyal analyst community',
      'Powerful desktop data modeling',
      'Low entry price for desktop licenses',
    ],
    weaknesses: [
      'Server product is hard to scale',
      'Weak collaboration and sharing',
      'No embedded analytics offering',
      'Roadmap uncertainty since the acquisition',
    ],
    pricingModel: 'per seat, desktop plus server',
    tiers: [
      { name: 'Desktop', price: '$30 / user / month', includes: 'Authoring on Windows only' },
      { name: 'Server', price: '$60 / user / month', includes: 'Sharing, scheduling, 40 connectors' },
      { name: 'Online', price: '$45 / user / month', includes: 'Hosted sharing, limited data refresh' },
    ],
    connectors: 70,
    deployment: 'desktop, on-premises server and a hosted option',
    group: 'legacy',
  },
  {
    name: 'Beaconly',
    domain: 'beaconly.test',
    tagline: 'an autonomous AI data analyst',
    founded: 2023,
    hq: 'Montreal, Canada (remote-first)',
    employees: 40,
    funding: 'Seed, $9M',
    customers: 60,
    segment: 'startups without a data team',
    ceo: 'Samuel Roy',
    products: ['Beaconly Agent'],
    ai: 'Beaconly Agent',
    strengths: ['Autonomous AI analyst agent', 'Loud launch marketing'],
    weaknesses: ['Very early product with frequent outages', 'No enterprise security features', 'Unproven pricing'],
    pricingModel: 'per seat (introductory)',
    tiers: [
      { name: 'Early access', price: '$20 / user / month', includes: 'Agent, 5 connectors' },
      { name: 'Team', price: '$49 / user / month', includes: 'Shared workspaces' },
    ],
    connectors: 12,
    deployment: 'SaaS only (US)',
    group: null,
    isDraft: true,
  },
];

// Pieces for synthetic rivals (scale seeding).
export const NAME_PREFIXES = [
  'Lumen', 'Quant', 'Harbor', 'Vanta', 'Oriel', 'Loom', 'Forge', 'Clear', 'Strata', 'Chart', 'Tessel', 'Beacon',
  'North', 'Apex', 'Cobalt', 'Ember', 'Helio', 'Iris', 'Kite', 'Meridian', 'Nimbus', 'Onyx', 'Prism', 'Quill',
  'Radiant', 'Sable', 'Tidal', 'Umbra', 'Vector', 'Willow', 'Zephyr', 'Arbor', 'Cirrus', 'Delta', 'Fathom',
];
export const NAME_SUFFIXES = ['ary', 'ly', 'ix', 'io', 'metrics', 'data', 'sight', 'works', 'labs', 'grid', 'scope', 'BI', 'stack'];

// ---------------------------------------------------------------------------------------------
// Tags

export const TAGS: { name: string; synonyms: string[] }[] = [
  { name: 'Pricing', synonyms: ['cost', 'price'] },
  { name: 'Security', synonyms: ['infosec'] },
  { name: 'Integrations', synonyms: ['connectors'] },
  { name: 'AI', synonyms: ['artificial intelligence', 'genai'] },
  { name: 'Enterprise', synonyms: [] },
  { name: 'SMB', synonyms: ['small business'] },
  { name: 'Onboarding', synonyms: [] },
  { name: 'Support', synonyms: ['customer support'] },
  { name: 'Roadmap', synonyms: [] },
  { name: 'Compliance', synonyms: ['soc 2', 'gdpr'] },
  { name: 'Performance', synonyms: ['speed', 'latency'] },
  { name: 'Migration', synonyms: ['switching'] },
  { name: 'Embedded Analytics', synonyms: ['white-label'] },
  { name: 'Dashboards', synonyms: [] },
  { name: 'Data Governance', synonyms: ['lineage'] },
  { name: 'SSO', synonyms: ['single sign-on', 'saml'] },
  { name: 'Mobile', synonyms: [] },
  { name: 'Partnerships', synonyms: [] },
  { name: 'Funding', synonyms: [] },
  { name: 'Leadership', synonyms: ['executives'] },
  { name: 'Customers', synonyms: ['references'] },
  { name: 'Competitive Positioning', synonyms: ['positioning'] },
  { name: 'Objections', synonyms: [] },
  { name: 'Product Launch', synonyms: ['release'] },
  { name: 'Discounting', synonyms: ['discount'] },
  { name: 'Deployment', synonyms: ['on-prem', 'hosting'] },
];

// ---------------------------------------------------------------------------------------------
// HTML helpers (card text is sanitized HTML in the app; keep to the common tags)

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const html = {
  esc,
  p: (inner: string) => `<p>${inner}</p>`,
  h3: (t: string) => `<h3>${esc(t)}</h3>`,
  h4: (t: string) => `<h4>${esc(t)}</h4>`,
  strong: (t: string) => `<strong>${esc(t)}</strong>`,
  em: (t: string) => `<em>${esc(t)}</em>`,
  a: (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`,
  ul: (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`,
  ol: (items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`,
  table: (head: string[], rows: string[][]) =>
    `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`,
  quote: (t: string) => `<blockquote><p>${esc(t)}</p></blockquote>`,
};
const { p, h3, h4, strong, em, a, ul, ol, table, quote } = html;

// ---------------------------------------------------------------------------------------------
// Card templates per board

export type TextBlock = { type: 'html' | 'formula'; value: string };
export type CardCtx = { r: RivalFacts; rng: Rng; us: typeof OUR_COMPANY };
export type CardTemplate = {
  /** Title; {R} is the rival's name. */
  name: string;
  tags: string[];
  /** HTML, or blocks when the card embeds formulas. */
  render: (c: CardCtx) => string | TextBlock[];
  /** Forced visibility (otherwise drawn at random). */
  visibility?: { groups: GroupName[] };
};

export const BOARD_NAMES = ['Overview', 'Pricing', 'Product', 'Strengths & Weaknesses', 'Objection Handling', 'News'] as const;
export const SCRATCHPAD = 'Scratchpad';

/**
 * The demo's dynamic boards (saved searches): criteria name tags, rivals, or a board of each listed rival; `mode`
 * is the criterion type (should when left out). The last one is a curator's draft.
 */
export type DynamicBoardSeed = {
  name: string;
  query: string;
  criteria: { tag?: string; rival?: string; board?: { rivals: string[]; name: (typeof BOARD_NAMES)[number] }; mode?: 'must' | 'must_not' }[];
  updatedStart: 'allTime' | 'last30Days' | 'last90Days';
  sort: 'newest' | 'relevance' | 'alpha';
  isDraft: boolean;
  daysAgo: number;
};

export const DYNAMIC_BOARDS: DynamicBoardSeed[] = [
  {
    name: 'Pricing objections across rivals',
    query: '',
    criteria: [{ tag: 'Pricing' }, { tag: 'Discounting' }, { tag: 'Objections' }],
    updatedStart: 'allTime',
    sort: 'newest',
    isDraft: false,
    daysAgo: 60,
  },
  {
    name: 'Security & compliance',
    query: '',
    criteria: [{ tag: 'Security' }, { tag: 'Compliance' }, { tag: 'SSO' }, { tag: 'Data Governance' }],
    updatedStart: 'allTime',
    sort: 'newest',
    isDraft: false,
    daysAgo: 45,
  },
  {
    name: 'Recently updated battle tactics',
    query: '',
    criteria: [{ board: { rivals: ['Lumenary', 'Quantive Labs', 'DataHarbor'], name: 'Objection Handling' } }, { board: { rivals: ['Lumenary', 'Quantive Labs', 'DataHarbor'], name: 'Strengths & Weaknesses' } }],
    updatedStart: 'last30Days',
    sort: 'newest',
    isDraft: false,
    daysAgo: 30,
  },
  {
    name: 'Lumenary in enterprise deals',
    query: 'enterprise',
    criteria: [{ rival: 'Lumenary', mode: 'must' }, { tag: 'SMB', mode: 'must_not' }],
    updatedStart: 'allTime',
    sort: 'relevance',
    isDraft: false,
    daysAgo: 20,
  },
  {
    name: 'AI roadmap watch',
    query: 'AI roadmap',
    criteria: [{ tag: 'AI' }, { tag: 'Roadmap' }],
    updatedStart: 'last90Days',
    sort: 'newest',
    isDraft: true,
    daysAgo: 3,
  },
];

const FAKE_CUSTOMERS = [
  'Brightwater Logistics', 'Helios Health', 'Kestrel Bank', 'Juniper Retail', 'Copperline Energy', 'Orchard Foods',
  'Saltmarsh Insurance', 'Bluefin Media', 'Granite Freight', 'Aurora Telecom', 'Pinecrest University', 'Redwood Pharma',
  'Silverleaf Hotels', 'Harborview Capital', 'Nova Manufacturing', 'Tandem Payroll', 'Skyline Realty', 'Meadow Dairy',
];
const PARTNERS = [
  'Snowfield', 'Redline Cloud', 'Azurite', 'Skylark CRM', 'Fjord Data', 'Cinder ETL', 'Beacon Consulting', 'Crestview Partners',
  'Trellis SI', 'Northstar Cloud',
];
const PEOPLE = [
  'Alex Moreau', 'Bianca Silva', 'Chris Oduya', 'Dana Whitfield', 'Evan Park', 'Farah Aziz', 'Gabe Holloway', 'Ines Duarte',
  'Jonah Price', 'Kara Lindgren', 'Leo Marchetti', 'Mira Shah', 'Nadia Volkova', 'Owen Brooks', 'Paula Jensen', 'Quentin Hart',
];
const EXEC_ROLES = ['Chief Revenue Officer', 'Chief Product Officer', 'Chief Technology Officer', 'VP of Sales', 'VP of Marketing', 'Chief Financial Officer'];
const FEATURES = [
  'natural-language dashboards', 'an embedded analytics SDK', 'row-level security', 'SCIM provisioning', 'a semantic layer',
  'AI-generated dashboard summaries', 'usage-based pricing', 'Slack and Teams alerts', 'column-level data lineage',
  'a redesigned mobile app', 'a dbt integration', 'scheduled PDF reports', 'anomaly detection', 'a data catalog',
];
const REGIONS = ['EMEA', 'APAC', 'North America', 'Latin America', 'the DACH region', 'the Nordics'];

const pct = (rng: Rng, lo: number, hi: number) => `${rng.int(lo, hi)}%`;
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
const rivalUrl = (r: RivalFacts, path = '') => `https://www.${r.domain}${path}`;
const yes = '✓';
const no = '—';

const T = (name: string, tags: string[], render: CardTemplate['render'], visibility?: CardTemplate['visibility']): CardTemplate => ({
  name,
  tags,
  render,
  ...(visibility ? { visibility } : {}),
});

export const CARD_TEMPLATES: Record<(typeof BOARD_NAMES)[number] | typeof SCRATCHPAD, CardTemplate[]> = {
  Overview: [
    T('{R} at a glance', ['Competitive Positioning'], ({ r }) =>
      p(`${strong(r.name)} sells ${esc(r.tagline)} to ${esc(r.segment)}.`) +
      table(['Fact', 'Value'], [
        ['Founded', String(r.founded)],
        ['Headquarters', esc(r.hq)],
        ['Employees', `~${r.employees.toLocaleString('en-US')}`],
        ['Funding', esc(r.funding)],
        ['Customers', `${r.customers.toLocaleString('en-US')}+`],
        ['CEO', esc(r.ceo)],
      ]) +
      p(`Website: ${a(rivalUrl(r), r.domain)}`),
    ),
    T('Company snapshot (live data)', ['Competitive Positioning'], ({ r }) => [
      { type: 'html', value: h4(`${r.name} by the numbers`) + p('Figures below refresh automatically from our data providers.') },
      { type: 'html', value: p(strong('Estimated annual revenue:')) },
      { type: 'formula', value: '{{revenue(rival)}}' },
      { type: 'html', value: p(strong('Employee count:')) },
      { type: 'formula', value: '{{employeeCount(rival)}}' },
      { type: 'html', value: p(strong('Open job postings:')) },
      { type: 'formula', value: '{{jobPostings(rival)}}' },
    ]),
    T('Who {R} sells to', ['Customers', 'Enterprise'], ({ r, rng }) =>
      p(`Ideal customer profile: ${esc(r.segment)}. Typical buyer is the ${esc(rng.pick(['Head of Data', 'VP of Analytics', 'CIO', 'Director of BI', 'CFO']))}, with IT security as a late-stage gate.`) +
      ul([
        `Company size: ${esc(rng.pick(['200–2,000 employees', '1,000–20,000 employees', '50–500 employees', '5,000+ employees']))}`,
        `Top verticals: ${esc(rng.sample(['financial services', 'healthcare', 'retail', 'SaaS', 'manufacturing', 'public sector', 'media'], 3).join(', '))}`,
        `Deal size: ${usd(rng.int(3, 30) * 5000)}–${usd(rng.int(40, 120) * 5000)} ARR`,
      ]),
    ),
    T('{R} product portfolio', ['Competitive Positioning'], ({ r }) =>
      h3('Products') + ul(r.products.map((x) => `${strong(x)}`)) + p(`Their AI assistant is marketed as ${em(r.ai)}. Deployment: ${esc(r.deployment)}.`),
    ),
    T('Leadership team', ['Leadership'], ({ r, rng }) =>
      ul([
        `${strong(r.ceo)}, Chief Executive Officer`,
        ...rng.sample(PEOPLE, 3).map((n, i) => `${strong(n)}, ${esc(EXEC_ROLES[i * 2 % EXEC_ROLES.length])}`),
      ]) + p(`Leadership changes at ${esc(r.name)} are tracked in the ${em('News')} board.`),
    ),
    T('Key {R} customers', ['Customers'], ({ r, rng }) =>
      p(`Public references ${esc(r.name)} uses in late-stage deals:`) +
      ul(rng.sample(FAKE_CUSTOMERS, 4).map((c) => esc(c))) +
      p(`Ask the prospect whether they have spoken to a reference ${em('in their own industry')}; ${esc(r.name)} often reuses the same three.`),
    ),
    T('Where we meet {R} in deals', ['Competitive Positioning'], ({ r, rng, us }) =>
      p(`We see ${esc(r.name)} in ${pct(rng, 8, 35)} of ${esc(us.short)} opportunities, most often in ${esc(rng.pick(REGIONS))}. Our win rate against them over the last four quarters is ${pct(rng, 38, 71)}.`) +
      table(['Segment', 'Deals', 'Win rate'], [
        ['SMB', String(rng.int(5, 60)), pct(rng, 30, 80)],
        ['Mid-market', String(rng.int(10, 90)), pct(rng, 30, 80)],
        ['Enterprise', String(rng.int(3, 40)), pct(rng, 25, 75)],
      ]),
    ),
    T('{R} go-to-market motion', ['Competitive Positioning'], ({ r, rng }) =>
      p(`${esc(r.name)} runs a ${esc(rng.pick(['product-led', 'sales-led', 'partner-led', 'hybrid product- and sales-led']))} motion. Expect ${esc(rng.pick(['a free trial followed by an aggressive SDR sequence', 'a long proof of concept run by a sales engineer', 'a systems integrator to be involved early', 'heavy discounting at quarter end']))}.`) +
      p(`They lead with ${em(r.strengths[0])}.`),
    ),
    T('{R} partner ecosystem', ['Partnerships', 'Integrations'], ({ r, rng }) =>
      p(`Notable ${esc(r.name)} partners:`) + ul(rng.sample(PARTNERS, 4).map((x) => esc(x))) +
      p(`${esc(r.connectors.toString())} native connectors, compared with ${OUR_COMPANY.connectors}+ for ${OUR_COMPANY.short}.`),
    ),
  ],
  Pricing: [
    T('{R} pricing tiers', ['Pricing'], ({ r }) =>
      p(`${esc(r.name)} prices ${esc(r.pricingModel)}. List prices as of this quarter:`) +
      table(['Tier', 'List price', 'What is included'], r.tiers.map((t) => [strong(t.name), esc(t.price), esc(t.includes)])) +
      p(`Source: ${a(rivalUrl(r, '/pricing'), `${r.domain}/pricing`)}`),
    ),
    T('Per-seat vs. platform pricing', ['Pricing', 'Competitive Positioning'], ({ r, us }) =>
      p(`${esc(r.name)} charges ${esc(r.pricingModel)}; ${esc(us.short)} offers per-seat pricing with free viewers. For a 200-person rollout where most people only read dashboards, ${esc(us.short)} is usually the cheaper option.`) +
      p(`Ask the prospect how many ${em('viewers')} versus ${em('creators')} they expect in year two.`),
    ),
    T('{R} discounting behavior', ['Pricing', 'Discounting'], ({ r, rng }) =>
      ul([
        `Typical first-year discount: ${pct(rng, 15, 45)} off list`,
        `End-of-quarter discounts reach ${pct(rng, 40, 60)} for multi-year commitments`,
        `${esc(r.name)} often throws in ${esc(rng.pick(['free onboarding', 'a free year of premium support', 'extra AI credits', 'a paid pilot credited against the contract']))}`,
      ]) + p(`Hold firm on value; do not match ${esc(r.name)} discounts without a deal-desk review.`),
    ),
    T('Hidden costs to surface with {R}', ['Pricing'], ({ r, rng }) =>
      ol([
        `SSO and SCIM: ${esc(r.weaknesses.find((w) => /SSO|SCIM/.test(w)) ?? 'available only on upper tiers')}`,
        `Professional services: ${usd(rng.int(4, 30) * 5000)} typical implementation`,
        `Warehouse compute: queries from ${esc(r.products[0])} run on the customer's warehouse bill`,
        `Premium support: ${pct(rng, 10, 25)} uplift on the subscription`,
      ]),
    ),
    T('3-year total cost of ownership vs {R}', ['Pricing', 'Enterprise'], ({ r, rng, us }) => {
      const ours = rng.int(28, 60) * 5000;
      const theirs = Math.round(ours * rng.float(1.15, 1.7) / 5000) * 5000;
      return (
        p(`Model for 50 creators and 400 viewers (list prices, no discounts):`) +
        table(['Cost item', esc(us.short), esc(r.name)], [
          ['Subscription (3 years)', usd(ours), usd(theirs)],
          ['Implementation', usd(rng.int(1, 4) * 5000), usd(rng.int(3, 12) * 5000)],
          ['Training and admin', usd(rng.int(1, 3) * 5000), usd(rng.int(2, 8) * 5000)],
        ]) +
        p(em('Numbers are estimates; use the TCO calculator in the deal desk for quotes.'))
      );
    }),
    T('Executive pricing strategy vs {R}', ['Pricing', 'Discounting', 'Enterprise'], ({ r, rng }) =>
      p(strong('Confidential — executives only.')) +
      p(`Approved floor against ${esc(r.name)}: ${pct(rng, 30, 45)} off list for three-year deals above ${usd(rng.int(10, 30) * 10000)} ARR. Strategic logos may go to ${pct(rng, 46, 55)} with CRO approval.`) +
      ul(['Never lead with price', `Bundle ${OUR_COMPANY.products[2]} instead of discounting`, 'Trade discount for case-study rights']),
      { groups: ['Executives'] },
    ),
    T('{R} contract terms', ['Pricing'], ({ r, rng }) =>
      ul([
        `Minimum term: ${rng.pick(['12 months', '24 months', '36 months'])}`,
        `Auto-renewal with ${rng.pick(['60', '90', '120'])}-day notice`,
        `Price uplift cap at renewal: ${pct(rng, 3, 12)}`,
        `Overage billed ${rng.pick(['monthly in arrears', 'quarterly', 'at true-up'])}`,
      ]) + p(`Customers leaving ${esc(r.name)} frequently cite the auto-renewal clause.`),
    ),
    T('Free trial and freemium at {R}', ['Pricing', 'SMB', 'Onboarding'], ({ r, rng }) =>
      p(`${esc(r.name)} offers ${esc(rng.pick(['a 14-day free trial', 'a 30-day free trial', 'a free tier with three users', 'no self-serve trial, only guided pilots']))}. Trial users get ${esc(rng.pick(['sample data only', 'two connectors', 'full features except SSO', 'a capped number of AI questions']))}.`),
    ),
    T('Pricing talk track vs {R}', ['Pricing', 'Objections'], ({ r, us }) =>
      ol([
        `Acknowledge: "${esc(r.name)} can look cheaper on the first-year quote."`,
        `Reframe: compare three-year cost including ${em('viewers, SSO and services')}.`,
        `Prove: share the TCO card and a customer story that moved from ${esc(r.name)} to ${esc(us.short)}.`,
      ]),
    ),
  ],
  Product: [
    T('Feature comparison: Northwind vs {R}', ['Competitive Positioning', 'Dashboards'], ({ r, rng }) =>
      table(['Capability', 'Northwind', esc(r.name)], [
        ['Self-service dashboards', yes, rng.chance(0.8) ? yes : no],
        ['Embedded analytics', yes, rng.chance(0.5) ? yes : no],
        ['AI assistant', `${yes} Northwind Copilot`, esc(r.ai)],
        ['Row-level security (all tiers)', yes, rng.chance(0.3) ? yes : no],
        ['SSO / SCIM', `${yes} all paid tiers`, rng.chance(0.4) ? yes : 'Enterprise only'],
        ['SOC 2 Type II', yes, rng.chance(0.7) ? yes : no],
        ['Native connectors', `${OUR_COMPANY.connectors}+`, String(r.connectors)],
      ]) + p(em('Last verified by product marketing this quarter.')),
    ),
    T('{R} dashboards and visualization', ['Dashboards'], ({ r, rng }) =>
      p(`${esc(r.products[0])} ships ${rng.int(18, 45)} chart types and ${esc(rng.pick(['drag-and-drop layouts', 'a grid-based canvas', 'pixel-perfect page layouts', 'notebook-style reports']))}. Dashboards ${esc(rng.pick(['load quickly on small extracts but slow down on live queries', 'are attractive but hard to govern at scale', 'require a desktop tool to author', 'lack cross-filtering between tiles']))}.`),
    ),
    T('{R} embedded analytics', ['Embedded Analytics'], ({ r, rng }) =>
      p(`Embedding with ${esc(r.name)} uses ${esc(rng.pick(['iframes with signed URLs', 'a JavaScript SDK', 'a React component library', 'a REST API plus iframes']))}. White-labeling is ${esc(rng.pick(['only on the top tier', 'available but limited to colors and logo', 'fully supported', 'not available']))}.`) +
      p(`Northwind Embed supports multi-tenant row-level security out of the box; ask the prospect how ${esc(r.name)} isolates tenants.`),
    ),
    T('Connectors and integrations: {R}', ['Integrations'], ({ r, rng }) =>
      p(`${r.connectors} native connectors. Notable gaps:`) +
      ul(rng.sample(['SAP', 'NetSuite', 'Workday', 'ServiceNow', 'Marketo', 'Zendesk', 'MongoDB', 'Kafka streams', 'SharePoint lists'], 3).map(esc)) +
      p(`They rely on ${esc(rng.pick(PARTNERS))} for ETL into a warehouse.`),
    ),
    T('{R} AI assistant', ['AI'], ({ r, rng }) =>
      p(`${strong(r.ai)} answers natural-language questions over ${esc(rng.pick(['a single dataset at a time', 'curated semantic models', 'any connected table', 'extracts only']))}. In our tests it ${esc(rng.pick(['hallucinated joins on ambiguous questions', 'was accurate on simple aggregates but failed on time comparisons', 'could not explain where numbers came from', 'was slow (8–15 seconds per answer)']))}.`) +
      p(`Position ${strong('Northwind Copilot')}: answers cite the governed metric and respect row-level security.`),
    ),
    T('Security and data governance: {R}', ['Security', 'Data Governance', 'Compliance', 'SSO'], ({ r, rng }) =>
      ul([
        `SSO (SAML / OIDC): ${rng.chance(0.5) ? 'all paid plans' : 'Enterprise tier only'}`,
        `SCIM provisioning: ${rng.chance(0.5) ? 'yes' : 'no'}`,
        `Certifications: ${esc(rng.sample(['SOC 2 Type II', 'ISO 27001', 'HIPAA', 'GDPR DPA', 'FedRAMP Moderate'], rng.int(1, 3)).join(', '))}`,
        `Audit logs retained ${rng.pick(['30', '90', '365'])} days`,
        `Lineage: ${rng.pick(['table level only', 'none', 'column level', 'via a third-party catalog'])}`,
      ]) + p(`Security review is a common stall point for ${esc(r.name)} deals; offer our trust center early.`),
    ),
    T('{R} deployment options', ['Deployment'], ({ r }) =>
      p(`Deployment: ${esc(r.deployment)}.`) + p(`For prospects with data-residency requirements, note that Northwind runs in US, EU and APAC regions and supports customer-managed keys.`),
    ),
    T('{R} mobile experience', ['Mobile'], ({ r, rng }) =>
      p(`${esc(r.name)} ${esc(rng.pick(['has native iOS and Android apps', 'offers a responsive web view only', 'ships a mobile app with offline snapshots', 'has no mobile app']))}. ${esc(rng.pick(['Push alerts are limited to thresholds.', 'Sellers in the field complain about login prompts.', 'Dashboards are not touch-optimised.']))}`),
    ),
    T('{R} roadmap signals', ['Roadmap', 'AI'], ({ r, rng }) =>
      p(`From job postings, conference talks and release notes, ${esc(r.name)} is investing in:`) +
      ul(rng.sample(FEATURES, 3).map(esc)) +
      p(`Roadmap items are ${em('not')} commitments; sellers should not repeat them as facts.`),
    ),
    T('{R} performance at scale', ['Performance', 'Enterprise'], ({ r, rng }) =>
      p(`Benchmarks on a ${rng.int(1, 20)} billion-row dataset: ${esc(r.name)} median dashboard load ${rng.float(2, 9).toFixed(1)} s versus ${rng.float(0.8, 2.2).toFixed(1)} s for Northwind with caching on.`) +
      p(`Details in the ${a('https://www.northwind.test/benchmarks', 'published benchmark')}.`),
    ),
  ],
  'Strengths & Weaknesses': [
    T('Where {R} is strong', ['Competitive Positioning'], ({ r }) =>
      p(`Be honest about what ${esc(r.name)} does well:`) + ul(r.strengths.map(esc)),
    ),
    T('Where {R} is weak', ['Competitive Positioning'], ({ r }) =>
      p(`Press on these gaps during discovery:`) + ul(r.weaknesses.map(esc)),
    ),
    T('How we win against {R}', ['Competitive Positioning'], ({ r, rng }) =>
      ol([
        `Lead with governed self-service: ${esc(r.weaknesses[0])}.`,
        `Run a proof of value on the prospect's own data within ${rng.int(5, 14)} days.`,
        `Bring security in early; Northwind includes SSO, SCIM and row-level security on every paid tier.`,
        `Use a reference customer who evaluated ${esc(r.name)}.`,
      ]),
    ),
    T('How we lose to {R}', ['Competitive Positioning'], ({ r, rng }) =>
      ol([
        `${esc(r.name)} gets in early and shapes the requirements around ${esc(r.strengths[0].toLowerCase())}.`,
        `Price-only evaluations (${pct(rng, 20, 45)} of our losses to them).`,
        `We fail to reach the economic buyer before the ${esc(rng.pick(['technical evaluation', 'security review', 'procurement stage']))}.`,
      ]),
    ),
    T('What customers say about {R}', ['Customers', 'Support'], ({ r, rng }) =>
      quote(rng.pick([
        `Getting started with ${r.name} was easy, but once we passed fifty users governance became a full-time job.`,
        `${r.name}'s support was responsive during the sale and much slower after we signed.`,
        `We love the charts. We do not love the renewal quote from ${r.name}.`,
        `The AI assistant impressed our executives in the demo, but our analysts stopped trusting it after a month.`,
      ])) + p(`Review score: ${rng.float(3.6, 4.6).toFixed(1)} / 5 across ${rng.int(80, 900)} reviews on ${a('https://www.peerscore.test', 'PeerScore')}.`),
    ),
    T('SWOT summary: {R}', ['Competitive Positioning'], ({ r, rng }) =>
      table(['', 'Helpful', 'Harmful'], [
        [strong('Internal'), `${strong('Strengths:')} ${esc(r.strengths[0])}`, `${strong('Weaknesses:')} ${esc(r.weaknesses[1] ?? r.weaknesses[0])}`],
        [strong('External'), `${strong('Opportunities:')} ${esc(rng.pick(['AI budgets moving to analytics', 'warehouse consolidation', 'demand for embedded analytics']))}`, `${strong('Threats:')} ${esc(rng.pick(['price pressure from bundled suites', 'security scrutiny of AI features', 'slower enterprise budgets']))}`],
      ]),
    ),
    T('Win/loss themes vs {R} last quarter', ['Competitive Positioning', 'Customers'], ({ r, rng }) =>
      table(['Theme', 'Mentions in wins', 'Mentions in losses'], [
        ['Ease of use', String(rng.int(2, 20)), String(rng.int(1, 15))],
        ['Price', String(rng.int(1, 12)), String(rng.int(3, 20))],
        ['Security and governance', String(rng.int(5, 25)), String(rng.int(0, 6))],
        ['AI assistant', String(rng.int(2, 15)), String(rng.int(1, 12))],
      ]) + p(`Based on ${rng.int(12, 60)} interviews with buyers who evaluated ${esc(r.name)}.`),
    ),
    T('Analyst perspective on {R}', ['Competitive Positioning'], ({ r, rng }) =>
      p(`Industry analysts place ${esc(r.name)} as a ${esc(rng.pick(['challenger', 'niche player', 'leader', 'visionary']))} in analytics and BI platforms, citing ${esc(r.strengths[1] ?? r.strengths[0])} and cautioning about ${esc(r.weaknesses[0].toLowerCase())}.`),
    ),
  ],
  'Objection Handling': [
    T('"{R} is cheaper"', ['Objections', 'Pricing'], ({ r }) =>
      p(strong('Objection: ') + `"${esc(r.name)} quoted us less."`) +
      p(strong('Response: ') + `Compare the full three-year cost. ${esc(r.name)} prices ${esc(r.pricingModel)}, and SSO, row-level security and premium support are often extra. Northwind includes them on every paid tier.`),
    ),
    T('"{R} has more connectors"', ['Objections', 'Integrations'], ({ r }) =>
      p(strong('Objection: ') + `"${esc(r.name)} connects to everything we use."`) +
      p(strong('Response: ') + `${esc(r.name)} lists ${r.connectors} native connectors; Northwind has ${OUR_COMPANY.connectors}+, plus a connector SDK. Ask which three sources matter most and show them live.`),
    ),
    T('"We already use {R}\'s AI assistant"', ['Objections', 'AI'], ({ r }) =>
      p(strong('Objection: ') + `"${esc(r.ai)} already answers our questions."`) +
      p(strong('Response: ') + `Ask how they verify answers. Northwind Copilot cites the certified metric behind each answer and respects row-level security, so sellers and executives see numbers they are allowed to see.`),
    ),
    T('"{R} is the safer enterprise choice"', ['Objections', 'Enterprise', 'Security'], ({ r }) =>
      p(strong('Objection: ') + `"Nobody gets fired for choosing ${esc(r.name)}."`) +
      p(strong('Response: ') + `Northwind is SOC 2 Type II and ISO 27001 certified, runs in three regions and serves customers with 40,000+ users. Offer our security package and a reference from a regulated industry.`),
    ),
    T('"Switching from {R} will be painful"', ['Objections', 'Migration'], ({ r, rng }) =>
      p(strong('Objection: ') + `"We have years of dashboards in ${esc(r.products[0])}."`) +
      p(strong('Response: ') + `Our migration service converts ${pct(rng, 60, 85)} of ${esc(r.name)} dashboards automatically. Typical migration: ${rng.int(4, 10)} weeks, run in parallel so nobody loses access.`),
    ),
    T('"{R} embeds better in our product"', ['Objections', 'Embedded Analytics'], ({ r }) =>
      p(strong('Objection: ') + `"${esc(r.name)} was built for embedding."`) +
      p(strong('Response: ') + `Northwind Embed offers the same SDK approach plus internal BI on one platform, so the customer does not pay for two tools.`),
    ),
    T('Landmine questions to ask against {R}', ['Objections'], ({ r }) =>
      ol([
        'How do you give sellers and executives different views of the same dashboard?',
        'Which plan includes SSO and SCIM, and what does it cost for all your users?',
        `How does ${esc(r.name)} show where an AI answer came from?`,
        'What happens to your bill when usage doubles next year?',
      ]),
    ),
    T('"Their dashboards look nicer"', ['Objections', 'Dashboards'], ({ r }) =>
      p(strong('Objection: ') + `"${esc(r.name)}'s demo looked better."`) +
      p(strong('Response: ') + `Demos use curated data. Offer a side-by-side on the prospect's own data and focus on time to answer, not chart styling.`),
    ),
  ],
  News: [
    T('{R} funding and financials', ['Funding'], ({ r, rng }) =>
      p(`${esc(r.name)} funding status: ${esc(r.funding)}. ${esc(rng.pick(['Investors are pushing for profitability, expect price increases.', 'Fresh capital usually means more aggressive discounting for the next two quarters.', 'Reports suggest they are exploring a sale.']))}`),
    ),
    T('Product launch: {R} announces new AI features', ['Product Launch', 'AI'], ({ r, rng }) =>
      p(`${esc(r.name)} announced ${esc(rng.pick(FEATURES))} and upgrades to ${esc(r.ai)} at its annual customer conference.`) +
      p(`Read the ${a(rivalUrl(r, '/blog/announcements'), 'announcement')}. Our take: ${esc(rng.pick(['mostly catching up to Northwind Copilot', 'a real improvement worth watching', 'limited to the Enterprise tier']))}.`),
    ),
    T('{R} leadership change', ['Leadership'], ({ r, rng }) =>
      p(`${esc(rng.pick(PEOPLE))} joined ${esc(r.name)} as ${esc(rng.pick(EXEC_ROLES))}, previously at ${esc(rng.pick(['a large cloud provider', 'a legacy BI vendor', 'a CRM company', 'a data warehouse startup']))}.`),
    ),
    T('{R} partnership announcement', ['Partnerships'], ({ r, rng }) =>
      p(`${esc(r.name)} announced a partnership with ${esc(rng.pick(PARTNERS))} to ${esc(rng.pick(['co-sell in EMEA', 'offer a joint connector', 'bundle analytics into a CRM', 'list in a cloud marketplace']))}.`),
    ),
    T('{R} customer win announced', ['Customers'], ({ r, rng }) =>
      p(`${esc(rng.pick(FAKE_CUSTOMERS))} selected ${esc(r.name)} for ${esc(rng.pick(['company-wide dashboards', 'embedded customer reporting', 'finance reporting', 'product analytics']))}. We lost this deal in ${esc(rng.pick(['technical evaluation', 'procurement', 'the security review']))}.`),
    ),
    T('{R} hiring trends (live)', ['Roadmap'], ({ r }) => [
      { type: 'html', value: p(`Hiring at ${esc(r.name)} is a leading indicator of roadmap and go-to-market focus.`) },
      { type: 'formula', value: '{{jobPostings(rival)}}' },
      { type: 'html', value: p('Web traffic trend:') },
      { type: 'formula', value: '{{traffic(rival)}}' },
    ]),
    T('{R} pricing page changed', ['Pricing'], ({ r, rng }) =>
      p(`Our page monitor detected a change on ${a(rivalUrl(r, '/pricing'), `${r.domain}/pricing`)}: ${esc(rng.pick(['a new mid-tier plan', 'SSO moved to a cheaper tier', 'list prices up about 10%', 'the free tier was removed']))}.`),
    ),
    T('{R} service outage', ['Performance', 'Support'], ({ r, rng }) =>
      p(`${esc(r.name)} reported a ${rng.int(2, 9)}-hour outage affecting ${esc(rng.pick(['dashboards in the EU region', 'scheduled reports', 'the AI assistant', 'embedded analytics sessions']))}. Mention reliability carefully; never disparage.`),
    ),
  ],
  Scratchpad: [
    T('Notes from call with former {R} customer', [], ({ r, rng }) =>
      p(`Spoke with ${esc(rng.pick(PEOPLE))}. They left ${esc(r.name)} because of ${esc(r.weaknesses[rng.int(0, r.weaknesses.length - 1)].toLowerCase())}.`),
    ),
    T('Ideas to research on {R}', [], ({ r }) =>
      ul([`Confirm ${esc(r.name)} SOC 2 scope`, 'Check renewal pricing anecdotes', 'Find a reference who migrated']),
    ),
    T('Draft positioning vs {R}', ['Competitive Positioning'], ({ r }) =>
      p(`${em('Draft:')} Northwind is the governed, AI-ready analytics platform; ${esc(r.name)} is ${esc(r.tagline)}.`),
    ),
  ],
};

export const CARD_SOURCE_NAMES = ['Pricing page', 'Product documentation', 'Press release', 'Analyst note', 'Customer review', 'Earnings call', 'Webinar recording', 'Release notes'];

export const BATTLECARD_TITLES = ['{R} quick battlecard', '{R} enterprise battlecard', '{R} head-to-head'];

// ---------------------------------------------------------------------------------------------
// Intel feed vocabulary

export const INTEL_CHANNEL_WEIGHTS = [
  ['rss', 62],
  ['slack', 8],
  ['teams', 4],
  ['extension', 6],
  ['email', 5],
  ['rivalscopebot', 8],
  ['in_app', 4],
  ['new_page', 3],
] as const;

export const INTEL_STATE_WEIGHTS = [
  ['unprocessed', 50],
  ['working', 10],
  ['archived', 35],
  ['deleted', 5],
] as const;

export const INTEL_PRIORITY_WEIGHTS = [
  [null, 80],
  ['interesting', 13],
  ['important', 7],
] as const;

export const NEWS_SOURCES = [
  'techwire.test', 'saasdaily.test', 'datadispatch.test', 'pressline.test', 'analyticsweekly.test', 'cloudbeat.test',
  'venturejournal.test', 'biinsider.test', 'enterprisetimes.test', 'devpulse.test',
];
export const REVIEW_SOURCES = ['peerscore.test', 'reviewhub.test'];
export const JOB_SOURCES = ['jobsboard.test', 'talentfeed.test'];
export const SOCIAL_SOURCES = ['chirper.test', 'linkedpro.test'];

export type IntelTopic = {
  topic: string;
  contentTypes: readonly (readonly [string, number])[];
  titles: string[];
  lead: string[];
  details: string[];
};

/** Placeholders: {R} rival, {product}, {ai}, {feature}, {partner}, {customer}, {person}, {role}, {amount}, {count}, {region}, {pct}. */
export const INTEL_TOPICS: IntelTopic[] = [
  {
    topic: 'pricing',
    contentTypes: [['article', 5], ['webpage_change', 3], ['review', 1]],
    titles: ['{R} raises list prices by {pct}', '{R} introduces a new mid-tier plan', '{R} moves SSO to a cheaper plan', '{R} drops its free tier', '{R} switches {product} to usage-based pricing'],
    lead: ['{R} has updated its pricing for {product}, according to changes on its website.', 'Customers report that {R} is changing how it charges for {product}.'],
    details: ['The change affects new customers immediately and renewals from next quarter.', 'Sellers should expect prospects to bring up the new {R} price points.', 'Analysts see the move as a response to pressure on per-seat pricing.', 'Existing customers are reportedly being offered a {pct} discount to sign multi-year renewals.'],
  },
  {
    topic: 'product launch',
    contentTypes: [['article', 5], ['press_release', 4], ['social', 1]],
    titles: ['{R} launches {feature}', '{R} unveils {ai} 2.0', '{R} announces {feature} for {product}', '{R} ships {feature} in public beta'],
    lead: ['{R} announced {feature} at its annual customer conference.', '{R} today released {feature} as part of {product}.'],
    details: ['The feature is available on the Enterprise tier first.', '{R} says the release is aimed at {region} customers.', 'Early reviewers praise the interface but question accuracy.', 'The launch puts {R} closer to parity with Northwind on AI features.'],
  },
  {
    topic: 'funding',
    contentTypes: [['article', 5], ['press_release', 4]],
    titles: ['{R} raises {amount} to expand AI analytics', '{R} closes {amount} growth round', '{R} reportedly in talks to raise at a higher valuation'],
    lead: ['{R} has raised {amount} in new funding.', 'Investors have put {amount} into {R}, the company said on Tuesday.'],
    details: ['The money will fund hiring in sales and engineering.', '{R} plans to expand in {region}.', 'Fresh funding usually means more aggressive discounting in the next two quarters.', 'The round values {R} well above its previous valuation.'],
  },
  {
    topic: 'hiring',
    contentTypes: [['job_posting', 8], ['article', 1]],
    titles: ['{R} is hiring a {role}', '{R} posts {count} new engineering roles', '{R} hiring enterprise account executives in {region}', '{R} opens roles for {feature}'],
    lead: ['{R} has posted {count} new job openings this month.', 'A new {R} job posting hints at work on {feature}.'],
    details: ['Several roles mention experience with embedded analytics.', 'The postings point to an expansion of the enterprise sales team.', 'Roles in {region} suggest a new regional office.', 'One posting mentions building SOC 2 and ISO 27001 compliance programs.'],
  },
  {
    topic: 'partnership',
    contentTypes: [['press_release', 5], ['article', 4]],
    titles: ['{R} partners with {partner}', '{R} and {partner} announce joint connector', '{R} joins {partner} marketplace'],
    lead: ['{R} and {partner} announced a strategic partnership.', '{partner} will resell {product} to its customers, {R} said.'],
    details: ['The partnership includes co-selling in {region}.', 'Customers of {partner} get a discount on {R} for the first year.', 'The deal could make {R} harder to displace in joint accounts.'],
  },
  {
    topic: 'leadership',
    contentTypes: [['article', 5], ['press_release', 3], ['social', 2]],
    titles: ['{R} names {person} {role}', '{R} {role} departs', '{person} joins {R} as {role}'],
    lead: ['{R} has appointed {person} as {role}.', '{R} confirmed that its {role} is leaving the company.'],
    details: ['{person} previously led go-to-market at a larger analytics vendor.', 'The change comes after a difficult quarter for {R}.', 'Leadership changes often precede a pricing or packaging overhaul.'],
  },
  {
    topic: 'customer win',
    contentTypes: [['press_release', 4], ['article', 3], ['social', 2]],
    titles: ['{customer} selects {R} for company-wide analytics', '{R} announces {customer} as a customer', '{customer} standardises on {product}'],
    lead: ['{customer} has chosen {R} to replace its legacy reporting.', '{R} announced that {customer} will roll out {product} to {count} employees.'],
    details: ['The deal was competitive; Northwind was not shortlisted.', '{R} cites {feature} as the deciding factor.', 'Expect {R} to use {customer} as a reference in similar deals.'],
  },
  {
    topic: 'outage',
    contentTypes: [['article', 4], ['social', 4], ['review', 1]],
    titles: ['{R} suffers multi-hour outage', 'Users report {product} downtime', '{R} status page shows degraded performance in {region}'],
    lead: ['{R} customers reported problems loading dashboards for several hours.', 'The {R} status page confirmed an incident affecting {product}.'],
    details: ['The incident affected customers in {region}.', '{R} has not yet published a root-cause analysis.', 'Mention reliability carefully; never disparage a competitor.'],
  },
  {
    topic: 'security',
    contentTypes: [['article', 5], ['press_release', 2], ['webpage_change', 1]],
    titles: ['{R} achieves SOC 2 Type II', '{R} discloses security incident', '{R} adds SSO and SCIM to all plans', '{R} publishes new trust center'],
    lead: ['{R} announced changes to its security and compliance posture.', 'A new {R} trust center page lists its certifications and subprocessors.'],
    details: ['Security reviews have been a stall point in {R} deals.', 'The change narrows one of our differentiators.', 'Prospects in regulated industries will ask about this.'],
  },
  {
    topic: 'acquisition',
    contentTypes: [['article', 5], ['press_release', 4]],
    titles: ['{R} acquires {partner}', '{R} to be acquired, sources say', '{R} to buy {partner} in a push into {feature}'],
    lead: ['{R} has agreed to acquire {partner} for an undisclosed sum.', 'Sources say {R} is exploring a sale to a larger software company.'],
    details: ['The acquisition fills a gap in {feature}.', 'Integration is expected to take several quarters.', 'Customers may face roadmap uncertainty during the transition.'],
  },
  {
    topic: 'review',
    contentTypes: [['review', 8], ['article', 1]],
    titles: ['New {R} review: "great demo, painful rollout"', '{R} rated {stars} stars by a mid-market customer', 'Reviewer compares {R} and Northwind'],
    lead: ['A new review of {R} was posted on a software review site.', 'A {role} at a mid-market company reviewed {R} ({product}).'],
    details: ['The reviewer praises {feature} but criticises support response times.', 'They mention renewal pricing as the main concern.', 'The review mentions evaluating Northwind before choosing {R}.'],
  },
  {
    topic: 'webinar',
    contentTypes: [['article', 3], ['social', 2], ['webpage_change', 1]],
    titles: ['{R} webinar: {feature} deep dive', '{R} hosts roadshow in {region}', '{R} announces user conference dates'],
    lead: ['{R} is promoting a webinar on {feature}.', '{R} will run a series of events in {region} next month.'],
    details: ['The agenda suggests a push into enterprise accounts.', 'Sign up with a personal email to see the content.', 'Speakers include {person}, {role} at {R}.'],
  },
];

export const INTEL_FILLERS = { FAKE_CUSTOMERS, PARTNERS, PEOPLE, EXEC_ROLES, FEATURES, REGIONS };

/** Fills an intel template with values drawn for one item. */
export function intelValues(rng: Rng, r: RivalFacts): Record<string, string> {
  return {
    R: r.name,
    product: rng.pick(r.products),
    ai: r.ai,
    feature: rng.pick(FEATURES),
    partner: rng.pick(PARTNERS),
    customer: rng.pick(FAKE_CUSTOMERS),
    person: rng.pick(PEOPLE),
    role: rng.pick(EXEC_ROLES),
    amount: `$${rng.int(8, 250)}M`,
    count: String(rng.int(5, 60)),
    region: rng.pick(REGIONS),
    pct: `${rng.int(5, 25)}%`,
    stars: String(rng.int(2, 5)),
  };
}

export { fill };
