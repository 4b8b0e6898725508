// The synonyms editor as pure functions: the working copy ("drafts") of the company's entries, what
// changed against the saved list, the problems of the list (the contract's own SynonymsBody check, so
// the screen refuses exactly what the server would) and the server's 400 details mapped back to the
// entries they name. See model.test.ts.
import { normalizeTerm, SynonymsBody, type SynonymEntry } from '../../../../contracts/synonyms.ts';

/** One entry being edited. `origin` is its index in the saved list, null for an entry added here. */
export type Draft = { key: string; terms: string[]; mapsTo: string[]; oneWay: boolean; origin: number | null };

/** A problem of one entry: on its terms or its mapsTo (and which term, when known), or the entry as a whole. */
export type EntryIssue = { field: 'terms' | 'mapsTo' | null; index: number | null; message: string };

export type Problems = {
  /** Issues per draft key. */
  byKey: Map<string, EntryIssue[]>;
  /** Issues about the list as a whole (too many entries, a malformed body). */
  general: string[];
};

let seq = 0;
/** A key no other draft of this page has. */
export const newKey = (): string => `n${++seq}`;

export function toDrafts(entries: SynonymEntry[]): Draft[] {
  return entries.map((e, i) => ({
    key: `e${i}`,
    terms: [...e.terms],
    mapsTo: [...(e.mapsTo ?? [])],
    oneWay: (e.mapsTo ?? []).length > 0,
    origin: i,
  }));
}

export const emptyDraft = (terms: string[] = []): Draft => ({ key: newKey(), terms, mapsTo: [], oneWay: false, origin: null });

/** What a draft sends: a two-way entry sends no mapsTo, even when some were typed before switching. */
export const toEntry = (d: Pick<Draft, 'terms' | 'mapsTo' | 'oneWay'>): SynonymEntry => ({ terms: d.terms, mapsTo: d.oneWay ? d.mapsTo : [] });

export const toBody = (drafts: Draft[]): { synonyms: SynonymEntry[] } => ({ synonyms: drafts.map(toEntry) });

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);
const sameEntry = (a: SynonymEntry, b: SynonymEntry) => sameList(a.terms, b.terms) && sameList(a.mapsTo ?? [], b.mapsTo ?? []);

export type DraftStatus = 'new' | 'edited' | null;

export function statusOf(d: Draft, saved: SynonymEntry[]): DraftStatus {
  if (d.origin === null) return 'new';
  const before = saved[d.origin];
  return before && sameEntry(toEntry(d), before) ? null : 'edited';
}

/** Entries added, edited and deleted against the saved list. */
export function changesOf(drafts: Draft[], saved: SynonymEntry[]): { added: number; edited: number; removed: number; total: number } {
  let added = 0;
  let edited = 0;
  const kept = new Set<number>();
  for (const d of drafts) {
    const s = statusOf(d, saved);
    if (s === 'new') added++;
    else if (s === 'edited') edited++;
    if (d.origin !== null) kept.add(d.origin);
  }
  const removed = saved.length - kept.size;
  // Same entries in another order is a change too (the list is saved in order).
  const reordered = added + edited + removed === 0 && drafts.some((d, i) => d.origin !== i) ? 1 : 0;
  return { added, edited, removed, total: added + edited + removed + reordered };
}

function addIssue(byKey: Map<string, EntryIssue[]>, key: string, issue: EntryIssue) {
  const list = byKey.get(key) ?? [];
  // One message per place: a term repeated inside its own entry is also "already in entry N" (itself).
  if (list.some((i) => i.field === issue.field && i.index === issue.index)) return;
  list.push(issue);
  byKey.set(key, list);
}

/** Maps a path below `synonyms` ([3, 'mapsTo', 0]) to its draft and issue; null when it names no entry. */
function issueAt(path: readonly PropertyKey[], drafts: { key: string }[], message: string): { key: string; issue: EntryIssue } | null {
  const [i, field, index] = path;
  if (typeof i !== 'number' || !drafts[i]) return null;
  return {
    key: drafts[i].key,
    issue: {
      field: field === 'terms' || field === 'mapsTo' ? field : null,
      index: typeof index === 'number' ? index : null,
      message,
    },
  };
}

