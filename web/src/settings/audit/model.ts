// The audit log as pure functions: an entry's detail as rows a person reads (a change from one value to
// another, or a value), with the ids it holds named where the screen knows them, and the range a page
// shows. See model.test.ts.
import type { AuditItem } from '../../../../contracts/settings.ts';

/** What an id in a detail names. */
export type RefKind = 'visibilityGroup' | 'rivalGroup' | 'user';
/** A named thing; name null when the screen does not know it (deleted since, or not loaded). */
export type Ref = { kind: RefKind; id: number; name: string | null };

/** A value as the screen shows it. */
export type Shown = { kind: 'empty' } | { kind: 'bool'; value: boolean } | { kind: 'text'; text: string } | { kind: 'refs'; refs: Ref[] };

/** One line of the detail: `label` changed from `before` to `after`, or `label` is `value`. */
export type DetailRow = { label: string } & ({ change: true; before: Shown | null; after: Shown | null } | { change: false; value: Shown });

export type Resolve = (kind: RefKind, id: number) => string | null;

type Entry = Pick<AuditItem, 'action' | 'targetType' | 'detail'>;

/** Keys that repeat what the entry already says (its target) or mean nothing to a reader. */
const HIDDEN_KEYS = new Set(['id', 'viewOrder']);

/** The kind of thing the values under `key` name by id, or null for plain values. */
export function refKindOf(entry: Pick<AuditItem, 'action' | 'targetType'>, key: string): RefKind | null {
  if (key === 'visibilityGroupIds' || key === 'visibilityGroupId') return 'visibilityGroup';
  if (key === 'ids' && (entry.targetType === 'visibilityGroup' || entry.targetType === 'rivalGroup')) return entry.targetType;
  if ((key === 'from' || key === 'to') && entry.action === 'user.groups') return 'visibilityGroup';
  if ((key === 'added' || key === 'removed') && entry.action === 'visibilityGroup.members') return 'user';
  if (key === 'userId') return 'user';
  return null;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

export function shownOf(value: unknown, refKind: RefKind | null, resolve: Resolve): Shown {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'bool', value };
  if (refKind && (isId(value) || (Array.isArray(value) && value.length > 0 && value.every(isId)))) {
    const ids = Array.isArray(value) ? (value as number[]) : [value];
    return { kind: 'refs', refs: ids.map((id) => ({ kind: refKind, id, name: resolve(refKind, id) })) };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (value.every((v) => ['string', 'number'].includes(typeof v))) return { kind: 'text', text: value.join(', ') };
  }
  if (typeof value === 'string' || typeof value === 'number') return { kind: 'text', text: String(value) };
  return { kind: 'text', text: JSON.stringify(value) };
}

const isPair = (v: unknown): v is { before?: unknown; after?: unknown } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k === 'before' || k === 'after');

/** The last segment of a dotted path or action ("flags.askPage" → "askPage", "user.role" → "role"). */
const lastSegment = (s: string) => s.slice(s.lastIndexOf('.') + 1);

/**
 * The rows of an entry's detail. A single change ({before, after} or {from, to}) is one row, named by the
 * flag or setting it is about, else by the action; {name: {before, after}, …} is a row per key; any other
 * key is a value row.
 */
export function detailRows(entry: Entry, resolve: Resolve): DetailRow[] {
  const d = entry.detail ?? {};
  const rows: DetailRow[] = [];
  const pair = (['before', 'after'] as const).some((k) => k in d) ? (['before', 'after'] as const) : (['from', 'to'] as const).some((k) => k in d) ? (['from', 'to'] as const) : null;
  const used = new Set<string>();
  if (pair) {
    const about = typeof d.flag === 'string' ? d.flag : typeof d.path === 'string' ? d.path : entry.action;
    const [b, a] = pair;
    rows.push({
      label: lastSegment(about),
      change: true,
      before: b in d ? shownOf(d[b], refKindOf(entry, b), resolve) : null,
      after: a in d ? shownOf(d[a], refKindOf(entry, a), resolve) : null,
    });
    for (const k of [b, a, 'flag', 'path']) used.add(k);
  }
  for (const [key, value] of Object.entries(d)) {
    // An empty list says nothing ("removed: none" next to "added: Sam").
    if (used.has(key) || HIDDEN_KEYS.has(key) || (Array.isArray(value) && value.length === 0)) continue;
    if (isPair(value)) {
      rows.push({
        label: key,
        change: true,
        before: 'before' in value ? shownOf(value.before, refKindOf(entry, key), resolve) : null,
        after: 'after' in value ? shownOf(value.after, refKindOf(entry, key), resolve) : null,
      });
    } else {
      rows.push({ label: key, change: false, value: shownOf(value, refKindOf(entry, key), resolve) });
    }
  }
  return rows;
}

/** "cardsOnlyHere" → "Cards only here": a label for a key the screen has no words for. */
export function humanizeKey(key: string): string {
  const words = lastSegment(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** The entries a page shows, 1-based ({from: 26, to: 50}); zeros when there are none. */
export function pageRange(page: number, limit: number, total: number): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return { from: 0, to: 0, pages };
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total), pages };
}
