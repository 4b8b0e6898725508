// How search and Ask name a knowledge-hub passage (issue #58): "Pricing sheet 2026, page 3", slide 4, speaker notes of
// slide 4, sheet "Plans" row 3, section "Security" — in the reader's language (search-api/strings files.citation).
import type { PassageLocation } from '../../contracts/knowledgeHub.ts';
import { format } from '../strings/index.ts';

export type CitedPassage = { title: string; location: PassageLocation; number: number | null; label: string | null };

export function fileCitation(language: string | null | undefined, p: CitedPassage): string {
  const { title, number, label } = p;
  // A place without its number or name (a section before the first heading) is the file itself.
  if (p.location === 'section') return label ? format(language, 'files.citation.section', { title, label }) : title;
  if (number === null) return title;
  if (p.location === 'row') return label ? format(language, 'files.citation.row', { title, label, number }) : format(language, 'files.citation.rowOnly', { title, number });
  return format(language, `files.citation.${p.location}`, { title, number });
}
