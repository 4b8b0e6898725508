// The demo company's usage history (issue #29), so every usage report has something to show on the first start:
// 180 days ending today of what its people did, as the web app and the server would have recorded it
// (contracts/usage.ts), written through the product's own writer (search-api/usage/write.ts) with its rollups.
//
// - Readers by persona: a few power sellers in the product most days, many occasional ones, some gone dormant
//   (one was deactivated); fewer sessions at weekends; a gentle growth over the period.
// - Everything they touch is a real row of the company and one they may see: cards (popularity is skewed: a few
//   cards are read a lot), battlecards, profiles, dynamic boards, rivals; no draft or other group's card for a seller.
// - Searches are what reps type, with the number of results the company's cards give (counted here from the cards,
//   as the user could see them), a first result opened for many (ranks mostly 1–3), and a set of content gaps
//   that find nothing in the demo content.
// - Curators' work comes from the rows themselves: a card's creation and last update by its author, an intel item's
//   triage by whoever actioned it (its seconds from arrival to triage), its publication, its submission by a
//   seller, the digest that was sent.
//
// Deterministic: the same `now` gives the same rows; readers' events sit at fixed offsets of the UTC days before
// `now`, so seeding on the same day gives the same history up to the moment of seeding.
//
// The events are mapped to rows, and written, by the product's own code (search-api/usage: roleOf, toRow,
// ensureMonthPartitions, writeUsage), which the caller hands in as a UsageSeedWriter (search-api/usage/seedWriter.ts),
// as the review analysis is (reviewRows.ts): db/ stays free of search-api, and the rows are what the product writes.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import type { CardViewSource, UsageEvent, UsageKind } from '../../contracts/usage.ts';
import { RIVALS, SCRATCHPAD } from './content.ts';
import { DAY, Picker, Rng } from './random.ts';

type UsageRole = 'admin' | 'curator' | 'consumer';
/** Who an event is of (search-api/usage/rows.ts UsageActor): a user, or nobody in particular (a digest opened in a mail client). */
export type UsageActor = { companyId: number; userId: number | null; role: UsageRole };
/** An event as stored (search-api/usage/rows.ts UsageRow). */
export type UsageRow = {
  companyId: number; userId: number | null; role: UsageRole; kind: UsageKind; occurredAt: Date; subjectId?: number | null; rivalId?: number | null;
  source?: string | null; query?: string | null; searchId?: string | null; results?: number | null; rank?: number | null; seconds?: number | null;
  data?: Record<string, unknown> | null;
};
/** The product's usage mapping and writer (search-api/usage/seedWriter.ts). */
export type UsageSeedWriter = {
  /** A user's role as usage records it, from their roles. */
  roleOf(roles: readonly string[]): UsageRole;
  toRow(actor: UsageActor, event: UsageEvent, at: Date): UsageRow;
  ensureMonthPartitions(db: Exec, from: Date, to: Date): Promise<unknown>;
  writeUsage(db: Exec, rows: UsageRow[]): Promise<void>;
};

export const USAGE_SEED = 'rivalscope-demo-usage-v1';
/** The history covers this many UTC days, the last one being the day of seeding. */
export const USAGE_DAYS = 180;
const ASK_PATH = '/ask-rivalscope';

// ---------------------------------------------------------------------------------------------
// What reps search for. `match` is a to_tsquery('english') expression over a card's name and text (an intel
// item's title for intel searches): how many cards answer is counted from the demo's own cards.

type QuerySpec = {
  query: string; match: string; weight: number; open?: number;
  /** What a rep searches next when this finds nothing: the words the cards use (a query of CARD_QUERIES). */
  next?: string;
};

/** Queries sellers and curators type into search (cards). */
export const CARD_QUERIES: QuerySpec[] = [
  { query: 'pricing', match: 'pricing | price', weight: 40 },
  { query: 'sso', match: 'sso | saml', weight: 16 },
  { query: 'hipaa', match: 'hipaa', weight: 9 },
  { query: 'how do we beat them on price', match: 'beat | price', weight: 10 },
  { query: 'implementation time', match: 'implementation | onboarding', weight: 11 },
  { query: 'security', match: 'security', weight: 12 },
  { query: 'integrations', match: 'integration | connector', weight: 10 },
  { query: 'discount', match: 'discount', weight: 9 },
  { query: 'roadmap', match: 'roadmap', weight: 7, open: 0.25 },
  { query: 'ai', match: 'ai', weight: 7 },
  { query: 'objection handling', match: 'objection', weight: 8 },
  { query: 'migration', match: 'migration | switching', weight: 5 },
  { query: 'embedded analytics', match: 'embedded', weight: 4 },
  { query: 'customer references', match: 'reference | customers', weight: 4 },
  { query: 'total cost of ownership', match: 'tco | cost', weight: 4 },
  { query: 'gdpr', match: 'gdpr', weight: 3 },
  { query: 'renewal', match: 'renewal', weight: 3 },
  { query: 'row level security', match: 'row & level & security', weight: 3 },
  { query: 'why we win', match: 'win', weight: 3 },
  { query: 'landmine questions', match: 'landmine', weight: 3 },
  // Results come back, nobody opens any: the "results nobody opened" list.
  { query: 'contract terms', match: 'contract', weight: 2, open: 0 },
  { query: 'support hours', match: 'support', weight: 1.5, open: 0 },
];

/** Queries with a rival's name ({R}): `match` is combined with the rival's name. */
const RIVAL_QUERIES: QuerySpec[] = [
  { query: '{R}', match: '', weight: 6 },
  { query: '{R} pricing', match: 'pricing | price', weight: 3 },
  { query: '{R} vs northwind', match: '', weight: 2 },
  { query: '{R} weaknesses', match: 'weak | weakness', weight: 1.5 },
  { query: 'beat {R}', match: '', weight: 1 },
];

/** What reps look for and the demo has no card about: search analytics' content gaps. */
export const CONTENT_GAP_QUERIES: QuerySpec[] = [
  { query: 'salesforce cpq', match: 'salesforce & cpq', weight: 5, next: 'integrations' },
  { query: 'okta', match: 'okta', weight: 3, next: 'sso' },
  { query: 'pci dss', match: 'pci & dss', weight: 2.5, next: 'security' },
  { query: 'vpat', match: 'vpat', weight: 2 },
  { query: 'byok', match: 'byok', weight: 1.5, next: 'security' },
  { query: 'hebrew localization', match: 'hebrew', weight: 1 },
  { query: 'workday', match: 'workday', weight: 1.5, next: 'integrations' },
  { query: 'sap hana', match: 'sap & hana', weight: 1, next: 'integrations' },
  { query: 'looker', match: 'looker', weight: 2, next: 'migration' },
  { query: 'tableau', match: 'tableau', weight: 2, next: 'migration' },
];

