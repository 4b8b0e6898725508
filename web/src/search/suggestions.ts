// Global search suggestions (part 2 §2 Search, §5, §8): grouped by kind (tags, battlecards,
// completions), completions limited to 3 when other kinds exist, and where picking one goes.
// Pure functions; see suggestions.test.ts.
import { SUGGEST_QUERY_MAX, type Suggestion } from '../../../contracts/search.ts';
import { ASK_PATH, isSafeInternalPath } from '../core/routes.ts';
import { COMPLETIONS_WITH_OTHERS, SUGGESTIONS_PER_KIND } from './constants.ts';
import { searchTermsHref } from './searchUrlState.ts';

export type SuggestionKind = Suggestion['type'];
export const SUGGESTION_KINDS: readonly SuggestionKind[] = ['tag', 'battlecard', 'completion'];

export type SuggestionGroup = { kind: SuggestionKind; items: Suggestion[] };

/** Suggestions are fetched only for non-empty trimmed input, and not for input longer than the server takes. */
export const suggestionQuery = (input: string): string | null => {
  const t = input.trim();
  return t && t.length <= SUGGEST_QUERY_MAX ? t : null;
};

/** A stable key per suggestion (also the combobox option value). */
export function suggestionKey(s: Suggestion): string {
  switch (s.type) {
    case 'tag':
      return `tag:${s.id}`;
    case 'battlecard':
      return `battlecard:${s.id}`;
    case 'completion':
      return `completion:${s.text.toLowerCase()}`;
  }
}

/**
 * Groups in the fixed order tags, battlecards, completions; empty groups left out, duplicates dropped,
 * at most 5 of a kind, and completions capped at 3 when tags or battlecards are present.
 */
export function groupSuggestions(list: readonly Suggestion[] | null | undefined): SuggestionGroup[] {
  const byKind = new Map<SuggestionKind, Suggestion[]>(SUGGESTION_KINDS.map((k) => [k, []]));
  const seen = new Set<string>();
  for (const s of list ?? []) {
    if (!s || !byKind.has(s.type)) continue;
    if (s.type === 'completion' && !s.text?.trim()) continue;
    const key = suggestionKey(s);
    if (seen.has(key)) continue;
    seen.add(key);
    byKind.get(s.type)!.push(s);
  }
  const others = byKind.get('tag')!.length + byKind.get('battlecard')!.length > 0;
  return SUGGESTION_KINDS.map((kind) => {
    const cap = kind === 'completion' && others ? COMPLETIONS_WITH_OTHERS : SUGGESTIONS_PER_KIND;
    return { kind, items: byKind.get(kind)!.slice(0, cap) };
  }).filter((g) => g.items.length > 0);
}

/** The suggestions in display order (the order keyboard navigation walks). */
export const flattenGroups = (groups: readonly SuggestionGroup[]): Suggestion[] => groups.flatMap((g) => g.items);

export type UnifiedSearchMode = 'ask' | 'cards' | 'alerts' | 'reviews';

/** Where submitting some terms goes in a mode; null for empty terms. */
/**
 * Where submitting the box goes. Reviews are searched on the reviews tab of the supported rival being read
 * (`pathname`), else of the first one (/insights picks it).
 */
export function submitTarget(mode: UnifiedSearchMode, input: string, pathname = ''): string | null {
  const terms = input.trim();
  if (!terms) return null;
  switch (mode) {
    case 'ask':
      return `${ASK_PATH}?q=${encodeURIComponent(terms)}`;
    case 'alerts':
      return `/alerts?q=${encodeURIComponent(terms)}`;
    case 'reviews': {
      const rival = /^\/insights\/(\d+)(?:\/|$)/.exec(pathname)?.[1];
      return `${rival ? `/insights/${rival}/reviews` : '/insights'}?q=${encodeURIComponent(terms)}`;
    }
    case 'cards':
      return searchTermsHref(terms);
  }
}

export type SuggestionTarget = { to: string; external: boolean };

/**
 * Picking a suggestion: a tag searches the typed terms within that tag (/search/{terms}?tags={id});
 * a battlecard opens its url; a completion searches its text in the current mode.
 */
export function suggestionTarget(s: Suggestion, mode: UnifiedSearchMode, input: string): SuggestionTarget | null {
  switch (s.type) {
    case 'tag':
      return { to: searchTermsHref(input, [s.id]), external: false };
    case 'battlecard': {
      if (isSafeInternalPath(s.url)) return { to: s.url, external: false };
      if (/^https?:\/\//i.test(s.url)) return { to: s.url, external: true };
      return { to: `/profile/${s.rivalProfileId}/battlecard/view/${s.id}`, external: false };
    }
    case 'completion': {
      const to = submitTarget(mode === 'alerts' || mode === 'reviews' ? 'cards' : mode, s.text);
      return to ? { to, external: false } : null;
    }
  }
}

/** The text a suggestion shows. */
export function suggestionLabel(s: Suggestion): string {
  switch (s.type) {
    case 'tag':
      return s.name;
    case 'battlecard':
      return s.title;
    case 'completion':
      return s.text;
  }
}

/** Splits a label around the first case-insensitive occurrence of the typed text, to bold it. */
export function matchParts(label: string, input: string): { text: string; match: boolean }[] {
  const needle = input.trim().toLowerCase();
  const i = needle ? label.toLowerCase().indexOf(needle) : -1;
  if (i < 0) return [{ text: label, match: false }];
  return [
    { text: label.slice(0, i), match: false },
    { text: label.slice(i, i + needle.length), match: true },
    { text: label.slice(i + needle.length), match: false },
  ].filter((p) => p.text);
}

/** A curator previewing as a visibility group keeps previewing on the page global search opens. */
export function withPreview(to: string, previewing: number | null): string {
  if (previewing === null || !to.startsWith('/') || /[?&]previewing=/.test(to)) return to;
  const [path, hash = ''] = to.split('#');
  return `${path}${path.includes('?') ? '&' : '?'}previewing=${previewing}${hash ? `#${hash}` : ''}`;
}
