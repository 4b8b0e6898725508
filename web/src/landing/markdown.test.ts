import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.ts';

describe('parseInline', () => {
  it('splits text, bold runs and citations of the sources there are', () => {
    expect(parseInline('Fast **and cheap** setup [1], says [2].', 2)).toEqual([
      { text: 'Fast ', bold: false },
      { text: 'and cheap', bold: true },
      { text: ' setup ', bold: false },
      { cite: 1 },
      { text: ', says ', bold: false },
      { cite: 2 },
      { text: '.', bold: false },
    ]);
  });

  it('keeps a citation inside bold text a citation', () => {
    expect(parseInline('**Pricing [1]**', 1)).toEqual([{ text: 'Pricing ', bold: true }, { cite: 1 }]);
  });

  it('leaves markers of no source, and a ** without its pair, as text', () => {
    expect(parseInline('See [3] and [0]', 2)).toEqual([{ text: 'See [3] and [0]', bold: false }]);
    expect(parseInline('**Pricing** rose 2 ** 3 times', 0)).toEqual([
      { text: 'Pricing', bold: true },
      { text: ' rose 2 ** 3 times', bold: false },
    ]);
    expect(parseInline('a ** b', 0)).toEqual([{ text: 'a ** b', bold: false }]);
  });

  it('never makes markup of anything else', () => {
    expect(parseInline('<img src=x onerror=alert(1)> [link](javascript:alert(1))', 0)).toEqual([
      { text: '<img src=x onerror=alert(1)> [link](javascript:alert(1))', bold: false },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs joined across lines, and bullet lists', () => {
    const md = ['### Pricing', 'They charge per seat', 'and per connector [1].', '', '- Cheaper at first [1]', '- Dearer at scale', '', 'Last words.'].join('\n');
    expect(parseMarkdown(md, 1)).toEqual([
      { kind: 'heading', inlines: [{ text: 'Pricing', bold: false }] },
      { kind: 'paragraph', inlines: [{ text: 'They charge per seat and per connector ', bold: false }, { cite: 1 }, { text: '.', bold: false }] },
      { kind: 'list', items: [[{ text: 'Cheaper at first ', bold: false }, { cite: 1 }], [{ text: 'Dearer at scale', bold: false }]] },
      { kind: 'paragraph', inlines: [{ text: 'Last words.', bold: false }] },
    ]);
  });

  it('ends a paragraph at a heading or a bullet without a blank line, and continues a bullet on its next line', () => {
    const md = 'Intro line\n- one\n  more of one\n### Next\n- two';
    expect(parseMarkdown(md, 0)).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Intro line', bold: false }] },
      { kind: 'list', items: [[{ text: 'one more of one', bold: false }]] },
      { kind: 'heading', inlines: [{ text: 'Next', bold: false }] },
      { kind: 'list', items: [[{ text: 'two', bold: false }]] },
    ]);
  });

  it('treats other headings and list marks as text, and gives nothing for empty markdown', () => {
    expect(parseMarkdown('# Big\n* star\n1. one', 0)).toEqual([{ kind: 'paragraph', inlines: [{ text: '# Big * star 1. one', bold: false }] }]);
    expect(parseMarkdown('\r\n  \n', 0)).toEqual([]);
  });
});
