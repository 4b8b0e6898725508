// A lane's name as the server takes it (contracts/cards.ts BoardCreate, search-api/boards): checked as a
// curator types, so the dialog says what is wrong before saving.
import { SCRATCHPAD } from '../../../contracts/cards.ts';
import '../i18n/areas/profileEditing.ts';

/** The server's longest lane name. */
export const LANE_NAME_MAX = 200;

/** Why a lane name is refused, as an i18n key with its values, or null when it is fine; `others` are the profile's other lanes. */
export function laneNameProblem(raw: string, others: readonly string[]): [string, Record<string, unknown>?] | null {
  const name = raw.trim();
  if (!name) return ['profileEditing.lanes.nameRequired'];
  if (name.length > LANE_NAME_MAX) return ['profileEditing.lanes.nameTooLong', { max: LANE_NAME_MAX }];
  if (name.toLowerCase() === SCRATCHPAD.toLowerCase()) return ['profileEditing.lanes.nameReserved'];
  if (others.some((o) => o.toLowerCase() === name.toLowerCase())) return ['profileEditing.lanes.nameTaken'];
  return null;
}
