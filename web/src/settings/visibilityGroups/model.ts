// The group sections as pure functions: the order after a drag (visibility and rival groups alike), the
// server's message on a field, which groups Ask answers, and what deleting a visibility group does and
// how firmly the screen asks before doing it. See model.test.ts.
import type { VisibilityGroupUsage } from '../../../../contracts/settings.ts';

/** The ids after moving `active` to the place of `over` (as dnd-kit's arrayMove); null when nothing moves. */
export function movedIds(ids: readonly number[], active: number, over: number): number[] | null {
  const from = ids.indexOf(active);
  const to = ids.indexOf(over);
  if (from < 0 || to < 0 || from === to) return null;
  const next = ids.filter((id) => id !== active);
  next.splice(to, 0, active);
  return next;
}

/**
 * The items in the order of `ids`, numbered 1..n as the server numbers them after a reorder: what the
 * list shows before the server answers. Items `ids` does not name (created meanwhile) stay after.
 */
export function inOrder<T extends { id: number; viewOrder: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const named = new Set(ids);
  const listed = ids.flatMap((id) => byId.get(id) ?? []);
  const rest = items.filter((i) => !named.has(i.id));
  return [...listed, ...rest].map((item, n) => ({ ...item, viewOrder: n + 1 }));
}

/**
 * Which groups Ask answers: the groups the company lists (askPermitted), or every group when it lists
 * none (the server reads an empty list as "no limit").
 */
export function askScope(groups: readonly Pick<VisibilityGroupUsage, 'id' | 'askPermitted'>[]): { limited: boolean; answered: Set<number> } {
  const limited = groups.some((g) => g.askPermitted);
  return { limited, answered: new Set(groups.filter((g) => !limited || g.askPermitted).map((g) => g.id)) };
}

export type Consequence =
  /** Cards shared with this group and no other: only curators see them afterwards. */
  | { kind: 'onlyHere'; count: number }
  /** Cards shared with this group and others: they keep the others. */
  | { kind: 'shared'; count: number }
  /** People in the group: they leave it (and stay in the company). */
  | { kind: 'members'; count: number }
  /** The group is the only one Ask is limited to: with the list empty, Ask answers every group. */
  | { kind: 'askOpens' }
  /** Nothing depends on the group. */
  | { kind: 'nothing' };

/** What deleting `group` does, the most serious first. */
export function deleteConsequences(group: VisibilityGroupUsage, groups: readonly VisibilityGroupUsage[]): Consequence[] {
  const out: Consequence[] = [];
  if (group.cardsOnlyHere > 0) out.push({ kind: 'onlyHere', count: group.cardsOnlyHere });
  if (group.cardsShared > 0) out.push({ kind: 'shared', count: group.cardsShared });
  if (group.membersCount > 0) out.push({ kind: 'members', count: group.membersCount });
  if (group.askPermitted && !groups.some((g) => g.id !== group.id && g.askPermitted)) out.push({ kind: 'askOpens' });
  return out.length ? out : [{ kind: 'nothing' }];
}

/**
 * How the delete dialog asks: the group's name typed when cards would be hidden from people, a checked
 * box when cards lose one of their groups, a plain confirm otherwise.
 */
export function confirmModeOf(group: Pick<VisibilityGroupUsage, 'cardsOnlyHere' | 'cardsShared'>): 'typeName' | 'acknowledge' | 'plain' {
  if (group.cardsOnlyHere > 0) return 'typeName';
  if (group.cardsShared > 0) return 'acknowledge';
  return 'plain';
}

/** Whether the typed text names the group (case and surrounding spaces aside, as the server compares names). */
export const namesGroup = (typed: string, name: string): boolean => typed.trim().toLowerCase() === name.trim().toLowerCase();
