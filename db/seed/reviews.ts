// Demo reviews of the rivals on public review sites, for review insights. Each rival leans its own way: the
// aspects its strengths name (content.ts) draw most of its reviews' praise, those its weaknesses name most of
// their complaints. Sentences agree with the rating: a 5-star review praises (one gripe at most),
// a 1-star review complains, a 3-star review mixes. Reviews come out oldest first, over two years before `now`,
// denser towards now; permalinks have each site's URL shape with ids that grow over time. Pure: no I/O, no clock.
import type { CompanySizeBucket, ReviewInput, ReviewSiteKey } from '../../contracts/reviews.ts';
import type { RivalFacts } from './content.ts';
import { DAY, Rng, seedOf, slugify } from './random.ts';

export type DemoReview = ReviewInput & { rival: string };

export const DEMO_REVIEW_COUNT = 3_000;
export const REVIEWS_PER_SCALE = 10_000;
export const DEMO_REVIEW_DAYS = 730;
/** Review volume grows linearly over the two years: a month now brings (1 + growth) times the reviews of the first. */
const VOLUME_GROWTH = 2;

// ---------------------------------------------------------------------------------------------
// Aspects: what a sentence praises or complains about, and which of a rival's facts speak of it.

export const REVIEW_ASPECTS = [
  'pricing', 'support', 'easeOfUse', 'reporting', 'integrations', 'performance', 'onboarding', 'security', 'mobileApp',
  'documentation', 'dashboards', 'dataGovernance', 'ai', 'collaboration', 'reliability', 'roadmap',
] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

type AspectText = {
  /** How often reviews bring it up, before a rival's leanings. */
  weight: number;
  /** Strengths and weaknesses (content.ts) that speak of this aspect. */
  facts: RegExp;
  /** The aspect in a title: "Great {aspect}". */
  noun: string;
  praise: string[];
  complaint: string[];
};

