// HTTP contract of a company's search synonyms (GET, PUT and DELETE /api/company/synonyms.json).
// An entry with no `mapsTo` is two-way: each of its terms finds the others ("sso, single sign-on,
// saml"). An entry with `mapsTo` is one-way: each term finds the mapsTo terms, not the reverse
// ("cheaper => price, pricing"). Terms may hold several words ("single sign-on"). Applied at query
// time, so an edit changes the next search.
import { z } from 'zod';

export const SYNONYM_LIMITS = { entries: 300, termsPerEntry: 12, termChars: 60 } as const;

/** A term as matching sees it: lower case, hyphens and runs of spaces as one space. */
export function normalizeTerm(term: string): string {
  return term
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-_/]+/g, ' ')
    .trim();
}

const Term = z
  .string()
  .max(SYNONYM_LIMITS.termChars, `must be at most ${SYNONYM_LIMITS.termChars} characters`)
  .transform(normalizeTerm)
  .refine((t) => /[\p{L}\p{N}]/u.test(t), 'must hold a letter or a digit');

const TermList = z.array(Term).max(SYNONYM_LIMITS.termsPerEntry, `must hold at most ${SYNONYM_LIMITS.termsPerEntry} terms`);

export const SynonymEntry = z
  .object({ terms: TermList.min(1, 'must hold at least one term'), mapsTo: TermList.default([]) })
  .strict()
  .superRefine((e, ctx) => {
    if (!e.mapsTo.length && e.terms.length < 2) ctx.addIssue({ code: 'custom', path: ['terms'], message: 'a two-way entry needs at least two terms' });
    const seen = new Set<string>();
    for (const [i, t] of [...e.terms, ...e.mapsTo].entries()) {
      const inMaps = i >= e.terms.length;
      if (seen.has(t)) ctx.addIssue({ code: 'custom', path: inMaps ? ['mapsTo', i - e.terms.length] : ['terms', i], message: `repeats "${t}"` });
      seen.add(t);
    }
  });
export type SynonymEntry = z.infer<typeof SynonymEntry>;

export const SynonymsBody = z
  .object({ synonyms: z.array(SynonymEntry).max(SYNONYM_LIMITS.entries, `must hold at most ${SYNONYM_LIMITS.entries} entries`) })
  .strict()
  .superRefine(({ synonyms }, ctx) => {
    for (const issue of listIssues(synonyms)) ctx.addIssue({ code: 'custom', path: ['synonyms', ...issue.path], message: issue.message });
  });
export type SynonymsBody = z.infer<typeof SynonymsBody>;

/**
 * GET /api/company/synonyms/suggestions.json?query=: for a search that found nothing, the searches the same
 * people made right after (within minutes, over the last 90 days) that found something, each made by two
 * people at least: often the words the cards use, offered for the entry a curator adds for the query.
 */
export const SynonymSuggestionsQuery = z
  .object({ query: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters') })
  .strict();
export type NextSearch = {
  /** As stored for search analytics: trimmed, lower case. */
  query: string;
  /** How many people searched it right after. */
  people: number;
  /** How many of those searches had a result opened. */
  opened: number;
};
export type SynonymSuggestionsResponse = { query: string; nextSearches: NextSearch[] };

export type SynonymsResponse = {
  synonyms: SynonymEntry[];
  /** True while the company uses the default vocabulary (never saved, or restored). */
  isDefault: boolean;
  updatedAt: string | null;
  updatedBy: { id: number; name: string } | null;
};

/**
 * What is wrong across entries: a term in two two-way entries (which group would it find?), and
 * one-way entries that lead back to where they started ("a => b", "b => a").
 */
export function listIssues(entries: SynonymEntry[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const twoWay = new Map<string, number>();
  const next = new Map<string, Set<string>>();
  entries.forEach((e, i) => {
    if (!e.mapsTo.length) {
      e.terms.forEach((t, j) => {
        const other = twoWay.get(t);
        if (other !== undefined) issues.push({ path: [i, 'terms', j], message: `"${t}" is already in entry ${other + 1}` });
        else twoWay.set(t, i);
      });
      return;
    }
    for (const from of e.terms) for (const to of e.mapsTo) next.set(from, (next.get(from) ?? new Set()).add(to));
    // The new edges close a cycle when a mapsTo term already leads back to one of the terms.
    e.mapsTo.forEach((to, j) => {
      const back = leadsTo(next, to, new Set(e.terms));
      if (back) issues.push({ path: [i, 'mapsTo', j], message: `makes a cycle: "${to}" leads back to "${back}"` });
    });
  });
  return issues;
}

function leadsTo(next: Map<string, Set<string>>, start: string, targets: Set<string>): string | null {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    for (const n of next.get(t) ?? []) {
      if (targets.has(n)) return n;
      stack.push(n);
    }
  }
  return null;
}
