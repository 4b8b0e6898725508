// What a /profile/{id}/… sub-path shows (part 2 §2): the board view (optionally with a card's editor
// open, /edit/card/{cardId}[/edit]), a card in the viewer (/view/card/{cardId}, part 1 §2), or the
// battlecard view (/battlecard/view[/{battlecardId}] and the comments path /battlecard/{battlecardId}), or the
// rival's news (/news). Anything else under the profile falls back to the board view.
import { positiveId } from '../cards/cardUrl.ts';

export type ProfileSubroute =
  | { view: 'board'; editCardId: number | null }
  | { view: 'card'; cardId: number }
  | { view: 'battlecard'; battlecardId: number | null }
  | { view: 'news' };

export function profileSubroute(rest: string): ProfileSubroute {
  const segs = rest.split('/').filter(Boolean);
  if (segs[0] === 'battlecard') {
    if (segs[1] === 'view') return { view: 'battlecard', battlecardId: positiveId(segs[2]) };
    return { view: 'battlecard', battlecardId: positiveId(segs[1]) };
  }
  if (segs[0] === 'news' && segs.length === 1) return { view: 'news' };
  if (segs[0] === 'edit' && segs[1] === 'card') return { view: 'board', editCardId: positiveId(segs[2]) };
  const viewed = segs[0] === 'view' && segs[1] === 'card' ? positiveId(segs[2]) : null;
  if (viewed !== null) return { view: 'card', cardId: viewed };
  return { view: 'board', editCardId: null };
}

export const BULK_EDIT_OPTIONS = ['cardPermissions', 'tags', 'delete'] as const;
export type BulkEditOption = (typeof BULK_EDIT_OPTIONS)[number];

/** ?action=bulkEdit&bulkEditOption=…: the panel's option, or null when bulk edit is not asked for. */
export function bulkEditOption(search: string): BulkEditOption | null {
  const q = new URLSearchParams(search);
  if (q.get('action') !== 'bulkEdit') return null;
  const option = q.get('bulkEditOption');
  return (BULK_EDIT_OPTIONS as readonly string[]).includes(option ?? '') ? (option as BulkEditOption) : 'cardPermissions';
}