const ASPECTS: Record<ReviewAspect, AspectText> = {
  pricing: {
    weight: 1.1,
    facts: /pric|cost|cheap|expensive|licens|maintenance|free tier|spend/i,
    noun: 'pricing',
    praise: [
      'For what you get, {price} is a fair price.',
      'Pricing is fair and transparent, and the {tier} plan covered everything we needed.',
      'It costs noticeably less than the other tools we compared, and the renewal was smooth.',
      'At {price} it is great value and paid for itself within a quarter.',
      'The price has stayed reasonable as we grew to {users} users.',
      'Great value: we cancelled two other subscriptions after rolling it out.',
      'Licensing is simple, which our procurement team loved.',
      'No surprise invoices so far, which is refreshing in this market.',
      'The {tier} plan is good value for a team of {users}.',
      'Pricing is predictable, which makes budgeting easy.',
    ],
    complaint: [
      'It is too expensive: {price} becomes a real problem once the whole team needs access.',
      'Pricing is confusing, and our renewal quote came in {pct}% higher than last year.',
      'Features we consider basic are locked behind the {topTier} plan.',
      'At {price} it is hard to justify for occasional users.',
      'Costs are hard to forecast, and our bill spiked twice this year.',
      'Their sales team kept pushing a pricier plan than we needed, which was annoying.',
      'Honestly, it is overpriced and a waste of budget for what it does.',
      'Every add-on is another line item, so it gets costly quickly.',
      'Budgeting is hard because the bill changes every month.',
    ],
  },
  support: {
    weight: 1,
    facts: /support\b|success manager|partner/i,
    noun: 'support',
    praise: [
      'Support is excellent; our tickets get a real answer within {hours} hours.',
      'Whenever we opened a ticket, the support team was quick and genuinely helpful.',
      'The customer success team helped us design our first data model, which saved us weeks.',
      'Their support staff actually know the product instead of pasting links to help articles.',
      'Live chat support is fast and friendly.',
      'Our account manager, {person}, checks in every month and is always helpful.',
      'Support always gets back to me within a day with a useful answer.',
    ],
    complaint: [
      'Support is terrible: tickets sit for {days} days before anyone replies.',
      'Support is useless and frustrating, since every answer is a link to a generic article.',
      'Support is email only, which is a painful problem when a dashboard breaks before a board meeting.',
      'We were bounced between three support reps before anyone understood the problem, a frustrating waste of time.',
      'Customer support has gotten worse since our original account manager left.',
      'Bugs we reported {months} months ago are still broken, which is disappointing.',
      'Without the premium plan, support is poor and slow.',
    ],
  },
  easeOfUse: {
    weight: 1.2,
    facts: /self-service|interface|intimidating|dated|authoring|browser editing|needs an analytics engineer|business users/i,
    noun: 'ease of use',
    praise: [
      'It is genuinely easy to use; our {team} team builds their own reports now.',
      'The interface is clean and intuitive, and new hires pick it up in a day.',
      'The drag-and-drop builder is easy and great for non-technical colleagues.',
      'Very user friendly, even for colleagues who live in Excel.',
      'I love how little training our {team} team needed to get going.',
      'Simple things are simple, which is a nice change.',
      'Filters and drill-downs are intuitive and work well.',
      'Even our executives find it easy to explore data on their own.',
      'The learning curve is gentle, and the interface is clean.',
    ],
    complaint: [
      'The interface is dated, clunky and awkward next to newer tools.',
      'It is hard and confusing for business users, who still ask the data team for everything.',
      'There is a steep learning curve, and the menus are confusing.',
      'Simple tasks like renaming a field take far too many clicks, which is annoying.',
      'Our {team} team found it intimidating and went back to spreadsheets.',
      'The editor is awkward, and undo does not always work.',
      'Navigation is confusing; I still get lost after {months} months.',
      'Every new hire needs weeks of training because the interface is so confusing.',
    ],
  },
  reporting: {
    weight: 0.9,
    facts: /reporting|olap|bolted on|not a general-purpose|modeling/i,
    noun: 'reporting',
    praise: [
      'Reporting is a real strength: scheduled PDFs reach our {team} team every Monday morning.',
      'The report builder handles complex layouts with ease.',
      'Month-end reporting that used to take two days now runs in an hour, a big improvement.',
      'Pixel-perfect exports make our board packs look professional.',
      'Scheduled reports and alerts are reliable and flexible.',
      'Ad hoc reporting is quick, and calculated fields are powerful.',
      'Scheduled reports land in the {team} team\'s inboxes on time, every time, which is great.',
      'The paginated reports are excellent for regulatory filings and board packs.',
      'Our {team} team builds its weekly reports in minutes now, which is a huge win.',
      'Drill-through from summary to detail works well in every report.',
      'Exporting reports to Excel and PDF is reliable, and they look good.',
    ],
    complaint: [
      'Reporting is weak, so we still export to Excel for anything beyond a basic table.',
      'Scheduled reports fail silently, and we find out from annoyed stakeholders.',
      'Formatting a printable report is painful, and PDF exports cut off columns.',
      'Finance reporting is weak, with no proper subtotals or period comparisons.',
      'Building a report with more than a few calculated fields gets frustrating fast.',
      'The reporting module is poor and feels like an afterthought.',
      'Exports to Excel lose their formatting, which is annoying every month end.',
      'Reports break whenever someone renames a column in {wh}, which is frustrating.',
      'Period-over-period comparisons are a struggle to build.',
    ],
  },
  integrations: {
    weight: 0.9,
    facts: /connector|integrat|ecosystem|front ends|sdk|lock-in|embedded analytics offering/i,
    noun: 'integrations',
    praise: [
      'The {wh} connector took ten minutes to set up and has been rock solid.',
      'Integrations are a highlight: we connected {crm}, {wh} and {tool} in the first week.',
      'With {connectors} connectors, almost everything we use is covered out of the box, which is great.',
      'The {crm} integration keeps pipeline data fresh without any scripts.',
      'The API is well designed and easy to automate against.',
      'Sending alerts to {tool} works great for our team.',
      'Setting up the {wh} and {crm} connectors was easy.',
      'Webhooks into {tool} work reliably.',
    ],
    complaint: [
      'The {crm} integration fails whenever a field changes, and nobody tells you.',
      'Connectors are limited, so we had to build our own pipeline from {wh}.',
      'There is no native connector for {tool}, which is a frustrating gap.',
      'Syncing with {wh} is slow and unreliable, and it sometimes drops rows.',
      'The API is poorly documented and the rate limits are tight.',
      'Integrations beyond the big names are missing or half-finished.',
    ],
  },
  performance: {
    weight: 0.8,
    facts: /performs|performance|hard to scale|struggles|spike|large datasets/i,
    noun: 'performance',
    praise: [
      'Performance is great: dashboards load in under {secs} seconds, even on our largest tables.',
      'Performance is excellent, and queries against {wh} come back almost instantly.',
      'It stays fast and stable with {rows} million rows.',
      'Even with {users} people on it at month end, it is quick and reliable.',
      'Caching is smart, so everything feels snappy.',
    ],
    complaint: [
      'Performance is poor on large datasets, and some dashboards take a minute to load.',
      'It gets painfully slow when more than a handful of people use it at once.',
      'Queries fail with timeouts on anything over {rows} million rows.',
      'Every filter change triggers a slow reload, which is frustrating in meetings.',
      'Our {wh} bill spiked because it runs inefficient queries.',
      'The server struggles as we grow, and we have had to add hardware twice.',
    ],
  },
  onboarding: {
    weight: 0.7,
    facts: /onboarding|implementation|time-to-first|instrumentation|upgrade|needs an analytics engineer/i,
    noun: 'onboarding',
    praise: [
      'Onboarding was smooth, and we had our first dashboard live in a day.',
      'Setup was quick, and the guided onboarding was genuinely useful.',
      'Implementation took {weeks} weeks, well ahead of plan.',
      'The onboarding team was great and moved us off {other} in a few weeks.',
      'Getting started is easy thanks to templates for the usual metrics.',
      'The setup wizard made onboarding easy for our small team.',
    ],
    complaint: [
      'Implementation dragged on for {months} months and needed expensive consultants.',
      'Onboarding was a struggle, with almost no hands-on guidance.',
      'Setup is difficult and confusing without a dedicated engineer.',
      'Migrating our existing reports from {other} was slow and painful.',
      'The initial setup took far longer than we were told, which was disappointing.',
    ],
  },
  security: {
    weight: 0.5,
    facts: /security|\bsso\b|scim|soc 2|certifications\b|fedramp|hipaa|access management|compliance|row-level/i,
    noun: 'security',
    praise: [
      'SSO with {idp} was easy to set up, and the audit logs satisfied our security team.',
      'Row-level security is flexible, and our auditors were happy.',
      'Their SOC 2 report and security documentation made procurement easy.',
      'Permissions are granular and easy to manage.',
      'Single sign-on through {idp} just works, and provisioning is easy.',
      'Our infosec team was impressed by the audit trail.',
      'Data access controls are strong enough for our regulators.',
    ],
    complaint: [
      'SSO is only available on the {topTier} plan, which is ridiculous for a basic security feature.',
      'Permissions are weak and confusing: we cannot restrict rows by region without clumsy workarounds.',
      'Our security review stalled because they could not provide a SOC 2 Type II report.',
      'There is no SCIM provisioning, so offboarding people from {idp} is a manual headache.',
      'Audit logging is weak and too basic for our compliance team.',
      'Two-factor login for external users is missing, which worries our security team.',
      'Getting their security questionnaire answered took weeks, which was frustrating.',
    ],
  },
  mobileApp: {
    weight: 0.4,
    facts: /mobile/i,
    noun: 'mobile apps',
    praise: [
      'The mobile app is great for checking numbers on the go.',
      'The {device} works surprisingly well, and our sales leaders check their dashboards on it daily.',
      'Push alerts on the {device} are a nice touch.',
      'Dashboards look good on phones with no extra setup.',
    ],
    complaint: [
      'The {device} is awkward to use and crashes often.',
      'Dashboards are hard to read on a phone, and the {device} logs us out constantly, which is annoying.',
      'There is no real mobile app, just a cramped web view that is painful to use.',
      'Mobile is an afterthought, and filters are broken in the {device}.',
    ],
  },
  documentation: {
    weight: 0.3,
    facts: /documentation|community/i,
    noun: 'documentation',
    praise: [
      'Documentation is thorough, and the examples are actually useful.',
      'The docs and the community forum answer most questions before we need support.',
      'Their developer documentation is excellent.',
    ],
    complaint: [
      'The documentation is outdated and confusing, often describing menus that no longer exist.',
      'Docs are thin, so we rely on trial and error.',
      'API documentation is poor and full of gaps.',
    ],
  },
  dashboards: {
    weight: 0.6,
    facts: /dashboard|visualization|templates|thin add-on|funnels/i,
    noun: 'dashboards',
    praise: [
      'Dashboards look great, and the templates saved us a lot of time.',
      'Building interactive dashboards is quick, and our executives love them.',
      'The visualizations are modern and easy to customize.',
      'Our KPI dashboards finally look polished enough for the board.',
      'The dashboard templates are beautiful and easy to adapt.',
      'Our {team} team loves the pipeline dashboard we built in an afternoon.',
    ],
    complaint: [
      'Visualizations feel dated, with a limited set of chart types.',
      'Customizing dashboards is frustrating, since small layout changes break things.',
      'Charts look clunky, and colors are hard to control.',
      'The dashboard builder is missing basics like conditional formatting.',
      'Dashboards look dated next to modern tools, which is disappointing.',
    ],
  },
  dataGovernance: {
    weight: 0.3,
    facts: /governance|lineage|catalog|policy|metric definitions/i,
    noun: 'data governance',
    praise: [
      'Lineage and the data catalog give us real confidence in our numbers.',
      'Certified datasets are a great way to keep everyone on the same definitions.',
      'Governance features are strong, and access policies are easy to manage.',
      'Data lineage makes audits easy and saves our team days.',
      'Access policies and certified metrics give our executives confidence in the numbers.',
    ],
    complaint: [
      'Governance is weak: no column-level lineage and no way to certify datasets.',
      'With no governance layer, we ended up with five conflicting versions of the same metric, a real mess.',
      'There is no proper data catalog, so nobody trusts which dataset is current.',
      'Metric definitions conflict from team to team, which is a governance mess.',
    ],
  },
  ai: {
    weight: 0.5,
    facts: /\bai\b|natural-language|agent|forecast|anomaly/i,
    noun: 'AI features',
    praise: [
      '{AI} answers plain-English questions well, which our managers love.',
      'The AI features save our analysts hours every week.',
      '{AI} writes decent first drafts of queries, which our business users love.',
      'The forecasts from {AI} are accurate enough to plan with.',
      '{AI} summarises dashboards well and saves our managers time.',
      'The natural-language search is impressive and accurate on our data.',
    ],
    complaint: [
      '{AI} gives wrong answers on our real data, which makes it useless for us.',
      'The AI features feel gimmicky, and we turned them off.',
      '{AI} handles only simple questions and often misreads our metric names.',
      'AI answers are slow and hard to verify, which worries our analysts.',
      '{AI} is a gimmick that fails on anything beyond simple questions.',
    ],
  },
  collaboration: {
    weight: 0.3,
    facts: /collaboration|sharing/i,
    noun: 'collaboration',
    praise: [
      'Sharing and commenting on dashboards works well across teams.',
      'Collaboration is easy, and we can mention colleagues right on a chart.',
      'Shared workspaces keep our team organized.',
    ],
    complaint: [
      'Collaboration is weak, and sharing a dashboard outside our team is a hassle.',
      'There are no comments or version history, so edits overwrite each other, which is a mess.',
      'Sharing requires everyone to have a paid license, which is frustrating.',
    ],
  },
  reliability: {
    weight: 0.35,
    facts: /outage|immature/i,
    noun: 'reliability',
    praise: [
      'It has been very reliable, with no downtime worth mentioning.',
      'Uptime has been excellent over the past {months} months.',
      'Stable and dependable, even during our busiest weeks.',
    ],
    complaint: [
      'We have had several outages this quarter, always at the worst possible time.',
      'It is buggy: dashboards randomly fail to load until you refresh.',
      'Frequent outages make it hard to trust for anything customer-facing.',
    ],
  },
  roadmap: {
    weight: 0.3,
    facts: /roadmap|release/i,
    noun: 'product updates',
    praise: [
      'They ship useful new features constantly and actually listen to feedback.',
      'The release cadence is impressive, and something useful lands every month.',
      'The product team is responsive, and the roadmap is exciting.',
    ],
    complaint: [
      'Releases are slow, and the features we asked for keep slipping, which is disappointing.',
      'Since the acquisition, the roadmap feels uncertain.',
      'Feature requests disappear into a black hole.',
    ],
  },
};