/** Curators searching the intel feed. */
const INTEL_QUERIES: QuerySpec[] = [
  { query: 'pricing change', match: 'pricing | price', weight: 6 },
  { query: 'acquisition', match: 'acquire | acquisition', weight: 3 },
  { query: 'layoffs', match: 'layoff', weight: 2 },
  { query: 'funding', match: 'funding | raise', weight: 3 },
  { query: 'new ceo', match: 'ceo', weight: 2 },
  { query: 'launch', match: 'launch', weight: 4 },
  { query: 'partnership', match: 'partner | partnership', weight: 2 },
  { query: '{R}', match: '', weight: 8 },
];

/** What reps ask the Ask page about a rival ({R}), and what they ask next in the same session. */
const ASK_QUESTIONS = [
  'How do we beat {R} on price?',
  'What are {R}’s biggest weaknesses?',
  'Does {R} include SSO on every plan?',
  'How long does a {R} implementation usually take?',
  'The prospect says {R} is cheaper. What do I say?',
  'Is {R} HIPAA compliant?',
  'What changed in {R}’s pricing recently?',
  'Which landmine questions work against {R}?',
  'How does {R}’s AI assistant compare to ours?',
  'Where is {R} strong, honestly?',
  'What do {R}’s customers complain about?',
];
const ASK_FOLLOW_UPS = [
  'Can you give me a customer proof point for that?',
  'What should I send the prospect after the call?',
  'Any recent news I should bring up?',
  'Make that shorter for an email.',
];

// ---------------------------------------------------------------------------------------------
// The rows the history refers to

type UserIn = { id: number; username: string; roles: string[]; groups: string[]; createdAt: Date; deactivatedAt: Date | null };
type RivalIn = { id: number; name: string; isDraft: boolean; profileId: number; profileDraft: boolean };
type CardIn = {
  id: number; name: string; text: string; rivalId: number; profileId: number; board: string; allAccess: boolean; isDraft: boolean; groups: string[];
  authorId: number | null; createdAt: Date; updatedAt: Date;
};
type BattlecardIn = { id: number; profileId: number; rivalId: number; isDraft: boolean; cards: number[] };
type IntelIn = { id: number; createdAt: Date; actionedAt: Date | null; actionedById: number | null; publishedAt: Date | null; submittedById: number | null };
type DigestIn = { id: number; sentAt: Date; sentById: number | null; recipients: number; links: { url: string; rivalId: number | null }[] };
/** One Ask session of the history: its questions, each answered from the rival's cards. */
export type DemoAsk = {
  userId: number;
  profileId: number;
  items: { question: string; at: Date; html: string; sources: { ref: number; title: string; url: string; doc_type: 'card'; created_at: string; last_updated_datetime: string }[];
    sentiment: 'positive' | 'negative' | null; events: UsageRow[] }[];
};
type QueryIn = { query: string; context: 'cards' | 'intel'; rivalId: number | null; weight: number; open: number; gap: boolean; next: string | null; ids: number[]; hits: number };

export type UsageSeedInput = {
  companyId: number;
  users: UserIn[];
  rivals: RivalIn[];
  cards: CardIn[];
  battlecards: BattlecardIn[];
  dynamicBoards: { id: number; isDraft: boolean }[];
  intel: IntelIn[];
  digests: DigestIn[];
  queries: QueryIn[];
};

const date = (v: unknown) => new Date(v as string);
const dateOrNull = (v: unknown) => (v === null ? null : new Date(v as string));

