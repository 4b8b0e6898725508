// A monitored page as text: the part worth watching (a curator's CSS selector, else the page's main content) as one
// line per block (heading, paragraph, list item, table row …), whitespace collapsed, and beside each line its
// comparison form, in which the tokens that change on every visit (dates, "3 hours ago", view counters, cache-busting
// hashes) read as placeholders, so a new visit counts as changed only where the words changed.
//
// No Readability: on a 1 MB page it took about 1 s here, and a page must read the same way on every visit whatever its
// size. The main content is <main> (or role=main, or the one <article>), else the body, with navigation, page headers
// and footers, forms, hidden elements and consent or newsletter pop-ups left out. Without a selector the page is read
// in one pass over htmlparser2's events, no DOM built: linkedom's parse alone cost 50–180 ms of a 1 MB page's 0.4 s
// (bench/monitors-text.ts). A selector needs a DOM, so that path parses with linkedom (which uses the same parser with
// the same options, so both paths read the same tree) and walks it.
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { cellSpan, cellText, htmlToText, type TableCell, tableText } from '../../server-shared/htmlText.ts';
import { MonitorTextError } from './errors.ts';

export type PageText = {
  title: string;
  /** One line per block, as displayed. */
  blocks: string[];
  /** blocks[i] with its volatile tokens as placeholders, word for word (the same number of words as blocks[i]). */
  comparable: string[];
};

/** Never page text. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'nav', 'form', 'dialog', 'button', 'select', 'object', 'canvas', 'head']);
/** A page's banner and footer: skipped, unless inside the content (an article's own header) or the part selected. */
const PAGE_FRAME = new Set(['header', 'footer']);
const CONTENT = new Set(['main', 'article', 'section']);
/** Elements that end the line before them and after them. */
const BLOCKS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'ul', 'ol', 'dl', 'blockquote', 'pre', 'figure',
  'figcaption', 'section', 'article', 'main', 'aside', 'header', 'footer', 'address', 'hr', 'br', 'details', 'summary',
]);
/** Cookie banners, consent managers and newsletter pop-ups, by id, class or aria-label. */
const POPUP = /cookie|consent|gdpr|onetrust|cookiebot|newsletter|subscribe-?(?:popup|modal)|signup-?(?:popup|modal)/i;
/** linkedom's parser options (linkedom/esm/shared/parse-from-string.js): attribute names keep their case, as its getAttribute reads them. */
const PARSER_OPTIONS = { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false };

type Attributes = Record<string, string | undefined>;

