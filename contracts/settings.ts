// HTTP contracts of company settings (part 1 §3 Company, §6 flags, §7; part 3 §7.5 rival groups).
//
//   PUT    /api/company/profile.json            CompanyProfileBody → Company                       (admins)
//   PUT    /api/company.json                    {featureFlag, value} → Company; a `flags.x` path must name
//                                               a flag of FEATURE_FLAGS                            (admins)
//   PUT    /api/company/ask_groups.json         {visibilityGroupIds} → Company                     (admins)
//   PUT    /api/company/digest_defaults.json    DigestDefaults → Company                           (admins)
//   GET    /api/visibility_groups.json?usage=true → VisibilityGroupUsage[]                         (admins)
//   POST   /api/visibility_groups.json          {name} → VisibilityGroupUsage                       (admins)
//   PUT    /api/visibility_groups/order.json    {ids}: exactly the company's groups → VisibilityGroupUsage[]
//   PUT    /api/visibility_groups/{id}.json     {name} → VisibilityGroupUsage                       (admins)
//   DELETE /api/visibility_groups/{id}.json     → {id}; the group's cards lose it (see VisibilityGroupUsage)
//   GET    /api/visibility_groups/{id}/members.json → GroupMember[]                                (admins)
//   PUT    /api/visibility_groups/{id}/members.json {addUserIds, removeUserIds} → GroupMember[]     (admins)
//   POST   /api/rival_groups.json               {name} → RivalGroupItem                             (curators)
//   PUT    /api/rival_groups/order.json         {ids}: exactly the company's groups → RivalGroupItem[]
//   PUT    /api/rival_groups/{id}               {name?, addRivals?, removeRivals?} → RivalGroupItem (curators)
//   DELETE /api/rival_groups/{id}.json          → {id}; its rivals stay                             (curators)
//   GET    /api/audit.json?query&targetType&page&limit → AuditPage                                 (admins)
import { z } from 'zod';
import { queryInt } from './query.ts';

const Id = z.number().int().positive().max(2_147_483_647);
const someIds = (max = 1000) => z.array(Id).max(max).transform((a) => [...new Set(a)]);

export const GROUP_NAME_MAX = 80;
export const COMPANY_NAME_MAX = 120;
export const EMAIL_DOMAINS_MAX = 20;

/** Where a flag appears on the settings screen. */
export const FLAG_GROUPS = ['cards', 'searchAndAsk', 'navigation', 'reports', 'winLoss'] as const;
export type FlagGroup = (typeof FLAG_GROUPS)[number];

/**
 * The company feature flags this product reads (part 1 §6), each in its settings group and with the value
 * it has when the company never set it. The settings screen shows the switchable ones; PUT refuses any other.
 */
export const FEATURE_FLAGS = [
  { name: 'newCardEditor', group: 'cards', default: false },
  { name: 'cardSentiment', group: 'cards', default: false },
  { name: 'cardFeedbackDisabled', group: 'cards', default: false },
  { name: 'sentimentAndFeedbackOnHoverDisabled', group: 'cards', default: false },
  { name: 'tagVisibleToConsumers', group: 'cards', default: true },
  { name: 'blankBoards', group: 'cards', default: false },
  { name: 'unifiedSearch', group: 'searchAndAsk', default: false },
  { name: 'askDashboard', group: 'searchAndAsk', default: false },
  { name: 'askPage', group: 'searchAndAsk', default: false },
  { name: 'askWizard', group: 'searchAndAsk', default: false },
  { name: 'promptLibrary', group: 'searchAndAsk', default: false },
  { name: 'companyLandingPage', group: 'navigation', default: false },
  { name: 'companyFavorites', group: 'navigation', default: false },
  { name: 'dynamicBoards', group: 'navigation', default: false },
  { name: 'feedHiddenInConsumerNav', group: 'navigation', default: false },
  { name: 'newsDashboard', group: 'navigation', default: false },
  { name: 'unreadBadges', group: 'navigation', default: false },
  { name: 'knowledgeHub', group: 'navigation', default: false },
  { name: 'reports', group: 'reports', default: false },
  { name: 'consumerReportForCurators', group: 'reports', default: false },
  { name: 'curatorReportForCurators', group: 'reports', default: false },
  { name: 'craReportForCurators', group: 'reports', default: false },
  { name: 'winLoss', group: 'winLoss', default: false },
  { name: 'winLossConsumerAccess', group: 'winLoss', default: false },
  { name: 'winLossExclusive', group: 'winLoss', default: false },
] as const satisfies readonly { name: string; group: FlagGroup; default: boolean; unbuilt?: true }[];

export type FeatureFlagName = (typeof FEATURE_FLAGS)[number]['name'];

export const isFeatureFlag = (name: string): name is FeatureFlagName => FEATURE_FLAGS.some((f) => f.name === name);

/**
 * The flags an admin may switch: those of areas that work. A flag marked `unbuilt` (the knowledge hub, win/loss)
 * keeps its default, and its switch appears once its area is built and the mark removed.
 */