/** Employee reviews (Glassdoor, Indeed) speak of working at the rival, not of its product. */
const EMPLOYEE_ASPECTS: Pick<AspectText, 'noun' | 'praise' | 'complaint'>[] = [
  {
    noun: 'culture',
    praise: ['Great culture, and people genuinely help each other.', 'Smart, kind colleagues and a lot of trust.', 'Friendly culture with real ownership of your work.'],
    complaint: ['The culture has become political and siloed, which is sad to see.', 'Turnover is high, and morale is bad.', 'Cliques decide everything, which is frustrating for newcomers.'],
  },
  {
    noun: 'management',
    praise: ['My manager is supportive and invests in my growth.', 'Leadership is transparent about the numbers, good and bad.', 'Managers trust you and stay out of the way.'],
    complaint: ['Middle management is disorganized, and priorities change weekly.', 'Leadership ignores feedback from the front line, which is frustrating.', 'Poor communication from the top makes every reorg worse.'],
  },
  {
    noun: 'pay',
    praise: ['Pay and benefits are competitive.', 'Bonuses and equity are generous for the stage.', 'Great benefits, including a real learning budget.'],
    complaint: ['Pay is below market, and raises are small.', 'Commission plans change every year, and never in our favor.', 'Benefits are poor and disappointing compared with similar companies.'],
  },
  {
    noun: 'work-life balance',
    praise: ['Work-life balance is excellent, and remote work is respected.', 'Flexible hours and a sane workload.', 'Evenings and weekends are respected, which is great.'],
    complaint: ['Work-life balance is bad, with stressful late nights before every release.', 'Burnout is a real problem, especially in sales.', 'The workload is relentless, and quotas keep rising.'],
  },
  {
    noun: 'career growth',
    praise: ['There is lots of room to grow, and internal moves are encouraged.', 'I learned more here in a year than in three years elsewhere.', 'Promotions are fair and clearly explained.'],
    complaint: ['Career growth is weak and disappointing, and promotions feel arbitrary.', 'The lack of a clear path to promotion is frustrating.', 'Training is poor, so you are on your own.'],
  },
];