export function pageText(html: string, opts: { selector?: string; url?: string } = {}): PageText {
  // linkedom takes the first element of a document without <html> for the root and drops its siblings.
  const source = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`;
  const { title, blocks } = opts.selector ? selectedText(source, opts.selector, opts.url) : mainText(source);
  return { title, blocks, comparable: blocks.map(comparable) };
}

/** Whitespace runs as one space; a lone space is left as is, which spares most of a page's replacements. */
const collapse = (text: string) => text.replace(/\s{2,}|[^\S ]/g, ' ').trim();

function isNoise(tag: string, attr: (name: string) => string | null | undefined): boolean {
  if (SKIPPED.has(tag) || attr('hidden') != null || attr('aria-hidden') === 'true') return true;
  const id = attr('id');
  const cls = attr('class');
  const label = attr('aria-label');
  return Boolean(id || cls || label) && POPUP.test(`${id ?? ''} ${cls ?? ''} ${label ?? ''}`);
}

/** A table's lines: htmlToText reads it, one line per row naming its cells by column. */
function tableLines(html: string): string[] {
  return htmlToText(html)
    .split('\n')
    .filter(Boolean)
    .map(collapse);
}

// ---- With a selector: linkedom's DOM.

type El = {
  nodeType: number;
  localName: string;
  data: string;
  firstChild: El | null;
  nextSibling: El | null;
  outerHTML: string;
  getAttribute(name: string): string | null;
};

function selectedText(source: string, selector: string, url: string | undefined): { title: string; blocks: string[] } {
  const { document } = parseHTML(source);
  // The head's title (an <svg> has titles too), else the first heading.
  const title = collapse(document.querySelector('head > title')?.textContent || document.querySelector('h1')?.textContent || '');
  let root: El | null;
  try {
    root = document.querySelector(selector) as unknown as El | null;
  } catch (e) {
    throw new MonitorTextError('selector_invalid', `The selector "${selector}" is not a valid CSS selector`, { cause: e });
  }
  if (!root) throw new MonitorTextError('selector_not_found', `Nothing on ${url ?? 'the page'} matches the selector "${selector}"`);
  return { title, blocks: blockLines(root) };
}

/** The root's text, one line per block. */
function blockLines(root: El): string[] {
  const out: string[] = [];
  let line = '';
  const flush = () => {
    const text = collapse(line);
    if (text) out.push(text);
    line = '';
  };
  const walk = (el: El, inContent: boolean) => {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) line += c.data;
      if (c.nodeType !== 1 || isNoise(c.localName, (name) => c.getAttribute(name))) continue;
      const tag = c.localName;
      if (PAGE_FRAME.has(tag) && !inContent) continue;
      if (tag === 'table') {
        flush();
        out.push(...tableLines(c.outerHTML));
        continue;
      }
      const block = BLOCKS.has(tag);
      if (block) flush();
      walk(c, inContent || CONTENT.has(tag));
      if (block) flush();
    }
  };
  walk(root, CONTENT.has(root.localName) || PAGE_FRAME.has(root.localName));
  flush();
  return out;
}

// ---- Without a selector: one pass over the parser's events.

/** A candidate for the content (the body, the first main or role=main, the first article), read as the page streams by. */
type Region = {
  /** Depth of the region's element: the events until it closes are its descendants'. */
  depth: number;
  /** The root counts as content when it is one, or a page frame itself (as in the DOM walk). */
  rootInContent: boolean;
  /** Depth of the outermost content element open below the root, else -1. */
  content: number;
  /** Depth of the left-out element being passed over, else -1. */
  skip: number;
  /** The table being read. */
  table: TableRead | null;
  line: string;
  out: string[];
};

/** Elements whose text linkedom's outerHTML writes raw (its TextElement), not escaped. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
/** Elements linkedom's outerHTML writes without a closing tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'menuitem', 'meta', 'param', 'source', 'track', 'wbr']);
/** linkedom's text escapes (linkedom/esm/shared/text-escaper.js). */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&#160;' };
const escapeText = (text: string) => text.replace(/[&<>\u00a0]/g, (c) => ESCAPES[c]);

/** Attributes as linkedom's outerHTML writes them: values not escaped but for their quotes. */
function attributes(attribs: Attributes): string {
  let html = '';
  for (const name in attribs) html += ` ${name}="${attribs[name]!.replace(/"/g, '&quot;')}"`;
  return html;
}

/** What a plain table's cell or caption may hold besides text: tags that htmlToText's patterns pass over. */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'code', 'em', 'i', 'img', 'kbd', 'mark', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);
const SECTIONS = new Set(['thead', 'tbody', 'tfoot']);

/**
 * A table as it streams by. Its markup is kept as linkedom's outerHTML writes it, for htmlToText, as the DOM path
 * reads a table. While the table stays plain (a caption, sections and rows of cells holding text and inline elements,
 * no character that markup escapes or that htmlToText's patterns could misread) its cells are kept too, and tableText
 * formats them as htmlToText would: its regexes were a third of a table-heavy page's time.
 */
class TableRead {
  html: string;
  private plain: boolean;
  private caption: string | undefined;
  /** The open cell's or caption's text, its depth and the cell's kind and span. */
  private text: string | null = null;
  private textDepth = -1;
  private header = false;
  private span = 1;
  private row: TableCell[] | null = null;
  private column = 0;
  private readonly head: TableCell[][] = [];
  private readonly body: TableCell[][] = [];
  /** Depth of the first <thead> while it is open (htmlToText takes its header from the first). */
  private headDepth = -1;
  private headSeen = false;

  constructor(
    readonly depth: number,
    attribs: Attributes,
  ) {
    const attrs = attributes(attribs);
    this.html = `<table${attrs}>`;
    this.plain = !/[<>]/.test(attrs);
  }

  open(tag: string, attribs: Attributes, depth: number, parent: string): void {
    const attrs = attributes(attribs);
    this.html += `<${tag}${attrs}>`;
    if (!this.plain) return;
    if (/[<>]/.test(attrs)) this.plain = false;
    else if (this.text !== null) this.plain = INLINE.has(tag);
    else if (tag === 'caption' && depth === this.depth + 1) [this.text, this.textDepth] = ['', depth];
    else if (SECTIONS.has(tag) && depth === this.depth + 1) {
      if (tag === 'thead' && !this.headSeen) [this.headSeen, this.headDepth] = [true, depth];
    } else if (tag === 'tr' && (depth === this.depth + 1 || SECTIONS.has(parent)) && !this.row) [this.row, this.column] = [[], 0];
    else if ((tag === 'td' || tag === 'th') && parent === 'tr' && this.row) {
      [this.text, this.textDepth, this.header, this.span] = ['', depth, tag === 'th', cellSpan(attrs)];
    } else this.plain = false;
  }

