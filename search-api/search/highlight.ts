// Highlights come back from the engine around raw text; text can hold anything a curator typed or
// a feed delivered (including "<script>"). The markers are swapped for <em> only after escaping.
import { MARK_CLOSE, MARK_OPEN } from './request.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Escaped HTML in which only the engine's highlight markers became <em> tags. */
export function highlightHtml(fragment: string): string {
  return escapeHtml(fragment).split(MARK_OPEN).join('<em>').split(MARK_CLOSE).join('</em>');
}

/** The first fragment of a highlighted field as HTML, or the plain value escaped. */
export function fieldHtml(highlight: Record<string, string[]> | undefined, field: string, fallback: string): string {
  const fragment = highlight?.[field]?.[0];
  return fragment ? highlightHtml(fragment) : escapeHtml(fallback);
}

/** Values of a highlighted multi-valued field (such as tags.name) that matched, without markers. */
export function highlightedValues(highlight: Record<string, string[]> | undefined, field: string): Set<string> {
  return new Set((highlight?.[field] ?? []).map((f) => f.split(MARK_OPEN).join('').split(MARK_CLOSE).join('')));
}

/** A text fragment as one line: the blocks and table cells the text keeps apart by newlines read " · ". */
export function snippetHtml(fragment: string): string {
  return highlightHtml(fragment.trim()).replace(/\s*\n\s*/g, ' · ');
}
