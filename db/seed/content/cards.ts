// Card templates per board, the demo's dynamic boards, and card source and battlecard names.
import type { Rng } from '../random.ts';
import { html } from './html.ts';
import { variableTokenHtml } from '../../../contracts/cardVariables.ts';
import { OUR_COMPANY, type GroupName } from './company.ts';
import type { RivalFacts } from './rivals.ts';
import { EXEC_ROLES, FAKE_CUSTOMERS, FEATURES, PARTNERS, PEOPLE, REGIONS } from './names.ts';

const { esc, p, h3, h4, strong, em, a, ul, ol, table, quote } = html;

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
      p(`${esc(r.connectors.toString())} native connectors, compared with ${variableTokenHtml('connector_count')}+ for ${OUR_COMPANY.short}.`),
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
      p(strong('Response: ') + `${esc(r.name)} lists ${r.connectors} native connectors; Northwind has ${variableTokenHtml('connector_count')}+, plus a connector SDK. Ask which three sources matter most and show them live.`),
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
