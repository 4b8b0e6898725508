// Our company, the staff company, the visibility groups, the demo's people and the tag vocabulary.

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
      knowledgeHub: true,
      winLoss: true,
      winLossConsumerAccess: true,
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
