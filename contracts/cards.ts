// HTTP contracts of authoring (issue #7): cards, card sources, tags, sentiment, feedback, boards, rivals
// and rival groups, profiles, battlecards, job statuses and provider data (part 2 §3–§9; part 1 §3, §5,
// §7; part 3 §4.8, §7.4, §7.5). Every path is under /api; bodies and answers are JSON; every non-GET call
// carries X-CSRF-Token. Bad input answers 400 {error, details: [{field, message}]} and writes nothing;
// another company's ids answer 404; consumers get 403 on every write except sentiment and feedback.
//
// Cards
//   POST   /cards.json?v=2|3          CardCreate → Card (201). v=3 is the editor's short form: data
//                                     {hasDynamicBlocks, name, textHtml}, boardId, templateName 'CardHTML'.
//                                     Defaults: after the board's last card, everyone (allAccess), published.
//   PUT    /cards/:id.json            CardUpdate → Card (edit one: data.name, data.textHtml, textJson, ...)
//   PUT    /cards.json?v=2            CardBulkUpdate → Card[] (bulk permissions, tags, order, move)
//   POST   /cards/:id/duplicate.json  → Card (201): name + " copy", order between the card and its next sibling
//   DELETE /cards/:id.json            → CardsDeleted
//   DELETE /cards.json                {cardIds} → CardsDeleted; a board left empty is deleted too
//   Card text (data.textHtml and html blocks of textJson) is sanitized with the one allow-list on save.
//
// Card sources, sentiment, feedback
//   GET    /cards/:id/sources.json    → CardSource[] (only of a card the viewer may see)
//   POST   /cards/:id/sources         SourcesAdd → CardSource[] (the card's full list); 400 "invalid URL"
//   DELETE /cards/:cardId/sources/:id → {id}; 404 "Failed to delete source"
//   PUT    /cards/:id/sentiment.json  SentimentUpdate → SentimentAnswer (403 without the cardSentiment flag)
//   POST   /cards/:id/comments        FeedbackCreate → CardComment (201; 403 with cardFeedbackDisabled)
//   GET    /cards/:id/comments.json   → CardComment[] (curators)
//
// Tags
//   GET    /tags.json                 TagListQuery → TagItem[]
//   GET    /tags/:id.json             → TagItem
//   POST   /tags.json                 TagCreate → TagItem (201; 409 when the name exists)
//   PUT    /cards/tags.json           TagsBulk → Card[]; cards keep their updatedAt (part 1 §5)
//
// Boards
//   GET    /rivals/:id/boards.json    → BoardItem[] (Scratchpad hidden)
//   POST   /boards.json               BoardCreate → BoardItem (201)
//   PUT    /boards/:id.json           BoardUpdate → BoardItem
//   DELETE /boards/:id.json           BoardDeleteQuery → BoardDeleted; ?moveCardsTo={boardId} first moves the
//                                     lane's cards to the end of another lane of the same profile (one transaction)
//   DELETE /boards.json               {boardIds} → {deletedIds}
//   PUT    /boards/:id/cards/rearrange.json  {cardIds} → BoardCard[] in the new order (viewOrder 1..n); cards
//                                     named from another lane of the same profile are moved into this one
//   PUT    /profiles/:id/boards/rearrange.json  BoardsRearrange → BoardItem[] (exactly the profile's lanes)
//
// Rivals, rival groups, profiles, jobs
//   POST   /rivals.json               RivalCreate → RivalCreated (201); poll GET /job_statuses/:id.json
//   DELETE /rivals/:id(.json)         → {id}
//   GET    /seller_rivals.json        → RivalItem[] (what a consumer sees)
//   PUT    /rival_groups/:id(.json)   RivalGroupChange (contracts/settings.ts) → RivalGroupItem
//   PUT    /profiles/:id(.json)       ProfileUpdate → ProfileAnswer (isDraft publishes/unpublishes the rival too)
//   POST   /profiles/:id.json         ProfileClone → ProfileCloned: copies profile `id`'s lanes, cards and
//                                     battlecards into profile :id (part 3 §7.4)
//   GET    /job_statuses/:id.json     → JobStatus
//
// Battlecards
//   GET    /battlecards.json          → BattlecardItem[]; Cache-Control private, max-age=300 and an ETag
//                                     that changes with any battlecard or card change (304 on If-None-Match)
//   POST   /profiles/:id/battlecards.json  BattlecardCreate → BattlecardItem (201)
//   PUT    /battlecards/:id.json      BattlecardUpdate → BattlecardItem
//   DELETE /battlecards/:id.json      → {id}
//   GET    /battlecards/:id/cards.json?v=2&battlecardType=desktop|tablet|mobile&cardIds=1,2&visibilityGroupId=3
//
// Providers
//   GET    /providers/:provider.json?rivalId=|domain=[&condition=]  → ProviderAnswer; 400 "Unknown formula type",
//                                     400 "Invalid company identifier"; no data → 200 with data {}. Provider
//                                     `own` is computed from the company's CRM deals against the rival
//                                     (search-api/cards/crmFacts.ts, OwnFacts); deal names only for win/loss readers.
//
// Dynamic formula blocks (part 2 §3, §4, §5; part 1 §9): a textJson block {type: 'formula', value} and the
// card's textHtml carry the same placeholder, a function call in double braces:
//   {{formulaKey(company, company, ...)}}        e.g. {{revenue(rival)}}, {{trafficComparison(rival, 12)}}
// A company is `rival` (the card's own rival), a rival id, or a web domain (acme.com). Salesforce formulas
// may add the query type as a quoted last argument: {{latestOpportunities(rival, "open")}}.
import { z } from 'zod';
import { SFDC_CONDITIONS, type SfdcCondition } from './deals.ts';

