// The curator actions of a rival tile (part 3 §4.8, §6): publish a draft rival or unpublish a published
// one, and remove it from the rival group whose section shows the tile.
export type TileAction = 'publish' | 'unpublish' | 'removeFromGroup';

/** `inGroup`: the tile sits in a rival group's section (not all companies, the ungrouped rest or favorites). */
export function tileActions(isDraft: boolean, inGroup: boolean): TileAction[] {
  const draft: TileAction = isDraft ? 'publish' : 'unpublish';
  return inGroup ? [draft, 'removeFromGroup'] : [draft];
}
