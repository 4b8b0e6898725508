// Sections under headings of the text formats: plain text (one section), Markdown (`#` headings), HTML (h1–h6, through
// a real parser; scripts and styles dropped) and RTF (control words stripped). Word files come here too, as the HTML
// mammoth makes of them.
import { Parser } from 'htmlparser2';
import type { Unit } from './chunk.ts';

const section = (label: string | null, text: string): Unit => ({ location: 'section', number: null, label, text });
const withText = (units: Unit[]) => units.filter((u) => u.text.trim() !== '');

export const textUnits = (text: string): Unit[] => withText([section(null, text)]);

/** Markdown: a section under each heading; the markup that is not words (emphasis, links' targets, code fences) dropped. */
export function markdownUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let label: string | null = null;
  let lines: string[] = [];
  const flush = () => units.push(section(label, lines.join('\n')));
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      label = inlineMarkdown(heading[1]);
      lines = [];
    } else if (!/^\s*(```|~~~|---+\s*$|\*\*\*+\s*$)/.test(line)) lines.push(inlineMarkdown(line.replace(/^\s*(?:[-*+]|\d+[.)]|>)\s+/, '')));
  }
  flush();
  return withText(units);
}

const inlineMarkdown = (s: string) =>
  s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/^\|(.*)\|$/, (_, row: string) => row.split('|').map((c) => c.trim()).filter((c) => c && !/^:?-+:?$/.test(c)).join(' · '));

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
const BLOCKS = new Set(['p', 'div', 'li', 'tr', 'br', 'section', 'article', 'table', 'ul', 'ol', 'blockquote', 'pre', 'td', 'th']);

/** HTML: a section under each heading, its text as the words a reader sees. */
export function htmlUnits(html: string): Unit[] {
  const units: Unit[] = [];
  let label: string | null = null;
  let heading: string[] | null = null;
  let text: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (HEADINGS.has(name) && skipping === 0) {
          units.push(section(label, text.join('')));
          text = [];
          heading = [];
        } else if (BLOCKS.has(name)) (heading ?? text).push(' ');
      },
      ontext(data) {
        if (skipping === 0) (heading ?? text).push(data);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (HEADINGS.has(name) && heading) {
          label = heading.join('').replace(/\s+/g, ' ').trim() || null;
          heading = null;
        } else if (BLOCKS.has(name)) text.push(' ');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  units.push(section(label, text.join('')));
  return withText(units);
}

/** Windows-1252's characters for bytes 0x80–0x9f, where it differs from Latin-1 (RTF's \'hh escapes are in it). */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const cp1252 = (b: number) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80] : String.fromCharCode(b));
/** Groups that are not text: fonts, colours, styles, document info, pictures, and every `{\*\…}` destination. */
const RTF_SKIPPED = new Set(['fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'header', 'footer', 'listtable', 'listoverridetable', 'generator', 'themedata', 'latentstyles', 'datastore', 'xmlnstbl', 'rsidtbl']);

/** RTF: its text with the control words stripped, paragraphs kept; one section (RTF headings are only styles). */
export function rtfText(rtf: string): string {
  const out: string[] = [];
  // Per group: whether its text is skipped, and how many characters follow a \uN as its fallback.
  const stack: { skip: boolean; uc: number }[] = [];
  let skip = false;
  let uc = 1;
  let dropNext = 0;
  const re = /\\([a-z]+)(-?\d+)? ?|\\'([0-9a-f]{2})|\\([^a-z])|([{}])|([^\\{}\r\n]+)|[\r\n]+/gi;
  for (let m = re.exec(rtf); m; m = re.exec(rtf)) {
    const [, word, arg, hex, symbol, brace, plain] = m;
    if (brace === '{') {
      stack.push({ skip, uc });
      if (rtf.startsWith('{\\*', m.index)) skip = true;
    } else if (brace === '}') ({ skip, uc } = stack.pop() ?? { skip, uc });
    else if (word !== undefined) {
      if (RTF_SKIPPED.has(word)) skip = true;
      else if (word === 'uc') uc = Number(arg ?? 1);
      else if (skip) continue;
      else if (word === 'par' || word === 'line' || word === 'row' || word === 'sect' || word === 'page') out.push('\n');
      else if (word === 'tab' || word === 'cell') out.push(' ');
      else if (word === 'u' && arg !== undefined) {
        const code = Number(arg);
        out.push(String.fromCharCode(code < 0 ? code + 65536 : code));
        dropNext = uc;
      } else if (word === 'emdash') out.push('—');
      else if (word === 'endash') out.push('–');
      else if (word === 'bullet') out.push('•');
      else if (word === 'lquote' || word === 'rquote') out.push(word === 'lquote' ? '‘' : '’');
      else if (word === 'ldblquote' || word === 'rdblquote') out.push(word === 'ldblquote' ? '“' : '”');
    } else if (skip) continue;
    else if (hex !== undefined) {
      if (dropNext > 0) dropNext--;
      else out.push(cp1252(parseInt(hex, 16)));
    } else if (symbol !== undefined) {
      if (symbol === '~') out.push('\u00a0');
      else if (symbol === '\\' || symbol === '{' || symbol === '}') out.push(symbol);
    } else if (plain !== undefined) {
      const dropped = Math.min(dropNext, plain.length);
      dropNext -= dropped;
      out.push(plain.slice(dropped));
    }
  }
  return out.join('');
}

export const rtfUnits = (rtf: string): Unit[] => textUnits(rtfText(rtf));