// ---------------------------------------------------------------------------------------------
// Whole-review pieces

const OPENERS = [
  'We have used {P} for {period} across our {team} team.',
  'As {aRole}, I use {P} every day.',
  'We moved to {P} from {other} last year.',
  'Our company rolled {P} out to about {users} users.',
  'We evaluated three BI tools before choosing {P}.',
  '{P} is the main reporting tool for our {team} team.',
  'I have been the admin of our {R} account for {period}.',
  'We bought {P} to replace {other} for {team} reporting.',
];
// Tense-neutral: the reviewer may be a current or a former employee.
const EMPLOYEE_OPENERS = ['Written after {period} at {R}.', 'Based on {period} in the {hq} office.', 'My review after {period} on the team.'];

const CLOSERS = {
  positive: [
    'Overall, highly recommended.',
    'I would recommend {P} to any {team} team.',
    'We happily renewed for another two years.',
    'Overall, a great choice for us.',
    'I would happily choose it again.',
    'Easily the best tool in our stack.',
    'Five stars from our {team} team; we love it.',
    'It has become essential for our {team} team, and we are happy with it.',
    'Definitely worth the investment.',
    'Great product, great people.',
    'Highly recommended for teams moving off {other}.',
    'A happy customer for {period} and counting.',
    'I would recommend it without hesitation.',
  ],
  mixed: [
    'Overall it is decent, but shop around.',
    'It does the job, with caveats.',
    'Good enough for now, but we are watching the alternatives.',
    'A solid tool if you can live with its gaps.',
    'Worth a trial, but test it on your own data first.',
    'Not bad, not great.',
    'Fine for basic needs, but we expected more.',
    'Some good ideas, some rough edges.',
    'Average overall; it depends on what you need.',
  ],
  negative: [
    'Sadly, we are looking for a replacement.',
    'I cannot recommend it.',
    'We will not be renewing.',
    'Look elsewhere unless you are already stuck with it.',
    'Overall, a disappointing experience.',
    'Pick something else and avoid the headache.',
    'Overall, a frustrating product.',
    'We regret signing a multi-year contract.',
    'Our {team} team is unhappy with it.',
    'Honestly, the worst tool we have used.',
    'Expect problems if you buy it.',
  ],
};
const EMPLOYEE_CLOSERS = {
  positive: ['I would recommend {R} to a friend.', 'Overall, a great place to work.', 'Happy to be here.'],
  mixed: ['It is a decent place to work, depending on your team.', 'Good for a few years, then move on.'],
  negative: ['I would not recommend working here.', 'I regret joining.', 'Think twice before joining; I was disappointed.'],
};

const TITLES = {
  positive: [
    'Great {aspP}, great product',
    'Impressed by the {aspP}',
    '{P} just works',
    'The best BI tool we have used',
    'Love the {aspP}',
    'Does exactly what we need',
    'Huge time saver for our {team} team',
    'Excellent choice for {team} reporting',
  ],
  mixed: [
    'Good, but {aspC} could be better',
    'Decent tool with some gaps',
    'Mixed feelings about {P}',
    'Powerful but frustrating at times',
    'Great {aspP}, weak {aspC}',
    'Solid, apart from the {aspC}',
  ],
  negative: [
    'Frustrating and expensive',
    'Poor {aspC}, avoid',
    'Disappointed with {P}',
    'Not worth the money',
    'Poor {aspC}, and it shows',
    'Frustrated and looking for a replacement',
  ],
};
const EMPLOYEE_TITLES = {
  positive: ['Great place to grow', 'Supportive team and real impact', 'Best job I have had', 'Good company with smart people'],
  mixed: ['Good people, unclear direction', 'Decent place, but {aspC} needs work', 'Great {aspP}, weak {aspC}'],
  negative: ['Burnout, stress and constant reorgs', 'Leadership is the problem', 'Sadly not what it used to be', 'Poor {aspC}'],
};

/** Words that join a review's majority side to its other side. */
const TURNS = {
  toComplaint: ['That said, ', 'On the downside, ', 'However, ', 'My main gripe: ', 'The catch: '],
  toPraise: ['To be fair, ', 'On the plus side, ', 'That said, ', 'In fairness, '],
};

const FILLERS = {
  crm: ['Salesforce', 'HubSpot', 'Dynamics 365', 'Pipedrive'],
  wh: ['Snowflake', 'BigQuery', 'Redshift', 'Databricks', 'Postgres', 'SQL Server'],
  tool: ['Slack', 'Microsoft Teams', 'Jira', 'Google Sheets', 'NetSuite', 'Zendesk'],
  idp: ['Okta', 'Azure AD', 'Google Workspace', 'OneLogin'],
  team: ['finance', 'sales ops', 'marketing', 'product', 'customer success', 'operations', 'RevOps', 'analytics'],
  device: ['iOS app', 'Android app', 'iPad app'],
  period: ['six months', 'eight months', 'a year', '18 months', 'two years', 'three years', 'nine months'],
  person: ['Priya', 'Marco', 'Jess', 'Tom', 'Aisha', 'Ken', 'Laura', 'Dev', 'Sofia', 'Ben'],
  other: ['spreadsheets', 'Excel', 'an in-house tool', 'a legacy reporting tool'],
} as const;

const EMPLOYEE_JOBS = [
  'Account Executive', 'Software Engineer', 'Senior Software Engineer', 'Customer Success Manager', 'Sales Development Representative',
  'Product Designer', 'Solutions Engineer', 'Marketing Manager', 'Data Scientist', 'Support Engineer',
];

const ROLES = {
  data: ['Data Analyst', 'Senior Data Analyst', 'BI Developer', 'Analytics Engineer', 'Data Engineer', 'Head of Data', 'Analytics Manager', 'BI Manager'],
  ops: ['Revenue Operations Manager', 'Sales Operations Analyst', 'Operations Manager', 'Marketing Analyst', 'Customer Success Lead'],
  it: ['IT Director', 'Solutions Architect', 'Data Platform Lead', 'Enterprise Architect'],
  finance: ['FP&A Manager', 'Financial Analyst', 'Controller', 'VP of Finance', 'CFO'],
  product: ['Product Manager', 'Growth Lead', 'Product Analyst', 'Head of Product'],
  smb: ['Founder', 'Co-founder and CEO', 'Operations Lead', 'Marketing Manager'],
  risk: ['Risk Analyst', 'Compliance Manager', 'Regulatory Reporting Lead'],
};