/** Reads what the history refers to: the company's people, content and intel, and what its searches find. */
export async function loadUsageInput(db: Exec, companyId: number): Promise<UsageSeedInput> {
  const users = await rowsOf<{ id: number; username: string; roles: string[]; groups: string[]; created_at: string; deactivated_at: string | null }>(
    db,
    sql`SELECT u.id, u.username, u.created_at, u.deactivated_at,
          coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
          coalesce((SELECT array_agg(g.name ORDER BY g.name) FROM visibility_group_members m JOIN visibility_groups g ON g.id = m.visibility_group_id
                    WHERE m.user_id = u.id), '{}') AS groups
        FROM users u WHERE u.company_id = ${companyId} ORDER BY u.id`,
  );
  const rivals = await rowsOf<{ id: number; name: string; is_draft: boolean; profile_id: number; profile_draft: boolean }>(
    db,
    sql`SELECT r.id, r.name, r.is_draft, p.id AS profile_id, p.is_draft AS profile_draft
        FROM rivals r JOIN profiles p ON p.rival_id = r.id AND p.company_id = ${companyId}
        WHERE r.company_id = ${companyId} AND NOT r.is_template AND NOT p.is_template ORDER BY r.id`,
  );
  const cards = await rowsOf<{
    id: number; name: string; text: string; rival_id: number; profile_id: number; board: string; all_access: boolean; is_draft: boolean; groups: string[];
    author_id: number | null; created_at: string; updated_at: string;
  }>(
    db,
    sql`SELECT c.id, c.name, left(regexp_replace(c.text_html, '<[^>]+>', ' ', 'g'), 600) AS text, p.rival_id, p.id AS profile_id, b.name AS board, c.all_access, c.is_draft, c.author_id, c.created_at, c.updated_at,
          coalesce((SELECT array_agg(g.name ORDER BY g.name) FROM card_visibility_groups v JOIN visibility_groups g ON g.id = v.visibility_group_id
                    WHERE v.card_id = c.id), '{}') AS groups
        FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
        WHERE c.company_id = ${companyId} AND NOT p.is_template ORDER BY c.id`,
  );
  const battlecards = await rowsOf<{ id: number; profile_id: number; rival_id: number; is_draft: boolean; cards: { desktop?: number[] } }>(
    db,
    sql`SELECT bc.id, bc.profile_id, p.rival_id, bc.is_draft OR p.is_draft AS is_draft, bc.cards
        FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id WHERE bc.company_id = ${companyId} AND NOT p.is_template ORDER BY bc.id`,
  );
  const dynamicBoards = await rowsOf<{ id: number; is_draft: boolean }>(
    db,
    sql`SELECT id, is_draft FROM dynamic_boards WHERE company_id = ${companyId} ORDER BY id`,
  );
  const intel = await rowsOf<{ id: number; created_at: string; actioned_at: string | null; actioned_by_id: number | null; published_at: string | null; submitted_by_id: number | null }>(
    db,
    sql`SELECT id, created_at, actioned_at, actioned_by_id, published_at, submitted_by_id FROM intel_items
        WHERE company_id = ${companyId} AND (actioned_by_id IS NOT NULL OR submitted_by_id IS NOT NULL) ORDER BY id`,
  );
  const digests = await rowsOf<{ id: number; sent_at: string; sent_by_id: number | null; recipients_count: number; links: { url: string | null; rivalId: number | null }[] | null }>(
    db,
    sql`SELECT d.id, d.sent_at, d.sent_by_id, d.recipients_count,
          (SELECT json_agg(json_build_object('url', i.permalink, 'rivalId', (SELECT min(ir.rival_id) FROM intel_rivals ir WHERE ir.intel_id = i.id)) ORDER BY f.view_order)
           FROM digest_favorites f JOIN posts po ON po.id = f.post_id JOIN intel_items i ON i.id = po.intel_id WHERE f.email_digest_id = d.id) AS links
        FROM email_digests d WHERE d.company_id = ${companyId} AND d.state = 'sent' AND d.sent_at IS NOT NULL ORDER BY d.id`,
  );

  // The queries, with the rivals' names filled in, and what each finds.
  const published = rivals.filter((r) => !r.is_draft && !r.profile_draft);
  const nameMatch = (name: string) => name.toLowerCase().split(/\s+/).map((w) => w.replace(/[^a-z0-9]/g, '')).filter(Boolean).join(' & ');
  type Spec = Omit<QueryIn, 'ids' | 'hits'> & { match: string };
  const specs: Spec[] = [
    ...CARD_QUERIES.map((q) => ({ query: q.query, context: 'cards' as const, rivalId: null, weight: q.weight, open: q.open ?? 0.72, gap: false, next: null, match: q.match })),
    ...CONTENT_GAP_QUERIES.map((q) => ({ query: q.query, context: 'cards' as const, rivalId: null, weight: q.weight, open: 0, gap: true, next: q.next ?? null, match: q.match })),
    ...published.flatMap((r) =>
      RIVAL_QUERIES.map((q): Spec => ({
        query: q.query.replace('{R}', r.name.toLowerCase()), context: 'cards' as const, rivalId: r.id, weight: q.weight, open: q.open ?? 0.75, gap: false, next: null,
        match: q.match ? `(${nameMatch(r.name)}) & (${q.match})` : nameMatch(r.name),
      })),
    ),
    ...INTEL_QUERIES.flatMap((q): Spec[] =>
      q.query.includes('{R}')
        ? published.map((r) => ({ query: q.query.replace('{R}', r.name.toLowerCase()), context: 'intel' as const, rivalId: r.id, weight: q.weight / published.length, open: 0.55, gap: false, next: null, match: nameMatch(r.name) }))
        : [{ query: q.query, context: 'intel' as const, rivalId: null, weight: q.weight, open: 0.55, gap: false, next: null, match: q.match }],
    ),
  ];
  const found = await rowsOf<{ i: number; ids: number[] | null; hits: number }>(
    db,
    sql`WITH q AS MATERIALIZED (
          SELECT x.i, x.context, to_tsquery('english', x.match) AS tsq
          FROM jsonb_to_recordset(${JSON.stringify(specs.map((s, i) => ({ i, context: s.context, match: s.match })))}::jsonb) AS x(i int, context text, match text)
        ),
        docs AS MATERIALIZED (
          SELECT c.id, to_tsvector('english', c.name || ' ' || regexp_replace(c.text_html, '<[^>]+>', ' ', 'g')) AS tsv
          FROM cards c JOIN boards b ON b.id = c.board_id WHERE c.company_id = ${companyId} AND b.name <> ${SCRATCHPAD}
        ),
        intel AS MATERIALIZED (SELECT to_tsvector('english', coalesce(curated_title, title)) AS tsv FROM intel_items WHERE company_id = ${companyId} AND state <> 'deleted')
        SELECT q.i,
          CASE WHEN q.context = 'cards' THEN (SELECT array_agg(d.id ORDER BY d.id) FROM docs d WHERE d.tsv @@ q.tsq) END AS ids,
          CASE WHEN q.context = 'intel' THEN (SELECT count(*) FROM intel x WHERE x.tsv @@ q.tsq) ELSE 0 END::int AS hits
        FROM q ORDER BY q.i`,
  );
  const queries = specs.map(({ match: _match, ...s }, i) => ({ ...s, ids: found[i].ids ?? [], hits: found[i].hits }));

  return {
    companyId,
    users: users.map((u) => ({ id: u.id, username: u.username, roles: u.roles, groups: u.groups, createdAt: date(u.created_at), deactivatedAt: dateOrNull(u.deactivated_at) })),
    rivals: rivals.map((r) => ({ id: r.id, name: r.name, isDraft: r.is_draft, profileId: r.profile_id, profileDraft: r.profile_draft })),
    cards: cards.map((c) => ({
      id: c.id, name: c.name, text: c.text.replace(/\s+/g, ' ').trim(), rivalId: c.rival_id, profileId: c.profile_id, board: c.board, allAccess: c.all_access, isDraft: c.is_draft, groups: c.groups,
      authorId: c.author_id, createdAt: date(c.created_at), updatedAt: date(c.updated_at),
    })),
    battlecards: battlecards.map((b) => ({ id: b.id, profileId: b.profile_id, rivalId: b.rival_id, isDraft: b.is_draft, cards: b.cards?.desktop ?? [] })),
    dynamicBoards: dynamicBoards.map((d) => ({ id: d.id, isDraft: d.is_draft })),
    intel: intel.map((i) => ({
      id: i.id, createdAt: date(i.created_at), actionedAt: dateOrNull(i.actioned_at), actionedById: i.actioned_by_id, publishedAt: dateOrNull(i.published_at),
      submittedById: i.submitted_by_id,
    })),
    digests: digests.map((d) => ({
      id: d.id, sentAt: date(d.sent_at), sentById: d.sent_by_id, recipients: d.recipients_count,
      links: (d.links ?? []).map((l) => ({ url: l.url ?? '/feed', rivalId: l.rivalId })),
    })),
    queries,
  };
}

