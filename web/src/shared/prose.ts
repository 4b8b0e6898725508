// Longer texts of the translation files (help answers, release notes) as blocks: paragraphs apart by a blank line,
// a paragraph whose lines all start with "- " a bulleted list, and inside either <b>…</b> for the name of something
// on screen and <kbd>…</kbd> for a key. The translator leaves tags as text (i18next-icu reads messages with ignoreTag),
// so they are read here; any other tag stays text. Pure; see prose.test.ts, and Prose.tsx for the rendering.

export type Inline = { kind: 'text' | 'b' | 'kbd'; text: string };
export type ProseBlock = { kind: 'paragraph'; parts: Inline[] } | { kind: 'list'; items: Inline[][] };

const TAG = /<(b|kbd)>(.*?)<\/\1>/g;
const BULLET = /^-\s+/;

/** The text and tagged runs of one line, in order. */
export function inlineParts(line: string): Inline[] {
  const parts: Inline[] = [];
  let at = 0;
  for (const m of line.matchAll(TAG)) {
    if (m.index > at) parts.push({ kind: 'text', text: line.slice(at, m.index) });
    parts.push({ kind: m[1] as 'b' | 'kbd', text: m[2] });
    at = m.index + m[0].length;
  }
  if (at < line.length) parts.push({ kind: 'text', text: line.slice(at) });
  return parts;
}

export function proseBlocks(text: string): ProseBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0)
    .map((lines): ProseBlock =>
      lines.every((line) => BULLET.test(line))
        ? { kind: 'list', items: lines.map((line) => inlineParts(line.replace(BULLET, ''))) }
        : { kind: 'paragraph', parts: inlineParts(lines.join(' ')) },
    );
}

/** The words of a text as a reader sees them: no tags, no bullets; for filtering. */
export const proseText = (text: string): string =>
  proseBlocks(text)
    .flatMap((b) => (b.kind === 'paragraph' ? [b.parts] : b.items))
    .map((parts) => parts.map((p) => p.text).join(''))
    .join(' ');
