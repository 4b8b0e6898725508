import { describe, expect, it } from 'vitest';
import { citationsIn } from './llm.ts';

describe('citationsIn', () => {
  it('keeps a text whose citations all name a source, with the refs in order of first use', () => {
    expect(citationsIn('Fast reports [2]. Exports are easy [1] and quick [2].', 3)).toEqual({
      text: 'Fast reports [2]. Exports are easy [1] and quick [2].',
      cited: [2, 1],
    });
  });

  it('removes markers naming no source, with the space before them', () => {
    expect(citationsIn('Fast reports [1] and exports [9].', 3)).toEqual({ text: 'Fast reports [1] and exports.', cited: [1] });
    expect(citationsIn('Slow support [0] [3]', 3)).toEqual({ text: 'Slow support [3]', cited: [3] });
  });

  it('splits a list of refs into markers, keeping the valid ones', () => {
    expect(citationsIn('Setup is quick [1, 2] and cheap [4,3].', 3)).toEqual({ text: 'Setup is quick [1][2] and cheap [3].', cited: [1, 2, 3] });
  });

  it('rejects a text left with no valid citation', () => {
    expect(citationsIn('Reviewers like it.', 3)).toBeNull();
    expect(citationsIn('Reviewers like it [4].', 3)).toBeNull();
    expect(citationsIn('Reviewers like it [1].', 0)).toBeNull();
  });
});
