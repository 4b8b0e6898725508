import { describe, expect, it } from 'vitest';
import { criterionDisplay } from './criterionMode.ts';

describe('mode display', () => {
  it('shows should as any, must as must and must_not as not, each distinct', () => {
    expect(criterionDisplay('should')).toMatchObject({ mode: 'any', labelKey: 'search.mode.any', icon: 'plus' });
    expect(criterionDisplay('must')).toMatchObject({ mode: 'must', labelKey: 'search.mode.must', icon: 'check' });
    expect(criterionDisplay('must_not')).toMatchObject({ mode: 'not', labelKey: 'search.mode.not', icon: 'ban', strike: true });
    const colors = new Set((['should', 'must', 'must_not'] as const).map((t) => criterionDisplay(t).color));
    expect(colors.size).toBe(3);
  });
  it('describes what the next click does', () => {
    expect(criterionDisplay('should').nextKey).toBe('search.mode.nextMust');
    expect(criterionDisplay('must').nextKey).toBe('search.mode.nextNot');
    expect(criterionDisplay('must_not').nextKey).toBe('search.mode.nextAny');
  });
});