/**
 * The problems of the list as the contract sees them (SynonymsBody: limits, letters, repeats, a
 * two-way entry with one term, a term in two two-way entries, one-way cycles), plus the one rule the
 * screen adds: a one-way entry needs a term to find (sent without one it would silently become two-way).
 */
export function validate(drafts: Draft[], messages: { oneWayNeedsTarget: string }): Problems {
  const byKey = new Map<string, EntryIssue[]>();
  const general: string[] = [];
  for (const d of drafts) {
    if (d.oneWay && d.mapsTo.length === 0) addIssue(byKey, d.key, { field: 'mapsTo', index: null, message: messages.oneWayNeedsTarget });
  }
  const parsed = SynonymsBody.safeParse(toBody(drafts));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [root, ...rest] = issue.path;
      const at = root === 'synonyms' ? issueAt(rest, drafts, issue.message) : null;
      if (at) addIssue(byKey, at.key, at.issue);
      else general.push(issue.message);
    }
  }
  return { byKey, general };
}

/**
 * The details of a 400 answer ({ field: 'synonyms.3.mapsTo.0', message }) as problems of the drafts
 * that were sent (`sent`, in the order sent).
 */
export function serverProblems(details: unknown, sent: { key: string }[]): Problems {
  const byKey = new Map<string, EntryIssue[]>();
  const general: string[] = [];
  if (!Array.isArray(details)) return { byKey, general };
  for (const d of details) {
    if (!d || typeof d !== 'object') continue;
    const { field, message } = d as { field?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const path = typeof field === 'string' ? field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [];
    const at = path[0] === 'synonyms' ? issueAt(path.slice(1), sent, message) : null;
    if (at) addIssue(byKey, at.key, at.issue);
    else general.push(typeof field === 'string' && field !== 'body' ? `${field}: ${message}` : message);
  }
  return { byKey, general };
}

/** Both sets of problems, without repeating a message at the same place. */
export function mergeProblems(a: Problems, b: Problems): Problems {
  const byKey = new Map<string, EntryIssue[]>();
  for (const source of [a, b]) {
    for (const [key, issues] of source.byKey) {
      const list = byKey.get(key) ?? [];
      for (const i of issues) if (!list.some((x) => x.field === i.field && x.index === i.index && x.message === i.message)) list.push(i);
      byKey.set(key, list);
    }
  }
  return { byKey, general: [...new Set([...a.general, ...b.general])] };
}

export const problemCount = (p: Problems): number => p.general.length + [...p.byKey.values()].reduce((n, l) => n + l.length, 0);

/** Whether an entry holds the filter text in one of its terms (case, hyphens and spaces as matching treats them). */
export function matchesFilter(d: Pick<Draft, 'terms' | 'mapsTo' | 'oneWay'>, filter: string): boolean {
  const q = normalizeTerm(filter);
  if (!q) return true;
  const e = toEntry(d);
  return [...e.terms, ...(e.mapsTo ?? [])].some((t) => normalizeTerm(t).includes(q));
}

/**
 * What "Add a synonym" for a query opens (search analytics): the entry that already has the query as a
 * term, to extend, since a term belongs to one entry only; otherwise a new one-way entry from the query,
 * to the words the cards use (the query finds nothing, so the way back would add nothing).
 */
export function draftToAdd(drafts: Draft[], query: string): { draft: Draft; isNew: boolean; query: string } {
  const q = query.trim();
  const held = drafts.find((d) => isSameTerm(q, d.terms));
  return held ? { draft: held, isNew: false, query: q } : { draft: { ...emptyDraft([q]), oneWay: true }, isNew: true, query: q };
}

/** TagsInput's duplicate rule: the same term once normalized ("SSO" and "sso", "e-mail" and "e mail"). */
export const isSameTerm = (value: string, current: string[]): boolean => {
  const n = normalizeTerm(value);
  return current.some((t) => normalizeTerm(t) === n);
};