// ---------------------------------------------------------------------------------------------
// Personas

type PersonaKind = 'power' | 'regular' | 'occasional' | 'dormant' | 'leadCurator' | 'curator' | 'admin';
type Persona = {
  kind: PersonaKind;
  /** Chance of being in the product on a weekday and on a weekend day (at the end of the period; growth scales it down before). */
  weekday: number;
  weekend: number;
  sessions: [number, number];
  actions: [number, number];
  /** Visit length bounds, seconds. */
  visit: [number, number];
  /** Days ago the person stopped using the product (dormant ones). */
  stoppedDaysAgo?: number;
};

const PERSONAS: Record<PersonaKind, Omit<Persona, 'kind'>> = {
  power: { weekday: 0.9, weekend: 0.22, sessions: [1, 3], actions: [4, 11], visit: [90, 1_200] },
  regular: { weekday: 0.55, weekend: 0.06, sessions: [1, 2], actions: [3, 8], visit: [45, 720] },
  occasional: { weekday: 0.2, weekend: 0.02, sessions: [1, 1], actions: [2, 5], visit: [30, 420] },
  dormant: { weekday: 0.16, weekend: 0.01, sessions: [1, 1], actions: [1, 3], visit: [30, 300] },
  leadCurator: { weekday: 0.94, weekend: 0.25, sessions: [2, 3], actions: [3, 8], visit: [120, 1_200] },
  curator: { weekday: 0.72, weekend: 0.08, sessions: [1, 2], actions: [3, 7], visit: [60, 900] },
  admin: { weekday: 0.5, weekend: 0.04, sessions: [1, 2], actions: [2, 5], visit: [45, 600] },
};

/** The demo's people by username; anyone else by role (curators) or as an occasional reader. */
const PEOPLE: Record<string, PersonaKind> = {
  ada: 'admin', cory: 'leadCurator', priya: 'curator', marcus: 'curator',
  sam: 'power', jenna: 'power', tobias: 'power', sofia: 'power',
  claire: 'regular', aisha: 'regular', mei: 'regular', kwame: 'regular', noah: 'regular', lucy: 'regular', zoe: 'regular',
  liam: 'occasional', diego: 'occasional', hannah: 'occasional', grace: 'occasional', omar: 'occasional', elena: 'occasional', ben: 'occasional',
  felix: 'dormant', raj: 'dormant', victor: 'dormant',
};
/** When the dormant ones drifted away (days before seeding). */
const STOPPED: Record<string, number> = { felix: 75, victor: 19, raj: 130 };

function personaOf(u: UserIn, role: UsageRole): Persona {
  const kind = PEOPLE[u.username] ?? (role === 'admin' ? 'admin' : role === 'curator' ? 'curator' : 'occasional');
  return { kind, ...PERSONAS[kind], stoppedDaysAgo: STOPPED[u.username] };
}

