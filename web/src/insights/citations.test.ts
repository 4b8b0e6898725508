import { describe, expect, it } from 'vitest';
import { citedParts } from './citations.ts';

describe('citedParts', () => {
  it('splits a written summary into text and citations of its quotes', () => {
    expect(citedParts('Setup is quick [1][2]. Support is slow [3].', 3)).toEqual([
      { text: 'Setup is quick ' },
      { ref: 1 },
      { ref: 2 },
      { text: '. Support is slow ' },
      { ref: 3 },
      { text: '.' },
    ]);
  });

  it('leaves a marker naming no quote as text, and an extractive summary whole', () => {
    expect(citedParts('Fast [4] and [0] cheap [1]', 3)).toEqual([{ text: 'Fast [4] and [0] cheap ' }, { ref: 1 }]);
    expect(citedParts('Praised in 12 reviews: 80% of 15 opinions are positive.', 3)).toEqual([{ text: 'Praised in 12 reviews: 80% of 15 opinions are positive.' }]);
    expect(citedParts('', 3)).toEqual([]);
  });
});
