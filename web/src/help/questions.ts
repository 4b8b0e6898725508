// The questions of FAQs and guides (/help), by whom they are for: sellers (everyone), curators, admins. Each id is
// the question's anchor (/help#<id> opens it) and its key in the help area of the translation files
// (help.questions.<id>.q and .a). Filtering is here too, pure; see questions.test.ts.
import { proseText } from '../shared/prose.ts';
import '../i18n/areas/help.ts';

export type HelpGroupId = 'sellers' | 'curators' | 'admins';
export type HelpGroup = { id: HelpGroupId; questions: readonly string[] };

export const HELP_GROUPS: readonly HelpGroup[] = [
  {
    id: 'sellers',
    questions: ['find-cards', 'search-modes', 'narrow-results', 'read-battlecard', 'cards', 'submit-intel', 'what-you-see', 'ask', 'news', 'digests', 'languages', 'notifications', 'shortcuts'],
  },
  {
    id: 'curators',
    questions: ['curator-view', 'preview-as-group', 'card-permissions', 'triage-intel', 'build-battlecard', 'send-digest', 'synonyms', 'import-reviews', 'dynamic-boards'],
  },
  { id: 'admins', questions: ['invite-people', 'visibility-groups', 'features', 'reports-access', 'mail-server', 'audit-log'] },
];

export const questionKey = (id: string, part: 'q' | 'a') => `help.questions.${id}.${part}`;

/** Lower case without accents, so "Ubersicht" finds "Übersicht" and "cafe" finds "café". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/** The question a URL's hash names (#shortcuts), or null. */
export function questionOfHash(hash: string): string | null {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    return null;
  }
  return HELP_GROUPS.some((g) => g.questions.includes(id)) ? id : null;
}

/**
 * The groups with the questions whose text holds every word of the filter (in any order, ignoring case and
 * accents); groups left without a question are left out. `read` gives a question's translated question and answer.
 */
export function filterQuestions(filter: string, read: (id: string) => { q: string; a: string }, groups: readonly HelpGroup[] = HELP_GROUPS): HelpGroup[] {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((g) => ({
      id: g.id,
      questions: g.questions.filter((id) => {
        const { q, a } = read(id);
        const text = fold(`${q} ${proseText(a)}`);
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.questions.length > 0);
}