/** A version-4 UUID from the generator. */
function uuidOf(rng: Rng): string {
  const h = () => rng.nextUint32().toString(16).padStart(8, '0');
  const [a, b, c, d] = [h(), h(), h(), h()];
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${(8 | (parseInt(c[0], 16) & 3)).toString(16)}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

const BOARD_POPULARITY: Record<string, number> = {
  'Objection Handling': 1.7, Pricing: 1.6, 'Strengths & Weaknesses': 1.4, Overview: 1, Product: 0.8, News: 0.5, [SCRATCHPAD]: 0.3,
};
const GROUP_WEIGHT = { top: 3, emerging: 2, legacy: 1.2 } as const;
const SUGGESTIONS = [['completion', 45], ['rival', 18], ['card', 10], ['recent', 12], ['tag', 8], ['battlecard', 4], ['board', 3]] as const;
const RANKS = [[1, 52], [2, 20], [3, 11], [4, 6], [5, 4], [6, 2], [7, 2], [8, 1], [9, 1], [10, 1]] as const;
/** UTC hours sessions start in: the working day across US time zones, busiest late morning and early afternoon. */
const HOURS = [[12, 2], [13, 5], [14, 8], [15, 10], [16, 9], [17, 8], [18, 9], [19, 8], [20, 7], [21, 5], [22, 3], [23, 1]] as const;

type Action = 'dashboard' | 'search' | 'profile' | 'battlecard' | 'feed' | 'ask' | 'dynamicBoard' | 'link' | 'notifications' | 'insights'
  | 'alerts' | 'intelSearch' | 'reports' | 'digestPage' | 'settings';
const READER_ACTIONS: (readonly [Action, number])[] = [
  ['search', 32], ['profile', 20], ['battlecard', 15], ['dashboard', 6], ['feed', 7], ['ask', 8], ['dynamicBoard', 4], ['link', 2], ['notifications', 2], ['insights', 2],
];
const CURATOR_ACTIONS: (readonly [Action, number])[] = [
  ['alerts', 20], ['intelSearch', 10], ['search', 14], ['profile', 18], ['battlecard', 7], ['reports', 6], ['digestPage', 3], ['settings', 3], ['ask', 3],
  ['dynamicBoard', 4], ['dashboard', 4],
];
const ADMIN_ACTIONS: (readonly [Action, number])[] = [
  ['reports', 14], ['settings', 12], ['alerts', 8], ['search', 14], ['profile', 16], ['battlecard', 8], ['dashboard', 8], ['ask', 4], ['intelSearch', 3],
];

// ---------------------------------------------------------------------------------------------
// The history

/** Every usage row of the demo company's last USAGE_DAYS days before `now`, oldest first. Pure. */
export function demoUsage(input: UsageSeedInput, now: Date, writer: Pick<UsageSeedWriter, 'roleOf' | 'toRow'>, seed = USAGE_SEED): { rows: UsageRow[]; asks: DemoAsk[] } {
  const { roleOf, toRow } = writer;
  const root = new Rng(seed);
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const start = today - (USAGE_DAYS - 1) * DAY;
  const rows: UsageRow[] = [];
  const asks: DemoAsk[] = [];
  const usersById = new Map(input.users.map((u) => [u.id, u]));
  const actorOf = (u: UserIn): UsageActor => ({ companyId: input.companyId, userId: u.id, role: roleOf(u.roles) });
  const actors = new Map(input.users.map((u) => [u.id, actorOf(u)]));
  const emit = (actor: UsageActor, e: UsageEvent, at: number, rivalId?: number | null) => {
    const row = toRow(actor, e, new Date(at));
    if (rivalId !== undefined && rivalId !== null && row.rivalId == null) row.rivalId = rivalId;
    rows.push(row);
    return row;
  };

  // Card popularity: a deterministic ranking of the cards, Zipf-like (the first cards are read far more), tilted
  // towards the boards reps open in deals.
  const popRng = root.fork('popularity');
  const ranked = popRng.shuffle(input.cards.map((c) => c.id));
  const popularity = new Map(ranked.map((id, i) => [id, 1 / Math.pow(i + 1, 0.85)]));
  const cardById = new Map(input.cards.map((c) => [c.id, c]));
  for (const c of input.cards) popularity.set(c.id, popularity.get(c.id)! * (BOARD_POPULARITY[c.board] ?? 1));
  const rivalById = new Map(input.rivals.map((r) => [r.id, r]));
  const groupOf = new Map(RIVALS.map((r) => [r.name, r.group]));
  const rivalWeight = (r: RivalIn) => GROUP_WEIGHT[groupOf.get(r.name) ?? 'legacy'];

  // What each person may see and tends to read.
  type Reader = {
    user: UserIn; actor: UsageActor; persona: Persona; curator: boolean;
    visible: Set<number>; rivals: Picker<RivalIn>; cardsOfRival: Map<number, Picker<CardIn>>; anyCard: Picker<CardIn>;
    battlecards: Picker<BattlecardIn>; dynamicBoards: { id: number }[]; cardQueries: Picker<QueryIn>; intelQueries: Picker<QueryIn>;
    actions: Picker<Action>;
  };
  const readerRng = root.fork('readers');
  const readers: Reader[] = input.users.map((u) => {
    const persona = personaOf(u, roleOf(u.roles));
    const curator = roleOf(u.roles) !== 'consumer';
    const rivalSeen = (r: RivalIn) => curator || (!r.isDraft && !r.profileDraft);
    const seen = (c: CardIn) => {
      const r = rivalById.get(c.rivalId);
      if (!r) return false;
      if (curator) return true;
      return rivalSeen(r) && !c.isDraft && c.board !== SCRATCHPAD && (c.allAccess || c.groups.some((g) => u.groups.includes(g)));
    };
    const visibleCards = input.cards.filter(seen);
    const visible = new Set(visibleCards.map((c) => c.id));
    const rivals = input.rivals.filter(rivalSeen);
    // Each rep works deals against a few rivals most.
    const favourites = new Set(readerRng.sample(rivals.filter((r) => !r.isDraft), 3).map((r) => r.id));
    const weightOf = (r: RivalIn) => rivalWeight(r) * (favourites.has(r.id) ? 3 : 1) * (r.isDraft ? 0.2 : 1);
    const cardsOfRival = new Map(
      rivals.map((r) => {
        const own = visibleCards.filter((c) => c.rivalId === r.id);
        return [r.id, new Picker(own, own.map((c) => popularity.get(c.id)!))];
      }),
    );
    const battlecards = input.battlecards.filter((b) => (curator || !b.isDraft) && rivals.some((r) => r.id === b.rivalId));
    const queries = input.queries.filter((q) => q.rivalId === null || rivals.some((r) => r.id === q.rivalId));
    const queryWeight = (q: QueryIn) => q.weight * (q.rivalId !== null && favourites.has(q.rivalId) ? 2.5 : 1) * (q.gap && curator ? 0.3 : 1);
    const cardQueries = queries.filter((q) => q.context === 'cards');
    const intelQueries = queries.filter((q) => q.context === 'intel');
    const actions = persona.kind === 'admin' ? ADMIN_ACTIONS : curator ? CURATOR_ACTIONS : READER_ACTIONS;
    return {
      user: u, actor: actors.get(u.id)!, persona, curator, visible,
      rivals: new Picker(rivals, rivals.map(weightOf)),
      cardsOfRival,
      anyCard: new Picker(visibleCards, visibleCards.map((c) => popularity.get(c.id)! * weightOf(rivalById.get(c.rivalId)!))),
      battlecards: new Picker(battlecards, battlecards.map((b) => weightOf(rivalById.get(b.rivalId)!))),
      dynamicBoards: input.dynamicBoards.filter((d) => curator || !d.isDraft),
      cardQueries: new Picker(cardQueries, cardQueries.map(queryWeight)),
      intelQueries: new Picker(intelQueries, intelQueries.map(queryWeight)),
      actions: new Picker(actions.map(([a]) => a), actions.map(([, w]) => w)),
    };
  });

  const resultsFor = new Map<string, number>();
  const visibleHits = (reader: Reader, q: QueryIn) => {
    if (q.context === 'intel') return q.hits;
    const key = `${reader.user.id}|${q.query}`;
    let n = resultsFor.get(key);
    if (n === undefined) resultsFor.set(key, (n = q.ids.filter((id) => reader.visible.has(id)).length));
    return n;
  };
  const sentDigests = input.digests.filter((d) => d.sentAt.getTime() >= start);

  // ---- readers' sessions, day by day
  const dayRng = root.fork('days');
  for (let d = USAGE_DAYS - 1; d >= 0; d--) {
    const dayStart = today - d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // Gentle growth: the product is used a third more at the end of the period than at its start.
    const growth = 0.78 + 0.27 * ((USAGE_DAYS - 1 - d) / (USAGE_DAYS - 1));
    for (const reader of readers) {
      const { user, persona } = reader;
      // Every person draws the same numbers every day, active or not, so one person's day never shifts another's.
      const rng = dayRng.fork(`${user.id}`);
      const gone = (user.deactivatedAt && user.deactivatedAt.getTime() <= dayStart) || user.createdAt.getTime() > dayStart + DAY;
      const stopped = persona.stoppedDaysAgo !== undefined && d < persona.stoppedDaysAgo;
      const fading = persona.stoppedDaysAgo !== undefined ? Math.min(1, (d - persona.stoppedDaysAgo) / 40) : 1;
      const p = (weekend ? persona.weekend : persona.weekday) * growth * fading;
      if (gone || stopped || !rng.chance(p)) continue;
      const sessions = rng.int(persona.sessions[0], persona.sessions[1]);
      let hourFloor = 0;
      for (let s = 0; s < sessions; s++) {
        const hour = Math.max(hourFloor, rng.weighted(HOURS));
        if (hour > 23) break;
        const at = dayStart + hour * 3_600_000 + rng.int(0, 3_599) * 1_000;
        const length = session(reader, rng, at);
        hourFloor = Math.floor((at + length * 1_000 - dayStart) / 3_600_000) + 1;
      }
    }
  }

  /** One stretch in the product from `at`: its visit and what the person did; answers its length in seconds. */
  function session(reader: Reader, rng: Rng, at: number): number {
    const { actor, persona } = reader;
    const [lo, hi] = persona.visit;
    // Visit lengths are long-tailed: most are a few minutes, some go on for the upper bound.
    const length = Math.round(lo * Math.pow(hi / lo, Math.pow(rng.next(), 1.6)));
    const visitId = uuidOf(rng);
    emit(actor, { kind: 'visit', visitId, seconds: 30, first: true }, at + 30_000);
    for (let done = 30; done < length; ) {
      const step = Math.min(length - done, rng.int(40, 300));
      done += step;
      emit(actor, { kind: 'visit', visitId, seconds: step, first: false }, at + done * 1_000);
    }
    const actions = rng.int(persona.actions[0], persona.actions[1]);
    let t = at + rng.int(1, 5) * 1_000;
    const gap = Math.max(8, Math.floor(length / (actions + 1)));
    for (let i = 0; i < actions; i++) {
      const action: Action = i === 0 && rng.chance(0.55) ? 'dashboard' : reader.actions.pick(rng);
      t = act(reader, rng, action, t);
      t += rng.int(Math.floor(gap / 2), gap) * 1_000;
    }
    return length;
  }

  function pageView(actor: UsageActor, path: string, route: string, at: number) {
    emit(actor, { kind: 'pageView', path, route }, at);
  }
  function viewCard(reader: Reader, card: CardIn, source: CardViewSource, at: number) {
    emit(reader.actor, { kind: 'cardView', cardId: card.id, source }, at, card.rivalId);
  }

  /** Does one thing at `t`; answers when it was done. A search may be given its query (the one a rep tries next). */
  function act(reader: Reader, rng: Rng, action: Action, t: number, query?: QueryIn): number {
    const { actor } = reader;
    const step = () => (t += rng.int(4, 45) * 1_000);
    switch (action) {
      case 'dashboard':
        pageView(actor, '/dashboard', 'dashboard', t);
        if (rng.chance(0.3)) {
          const c = reader.anyCard.pick(rng);
          viewCard(reader, c, 'board', step());
        }
        return t;
      case 'notifications':
        pageView(actor, '/notifications', 'notifications', t);
        return t;
      case 'insights': {
        const r = reader.rivals.pick(rng);
        pageView(actor, `/insights/${r.id}`, 'insights', t);
        return t;
      }
      case 'settings':
        pageView(actor, rng.pick(['/settings/users', '/settings/groups', '/settings']), 'companySettings', t);
        return t;
      case 'reports':
        pageView(actor, rng.pick(['/reports/consumer-usage/overview', '/reports/search-analytics/overview', '/reports/curator/overview', '/reports/competitive-analytics/overview']), 'reports', t);
        return t;
      case 'digestPage':
        pageView(actor, '/digest', 'digest', t);
        return t;
      case 'alerts':
        pageView(actor, rng.pick(['/alerts?view=unprocessed', '/alerts?view=unprocessed', '/alerts?view=allIntel', '/alerts?view=published']), 'alerts', t);
        return t;
      case 'profile': {
        const r = reader.rivals.pick(rng);
        pageView(actor, `/profile/${r.profileId}`, 'profile', t);
        emit(actor, { kind: 'profileView', profileId: r.profileId }, t, r.id);
        const cards = reader.cardsOfRival.get(r.id);
        const n = cards && !cards.empty ? rng.weighted([[0, 25], [1, 40], [2, 25], [3, 10]] as const) : 0;
        for (let k = 0; k < n; k++) {
          const c = cards!.pick(rng);
          step();
          pageView(actor, `/profile/${r.profileId}/view/card/${c.id}`, 'profile', t);
          viewCard(reader, c, 'board', t + 600);
        }
        if (n > 0 && rng.chance(0.03)) emit(actor, { kind: 'shareCopy', target: 'card', targetId: cards!.items[0].id }, step());
        else if (rng.chance(0.01)) emit(actor, { kind: 'shareCopy', target: 'board', targetId: r.profileId }, step());
        return t;
      }
      case 'battlecard': {
        if (reader.battlecards.empty) return t;
        const b = reader.battlecards.pick(rng);
        pageView(actor, `/profile/${b.profileId}/battlecard/view/${b.id}`, 'profile', t);
        emit(actor, { kind: 'battlecardView', battlecardId: b.id }, t + 700, b.rivalId);
        const cards = b.cards.map((id) => cardById.get(id)).filter((c): c is CardIn => !!c && reader.visible.has(c.id));
        const n = cards.length ? rng.int(0, 3) : 0;
        for (let k = 0; k < n; k++) viewCard(reader, rng.pick(cards), 'battlecard', step());
        if (rng.chance(0.04)) emit(actor, { kind: 'shareCopy', target: 'battlecard', targetId: b.id }, step());
        return t;
      }
      case 'feed': {
        pageView(actor, '/feed', 'feed', t);
        if (rng.chance(0.6)) viewCard(reader, reader.anyCard.pick(rng), 'feed', step());
        return t;
      }
      case 'ask': {
        pageView(actor, ASK_PATH, 'ask', t);
        const r = reader.rivals.pick(rng);
        const cards = reader.cardsOfRival.get(r.id);
        if (!cards || cards.empty) return t;
        const session: DemoAsk = { userId: reader.user.id, profileId: r.profileId, items: [] };
        const questions = rng.chance(0.3) ? 2 : 1;
        for (let k = 0; k < questions; k++) {
          const question = k === 0 ? rng.pick(ASK_QUESTIONS).replace('{R}', r.name) : rng.pick(ASK_FOLLOW_UPS);
          const cited = [...new Set(Array.from({ length: rng.int(1, 3) }, () => cards.pick(rng)))];
          // The answer's id is known once it is written (seedUsage); the events get it then.
          const events = [emit(actor, { kind: 'askQuestion', answerId: 0 }, step())];
          const asked = t;
          if (rng.chance(0.7)) viewCard(reader, cited[0], 'ask', step());
          const sentiment = rng.chance(0.22) ? (rng.chance(0.75) ? 'positive' : 'negative') : null;
          if (sentiment) events.push(emit(actor, { kind: 'askFeedback', answerId: 0, positive: sentiment === 'positive' }, step()));
          session.items.push({ question, at: new Date(asked), ...answerOf(cited), sentiment, events });
        }
        asks.push(session);
        return t;
      }
      case 'dynamicBoard': {
        if (!reader.dynamicBoards.length) return t;
        const board = rng.pick(reader.dynamicBoards);
        pageView(actor, `/dynamic-board/${board.id}`, 'dynamicBoard', t);
        const n = rng.int(0, 2);
        for (let k = 0; k < n; k++) viewCard(reader, reader.anyCard.pick(rng), 'dynamicBoard', step());
        return t;
      }
      case 'link': {
        // A card someone shared in a deal channel.
        const c = reader.anyCard.pick(rng);
        pageView(actor, `/profile/${c.profileId}/view/card/${c.id}`, 'profile', t);
        viewCard(reader, c, 'link', t + 500);
        return t;
      }
      case 'search':
      case 'intelSearch': {
        const intel = action === 'intelSearch';
        const picker = intel ? reader.intelQueries : reader.cardQueries;
        if (picker.empty) return t;
        const q = query ?? picker.pick(rng);
        if (rng.chance(0.14)) {
          const typed = q.query.slice(0, Math.min(q.query.length, rng.int(2, 6)));
          emit(actor, { kind: 'suggestionPick', query: typed, suggestion: q.rivalId !== null && rng.chance(0.5) ? 'rival' : rng.weighted(SUGGESTIONS) }, t);
          step();
        }
        pageView(actor, intel ? `/alerts?view=allIntel&q=${encodeURIComponent(q.query)}` : `/search/${encodeURIComponent(q.query)}`, intel ? 'alerts' : 'search', t);
        const searchId = uuidOf(rng);
        const results = visibleHits(reader, q);
        emit(actor, { kind: 'search', searchId, query: q.query, context: intel ? 'intel' : 'cards', results }, t + 200);
        if (results > 0 && rng.chance(q.open)) {
          const rank = Math.min(results, rng.weighted(RANKS));
          step();
          if (intel) {
            emit(actor, { kind: 'searchOpen', searchId, query: q.query, context: 'intel', rank }, t);
          } else {
            const hits = q.ids.filter((id) => reader.visible.has(id));
            // Top results are the popular cards more often than not.
            const byPopularity = hits.slice().sort((a, b) => popularity.get(b)! - popularity.get(a)!);
            const card = cardById.get(byPopularity[Math.min(byPopularity.length - 1, rank - 1)])!;
            emit(actor, { kind: 'searchOpen', searchId, query: q.query, context: 'cards', rank, cardId: card.id }, t);
            pageView(actor, `/profile/${card.profileId}/view/card/${card.id}`, 'profile', t + 300);
            viewCard(reader, card, 'search', t + 800);
            // Back to the results for another one or two.
            const more = rng.chance(0.45) ? rng.int(1, 2) : 0;
            for (let k = 0; k < more && byPopularity.length > 1; k++) {
              const other = cardById.get(rng.pick(byPopularity.slice(0, 10)))!;
              step();
              pageView(actor, `/profile/${other.profileId}/view/card/${other.id}`, 'profile', t);
              viewCard(reader, other, 'search', t + 500);
            }
            if (rng.chance(0.02)) emit(actor, { kind: 'shareCopy', target: 'search' }, step());
          }
        } else if (results === 0 && rng.chance(0.35)) {
          // Nothing found: try again, in the words the cards use when the rep knows them, else something broader.
          return act(reader, rng, action, step(), q.next ? picker.items.find((x) => x.query === q.next) : undefined);
        }
        return t;
      }
    }
  }

  /** An answer quoting the cited cards, each with its [n]. */
  function answerOf(cited: CardIn[]): Pick<DemoAsk['items'][number], 'html' | 'sources'> {
    const sentence = (c: CardIn) => {
      const text = c.text.length > 280 ? `${c.text.slice(0, 280).replace(/\s+\S*$/, '').replace(/&[#\w]*$/, '')}…` : c.text;
      return text || c.name;
    };
    return {
      html: cited.map((c, i) => `<p><strong>${escapeHtml(c.name)}</strong>: ${sentence(c)} [${i + 1}]</p>`).join(''),
      sources: cited.map((c, i) => ({
        ref: i + 1, title: c.name, url: `/profile/${c.profileId}?viewCard=${c.id}`, doc_type: 'card' as const,
        created_at: c.createdAt.toISOString(), last_updated_datetime: c.updatedAt.toISOString(),
      })),
    };
  }

  function digestRead(reader: Reader, rng: Rng, digest: DigestIn, t: number): void {
    // Opened in a mail client the open is nobody's in particular; in a browser signed in to the product, the reader's.
    const nobody: UsageActor = { companyId: input.companyId, userId: null, role: roleOf([]) };
    const inBrowser = rng.chance(0.4);
    emit(inBrowser ? reader.actor : nobody, { kind: 'digestOpen', digestId: digest.id }, t);
    if (!digest.links.length || !rng.chance(0.55)) return;
    const link = rng.pick(digest.links);
    // A click lands in the browser, where most readers are signed in.
    const signedIn = inBrowser || rng.chance(0.6);
    emit(signedIn ? reader.actor : nobody, { kind: 'digestClick', digestId: digest.id, url: link.url }, t + rng.int(5, 60) * 1_000);
    const cards = link.rivalId === null ? undefined : reader.cardsOfRival.get(link.rivalId);
    if (signedIn && cards && !cards.empty && rng.chance(0.6)) viewCard(reader, cards.pick(rng), 'digest', t + rng.int(60, 180) * 1_000);
  }


  // ---- curators' work, from the rows it left behind
  const workRng = root.fork('work');
  const inWindow = (d: Date | null): d is Date => d !== null && d.getTime() >= start && d.getTime() <= now.getTime();
  const actorFor = (id: number | null) => (id === null ? undefined : usersById.has(id) ? actors.get(id) : undefined);
  for (const c of input.cards) {
    const author = actorFor(c.authorId);
    if (!author) continue;
    if (inWindow(c.createdAt)) emit(author, { kind: 'cardCreated', cardId: c.id }, c.createdAt.getTime());
    if (c.updatedAt.getTime() - c.createdAt.getTime() > 60_000) {
      // Edits between, then the one that left the card as it is.
      const edits = workRng.int(0, 2);
      for (let k = 0; k < edits; k++) {
        const at = workRng.between(c.createdAt, c.updatedAt);
        if (inWindow(at)) emit(author, { kind: 'cardUpdated', cardId: c.id }, at.getTime());
      }
      if (inWindow(c.updatedAt)) emit(author, { kind: 'cardUpdated', cardId: c.id }, c.updatedAt.getTime());
    }
  }
  for (const i of input.intel) {
    const submitter = actorFor(i.submittedById);
    const left = i.submittedById === null ? null : usersById.get(i.submittedById)?.deactivatedAt;
    if (submitter && inWindow(i.createdAt) && !(left && left <= i.createdAt)) emit(submitter, { kind: 'intelSubmitted', intelId: i.id }, i.createdAt.getTime());
    const curator = actorFor(i.actionedById);
    if (!curator) continue;
    if (inWindow(i.actionedAt)) {
      const seconds = Math.max(1, Math.round((i.actionedAt.getTime() - i.createdAt.getTime()) / 1_000));
      emit(curator, { kind: 'intelTriaged', intelId: i.id, seconds }, i.actionedAt.getTime());
    }
    if (inWindow(i.publishedAt)) emit(curator, { kind: 'intelPublished', intelId: i.id }, i.publishedAt.getTime() + 1_000);
  }
  for (const digest of sentDigests) {
    const sender = actorFor(digest.sentById);
    if (sender && inWindow(digest.sentAt)) emit(sender, { kind: 'digestSent', digestId: digest.id, recipients: digest.recipients }, digest.sentAt.getTime());
    // Recipients open it within a day or two; power readers most.
    for (const reader of readers) {
      const open = { power: 0.85, leadCurator: 0.3, curator: 0.4, admin: 0.5, regular: 0.6, occasional: 0.35, dormant: 0.05 }[reader.persona.kind];
      const at = digest.sentAt.getTime() + workRng.int(10 * 60, 40 * 3_600) * 1_000;
      // Drawn whatever the time of seeding (what lies ahead of `now` is dropped below), so the same day gives the same rows.
      if (workRng.chance(open) && reader.user.deactivatedAt === null) digestRead(reader, workRng, digest, at);
    }
  }

  const end = now.getTime();
  const within = (at: number) => at >= start && at <= end;
  return {
    rows: rows
      .map((row) => ({ row, at: row.occurredAt.getTime() }))
      .filter((x) => within(x.at))
      .sort((a, b) => a.at - b.at)
      .map((x) => x.row),
    // Questions asked later today than `now` are not asked yet.
    asks: asks
      .map((a) => ({ ...a, items: a.items.filter((i) => i.events.every((e) => within(e.occurredAt.getTime()))) }))
      .filter((a) => a.items.length > 0),
  };
}

/**
 * Seeds the history (partitions first) and answers the number of events written. Within a transaction (the demo
 * seed's) and as a superuser, the rows skip their per-row foreign-key checks (session_replication_role = replica,
 * as the scale seeder's bulk mode does): they refer to rows just read, so the checks would only cost time.
 */
export async function seedUsage(db: Exec, companyId: number, now: Date, writer: UsageSeedWriter): Promise<{ events: number; askAnswers: number }> {
  const { rows, asks } = demoUsage(await loadUsageInput(db, companyId), now, writer);
  const askAnswers = await writeAsks(db, companyId, asks);
  const today = Math.floor(now.getTime() / DAY) * DAY;
  await writer.ensureMonthPartitions(db, new Date(today - (USAGE_DAYS - 1) * DAY), now);
  const [{ bulk }] = await rowsOf<{ bulk: boolean }>(
    db,
    sql`SELECT coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false) AND now() <> statement_timestamp() AS bulk`,
  );
  if (bulk) await db.execute(sql`SET LOCAL session_replication_role = replica`);
  await writer.writeUsage(db, rows);
  if (bulk) await db.execute(sql`SET LOCAL session_replication_role = origin`);
  return { events: rows.length, askAnswers };
}

/** The Ask sessions and answers, newest question last in each; their events get the answers' ids. */
async function writeAsks(db: Exec, companyId: number, asks: DemoAsk[]): Promise<number> {
  const items = asks.flatMap((a) => a.items);
  if (!items.length) return 0;
  const reserve = async (table: string, n: number) =>
    (await rowsOf<{ id: number }>(db, sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${n}::int)`)).map((r) => r.id);
  const sessionIds = await reserve('ask_sessions', asks.length);
  const answerIds = await reserve('ask_answers', items.length);
  const sessions = asks.map((a, i) => ({
    id: sessionIds[i], user_id: a.userId, title: a.items[0].question, created_at: a.items[0].at.toISOString(), updated_at: a.items.at(-1)!.at.toISOString(),
  }));
  let n = 0;
  const answers = asks.flatMap((a, i) =>
    a.items.map((item) => {
      const id = answerIds[n++];
      for (const e of item.events) e.subjectId = id;
      return {
        id, session_id: sessionIds[i], user_id: a.userId, question: item.question, text: item.html, sources: item.sources, profile_id: a.profileId,
        sentiment: item.sentiment, created_at: item.at.toISOString(),
      };
    }),
  );
  await db.execute(sql`
    INSERT INTO ask_sessions (id, company_id, user_id, title, category, created_at, updated_at)
    SELECT s.id, ${companyId}, s.user_id, s.title, 'other', s.created_at, s.updated_at
    FROM jsonb_to_recordset(${JSON.stringify(sessions)}::jsonb) AS s(id int, user_id int, title text, created_at timestamptz, updated_at timestamptz)`);
  await db.execute(sql`
    INSERT INTO ask_answers (id, company_id, session_id, user_id, question, text, sources, profile_id, status, sentiment, created_at)
    SELECT a.id, ${companyId}, a.session_id, a.user_id, a.question, a.text, a.sources, a.profile_id, 'done', a.sentiment, a.created_at
    FROM jsonb_to_recordset(${JSON.stringify(answers)}::jsonb)
      AS a(id int, session_id int, user_id int, question text, text text, sources jsonb, profile_id int, sentiment text, created_at timestamptz)`);
  return items.length;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
