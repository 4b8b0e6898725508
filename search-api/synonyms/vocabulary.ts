// The default vocabulary every company starts with: the words reps and curators use for the same thing
// in competitive deals. Two-way entries make each term find the others; one-way entries (mapsTo) widen
// a rep's word without making the broader word find it.
import type { SynonymEntry } from '../../contracts/synonyms.ts';

const twoWay = (...terms: string[]): SynonymEntry => ({ terms, mapsTo: [] });
const oneWay = (terms: string[], mapsTo: string[]): SynonymEntry => ({ terms, mapsTo });

export const DEFAULT_SYNONYMS: readonly SynonymEntry[] = [
  // Commercials
  twoWay('price', 'pricing', 'cost', 'fees', 'cheaper', 'expensive'),
  oneWay(['cheap', 'pricier', 'affordable', 'budget'], ['price', 'pricing', 'cost']),
  twoWay('discount', 'discounting', 'price cut'),
  twoWay('tco', 'total cost of ownership'),
  oneWay(['hidden costs', 'hidden fees'], ['overages', 'cost surprises', 'tco', 'total cost of ownership']),
  twoWay('roi', 'return on investment'),
  twoWay('per seat', 'per user', 'per license'),
  twoWay('free trial', 'free plan', 'freemium', 'trial'),
  twoWay('poc', 'proof of concept', 'pilot'),
  twoWay('rfp', 'request for proposal'),
  twoWay('arr', 'annual recurring revenue'),
  twoWay('acv', 'annual contract value'),
  // Winning and losing
  twoWay('beat', 'win', 'displace', 'outsell'),
  // "How do we win against X" asks for the same talk tracks and objection responses as "how do we beat X".
  oneWay(['beat', 'win', 'counter', 'overcome', 'handle', 'push back'], ['objection', 'talk track']),
  twoWay('lose', 'lost', 'loss', 'losing'),
  // A landmine is a question that exposes the rival's weak spot.
  oneWay(['landmine', 'trap question'], ['weakness', 'discovery questions']),
  twoWay('weakness', 'limitation', 'drawback', 'gap'),
  twoWay('strength', 'advantage', 'differentiator'),
  twoWay('objection', 'pushback'),
  twoWay('switching', 'migration', 'rip and replace'),
  twoWay('competitor', 'rival', 'alternative'),
  twoWay('icp', 'ideal customer profile', 'ideal customer', 'target customer'),
  twoWay('smb', 'small business', 'small and medium business'),
  twoWay('mid market', 'midmarket', 'mid size'),
  twoWay('ease of use', 'easy to use', 'usability', 'user friendly', 'self service'),
  twoWay('white label', 'whitelabel', 'oem', 'rebrand'),
  // Security and compliance
  twoWay('sso', 'single sign on', 'saml'),
  twoWay('mfa', '2fa', 'two factor', 'multi factor'),
  twoWay('soc2', 'soc 2'),
  twoWay('iso27001', 'iso 27001'),
  twoWay('gdpr', 'general data protection regulation'),
  twoWay('baa', 'business associate agreement'),
  twoWay('rbac', 'role based access control'),
  twoWay('audit log', 'audit trail'),
  twoWay('pii', 'personal data'),
  twoWay('data residency', 'data location', 'eu hosting', 'hosting region'),
  twoWay('security review', 'security questionnaire', 'infosec review'),
  // Deployment and product
  twoWay('on prem', 'on premise', 'on premises', 'self hosted'),
  // "Can they run on-prem?" is answered by the deployment options, whatever they are.
  oneWay(['on prem', 'on premise', 'on premises', 'self hosted'], ['deployment']),
  twoWay('saas', 'cloud hosted'),
  twoWay('k8s', 'kubernetes'),
  twoWay('implementation', 'onboarding', 'go live', 'rollout', 'time to value'),
  twoWay('uptime', 'availability'),
  oneWay(['outage', 'downtime', 'incident'], ['uptime', 'availability', 'status page']),
  twoWay('sla', 'service level agreement'),
  oneWay(['response time'], ['sla', 'first response']),
  twoWay('support', 'customer service', 'helpdesk'),
  twoWay('integration', 'connector', 'plugin'),
  oneWay(['crm'], ['salesforce', 'hubspot', 'dynamics']),
  oneWay(['iphone', 'ipad', 'ios', 'android', 'phone', 'tablet'], ['mobile']),
  twoWay('ai', 'artificial intelligence', 'genai', 'generative ai'),
  twoWay('ml', 'machine learning'),
  twoWay('accuracy', 'accurate', 'hallucination'),
  twoWay('embed', 'embedded', 'embedding'),
  twoWay('bi', 'business intelligence'),
  twoWay('etl', 'data pipeline'),
  twoWay('dwh', 'data warehouse'),
  twoWay('api', 'rest api'),
  twoWay('ms teams', 'microsoft teams'),
  twoWay('google workspace', 'g suite', 'gsuite'),
  // People and companies
  twoWay('ceo', 'chief executive officer'),
  twoWay('cro', 'chief revenue officer'),
  twoWay('cfo', 'chief financial officer'),
  twoWay('cto', 'chief technology officer'),
  twoWay('cio', 'chief information officer'),
  twoWay('ciso', 'chief information security officer'),
  twoWay('cmo', 'chief marketing officer'),
  twoWay('vp', 'vice president'),
  oneWay(['head of sales', 'runs sales', 'sales leader', 'sales leadership'], ['cro', 'chief revenue officer', 'vp sales']),
  twoWay('leadership', 'management team', 'executives', 'founders'),
  twoWay('layoffs', 'reduction in force', 'rif'),
  twoWay('acquisition', 'acquired', 'merger'),
  twoWay('funding', 'raised', 'funding round'),
  twoWay('headcount', 'employees'),
];
