// Rival groups as pure functions: a group's rivals as the screen shows them, and the rivals that can
// still be added to it. See model.test.ts.
import type { RivalGroupItem, RivalItem } from '../../../../contracts/competitors.ts';

type Rival = Pick<RivalItem, 'id' | 'name'>;

/** The group's rivals in the group's order; ids the viewer's rival list lacks are left out. */
export function rivalsOf<R extends Rival>(group: Pick<RivalGroupItem, 'rivals'>, rivals: readonly R[]): R[] {
  const byId = new Map(rivals.map((r) => [r.id, r]));
  return group.rivals.flatMap((id) => byId.get(id) ?? []);
}

/** The rivals not in the group yet, by name. */
export function addableRivals<R extends Rival>(group: Pick<RivalGroupItem, 'rivals'>, rivals: readonly R[]): R[] {
  const inGroup = new Set(group.rivals);
  return rivals.filter((r) => !inGroup.has(r.id)).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
}
