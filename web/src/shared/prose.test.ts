import { describe, expect, it } from 'vitest';
import { inlineParts, proseBlocks, proseText } from './prose.ts';

describe('prose', () => {
  it('splits paragraphs at blank lines and joins the lines of one', () => {
    expect(proseBlocks('One line\nand its end.\n\nTwo.')).toEqual([
      { kind: 'paragraph', parts: [{ kind: 'text', text: 'One line and its end.' }] },
      { kind: 'paragraph', parts: [{ kind: 'text', text: 'Two.' }] },
    ]);
  });

  it('reads a paragraph of "- " lines as a list', () => {
    expect(proseBlocks('Steps:\n\n- first\n- <b>second</b> one')).toEqual([
      { kind: 'paragraph', parts: [{ kind: 'text', text: 'Steps:' }] },
      { kind: 'list', items: [[{ kind: 'text', text: 'first' }], [{ kind: 'b', text: 'second' }, { kind: 'text', text: ' one' }]] },
    ]);
  });

  it('reads <b> and <kbd>, and leaves any other tag as text', () => {
    expect(inlineParts('Press <kbd>/</kbd> in <b>Search</b> <i>now</i>')).toEqual([
      { kind: 'text', text: 'Press ' },
      { kind: 'kbd', text: '/' },
      { kind: 'text', text: ' in ' },
      { kind: 'b', text: 'Search' },
      { kind: 'text', text: ' <i>now</i>' },
    ]);
  });

  it('gives the words a reader sees, for filtering', () => {
    expect(proseText('Open <b>Edit profile</b>.\n\n- one\n- two')).toBe('Open Edit profile. one two');
  });
});
