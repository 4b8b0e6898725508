// The landing page's rules as pure functions (part 3 §4.5, §4.6, §4.6b, §9): when to poll, what a generated section
// shows, which section the table of contents marks, where a citation leads, the share-link tracking throttle, and when
// curated picks and settings have changed. (The delay message's timer is hooks.ts useDelayMessage.)
import {
  isGenerating,
  LANDING,
  type GeneratedSection,
  type GeneratedSectionType,
  type LandingCitation,
  type LandingPage,
  type SectionStatus,
} from '../../../contracts/landing.ts';
import { isSafeInternalPath } from '../core/routes.ts';

/** The sections of the page, in the order the page and its table of contents show them. */
export const SECTION_IDS = ['how_we_compare', 'battlecards', 'insights', 'curated', 'overview'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The anchor a citation of type 'insight' links to (`#insight-{id}`). */
export const insightAnchor = (id: number) => `insight-${id}`;

/** Poll while a status is generating, until all succeed or one fails (part 3 §4.5). */
export function pollsFor(statuses: readonly SectionStatus[]): boolean {
  return !statuses.includes('failed') && statuses.some(isGenerating);
}

/** react-query's refetchInterval for the page: every LANDING.pollMs while its generated sections are on their way. */
export const landingPollInterval = (page: LandingPage | undefined): number | false =>
  page && pollsFor(page.generated.sections.map((s) => s.status)) ? LANDING.pollMs : false;

/**
 * What a generated section shows: its content; the content with an "Updating…" note while a regeneration runs;
 * a "Fetching…" skeleton while the first one runs; or the error with Retry. A section the server did not send
 * is on its way.
 */
export type SectionView = 'ready' | 'updating' | 'fetching' | 'failed';
export function sectionView(section: Pick<GeneratedSection, 'status' | 'data'> | undefined): SectionView {
  if (!section) return 'fetching';
  if (section.status === 'failed') return 'failed';
  if (isGenerating(section.status)) return section.data ? 'updating' : 'fetching';
  return 'ready';
}

export const generatedSection = (page: LandingPage, type: GeneratedSectionType) => page.generated.sections.find((s) => s.sectionType === type);

/** How a section is in view: the share of it (IntersectionObserver's ratio) and where its visible part ends, from the top of the screen. */
export type InView = { ratio: number; bottom: number };

/**
 * The section the table of contents marks, among those with at least LANDING.scrollSpyThreshold of them in view: the
 * first (in page order) that reaches below the reading line, where the eye is; near the end of the page, the last
 * one in view; when none is enough in view (a very long section fills the screen), the one that was marked.
 */
export function currentSection(inView: ReadonlyMap<string, InView>, order: readonly string[], readingLine: number, previous: string | null): string | null {
  const seen = order.filter((id) => (inView.get(id)?.ratio ?? 0) >= LANDING.scrollSpyThreshold);
  return seen.find((id) => inView.get(id)!.bottom > readingLine) ?? seen.at(-1) ?? previous;
}

/**
 * Where a citation leads: a card opens in the card viewer over the page; `#…` is a place on the landing page (an
 * insight); an app path opens in place; a web address in a new tab. Anything else is not followed.
 */
export type CitationTarget = { kind: 'card'; cardId: number } | { kind: 'anchor'; id: string } | { kind: 'route'; to: string } | { kind: 'external'; href: string };
export function citationTarget(citation: Pick<LandingCitation, 'type' | 'id' | 'url'>): CitationTarget | null {
  const { type, id, url } = citation;
  if (type === 'card') return { kind: 'card', cardId: id };
  if (/^#[\w-]+$/.test(url)) return { kind: 'anchor', id: url.slice(1) };
  if (isSafeInternalPath(url)) return { kind: 'route', to: url };
  if (/^https?:\/\//i.test(url)) return { kind: 'external', href: url };
  return null;
}

/** The rival's website as a link: only an http(s) address, labelled by its domain (or host). */
export function websiteOf(rival: Pick<LandingPage['rival'], 'url' | 'domain'>): { href: string; label: string } | null {
  if (!rival.url || !/^https?:\/\//i.test(rival.url)) return null;
  try {
    return { href: rival.url, label: rival.domain ?? new URL(rival.url).hostname };
  } catch {
    return null;
  }
}

/** Share-link uses are reported at most once per LANDING.shareTrackMs. */
export const tracksShare = (lastAt: number | null, now: number): boolean => lastAt === null || now - lastAt >= LANDING.shareTrackMs;

/** Whether a curated section's picks differ from what is saved (the picker's Done saves only then). */
export const picksChanged = (saved: readonly number[], picked: readonly number[]) => saved.length !== picked.length || saved.some((id, i) => id !== picked[i]);

/** Whether the settings form differs from the saved settings (part 3 §4.6b: Save is disabled until it does); product order does not count. */
export function settingsChanged(saved: { publicSourcesEnabled: boolean; products: readonly number[] }, form: { publicSourcesEnabled: boolean; products: readonly number[] }) {
  if (saved.publicSourcesEnabled !== form.publicSourcesEnabled) return true;
  const before = new Set(saved.products);
  return before.size !== new Set(form.products).size || form.products.some((id) => !before.has(id));
}