export const SWITCHABLE_FLAGS = FEATURE_FLAGS.filter((f) => !('unbuilt' in f));
export const isSwitchableFlag = (name: string): name is FeatureFlagName => SWITCHABLE_FLAGS.some((f) => f.name === name);

/** "cardSentiment" → "card sentiment": how a name reads in a sentence. */
export const spokenName = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The audit log's sentence for a flag switched on or off. */
export const flagChangeSummary = (name: string, on: boolean) => `Turned ${on ? 'on' : 'off'} ${spokenName(name)}`;

/** A flag's value for a company: what it set, else the flag's default. */
export function flagValue(flags: Record<string, boolean> | undefined, name: FeatureFlagName): boolean {
  const set = flags?.[name];
  return typeof set === 'boolean' ? set : FEATURE_FLAGS.find((f) => f.name === name)!.default;
}

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(u), 'must be an http or https URL');

/** An email domain as people type it ("@acme.com", "Acme.com"), kept lower-case without the @. */
export const EmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().max(253).regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain like acme.com'));

export const CompanyProfileBody = z
  .object({
    name: z.string().trim().min(1, 'is required').max(COMPANY_NAME_MAX),
    url: httpUrl.nullable(),
    iconUrl: httpUrl.nullable(),
    emailDomains: z
      .array(EmailDomain)
      .max(EMAIL_DOMAINS_MAX)
      .transform((a) => [...new Set(a)]),
  })
  .strict();
export type CompanyProfileBody = z.infer<typeof CompanyProfileBody>;

export const AskGroupsBody = z.object({ visibilityGroupIds: someIds(200) }).strict();

export const DIGEST_DEFAULT_TITLE_MAX = 200;
export const DIGEST_DEFAULT_INTRO_MAX = 5_000;

/**
 * companyData.defaults.digest: what a new digest starts with ({date} becomes the day it is created), and
 * whether people who join receive digests by email until they change it on their profile.
 */
export const DigestDefaults = z
  .object({
    title: z.string().trim().min(1, 'is required').max(DIGEST_DEFAULT_TITLE_MAX),
    intro: z.string().trim().max(DIGEST_DEFAULT_INTRO_MAX),
    newUsersReceive: z.boolean(),
  })
  .strict();
export type DigestDefaults = z.infer<typeof DigestDefaults>;

export const DIGEST_DEFAULTS: DigestDefaults = { title: 'Competitive digest · {date}', intro: '', newUsersReceive: true };

/** The company's digest defaults, filled in from DIGEST_DEFAULTS where it set nothing. */
export function digestDefaultsOf(companyData: { defaults?: Record<string, unknown> }): DigestDefaults {
  const parsed = DigestDefaults.partial().safeParse(companyData.defaults?.digest ?? {});
  return { ...DIGEST_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
}

export const GroupName = z.string().trim().min(1, 'is required').max(GROUP_NAME_MAX);
export const GroupNameBody = z.object({ name: GroupName }).strict();
export const GroupOrderBody = z.object({ ids: z.array(Id).min(1).max(1000) }).strict();
export const GroupMembersBody = z
  .object({ addUserIds: someIds(500).default([]), removeUserIds: someIds(500).default([]) })
  .strict()
  .refine((b) => b.addUserIds.length + b.removeUserIds.length > 0, { message: 'give addUserIds or removeUserIds', path: ['addUserIds'] });

export const RivalGroupChange = z
  .object({ name: GroupName.optional(), addRivals: someIds().default([]), removeRivals: someIds().default([]) })
  .strict();

export const UsageQuery = z.object({ usage: z.enum(['true', 'false']).optional() });

/** A visibility group with what depends on it: who is in it, and the cards shared with it. */
export type VisibilityGroupUsage = {
  id: number;
  name: string;
  viewOrder: number;
  membersCount: number;
  /** Cards shared with this group and no other: only curators see them once the group is deleted. */
  cardsOnlyHere: number;
  /** Cards shared with this group and others: they keep the other groups. */
  cardsShared: number;
  /** Whether Ask answers people of this group (company.askPermittedVisibilityGroups). */
  askPermitted: boolean;
};

export type GroupMember = { id: number; name: string; email: string; image: string | null };

export const AUDIT_TARGETS = ['company', 'flag', 'user', 'invitation', 'visibilityGroup', 'rivalGroup', 'synonyms', 'apiToken', 'integration'] as const;
export const AUDIT_PAGE_SIZE = 25;

export const AuditQuery = z.object({
  query: z.string().trim().max(200).optional(),
  targetType: z.enum(AUDIT_TARGETS).optional(),
  page: queryInt(1, 1_000_000).default(1),
  limit: queryInt(1, 100).default(AUDIT_PAGE_SIZE),
});

export type AuditItem = {
  id: number;
  action: string;
  targetType: (typeof AUDIT_TARGETS)[number];
  targetId: number | null;
  summary: string;
  detail: Record<string, unknown>;
  createdAt: string;
  actor: { id: number; name: string } | null;
};
export type AuditPage = { items: AuditItem[]; total: number; page: number; limit: number };