// ---------------------------------------------------------------------------------------------
// Templates, compiled once: "At {price} it …" → ['At ', 'price', ' it …'] (odd indices are placeholders).

type Template = { parts: string[]; keys: Set<string> };
const compile = (text: string): Template => {
  const parts = text.split(/\{(\w+)\}/);
  return { parts, keys: new Set(parts.filter((_, i) => i % 2 === 1)) };
};
const compileAll = (texts: readonly string[]) => texts.map(compile);
type Sides = { praise: Template[]; complaint: Template[]; noun: string };
type Verdicts = Record<'positive' | 'mixed' | 'negative', Template[]>;
const compileVerdicts = (v: Record<keyof Verdicts, string[]>): Verdicts => ({
  positive: compileAll(v.positive),
  mixed: compileAll(v.mixed),
  negative: compileAll(v.negative),
});

const PRODUCT_SIDES = Object.fromEntries(
  REVIEW_ASPECTS.map((a) => [a, { praise: compileAll(ASPECTS[a].praise), complaint: compileAll(ASPECTS[a].complaint), noun: ASPECTS[a].noun }]),
) as Record<ReviewAspect, Sides>;
const EMPLOYEE_SIDES: Sides[] = EMPLOYEE_ASPECTS.map((a) => ({ praise: compileAll(a.praise), complaint: compileAll(a.complaint), noun: a.noun }));
const VOICES = {
  product: { openers: compileAll(OPENERS), closers: compileVerdicts(CLOSERS), titles: compileVerdicts(TITLES) },
  employee: { openers: compileAll(EMPLOYEE_OPENERS), closers: compileVerdicts(EMPLOYEE_CLOSERS), titles: compileVerdicts(EMPLOYEE_TITLES) },
};

// ---------------------------------------------------------------------------------------------
// Rivals: what the generator derives once from each rival's facts.

/** How a rival leans on each aspect: +1 for each of its strengths that speaks of it, −1 for each weakness. */
export function reviewLeanings(rival: RivalFacts): Record<ReviewAspect, number> {
  const leanings = Object.fromEntries(REVIEW_ASPECTS.map((a) => [a, 0])) as Record<ReviewAspect, number>;
  for (const [facts, sign] of [[rival.strengths, 1], [rival.weaknesses, -1]] as const) {
    for (const fact of facts) for (const a of REVIEW_ASPECTS) if (ASPECTS[a].facts.test(fact)) leanings[a] += sign;
  }
  return leanings;
}

/**
 * A weighted choice whose running totals are summed once (Rng.weighted sums them on every call, and the
 * generator picks a dozen times per review, millions of times over).
 */
class Choice<T> {
  private readonly values: T[];
  private readonly upTo: Float64Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    let total = 0;
    this.values = entries.map(([value]) => value);
    this.upTo = Float64Array.from(entries, ([, weight]) => (total += weight));
  }

  pick(rng: Rng): T {
    const r = rng.next() * this.upTo[this.upTo.length - 1];
    let i = 0;
    while (i < this.upTo.length - 1 && r >= this.upTo[i]) i++;
    return this.values[i];
  }
}

type RivalProfile = {
  facts: RivalFacts;
  /** The aspect a sentence praises, and the one a sentence criticises. */
  praised: Choice<ReviewAspect>;
  criticised: Choice<ReviewAspect>;
  /** 1 to 5 stars. */
  stars: Choice<number>;
  sites: Choice<ReviewSiteKey>;
  sizes: Choice<CompanySizeBucket>;
  roles: string[];
  products: Choice<string>;
  prices: string[];
  tiers: string[];
  topTier: string;
  others: string[];
  gartnerMarket: string;
};

const BASE_STARS = [0.08, 0.05, 0.1, 0.3, 0.47];
/** How each star count moves as a rival's standing goes up: more 5s, fewer 1s and 2s. */
const STAR_SHIFT = [-1.1, -0.8, 0, 0.4, 1];
const BASE_SITES: Record<ReviewSiteKey, number> = {
  g2: 34, g2crowd: 0, capterra: 24, trustradius: 9, gartner: 7, peerspot: 5, softwareadvice: 7, trustpilot: 4, producthunt: 0, glassdoor: 3, indeed: 1,
};
const ENTERPRISE_SITES: Partial<Record<ReviewSiteKey, number>> = { gartner: 2.5, peerspot: 2.5, trustradius: 1.5, capterra: 0.6, softwareadvice: 0.6, trustpilot: 0.5 };
const SMB_SITES: Partial<Record<ReviewSiteKey, number>> = { capterra: 1.4, softwareadvice: 1.4, trustpilot: 1.5, gartner: 0.3, peerspot: 0.3 };

/** "$65 / user / month" → "$65 a seat", "From $150k / year" → "$150k a year", "$2.10 per credit" stays. */
function priceMentions(rival: RivalFacts): string[] {
  const out: string[] = [];
  for (const tier of rival.tiers) {
    const m = /(\$[\d,.]+k?\+?)\s*(?:(\/ user \/ month)|(\/ year)|(\/ month)|(per [\d,]*\s*\w+))?/.exec(tier.price);
    if (!m || m[1] === '$0') continue;
    out.push(m[2] ? `${m[1]} a seat` : m[3] ? `${m[1]} a year` : m[4] ? `${m[1]} a month` : m[5] ? `${m[1]} ${m[5]}` : m[1]);
  }
  return out.length ? out : ['the list price'];
}

/**
 * Per unit of leaning, how much more often a side is heard on an aspect the rival leans towards it; on an aspect
 * it leans away from, that side is heard at AGAINST_LEANING of the usual rate.
 */
const LEANING_PULL = 2.5;
const AGAINST_LEANING = 0.25;

function aspectChoice(leanings: Record<ReviewAspect, number>, side: 1 | -1): Choice<ReviewAspect> {
  return new Choice(
    REVIEW_ASPECTS.map((a) => {
      const toward = leanings[a] * side;
      return [a, ASPECTS[a].weight * (toward > 0 ? 1 + LEANING_PULL * toward : toward < 0 ? AGAINST_LEANING : 1)] as const;
    }),
  );
}

