// What an action on one intel item did, and the update that takes it back (part 1 §4): the list's toast names the
// first and its Undo sends the second; triage's Back sends the second too. Pure; see undo.test.ts.
import type { IntelHit, IntelUpdate } from '../../../contracts/intel.ts';

/** What an item was before an action; triage keeps no publishedAt (it never publishes). */
export type Before = Pick<IntelHit, 'state' | 'priority'> & { publishedAt?: string | null };

export type Change = 'published' | 'republished' | 'important' | 'interesting' | 'priorityRemoved' | IntelHit['state'];

/** The change a toast names; a publish archives as well, and is named as the publish. */
export function changeOf(before: Before, update: IntelUpdate): Change | null {
  if (update.publishIntel === true) return before.publishedAt ? 'republished' : 'published';
  if (update.priority !== undefined) return update.priority ?? 'priorityRemoved';
  return update.state ?? null;
}

/**
 * The update that puts back what `update` changed: the state (publishing archives), the priority, and no publication
 * when the item was not published before. A republish keeps the item published (its earlier date is not kept).
 * Null when nothing needs putting back.
 */
export function undoUpdate(before: Before, update: IntelUpdate): IntelUpdate | null {
  const undo: IntelUpdate = {};
  if (update.state !== undefined || update.publishIntel === true) undo.state = before.state;
  if (update.priority !== undefined) undo.priority = before.priority;
  if (update.publishIntel === true && !before.publishedAt) undo.publishIntel = false;
  return Object.keys(undo).length ? undo : null;
}
