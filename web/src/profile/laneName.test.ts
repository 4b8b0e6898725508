import { describe, expect, it } from 'vitest';
import { LANE_NAME_MAX, laneNameProblem } from './laneName.ts';

describe('lane names', () => {
  it('takes a trimmed name the profile does not have yet', () => {
    expect(laneNameProblem('  Partnerships ', ['Pricing', 'News'])).toBeNull();
    expect(laneNameProblem('x'.repeat(LANE_NAME_MAX), [])).toBeNull();
  });

  it('refuses an empty, too long, reserved or taken name, whatever the case', () => {
    expect(laneNameProblem('   ', [])).toEqual(['profileEditing.lanes.nameRequired']);
    expect(laneNameProblem('x'.repeat(LANE_NAME_MAX + 1), [])).toEqual(['profileEditing.lanes.nameTooLong', { max: LANE_NAME_MAX }]);
    expect(laneNameProblem('SCRATCHPAD', [])).toEqual(['profileEditing.lanes.nameReserved']);
    expect(laneNameProblem('pricing', ['Pricing'])).toEqual(['profileEditing.lanes.nameTaken']);
  });
});