function profileOf(rival: RivalFacts, all: readonly RivalFacts[], rng: Rng): RivalProfile {
  const leanings = reviewLeanings(rival);
  const about = `${rival.segment} ${rival.tagline}`;
  const enterprise = /enterprise|regulated|banks|governance/i.test(about);
  const smb = /small|startup/i.test(about);
  // More strengths than weaknesses lifts the ratings; a seeded jitter keeps two rivals of equal counts apart.
  const standing = (0.6 * (rival.strengths.length - rival.weaknesses.length)) / (rival.strengths.length + rival.weaknesses.length) + rng.float(-0.45, 0.45);
  const stars = BASE_STARS.map((p, i) => [i + 1, p * Math.exp(STAR_SHIFT[i] * standing)] as const);
  const siteBias = enterprise ? ENTERPRISE_SITES : smb ? SMB_SITES : {};
  const sites = (Object.keys(BASE_SITES) as ReviewSiteKey[]).map((s) => {
    // Product Hunt reviews come with a launch: only younger products get them.
    const launch = s === 'producthunt' ? (rival.founded >= 2022 ? 6 : rival.founded >= 2018 ? 2 : 0) : 0;
    return [s, BASE_SITES[s] * (siteBias[s] ?? 1) + launch] as const;
  });
  const roles = [...ROLES.data, ...ROLES.ops, ...ROLES.it];
  if (/financ|fp&a|cfo|forecast/i.test(about)) roles.push(...ROLES.finance, ...ROLES.finance);
  if (/product|growth/i.test(about)) roles.push(...ROLES.product, ...ROLES.product);
  if (smb) roles.push(...ROLES.smb, ...ROLES.smb);
  if (/bank|insur|regulated/i.test(about)) roles.push(...ROLES.risk, ...ROLES.finance);
  if (/engineer/i.test(about)) roles.push(...ROLES.data);
  const tiers = rival.tiers.map((t) => t.name).filter((n) => !/maintenance|free|open source/i.test(n));
  return {
    facts: rival,
    praised: aspectChoice(leanings, 1),
    criticised: aspectChoice(leanings, -1),
    stars: new Choice(stars),
    sites: new Choice(sites.filter(([, w]) => w > 0)),
    sizes: new Choice<CompanySizeBucket>(
      smb
        ? [['small-business', 0.6], ['mid-market', 0.3], ['enterprise', 0.1]]
        : enterprise
          ? [['small-business', 0.1], ['mid-market', 0.35], ['enterprise', 0.55]]
          : [['small-business', 0.3], ['mid-market', 0.45], ['enterprise', 0.25]],
    ),
    roles,
    products: new Choice(rival.products.map((p, i) => [p, i === 0 ? 3 : 1] as const)),
    prices: priceMentions(rival),
    tiers: tiers.length ? tiers : ['paid'],
    topTier: tiers.at(-1) ?? 'top',
    others: [...all.filter((r) => r !== rival).map((r) => r.name), ...FILLERS.other],
    gartnerMarket: /governance|catalog/i.test(about)
      ? 'metadata-management-solutions'
      : /forecast|planning/i.test(about)
        ? 'financial-planning-software'
        : 'analytics-business-intelligence-platforms',
  };
}

// ---------------------------------------------------------------------------------------------
// Permalinks: each site's URL shape. Ids come from a counter per site, so they are unique and grow over time.

const BASE_IDS: Record<ReviewSiteKey, number> = {
  g2: 9_100_000, g2crowd: 1_000_000, capterra: 5_600_000, gartner: 4_800_000, peerspot: 3_900_000, producthunt: 520_000,
  softwareadvice: 5_600_000, trustpilot: 0, trustradius: 0, glassdoor: 86_000_000, indeed: 0,
};

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);

/** How a product or company name appears in sites' URLs, worked out once per name. */
type UrlNames = { slug: string; path: string; capterraId: number };
const urlNamesOf = (name: string): UrlNames => ({
  slug: slugify(name),
  path: name.replace(/[^A-Za-z0-9]+/g, '-'),
  capterraId: 100_000 + (seedOf(name) % 150_000),
});

class Permalinks {
  private readonly counters = new Map<ReviewSiteKey, number>();
  private readonly names = new Map<string, UrlNames>();
  /** TrustRadius permalinks end in the review's second; two reviews in one second take the next free one. */
  private readonly lastSecond = new Map<string, number>();

  constructor(private readonly rng: Rng) {}

  private namesOf(name: string): UrlNames {
    let names = this.names.get(name);
    if (!names) this.names.set(name, (names = urlNamesOf(name)));
    return names;
  }

