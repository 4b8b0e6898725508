// HTTP contracts of the company landing page (part 3 §2.3, §2.4, §3, §4.5, §4.6, §4.6b, §7.2, §7.3, §7.4, §8, §9),
// shared by the /company screens and /api. The landing page is one rival's page for a seller; its company id in the
// routes is the rival's id ("company" is the rival as a company), its profile is the rival's profile.
//
//   GET  /api/overviews/{rivalId}/landing_page.json[?retryFailed=true]   → LandingPage (the rival's profile's page)
//   GET  /api/profiles/{profileId}/landing_page.json[?retryFailed=true] → LandingPage
//        Generated sections are made per reader's visibility scope (a reader never sees a sentence drawn from, or a
//        citation to, something they may not see); a section missing for the scope, or whose sources changed since
//        it was made, is (re)queued and answered with status queued. retryFailed=true requeues failed sections.
//   POST /api/landing_pages/{id}.json                                  → LandingPage (curators: regenerate every section; id is the profile's)
//   GET  /api/profiles/{profileId}/update_summaries                     → UpdateSummariesResponse (What's new, L30D)
//   PUT  /api/profiles/{profileId}/landing_page/curated/{sectionType}   {cardIds} → CuratedSection (curators)
//   POST /api/profiles/{profileId}/share.json                           → 204 (a share-link copy, for reports; one per 5 s)
//   PUT  /api/profiles/{profileId}  ProfileUpdateBody                    → ProfileSettings (curators, §7.4; rivals/)
//   GET  /api/organizations/{organizationId}/products                    → { products: Product[] }
//   POST /api/organizations/{organizationId}/products {name, description?} → Product (curators)
//   PUT  /api/organizations/{organizationId}/products/{id} {name}        → Product (curators)
//   DELETE /api/organizations/{organizationId}/products/{id}             → 204 (curators)
//   POST /api/organizations {name, url, isOwnOrganization}               → { id } (admins; sets the own organization)
// Favorites are the dashboard's (contracts/dashboard.ts): POST /api/rivals/{rivalId}/favorite.json, unfavorite.json.
import { z } from 'zod';
import { Id, ProfileUpdate, type ProfileAnswer } from './cards.ts';

/** Part 3 §9. */
export const LANDING = {
  /** The page polls this often until both generated sections succeed or either fails. */
  pollMs: 3_000,
  /** A delay message shows after waiting this long. */
  delayMessageMs: 15_000,
  /** Share-link tracking: at most once per this long. */
  shareTrackMs: 5_000,
  /** What's new covers the last 30 days. */
  updateBucket: 'L30D',
  updateDays: 30,
  /** The table of contents marks a section current when this share of it is in view. */
  scrollSpyThreshold: 0.2,
  /** Cards a curator may pick for one curated section. */
  curatedCardsMax: 12,
  productNameMax: 120,
} as const;

export const GENERATED_SECTION_TYPES = ['overview', 'how_we_compare'] as const;
export type GeneratedSectionType = (typeof GENERATED_SECTION_TYPES)[number];
/** What is generated per profile and scope: the page's two sections and the What's-new summary. */
export const LANDING_SECTION_TYPES = [...GENERATED_SECTION_TYPES, 'whats_new'] as const;
export type LandingSectionType = (typeof LANDING_SECTION_TYPES)[number];
export const CURATED_SECTION_TYPES = ['strengths', 'weaknesses'] as const;
export type CuratedSectionType = (typeof CURATED_SECTION_TYPES)[number];

/** Part 3 §4.5: pending, queued and in_progress mean generating. */
export const SECTION_STATUSES = ['pending', 'queued', 'in_progress', 'succeeded', 'failed'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];
export const isGenerating = (s: SectionStatus) => s === 'pending' || s === 'queued' || s === 'in_progress';