/** Max cards per battlecard layout (part 2 §9). */
export const BATTLECARD_MAX_CARDS = 8;
/** GET /battlecards.json may be cached this long (part 2 §9). */
export const BATTLECARD_LIST_CACHE_SECONDS = 300;
/** Tag fetch limit (part 2 §9). */
export const TAGS_MAX_LIMIT = 10_000;
/** Sentiment values (part 2 §9). */
export const SENTIMENT = { positive: 1, negative: 2 } as const;
export type Sentiment = (typeof SENTIMENT)[keyof typeof SENTIMENT];
/** Card visibility modes (part 2 §4): curators only, everyone, curators plus chosen groups. */
export const VISIBILITY_MODES = { curatorsOnly: 0, everyone: 1, groups: 2 } as const;
export const BATTLECARD_LAYOUTS = ['desktop', 'tablet', 'mobile'] as const;
export type BattlecardLayoutKind = (typeof BATTLECARD_LAYOUTS)[number];
export const RIVAL_CATEGORIES = ['company', 'product', 'other'] as const;
/** The error texts the UI shows as they are (part 2 §8). */
export const SOURCE_ERRORS = { invalidUrl: 'invalid URL', deleteFailed: 'Failed to delete source' } as const;
export const PROVIDER_ERRORS = { unknownFormula: 'Unknown formula type', invalidCompany: 'Invalid company identifier' } as const;
/** Providers of dynamic data blocks (part 1 §7); the path also accepts kebab-case and snake_case. */
export const PROVIDER_NAMES = ['companyData', 'firmographic', 'own', 'webTraffic', 'news', 'hiring'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

const MAX_INT = 2_147_483_647;
export const Id = z.number().int().positive().max(MAX_INT);
/** Visibility group ids must be non-negative integers (part 1 §5). */
export const GroupId = z.number().int().min(0).max(MAX_INT);
const ids = (max = 1000) => z.array(Id).max(max).transform((a) => [...new Set(a)]);
const someIds = (max = 1000) => z.array(Id).min(1).max(max).transform((a) => [...new Set(a)]);
const name = (max = 500) => z.string().trim().min(1, 'must not be empty').max(max);
/** viewOrder is a numeric string (part 2 §3); numbers are accepted too. */
const ViewOrder = z
  .union([z.number(), z.string().trim()])
  .transform((v) => String(v))
  .refine((v) => /^-?\d{1,12}(\.\d{1,12})?$/.test(v), 'must be a number');
const Url = z.string().trim().max(2000);

export const TextBlock = z.object({ type: z.enum(['html', 'formula']), value: z.string().max(200_000) });
export type TextBlock = z.infer<typeof TextBlock>;

const CardData = z.object({
  name: name(),
  textHtml: z.string().max(500_000).default(''),
  textJson: z.array(TextBlock).max(200).optional(),
  hasDynamicBlocks: z.boolean().optional(),
});

/** Who sees a card: isDraft (mode 0) wins, then allAccess (mode 1), else curators plus visibilityGroups (mode 2). */
const Permissions = {
  allAccess: z.boolean().optional(),
  isDraft: z.boolean().optional(),
  visibilityGroups: z.array(GroupId).max(100).transform((a) => [...new Set(a)]).optional(),
  /** Tag ids of the company; replaces the card's tags. */
  tags: ids(200).optional(),
};

export const CardVersionQuery = z.object({ v: z.enum(['2', '3']).default('2') });

export const CardCreate = z
  .object({
    data: CardData,
    boardId: Id,
    viewOrder: ViewOrder.optional(),
    /** The author's user id (the signed-in user when left out). */
    author: Id.optional(),
    reviewerId: Id.nullable().optional(),
    templateName: z.string().trim().max(100).optional(),
    ...Permissions,
  })
  .strict();
export type CardCreate = z.input<typeof CardCreate>;

export const CardUpdate = z
  .object({
    data: CardData.partial().optional(),
    boardId: Id.optional(),
    viewOrder: ViewOrder.optional(),
    reviewerId: Id.nullable().optional(),
    templateName: z.string().trim().max(100).optional(),
    ...Permissions,
  })
  .strict();
export type CardUpdate = z.input<typeof CardUpdate>;

/** Bulk edit and move (PUT /cards.json?v=2). boardId moves the cards; it must differ from their board. */
export const CardBulkUpdate = z
  .object({
    cardIds: someIds(),
    boardId: Id.optional(),
    viewOrder: ViewOrder.optional(),
    ...Permissions,
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'cardIds'), { message: 'nothing to change', path: ['cardIds'] });
export type CardBulkUpdate = z.input<typeof CardBulkUpdate>;

export const CardIdsBody = z.object({ cardIds: someIds() }).strict();
export const BoardIdsBody = z.object({ boardIds: someIds() }).strict();

export type Card = {
  id: number;
  data: { name: string; hasDynamicBlocks: boolean };
  board: { id: number; name: string; profileId: number };
  author: { id: number; name: string } | null;
  reviewer: { id: number; reviewedAt: string | null } | null;
  viewOrder: string;
  templateName: string | null;
  allAccess: boolean;
  isDraft: boolean;
  /** 0 curators only, 1 everyone, 2 curators plus visibilityGroups. */
  visibilityMode: 0 | 1 | 2;
  visibilityGroups: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  sourcesCount: number;
  textJson: TextBlock[];
  textHtml: string;
  hasDynamicBlocks: boolean;
  createdAt: string;
  updatedAt: string;
};
export type CardsDeleted = { deletedIds: number[]; deletedBoardIds: number[] };

// ---- Sources, sentiment, feedback ----

/** URLs must use http or https with the protocol written out (part 1 §5). */
export function isSourceUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

export const SourcesAdd = z.object({ urls: z.array(Url).min(1).max(50) }).strict();
export type CardSource = {
  id: number;
  permalink: string;
  createdAt: string;
  prettyName: string | null;
  userId: number | null;
  quote: string | null;
  referableType: 'Link' | 'Comment';
  metadata: { referableMetadata: { title: string | null }; container: { profileId: number; profileName: string } };
};

export const SentimentUpdate = z.object({ sentiment: z.union([z.literal(1), z.literal(2), z.null()]) }).strict();
export type SentimentAnswer = { cardId: number; sentiment: Sentiment | null; cardSentiment: Record<string, Sentiment> };

export const FeedbackCreate = z.object({ body: z.string().trim().min(1, 'must not be empty').max(5000) }).strict();
export type CardComment = { id: number; cardId: number; body: string; createdAt: string; user: { id: number; name: string } | null };

// ---- Tags ----

export const TAG_FILTERS = ['assigned', 'active'] as const;
export const TagListQuery = z.object({
  /** Comma list of assigned (on at least one card the viewer sees) and active. */
  filter: z
    .string()
    .max(100)
    .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.enum(TAG_FILTERS)))
    .optional(),
  /** Case-insensitive substring of the name or a synonym. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(TAGS_MAX_LIMIT).default(TAGS_MAX_LIMIT),
  minimal: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').default(false),
});
export type TagItem = { id: number; name: string; synonyms?: string[]; cardsCount?: number };
export const TagCreate = z.object({ name: name(100), synonyms: z.array(name(100)).max(20).default([]) }).strict();
export const TagsBulk = z
  .object({ cardIds: someIds(), addTags: ids(200).default([]), removeTags: ids(200).default([]) })
  .strict()
  .refine((b) => b.addTags.length + b.removeTags.length > 0, { message: 'give addTags or removeTags', path: ['addTags'] });

// ---- Boards ----

/** The board every profile may keep for notes; hidden from curators (part 1 §3) and consumers alike, so the name is reserved. */
export const SCRATCHPAD = 'Scratchpad';
const boardName = name(200).refine((n) => n.toLowerCase() !== SCRATCHPAD.toLowerCase(), `${SCRATCHPAD} is reserved`);

export type BoardItem = { id: number; name: string; iconUrl: string | null; profileId: number; viewOrder: number; cardsCount: number; updatedAt: string };
export const BoardCreate = z.object({ profileId: Id, name: boardName, iconUrl: Url.nullable().optional() }).strict();
export const BoardUpdate = z
  .object({ name: boardName.optional(), iconUrl: Url.nullable().optional(), viewOrder: z.number().int().min(0).max(MAX_INT).optional() })
  .strict();
export const Rearrange = z.object({ cardIds: someIds(2000) }).strict();
/** The new order of a profile's lanes: each of them once, no other. */
export const BoardsRearrange = z
  .object({ boardIds: z.array(Id).min(1).max(1000).refine((a) => new Set(a).size === a.length, 'has a board twice') })
  .strict();
export const BoardDeleteQuery = z.object({
  moveCardsTo: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a positive integer').transform(Number).pipe(Id).optional(),
});
export type BoardDeleted = { deletedIds: number[]; movedCardIds: number[] };

// ---- Rivals, groups, profiles, jobs ----

export const RivalCreate = z
  .object({
    name: name(200),
    category: z.enum(RIVAL_CATEGORIES).default('company'),
    url: Url.refine((u) => u === '' || isSourceUrl(u), 'must be an http(s) URL').optional(),
    /**
     * A profile whose boards and cards the new profile starts with. Left out: the best-practice default
     * boards; 0: no boards at all (part 3 §5, "empty means none").
     */
    copyFromId: z.number().int().min(0).optional(),
  })
  .strict();
export type RivalCreateBody = z.input<typeof RivalCreate>;
export type RivalCreated = { id: number; statusId: number; profile: { id: number } };
export type JobStatus = { id: number; completedAt: string | null; tasksCompleted: number; tasksTotal: number };
export const ProfileUpdate = z
  .object({
    isDraft: z.boolean().optional(),
    publicSourcesEnabled: z.boolean().optional(),
    /** The landing page's product filter: ids of products of the company's own organization (part 3 §4.6b). */
    products: z.array(Id).max(50).optional(),
    /** The rival's icon. */
    imageUrl: Url.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change', path: ['isDraft'] });
/** Copy profile `id` into the profile of the path; battlecards come along unless `battlecards` is false. */
export const ProfileClone = z.object({ id: Id, battlecards: z.boolean().default(true) }).strict();
export type ProfileCloneBody = z.input<typeof ProfileClone>;
/** What the copy added: cards, battlecards, and lanes created (cards of a lane whose name the profile has join that lane). */
export type ProfileCloned = { cardsCount: number; battlecardsCount: number; boardsCount: number };
export type ProfileAnswer = {
  id: number;
  isDraft: boolean;
  isTemplate: boolean;
  name: string;
  rivalId: number;
  publicSourcesEnabled: boolean;
  products: number[];
  imageUrl: string | null;
};

// ---- Battlecards ----

const Layout = z.array(Id).max(BATTLECARD_MAX_CARDS, `a battlecard holds at most ${BATTLECARD_MAX_CARDS} cards`);
const uniqueIds = (a: number[]) => new Set(a).size === a.length;
export const BattlecardCardData = z
  .object({ desktop: Layout.refine(uniqueIds, 'has a card twice'), tablet: Layout.refine(uniqueIds, 'has a card twice'), mobile: Layout.refine(uniqueIds, 'has a card twice') })
  .partial()
  .strict();
export const BattlecardCreate = z
  .object({
    title: name(200),
    layout: z.string().trim().min(1).max(50).default('stacker'),
    cardData: BattlecardCardData.default({}),
    isDraft: z.boolean().default(false),
  })
  .strict();
export const BattlecardUpdate = z
  .object({
    title: name(200).optional(),
    layout: z.string().trim().min(1).max(50).optional(),
    cardData: BattlecardCardData.optional(),
    isDraft: z.boolean().optional(),
    viewOrder: z.number().int().min(0).max(MAX_INT).optional(),
  })
  .strict();
export type BattlecardItem = {
  id: number;
  title: string;
  profile: { id: number; name: string };
  /** Card ids per layout, only those the viewer may see. */
  cards: Record<BattlecardLayoutKind, number[]>;
  cardTitles: Record<string, string>;
  isDraft: boolean;
  layout: string;
  commentsCount: number;
  viewOrder: number;
  review: { reviewedAt: string | null; byUserId: number | null };
  createdAt: string;
  updatedAt: string;
};

// ---- Providers ----

/** Accepts companyData, company-data and company_data alike. */
export function providerName(raw: string): ProviderName | null {
  const camel = raw.replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());
  return (PROVIDER_NAMES as readonly string[]).includes(camel) ? (camel as ProviderName) : null;
}
export const ProviderQuery = z
  .object({
    rivalId: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a positive integer').transform(Number).optional(),
    domain: z.string().trim().toLowerCase().max(255).optional(),
    /** Salesforce formulas (provider own): which deals, as the formula's sfdcQueryType names them. */
    condition: z.enum(SFDC_CONDITIONS).optional(),
  });
/** Provider `own`: the CRM formulas' facts from deals against a rival (crmWins, latestOpportunities). */
export type OwnFacts = {
  conditionName: SfdcCondition;
  dealsWon: number;
  dealsLost: number;
  winRate: number | null;
  mostCitedWinReason: string | null;
  mostCitedLossReason: string | null;
  dealsOpen: number;
  avgDealSizeUsd: number | null;
  competitiveDeals: number;
  /** The latest few deals, for readers who may read win/loss only (others get the numbers alone). */
  opportunities?: { name: string; accountName: string | null; stage: string; amount: number | null; currency: string }[];
};
export type ProviderAnswer = {
  provider: ProviderName;
  rival: { id: number; name: string };
  /** Empty when the provider has nothing yet: the UI shows the empty-data notice. */
  data: Record<string, unknown>;
  updatedAt: string | null;
};

// ---- Dynamic formula blocks ----

export type FormulaBlock = {
  formulaKey: string;
  /** 'rival' (the current rival), rival ids, or domains, as written. */
  companies: (number | string)[];
  sfdcQueryType?: string;
  originalFormula: string;
};
export const CURRENT_RIVAL = 'rival';
/** One placeholder; the global flag is for scanning card HTML. */
export const FORMULA_PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\(([^(){}]*)\)\s*\}\}/g;

/** The formula of a placeholder, or null when the text is not one. */
export function parseFormula(text: string): FormulaBlock | null {
  const m = new RegExp(`^\\s*${FORMULA_PLACEHOLDER.source}\\s*$`).exec(text);
  if (!m) return null;
  const args = m[2].split(',').map((a) => a.trim()).filter(Boolean);
  const quoted = args.length && /^["'].*["']$/.test(args[args.length - 1]) ? args.pop()!.slice(1, -1) : undefined;
  const companies = args.map((a) => (/^[1-9]\d{0,9}$/.test(a) ? Number(a) : a.toLowerCase()));
  return { formulaKey: m[1], companies, ...(quoted !== undefined ? { sfdcQueryType: quoted } : {}), originalFormula: text.trim() };
}
