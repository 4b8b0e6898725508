// The markdown subset of generated sections and update summaries (contracts/landing.ts GeneratedSectionData):
// paragraphs, `### ` headings, `- ` bullets, `**bold**` and [n] citation markers, parsed into blocks the page
// renders as React elements. Anything else is text: nothing here ever becomes HTML.
import { citedParts } from '../insights/citations.ts';

export type Inline = { text: string; bold: boolean } | { cite: number };
export type Block = { kind: 'heading' | 'paragraph'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] };

const HEADING = /^###\s+(.*)$/;
const BULLET = /^-\s+(.*)$/;

/** One line's runs of text, bold text and citations of 1..citationCount; other [n] and a `**` without its pair stay text. */
export function parseInline(line: string, citationCount: number): Inline[] {
  const pieces = line.split('**');
  // An odd number of pieces has every ** paired; otherwise the last one is literal.
  if (pieces.length % 2 === 0) pieces.splice(-2, 2, `${pieces.at(-2)}**${pieces.at(-1)}`);
  const out: Inline[] = [];
  pieces.forEach((piece, i) => {
    const bold = i % 2 === 1;
    for (const part of citedParts(piece, citationCount)) {
      const last = out.at(-1);
      if ('ref' in part) out.push({ cite: part.ref });
      else if (last && 'text' in last && last.bold === bold) last.text += part.text;
      else out.push({ text: part.text, bold });
    }
  });
  return out;
}

export function parseMarkdown(markdown: string, citationCount: number): Block[] {
  const blocks: Block[] = [];
  // The block being filled: lines of a paragraph, or the items (each a line) of a list.
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' '), citationCount) });
    if (items.length) blocks.push({ kind: 'list', items: items.map((item) => parseInline(item, citationCount)) });
    paragraph = [];
    items = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', inlines: parseInline(heading[1], citationCount) });
    } else if (bullet) {
      if (paragraph.length) flush();
      items.push(bullet[1]);
    } else if (items.length) {
      // A line under a bullet continues that bullet.
      items[items.length - 1] += ` ${line}`;
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
