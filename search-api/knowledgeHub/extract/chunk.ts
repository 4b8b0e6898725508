// Passages from a file's units (a page, a slide, a section under a heading): whitespace normalised, and a long unit
// split on sentence boundaries into passages of roughly 60–200 words, each keeping where it came from, so search hits
// and Ask citations are short enough to read and still say "page 3".
import type { PassageLocation } from '../../../contracts/knowledgeHub.ts';

export type Unit = { location: PassageLocation; number: number | null; label: string | null; text: string };
export type ExtractedPassage = Unit & { seq: number };

export const PASSAGE_WORDS = { min: 60, max: 200 } as const;

export const normalise = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();
const wordCount = (s: string) => (s ? s.split(' ').length : 0);

/** A unit's text in pieces of at most PASSAGE_WORDS.max words, cut after a sentence once a piece has min words. */
export function splitText(text: string): string[] {
  const clean = normalise(text);
  if (wordCount(clean) <= PASSAGE_WORDS.max) return clean ? [clean] : [];
  // A sentence longer than a passage (a table flattened to one line) is cut by words.
  const sentences = clean.split(/(?<=[.!?…])\s+(?=[^a-z])/).flatMap((s) => {
    const words = s.split(' ');
    const parts: string[] = [];
    for (let i = 0; i < words.length; i += PASSAGE_WORDS.max) parts.push(words.slice(i, i + PASSAGE_WORDS.max).join(' '));
    return parts;
  });
  const pieces: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const s of sentences) {
    const n = wordCount(s);
    if (words >= PASSAGE_WORDS.min && words + n > PASSAGE_WORDS.max) {
      pieces.push(current.join(' '));
      current = [];
      words = 0;
    } else if (words > 0 && words + n > PASSAGE_WORDS.max) {
      pieces.push(current.join(' '));
      current = [];
      words = 0;
    }
    current.push(s);
    words += n;
  }
  if (current.length) {
    const tail = current.join(' ');
    // A short tail joins the piece before it when the two still fit a passage.
    const last = pieces.at(-1);
    if (last !== undefined && words < PASSAGE_WORDS.min && wordCount(last) + words <= PASSAGE_WORDS.max) pieces[pieces.length - 1] = `${last} ${tail}`;
    else pieces.push(tail);
  }
  return pieces;
}

/** The passages of a file's units in order, numbered from 1; units without text give none. */
export function chunkUnits(units: Unit[]): ExtractedPassage[] {
  const out: ExtractedPassage[] = [];
  for (const u of units) {
    const label = u.label === null ? null : normalise(u.label) || null;
    for (const text of splitText(u.text)) out.push({ seq: out.length + 1, location: u.location, number: u.number, label, text });
  }
  return out;
}