  next(site: ReviewSiteKey, rival: RivalProfile, product: string, at: number): string {
    const n = (this.counters.get(site) ?? 0) + 1;
    this.counters.set(site, n);
    const id = BASE_IDS[site] + n * 4 + this.rng.int(0, 3);
    const { slug, path, capterraId } = this.namesOf(product);
    const company = this.namesOf(rival.facts.name);
    switch (site) {
      case 'g2':
      case 'g2crowd':
        return `https://www.${site}.com/products/${slug}/reviews/${slug}-review-${id}`;
      case 'capterra':
        return `https://www.capterra.com/p/${capterraId}/${path}/reviews/${id}/`;
      case 'softwareadvice':
        return `https://www.softwareadvice.com/bi/${slug}-profile/reviews/${id}/`;
      case 'gartner':
        return `https://www.gartner.com/reviews/market/${rival.gartnerMarket}/vendor/${company.slug}/product/${slug}/review/view/${id}`;
      case 'peerspot':
        return `https://www.peerspot.com/product_reviews/${slug}-review-${id}`;
      case 'producthunt':
        return `https://www.producthunt.com/products/${slug}/reviews?review=${id}`;
      case 'trustpilot':
        // A MongoDB ObjectId: the second it was written, then a counter.
        return `https://www.trustpilot.com/reviews/${hex(Math.floor(at / 1000), 8)}${hex(this.rng.nextUint32(), 8)}${hex(n, 8)}`;
      case 'trustradius': {
        const second = Math.max(Math.floor(at / 1000), (this.lastSecond.get(slug) ?? 0) + 1);
        this.lastSecond.set(slug, second);
        const stamp = new Date(second * 1000).toISOString().slice(0, 19).replace(/[T:]/g, '-');
        return `https://www.trustradius.com/reviews/${slug}-${stamp}`;
      }
      case 'glassdoor':
        return `https://www.glassdoor.com/Reviews/Employee-Review-${company.path}-RVW${id}.htm`;
      case 'indeed':
        // A multiplicative hash of the counter is a bijection on 32 bits, so ids stay unique.
        return `https://www.indeed.com/cmp/${company.path}/reviews?id=${hex(this.rng.nextUint32(), 8)}${hex(Math.imul(n, 0x9e3779b1), 8)}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One review

/** Chance that a sentence praises, by stars (half steps between). */
const PRAISE_BY_STARS = [0.03, 0.06, 0.2, 0.45, 0.75, 0.93];

type Verdict = keyof Verdicts;
const verdictOf = (rating: number): Verdict => (rating >= 4 ? 'positive' : rating <= 2 ? 'negative' : 'mixed');

type Sentence = { sides: Sides; praise: boolean };
const SENTENCE_COUNT = new Choice([[1, 0.15], [2, 0.35], [3, 0.35], [4, 0.15]] as const);

class Writer {
  private rival!: RivalProfile;
  private product = '';
  private role = '';
  /** The first aspect the review praises and the first it criticises, for titles. */
  private aspP = '';
  private aspC = '';

  constructor(private readonly rng: Rng) {}

  /** Fills a template for the current review; the first letter is lowered after a turn word ("However, the …"). */
  private fill(t: Template, lower = false): string {
    let out = '';
    for (let i = 0; i < t.parts.length; i++) out += i % 2 ? this.value(t.parts[i]) : t.parts[i];
    // Keep "I", acronyms (SSO, API) and names that came from a placeholder as written.
    return lower && t.parts[0] !== '' && !/^(I\b|[A-Z]{2})/.test(out) ? out[0].toLowerCase() + out.slice(1) : out;
  }

  private value(key: string): string {
    const { rng, rival } = this;
    switch (key) {
      case 'P': return this.product;
      case 'R': return rival.facts.name;
      case 'AI': return rival.facts.ai;
      case 'hq': return rival.facts.hq;
      case 'connectors': return String(rival.facts.connectors);
      case 'price': return rng.pick(rival.prices);
      case 'tier': return rng.pick(rival.tiers);
      case 'topTier': return rival.topTier;
      case 'other': return rng.pick(rival.others);
      case 'aRole': {
        const role = this.role.toLowerCase().replace(/\b(?:ceo|cfo|it|bi|fp&a|vp)\b/g, (m) => m.toUpperCase());
        return `${/^(?:[aeiou]|IT|FP)/i.test(role) ? 'an' : 'a'} ${role}`;
      }
      case 'users': return String(rng.pick([12, 25, 40, 60, 85, 120, 200, 350, 600]));
      case 'hours': return String(rng.int(2, 6));
      case 'days': return String(rng.int(3, 14));
      case 'weeks': return String(rng.int(2, 6));
      case 'months': return String(rng.int(3, 11));
      case 'secs': return String(rng.int(2, 5));
      case 'rows': return String(rng.pick([20, 50, 80, 150, 300, 500]));
      case 'pct': return String(rng.int(12, 45));
      case 'aspP': return this.aspP;
      case 'aspC': return this.aspC;
      case 'crm': case 'wh': case 'tool': case 'idp': case 'team': case 'device': case 'period': case 'person':
        return rng.pick(FILLERS[key]);
      default:
        throw new Error(`unknown placeholder {${key}}`);
    }
  }

  /** A review's title and text: an optional opener, sentences about aspects, and a closer with the rating's verdict. */
  write(rival: RivalProfile, product: string, role: string, rating: number, employee: boolean): { title: string; text: string } {
    const { rng } = this;
    this.rival = rival;
    this.product = product;
    this.role = role;
    const voice = employee ? VOICES.employee : VOICES.product;
    const sentences = this.aspectSentences(rival, rating, SENTENCE_COUNT.pick(rng), employee);
    const verdict = verdictOf(rating);
    let text = rng.chance(0.45) ? this.fill(rng.pick(voice.openers)) : '';
    let parts = text ? 1 : 0;
    this.aspP = this.aspC = '';
    for (let i = 0; i < sentences.length; i++) {
      const { sides, praise } = sentences[i];
      const turn = i > 0 && praise !== sentences[i - 1].praise && rng.chance(0.7);
      const sentence = (turn ? rng.pick(praise ? TURNS.toPraise : TURNS.toComplaint) : '') + this.fill(rng.pick(praise ? sides.praise : sides.complaint), turn);
      text += (parts++ ? ' ' : '') + sentence;
      if (praise && !this.aspP) this.aspP = sides.noun;
      if (!praise && !this.aspC) this.aspC = sides.noun;
    }
    if (parts < 2 || rng.chance(0.5)) text += ` ${this.fill(rng.pick(voice.closers[verdict]))}`;
    let title: Template;
    do title = rng.pick(voice.titles[verdict]);
    while ((title.keys.has('aspP') && !this.aspP) || (title.keys.has('aspC') && !this.aspC));
    return { title: this.fill(title), text };
  }

  /**
   * Sentences on `count` different aspects. Which side each takes comes from the rating (holdToRating); which
   * aspect, from the rival's leanings: praise goes to what it is strong at, complaints to what it is weak at.
   * The majority side comes first.
   */
  private aspectSentences(rival: RivalProfile, rating: number, count: number, employee: boolean): Sentence[] {
    const { rng } = this;
    const whole = Math.floor(rating);
    const chance = PRAISE_BY_STARS[whole] + (rating - whole) * (PRAISE_BY_STARS[Math.ceil(rating)] - PRAISE_BY_STARS[whole]);
    const sides: boolean[] = [];
    for (let i = 0; i < count; i++) sides.push(rng.chance(chance));
    holdToRating(sides, rating);
    const praised = sides.filter(Boolean).length;
    const praiseFirst = praised * 2 === count ? rating >= 3 : praised * 2 > count;
    sides.sort((a, b) => Number(b === praiseFirst) - Number(a === praiseFirst));
    const sentences: Sentence[] = [];
    for (const praise of sides) {
      let aspect: Sides;
      do aspect = employee ? rng.pick(EMPLOYEE_SIDES) : PRODUCT_SIDES[(praise ? rival.praised : rival.criticised).pick(rng)];
      while (sentences.some((s) => s.sides === aspect));
      sentences.push({ sides: aspect, praise });
    }
    return sentences;
  }
}

/**
 * Holds a review's sides (true = praise) to its rating: at 4.5 stars and up one complaint at most, at 1.5 and
 * below one praise at most, neither side outnumbering the other against a 4 or a 2, both sides in a 3 of two or more.
 */
function holdToRating(sides: boolean[], rating: number): void {
  const n = sides.length;
  if (rating > 2 && rating < 4) {
    if (n > 1 && sides.every((s) => s === sides[0])) sides[n - 1] = !sides[0];
    return;
  }
  const side = rating >= 4;
  const keep = rating >= 4.5 || rating <= 1.5 ? Math.min(1, n - 1) : Math.floor(n / 2);
  let against = sides.filter((s) => s !== side).length;
  for (let i = 0; i < n && against > keep; i++) {
    if (sides[i] !== side) {
      sides[i] = side;
      against--;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The stream

export type DemoReviewOptions = {
  rivals: readonly RivalFacts[];
  now: Date;
  seed?: number | string;
};

/** Sites that rate in half stars (TrustRadius out of ten); the others in whole stars. */
const HALF_STAR_SITES = new Set<ReviewSiteKey>(['g2', 'trustradius']);
const EMPLOYEE_SITES = new Set<ReviewSiteKey>(['glassdoor', 'indeed']);
/** Sites whose reviews carry no title, role or company size. */
const BARE_SITES = new Set<ReviewSiteKey>(['producthunt']);

/**
 * `total` reviews, oldest first. Publication times are the order statistics of the recency distribution, drawn
 * from the newest down without sorting (U(k) = U(k+1) · V^(1/k)), so the stream holds one review at a time.
 * With `uniqueTexts`, a text already written is written again (a Set of every text: for demo sizes only).
 */
function* reviewStream({ rivals, now, seed = 'reviews' }: DemoReviewOptions, total: number, uniqueTexts: boolean): Generator<DemoReview> {
  if (rivals.length === 0) throw new Error('demo reviews need at least one rival');
  const root = new Rng(seed);
  const profiles = rivals.map((r) => profileOf(r, rivals, root.fork(`rival:${r.name}`)));
  const pickRng = root.fork('pick');
  const timeRng = root.fork('time');
  const writer = new Writer(root.fork('text'));
  const permalinks = new Permalinks(root.fork('ids'));
  // Bigger rivals get more reviews, less than in proportion to their customers.
  const rivalChoice = new Choice(profiles.map((p) => [p, Math.sqrt(p.facts.customers)] as const));
  const seen = uniqueTexts ? new Set<string>() : null;
  const span = DEMO_REVIEW_DAYS * DAY;

  // u walks down the sorted uniforms from the largest; 1 − u, the share of reviews before this one, goes up.
  let u = 1;
  for (let k = total; k >= 1; k--) {
    u *= Math.pow(1 - timeRng.next(), 1 / k);
    const at = now.getTime() - Math.max(1, Math.floor((1 - timeShare(1 - u)) * span));
    const rival = rivalChoice.pick(pickRng);
    const site = rival.sites.pick(pickRng);
    const employee = EMPLOYEE_SITES.has(site);
    const product = employee ? rival.facts.name : rival.products.pick(pickRng);
    let rating = (employee ? EMPLOYEE_STARS : rival.stars).pick(pickRng);
    if (HALF_STAR_SITES.has(site) && rating > 1 && pickRng.chance(0.3)) rating -= 0.5;
    const role = employee
      ? site === 'glassdoor'
        ? `${pickRng.chance(0.6) ? 'Current' : 'Former'} Employee - ${pickRng.pick(EMPLOYEE_JOBS)}`
        : `${pickRng.pick(EMPLOYEE_JOBS)} (${pickRng.chance(0.6) ? 'Current' : 'Former'} Employee) - ${rival.facts.hq}`
      : pickRng.pick(rival.roles);
    let written = writer.write(rival, product, role, rating, employee);
    while (seen?.has(written.text)) written = writer.write(rival, product, role, rating, employee);
    seen?.add(written.text);
    const bare = BARE_SITES.has(site);
    const review: DemoReview = {
      rival: rival.facts.name,
      source: site,
      permalink: permalinks.next(site, rival, product, at),
      rating,
      publishedAt: new Date(at).toISOString(),
      text: written.text,
    };
    if (!bare) review.title = written.title;
    if (!bare && pickRng.chance(0.92)) review.reviewerRole = role;
    if (!bare && !employee && pickRng.chance(0.85)) review.companySize = rival.sizes.pick(pickRng);
    yield review;
  }
}

/**
 * Where in the two years (0 oldest, 1 now) the review with `share` of the reviews before it falls, for a volume
 * that grows linearly: the inverse of F(t) = (t + g·t²/2) / (1 + g/2).
 */
function timeShare(share: number): number {
  const g = VOLUME_GROWTH;
  return (Math.sqrt(1 + 2 * g * share * (1 + g / 2)) - 1) / g;
}

/** Employee reviews spread wider than product reviews. */
const EMPLOYEE_STARS = new Choice([[1, 0.12], [2, 0.1], [3, 0.18], [4, 0.3], [5, 0.3]] as const);

/** The demo's reviews (3,000 by default): deterministic for a seed and `now`, every text different. */
export function demoReviews(options: DemoReviewOptions & { count?: number }): DemoReview[] {
  return [...reviewStream(options, options.count ?? DEMO_REVIEW_COUNT, true)];
}

/**
 * Benchmark volumes: scale × 10,000 reviews from the same generator, in batches, so millions of reviews never
 * sit in memory at once. Texts are not checked for repeats here (that would hold every text).
 */
export function* scaleReviews(options: DemoReviewOptions & { scale: number; batchSize?: number }): Generator<DemoReview[]> {
  const size = options.batchSize ?? 5_000;
  let batch: DemoReview[] = [];
  for (const review of reviewStream(options, options.scale * REVIEWS_PER_SCALE, false)) {
    batch.push(review);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