  addText(data: string, parent: string): void {
    this.html += RAW_TEXT.has(parent) ? data : escapeText(data);
    if (!this.plain) return;
    // Escaped text reads differently to cellText (a lone no-break space, "&#160;", is not blank): htmlToText reads it.
    if (this.text !== null) {
      if (/[<>&\u00a0]/.test(data)) this.plain = false;
      else this.text += data;
    } else if (/[^ \t\n\r\f]/.test(data)) this.plain = false; // outside a cell, htmlToText adds it to the cell before
  }

  comment(data: string): void {
    this.html += `<!--${data}-->`;
    this.plain = false;
  }

  close(tag: string, depth: number): void {
    if (!VOID.has(tag)) this.html += `</${tag}>`;
    if (!this.plain) return;
    if (depth === this.textDepth) {
      // Plain text without a line break is one piece: cellText would only collapse it.
      const text = this.text!.includes('\n') ? cellText(this.text!) : collapse(this.text!);
      if (tag === 'caption') this.caption ??= text;
      else {
        this.row!.push({ text, column: this.column, header: this.header });
        this.column += this.span;
      }
      [this.text, this.textDepth] = [null, -1];
    } else if (tag === 'tr' && this.row) {
      (this.headDepth !== -1 ? this.head : this.body).push(this.row);
      this.row = null;
    } else if (depth === this.headDepth) this.headDepth = -1;
  }

  lines(): string[] {
    return this.plain ? tableText(this.caption ?? '', this.head, this.body).map(collapse).filter(Boolean) : tableLines(this.html);
  }
}

const region = (depth: number, tag: string): Region => ({
  depth,
  rootInContent: CONTENT.has(tag) || PAGE_FRAME.has(tag),
  content: -1,
  skip: -1,
  table: null,
  line: '',
  out: [],
});

function flush(r: Region): void {
  const text = collapse(r.line);
  if (text) r.out.push(text);
  r.line = '';
}

/**
 * The page's title and main content, read from the events of the parser linkedom builds its DOM from and finding
 * what the DOM path would: the title is the first head > title's text, else the first h1's; the content is the first
 * main or role=main, else the one article, else the body as linkedom's document.body finds it (the root element's
 * first child when a body, or its second after a head). Each candidate collects its lines; the end of the page decides.
 */
