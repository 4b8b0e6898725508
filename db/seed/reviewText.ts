// The words of demo reviews: the aspects reviews judge with their praise and complaints, and whole-review openers, closers, titles and roles.

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

export const ASPECTS: Record<ReviewAspect, AspectText> = {
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
export const EMPLOYEE_ASPECTS: Pick<AspectText, 'noun' | 'praise' | 'complaint'>[] = [
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

export const OPENERS = [
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
export const EMPLOYEE_OPENERS = ['Written after {period} at {R}.', 'Based on {period} in the {hq} office.', 'My review after {period} on the team.'];

export const CLOSERS = {
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
export const EMPLOYEE_CLOSERS = {
  positive: ['I would recommend {R} to a friend.', 'Overall, a great place to work.', 'Happy to be here.'],
  mixed: ['It is a decent place to work, depending on your team.', 'Good for a few years, then move on.'],
  negative: ['I would not recommend working here.', 'I regret joining.', 'Think twice before joining; I was disappointed.'],
};

export const TITLES = {
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
export const EMPLOYEE_TITLES = {
  positive: ['Great place to grow', 'Supportive team and real impact', 'Best job I have had', 'Good company with smart people'],
  mixed: ['Good people, unclear direction', 'Decent place, but {aspC} needs work', 'Great {aspP}, weak {aspC}'],
  negative: ['Burnout, stress and constant reorgs', 'Leadership is the problem', 'Sadly not what it used to be', 'Poor {aspC}'],
};

/** Words that join a review's majority side to its other side. */
export const TURNS = {
  toComplaint: ['That said, ', 'On the downside, ', 'However, ', 'My main gripe: ', 'The catch: '],
  toPraise: ['To be fair, ', 'On the plus side, ', 'That said, ', 'In fairness, '],
};

export const FILLERS = {
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

export const EMPLOYEE_JOBS = [
  'Account Executive', 'Software Engineer', 'Senior Software Engineer', 'Customer Success Manager', 'Sales Development Representative',
  'Product Designer', 'Solutions Engineer', 'Marketing Manager', 'Data Scientist', 'Support Engineer',
];

export const ROLES = {
  data: ['Data Analyst', 'Senior Data Analyst', 'BI Developer', 'Analytics Engineer', 'Data Engineer', 'Head of Data', 'Analytics Manager', 'BI Manager'],
  ops: ['Revenue Operations Manager', 'Sales Operations Analyst', 'Operations Manager', 'Marketing Analyst', 'Customer Success Lead'],
  it: ['IT Director', 'Solutions Architect', 'Data Platform Lead', 'Enterprise Architect'],
  finance: ['FP&A Manager', 'Financial Analyst', 'Controller', 'VP of Finance', 'CFO'],
  product: ['Product Manager', 'Growth Lead', 'Product Analyst', 'Head of Product'],
  smb: ['Founder', 'Co-founder and CEO', 'Operations Lead', 'Marketing Manager'],
  risk: ['Risk Analyst', 'Compliance Manager', 'Regulatory Reporting Lead'],
};
