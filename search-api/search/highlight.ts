// Highlights come back from the engine around raw text; text can hold anything a curator typed or
// a feed delivered (including "<script>"). The markers are swapped for <em> only after escaping.
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { joinPieces } from '../../server-shared/htmlText.ts';
import { MARK_CLOSE, MARK_OPEN } from './request.ts';


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

/** About how many characters a snippet shows, ellipses and highlight markers aside. */
export const SNIPPET_CHARS = 200;
/** At most this share of a snippet comes before its first match, so the match stays in the clamped lines. */
const LEAD_SHARE = 0.35;
/** A full stop, question or exclamation mark that ends a sentence: a capital, digit or quote follows. */
const SENTENCE_END = /[.!?…]["”’')]?(?=\s+["“(]?[\p{Lu}\p{N}])/gu;

const visible = (s: string) => s.replaceAll(MARK_OPEN, '').replaceAll(MARK_CLOSE, '');
const MARKED = new RegExp(`${MARK_OPEN}([^${MARK_CLOSE}]*)${MARK_CLOSE}`, 'g');
const markedTerms = (line: string) => new Set([...line.matchAll(MARKED)].map((m) => m[1].toLowerCase()));

/** The index in `s` after which `n` visible (unmarked) characters have passed. */
function indexAfterVisible(s: string, n: number): number {
  let seen = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === MARK_OPEN || s[i] === MARK_CLOSE) continue;
    if (seen++ === n) return i;
  }
  return s.length;
}

/** Markers closed and opened in pairs again after cutting. */
function balanced(s: string): string {
  let open = false;
  let out = '';
  for (const ch of s) {
    if (ch === MARK_OPEN) open = true;
    else if (ch === MARK_CLOSE && !open) continue;
    else if (ch === MARK_CLOSE) open = false;
    out += ch;
  }
  return open ? out + MARK_CLOSE : out;
}

/** Where the snippet of `line` starts: its sentence holding the first match, or a word before that match with an ellipsis. */
function snippetStart(line: string, max: number): { start: number; lead: string } {
  const first = Math.max(0, line.indexOf(MARK_OPEN));
  let start = 0;
  for (const m of line.matchAll(SENTENCE_END)) {
    const next = m.index + m[0].length;
    if (next > first) break;
    start = next;
  }
  while (start < line.length && /\s/.test(line[start])) start++;
  const leadChars = Math.floor(max * LEAD_SHARE);
  if (visible(line.slice(start, first)).length <= leadChars) return { start, lead: '' };
  const space = line.indexOf(' ', first - leadChars);
  return { start: space >= 0 && space < first ? space + 1 : first, lead: '…' };
}

/** `text` cut to about `max` visible characters: at a sentence end when one is near, else at a word, with an ellipsis. */
function cutAt(text: string, max: number): string {
  if (visible(text).length <= max) return text;
  const limit = indexAfterVisible(text, max);
  const head = text.slice(0, limit + 1);
  let sentenceEnd = -1;
  for (const m of head.matchAll(/[.!?…]["”’')]?(?=\s)/g)) sentenceEnd = m.index + m[0].length;
  if (sentenceEnd >= indexAfterVisible(text, Math.floor(max * 0.6))) return text.slice(0, sentenceEnd);
  const space = head.lastIndexOf(' ');
  const cut = space > 0 ? text.slice(0, space) : text.slice(0, limit);
  return `${cut.replace(/[\s,;:·—–-]+$/u, '')}…`;
}

/**
 * A readable snippet of a highlighted text field (the whole field, or a fragment of it): the line
 * (block, list item or table row) with the most distinct matches, from the start of the sentence
 * holding its first match, followed by the next lines while there is room, cut at a sentence end or a
 * word. A cut start or end shows an ellipsis (so does a later line starting in lower case); lines
 * without closing punctuation are joined by " · ".
 */
export function snippetText(field: string, max = SNIPPET_CHARS): string {
  const lines = field
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => visible(l).trim());
  if (!lines.length) return '';
  const scores = lines.map((l) => markedTerms(l).size);
  const best = scores.indexOf(Math.max(...scores));
  const { start, lead } = snippetStart(lines[best], max);
  let text = lines[best].slice(start);
  // A later line starting in lower case goes on from the lines before it (a list after "investing in:"): cut too.
  const continues = !lead && best > 0 && /^\p{Ll}/u.test(visible(text));
  for (let i = best + 1; i < lines.length && visible(text).length < max; i++) text = joinPieces([text, lines[i]], ' · ');
  return balanced((continues ? '…' : lead) + cutAt(text, max));
}

/** The snippet of a highlighted text field as escaped HTML with <em> around the matches. */
export function snippetHtml(field: string): string {
  return highlightHtml(snippetText(field));
}

/** A passage's snippet as escaped HTML with <mark> around the words that matched (transcripts, knowledge-hub files). */
export const markedSnippet = (marked: string) => snippetHtml(marked).replaceAll('<em>', '<mark>').replaceAll('</em>', '</mark>');
