// A monitored page as text: the part worth watching (a curator's CSS selector, else the page's main content) as one
// line per block (heading, paragraph, list item, table row …), whitespace collapsed, and beside each line its
// comparison form, in which the tokens that change on every visit (dates, "3 hours ago", view counters, cache-busting
// hashes) read as placeholders, so a new visit counts as changed only where the words changed.
//
// No Readability: on a 1 MB page it took about 1 s here, and a page must read the same way on every visit whatever its
// size. The main content is <main> (or role=main, or the one <article>), else the body, with navigation, page headers
// and footers, forms, hidden elements and consent or newsletter pop-ups left out. linkedom's parse alone takes most of
// the 0.2 s a 1 MB page costs (bench/monitors-text.ts).
import { parseHTML } from 'linkedom';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { MonitorTextError } from './errors.ts';

export type PageText = {
  title: string;
  /** One line per block, as displayed. */
  blocks: string[];
  /** blocks[i] with its volatile tokens as placeholders, word for word (the same number of words as blocks[i]). */
  comparable: string[];
};

/** Never page text. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'NAV', 'FORM', 'DIALOG', 'BUTTON', 'SELECT', 'OBJECT', 'CANVAS', 'HEAD']);
/** A page's banner and footer: skipped, unless inside the content (an article's own header) or the part selected. */
const PAGE_FRAME = new Set(['HEADER', 'FOOTER']);
const CONTENT = new Set(['MAIN', 'ARTICLE', 'SECTION']);
/** Elements that end the line before them and after them. */
const BLOCKS = new Set([
  'P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'DT', 'DD', 'UL', 'OL', 'DL', 'BLOCKQUOTE', 'PRE', 'FIGURE',
  'FIGCAPTION', 'SECTION', 'ARTICLE', 'MAIN', 'ASIDE', 'HEADER', 'FOOTER', 'ADDRESS', 'HR', 'BR', 'DETAILS', 'SUMMARY',
]);
/** Cookie banners, consent managers and newsletter pop-ups, by id, class or aria-label. */
const POPUP = /cookie|consent|gdpr|onetrust|cookiebot|newsletter|subscribe-?(?:popup|modal)|signup-?(?:popup|modal)/i;

type El = {
  nodeType: number;
  tagName: string;
  data: string;
  firstChild: El | null;
  nextSibling: El | null;
  outerHTML: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
};

export function pageText(html: string, opts: { selector?: string; url?: string } = {}): PageText {
  // linkedom takes the first element of a document without <html> for the root and drops its siblings.
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  // The head's title (an <svg> has titles too), else the first heading.
  const title = collapse(document.querySelector('head > title')?.textContent || document.querySelector('h1')?.textContent || '');
  let root: El | null;
  if (opts.selector) {
    try {
      root = document.querySelector(opts.selector) as unknown as El | null;
    } catch (e) {
      throw new MonitorTextError('selector_invalid', `The selector "${opts.selector}" is not a valid CSS selector`, { cause: e });
    }
    if (!root) throw new MonitorTextError('selector_not_found', `Nothing on ${opts.url ?? 'the page'} matches the selector "${opts.selector}"`);
  } else {
    const main = document.querySelector('main, [role="main"]');
    const articles = main ? [] : document.querySelectorAll('article');
    root = (main ?? (articles.length === 1 ? articles[0] : document.body)) as unknown as El | null;
  }
  const blocks = root ? blockLines(root) : [];
  return { title, blocks, comparable: blocks.map(comparable) };
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function isNoise(el: El): boolean {
  if (SKIPPED.has(el.tagName) || el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  return POPUP.test(`${el.getAttribute('id') ?? ''} ${el.getAttribute('class') ?? ''} ${el.getAttribute('aria-label') ?? ''}`);
}

/** The root's text, one line per block; a table is read by htmlToText, one line per row naming its cells by column. */
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
      if (c.nodeType !== 1 || isNoise(c)) continue;
      const tag = c.tagName;
      if (PAGE_FRAME.has(tag) && !inContent) continue;
      if (tag === 'TABLE') {
        flush();
        for (const row of htmlToText(c.outerHTML).split('\n')) if (row) out.push(collapse(row));
        continue;
      }
      const block = BLOCKS.has(tag);
      if (block) flush();
      walk(c, inContent || CONTENT.has(tag));
      if (block) flush();
    }
  };
  walk(root, CONTENT.has(root.tagName) || PAGE_FRAME.has(root.tagName));
  flush();
  return out;
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