/** What a [n] marker in a section's markdown points at; every one is something the reader may see. */
export type LandingCitation = {
  n: number;
  /** positioning and product: our side of "how we compare" (the company's own organization, issue #58). */
  type: 'card' | 'battlecard' | 'intel' | 'insight' | 'positioning' | 'product';
  id: number;
  title: string;
  /**
   * The in-app path that opens the source (a card, a battlecard, an intel item, an insight's drawer); empty for our
   * side's sources read by a consumer, whose knowledge-hub pages are for curators.
   */
  url: string;
};

/**
 * The markdown of generated sections and update summaries is a small subset, the same with or without a model:
 * paragraphs separated by blank lines, `### ` headings, `- ` bullet lines, `**bold**`, and [n] citation markers
 * (1-based into citations). Nothing else is markup: the page renders it as text, never as HTML.
 */
export type GeneratedSectionData = {
  /** Markdown (the subset above); statements cite their sources as [n]. */
  markdown: string;
  citations: LandingCitation[];
  uses_public_sources: boolean;
  uses_private_sources: boolean;
};

export type GeneratedSection = {
  sectionType: GeneratedSectionType;
  status: SectionStatus;
  /** Present once succeeded (and kept while a regeneration runs). */
  data: GeneratedSectionData | null;
  /** Why it failed, when it did. */
  error: string | null;
  generatedAt: string | null;
};

/** A card shown in a curated section (only cards the reader may see). */
export type CuratedCard = { id: number; title: string; /** Plain-text excerpt. */ excerpt: string; url: string };
export type CuratedSection = { sectionType: CuratedSectionType; cardIds: number[]; cards: CuratedCard[] };

export type LandingBattlecard = { id: number; title: string; updatedAt: string; review: { reviewedAt: string; byUserId: number } | null; url: string };

/** A strength or weakness from review insights, as the page lists it. */
export type LandingInsight = { id: number; title: string; summary: string; reviewCount: number; url: string };

export type LandingPage = {
  id: number;
  profileId: number;
  rival: { id: number; name: string; iconUrl: string | null; url: string | null; domain: string | null };
  /** The share link path: /company/{rivalId}/profile/{profileId}. */
  sharePath: string;
  favorited: boolean;
  /** Curators always; others when the company's favorites flag is on (contracts/dashboard.ts). */
  canFavorite: boolean;
  generated: { sections: GeneratedSection[] };
  curated: { sections: CuratedSection[] };
  battlecards: LandingBattlecard[];
  /** Null until the rival has review insights; the page then offers the curated cards. */
  insights: { supportedRivalId: number; strengths: LandingInsight[]; weaknesses: LandingInsight[] } | null;
  /** Curators only (the settings gear); null for everyone else. */
  settings: ProfileSettings | null;
};

export type UpdateSummary = {
  bucket: typeof LANDING.updateBucket;
  /** Generated like the page's sections: pending, queued and in_progress mean generating. */
  status: SectionStatus;
  /** Markdown citing its items as [n]; empty when nothing changed. */
  content: string;
  citations: LandingCitation[];
  generatedAt: string | null;
};
export type UpdateSummariesResponse = { updateSummaries: UpdateSummary[] };

/** The profile settings of the page's modal (PUT profiles/{id}, contracts/cards.ts). */
export type ProfileSettings = ProfileAnswer;
export type ProfileUpdateBody = z.input<typeof ProfileUpdate>;

/** `description` says what the product does (the knowledge hub's products step). */
export type Product = { id: number; name: string; description: string | null };
export type Organization = { id: number; name: string; url: string | null; isOwnOrganization: boolean };

/** `previewing` (a curator reading as a visibility group) is read beside it, as on every read of cards. */
export const LandingQuery = z.object({ retryFailed: z.enum(['true', 'false']).optional() });

export const CuratedBody = z.object({ cardIds: z.array(Id).max(LANDING.curatedCardsMax) }).strict();

export const ProductBody = z
  .object({ name: z.string().trim().min(1, 'is required').max(LANDING.productNameMax), description: z.string().trim().max(2_000).nullable().optional() })
  .strict();

export const OrganizationBody = z
  .object({ name: z.string().trim().min(1, 'is required').max(200), url: z.string().url().max(2_000).nullable().optional(), isOwnOrganization: z.boolean() })
  .strict();
