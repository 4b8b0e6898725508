// Card HTML to plain text for the search index, Ask passages and summaries: markup removed, entities
// decoded, one line per block. A table row reads as one line naming its cells by their column
// ("Price — Mentions in wins: 6; Mentions in losses: 3"), so a snippet or a quoted sentence drawn from
// a table never reads as a run of bare numbers.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

const BLOCK_TAGS = /<\/?(p|div|br|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|thead|tbody|tfoot|caption|blockquote|pre|section|article|header|footer|figure|figcaption|hr)\b[^>]*>/gi;
/** A table holding no other table: tables are read innermost first, so a nested one becomes its outer cell's text. */
const INNERMOST_TABLE = /<table\b[^>]*>((?:(?!<table\b)[\s\S])*?)<\/table\s*>/i;
/** Text that ends a sentence or a clause: the next piece follows after a space, not a separator. */
const ENDS_CLAUSE = /[.!?:;,…]["”’')]?$/;

export function htmlToText(html: string): string {
  let text = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  for (let m = INNERMOST_TABLE.exec(text); m; m = INNERMOST_TABLE.exec(text)) {
    text = text.slice(0, m.index) + `\n${tableLines(m[1]).join('\n')}\n` + text.slice(m.index + m[0].length);
  }
  return decodeEntities(text.replace(BLOCK_TAGS, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Pieces joined into one line: after a piece that ends a clause a space, else `separator`. */
export function joinPieces(pieces: readonly string[], separator: string): string {
  return pieces.reduce((out, p) => (!out ? p : `${out}${ENDS_CLAUSE.test(out) ? ' ' : separator}${p}`), '');
}

/** "Name: value", or "Name value" when the name already ends with a colon ("Strengths: …"). */
const named = (name: string, value: string) => (name ? `${name}${/:$/.test(name) ? ' ' : ': '}${value}` : value);

export type TableCell = { text: string; column: number; header: boolean };

/** A cell's markup as one line of (still entity-encoded) text; its paragraphs or list items joined by commas. */
export function cellText(html: string): string {
  const lines = html
    .replace(BLOCK_TAGS, '\n')
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return joinPieces(lines, ', ');
}

/** The columns a cell spans, from the attributes in its opening tag. */
export const cellSpan = (attributes: string) => Math.max(1, Math.min(Number(/\bcolspan\s*=\s*["']?(\d+)/i.exec(attributes)?.[1] ?? 1) || 1, 50));

function rowCells(rowHtml: string): TableCell[] {
  const cells: TableCell[] = [];
  let column = 0;
  for (const m of rowHtml.matchAll(/<(td|th)\b([^>]*)>([\s\S]*?)(?=<(?:td|th)\b|<\/tr\s*>|$)/gi)) {
    cells.push({ text: cellText(m[3]), column, header: m[1].toLowerCase() === 'th' });
    column += cellSpan(m[2]);
  }
  return cells;
}

/** The lines of a table's inner HTML. */
function tableLines(inner: string): string[] {
  const caption = /<caption\b[^>]*>([\s\S]*?)<\/caption\s*>/i.exec(inner);
  const headHtml = /<thead\b[^>]*>([\s\S]*?)<\/thead\s*>/i.exec(inner)?.[1];
  const rowsOf = (html: string) => html.split(/<tr\b[^>]*>/i).slice(1).map(rowCells);
  return tableText(
    caption ? cellText(caption[1]) : '',
    headHtml ? rowsOf(headHtml) : [],
    rowsOf(headHtml ? inner.replace(/<thead\b[^>]*>[\s\S]*?<\/thead\s*>/i, '') : inner),
  );
}

/**
 * A table's lines from its caption, the rows of its first <thead> and its other rows: the caption, then one line per
 * body row. The header row (the thead's last, or a first row of <th> cells) names the cells of each row after the
 * first, which labels it. Rows without text are left out.
 */
export function tableText(caption: string, headRows: TableCell[][], bodyRows: TableCell[][]): string[] {
  const hasText = (cells: TableCell[]) => cells.some((c) => c.text);
  let head = headRows.filter(hasText).at(-1);
  let body = bodyRows.filter(hasText);
  if (!head && body.length > 1 && body[0].every((c) => c.header)) [head, ...body] = body;
  const lines = caption ? [caption] : [];
  if (!body.length && head) return [...lines, joinPieces(head.map((c) => c.text).filter(Boolean), '; ')];
  const columns = new Map((head ?? []).map((c) => [c.column, c.text]));
  for (const cells of body) lines.push(rowLine(cells, columns));
  return lines;
}

/** "Label — Column: value; Column: value"; in a two-column table "Label: value". */
function rowLine(cells: TableCell[], columns: ReadonlyMap<number, string>): string {
  const [label, ...rest] = cells;
  const values = rest.filter((c) => c.text);
  if (!label.text) return joinPieces(values.map((c) => named(columns.get(c.column) ?? '', c.text)), '; ');
  if (!values.length) return label.text;
  if (cells.length === 2) return named(label.text, values[0].text);
  const text = joinPieces(values.map((c) => named(columns.get(c.column) ?? '', c.text)), '; ');
  return `${label.text}${ENDS_CLAUSE.test(label.text) ? ' ' : ' — '}${text}`;
}
