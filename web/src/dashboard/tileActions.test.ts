import { describe, expect, it } from 'vitest';
import { tileActions } from './tileActions.ts';

describe('tileActions', () => {
  it('offers publish for a draft rival and unpublish for a published one', () => {
    expect(tileActions(true, false)).toEqual(['publish']);
    expect(tileActions(false, false)).toEqual(['unpublish']);
  });

  it('adds remove from group only inside a rival group section', () => {
    expect(tileActions(true, true)).toEqual(['publish', 'removeFromGroup']);
    expect(tileActions(false, true)).toEqual(['unpublish', 'removeFromGroup']);
  });
});