function mainText(source: string): { title: string; blocks: string[] } {
  const stack: string[] = [];
  let regions: Region[] = [];
  // An object, not three lets: TypeScript does not see the callbacks assign them.
  const found: { body?: Region; main?: Region; article?: Region } = {};
  let articles = 0;
  let rootSeen = false;
  let rootOpen = false;
  let rootChildren = 0;
  let headFirst = false;
  let title = '';
  let titleDepth = -1;
  let titleSeen = false;
  let h1 = '';
  let h1Depth = -1;
  let h1Seen = false;
  /** Open <template>s: linkedom's querySelector does not look inside one. */
  let templates = 0;

  const parser = new Parser(
    {
      onopentag(tag, attribs: Attributes) {
        const depth = stack.length;
        for (const r of regions) {
          if (r.skip !== -1) continue;
          if (r.table) r.table.open(tag, attribs, depth, stack[depth - 1]);
          else if (isNoise(tag, (name) => attribs[name]) || (PAGE_FRAME.has(tag) && !r.rootInContent && r.content === -1)) r.skip = depth;
          else if (tag === 'table') {
            flush(r);
            r.table = new TableRead(depth, attribs);
          } else {
            if (BLOCKS.has(tag)) flush(r);
            if (CONTENT.has(tag) && r.content === -1) r.content = depth;
          }
        }
        const visible = templates === 0;
        if (tag === 'template') templates++;
        if (visible && !titleSeen && tag === 'title' && stack[depth - 1] === 'head') [titleSeen, titleDepth] = [true, depth];
        if (visible && !h1Seen && tag === 'h1') [h1Seen, h1Depth] = [true, depth];
        if (depth === 0 && !rootSeen) [rootSeen, rootOpen] = [true, true];
        else if (depth === 1 && rootOpen) {
          const index = rootChildren++;
          if (index === 0 && tag === 'head') headFirst = true;
          if (!found.main && tag === 'body' && (index === 0 || (index === 1 && headFirst))) regions.push((found.body = region(depth, tag)));
        }
        // linkedom's querySelector finds no main or article inside a <template>.
        if (visible && !found.main && (tag === 'main' || attribs.role === 'main')) {
          // The main content wins whatever else the page holds: the other candidates stop.
          regions = [(found.main = region(depth, tag))];
        } else if (visible && !found.main && tag === 'article' && ++articles === 1) regions.push((found.article = region(depth, tag)));
        else if (visible && !found.main && tag === 'article') regions = regions.filter((r) => r !== found.article);
        stack.push(tag);
      },
      ontext(data) {
        if (titleDepth !== -1) title += data;
        if (h1Depth !== -1) h1 += data;
        for (const r of regions) {
          if (r.skip !== -1) continue;
          if (r.table) r.table.addText(data, stack[stack.length - 1]);
          else r.line += data;
        }
      },
      oncomment(data) {
        for (const r of regions) if (r.skip === -1) r.table?.comment(data);
      },
      onclosetag(tag) {
        stack.pop();
        const depth = stack.length;
        let closed = false;
        for (const r of regions) {
          if (r.depth === depth) {
            flush(r);
            closed = true;
          } else if (r.skip !== -1) {
            if (r.skip === depth) r.skip = -1;
          } else if (r.table) {
            r.table.close(tag, depth);
            if (r.table.depth === depth) {
              r.out.push(...r.table.lines());
              r.table = null;
            }
          } else {
            if (BLOCKS.has(tag)) flush(r);
            if (r.content === depth) r.content = -1;
          }
        }
        if (closed) regions = regions.filter((r) => r.depth !== depth);
        if (titleDepth === depth) titleDepth = -1;
        if (h1Depth === depth) h1Depth = -1;
        if (depth === 0) rootOpen = false;
        if (tag === 'template') templates--;
      },
    },
    PARSER_OPTIONS,
  );
  parser.end(source);
  const root = found.main ?? (articles === 1 ? found.article : found.body);
  return { title: collapse(title || h1), blocks: root?.out ?? [] };
}

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const WEEKDAY = '(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\\.?,? )?';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const CLOCK = '\\d{1,2}:\\d{2}(?::\\d{2})?(?: ?[ap]\\.?m\\.?)?(?: ?(?:utc|gmt|[ecmp][sd]t|bst|cest|cet|ist|jst|aest)\\b)?';
const UNIT = '(?:sec(?:ond)?|min(?:ute)?|h(?:ou)?r|day|week|month|year)s?';
const COUNTED = '(?:views?|likes?|comments?|followers?|shares?|subscribers?|downloads?|reactions?|replies|reply|reposts?|retweets?|upvotes?|visits?|readers?|watching|viewers?)';

/**
 * Volatile tokens, each alternative a group named after its placeholder: dates (ISO with an optional time, "Dec 6,
 * 2026", "6 December 2026", "12/06/2026"), times of day, relative times ("3 hours ago", "updated 5 minutes ago",
 * "just now"), counters before what they count ("1,234 views", "12k followers") and hex hashes ("app.3f2a9c1b.js").
 */
const VOLATILE = new RegExp(
  [
    `(?<date>\\b\\d{4}-\\d{2}-\\d{2}(?:[t ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:z|[+-]\\d{2}:?\\d{2})?)?` +
      `|\\b${WEEKDAY}${MONTH} ${DAY},? \\d{4}|\\b${WEEKDAY}${DAY} (?:of )?${MONTH},? \\d{4}|\\b\\d{1,2}[/.]\\d{1,2}[/.](?:\\d{4}|\\d{2})\\b)` +
      `(?: (?:at )?${CLOCK})?`,
    `(?<time>\\b${CLOCK}(?![\\d:]))`,
    `(?<ago>\\b(?:(?:updated|posted|edited|published|modified) )?(?:(?:\\d+|an?|one|a few) ${UNIT} ago|just now)\\b)`,
    `(?<count>\\b\\d[\\d,.]*[km]?\\+?(?= ${COUNTED}\\b))`,
    `(?<hash>\\b(?=[a-f0-9]*\\d)(?=[a-f0-9]*[a-f])[a-f0-9]{8,}\\b)`,
  ].join('|'),
  'giu',
);
/** Only a block holding a digit or a relative time can hold a volatile token: the others skip the pattern. */
const MAYBE_VOLATILE = /\d|ago\b|just now/i;

/** The comparison form of a line: each word of a volatile token replaced by its placeholder ("⟨date⟩ ⟨date⟩ ⟨date⟩"). */
export function comparable(line: string): string {
  if (!MAYBE_VOLATILE.test(line)) return line;
  return line.replace(VOLATILE, (match, ...args) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    const kind = Object.keys(groups).find((k) => groups[k] !== undefined)!;
    return match
      .split(' ')
      .map(() => `⟨${kind}⟩`)
      .join(' ');
  });
}
