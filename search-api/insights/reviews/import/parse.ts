// A review file a curator uploads (the product does not fetch review sites) becomes reviews, or every bad row
// with the line it starts on. An import lands whole or not at all: one bad row and no review is returned.
//
// Formats, chosen by file name, else content type, else the first character:
//   CSV          a header row, then one review per record; comma, semicolon or tab (whichever the header uses);
//                quoted fields may span lines; a UTF-8 BOM and CRLF are fine; blank records are skipped.
//   JSON         an array of review objects, or { "reviews": [...] }.
//   JSON Lines   one review object per line (.jsonl, .ndjson).
// Column headers and keys are matched case- and punctuation-insensitively against REVIEW_FIELD_ALIASES; other
// columns are ignored and listed in ignoredFields. Rows are checked with reviewInputSchema. Later rows whose
// permalink is one already seen (normalizePermalink) are dropped and counted in duplicates.
import { parse as parseCsv } from 'csv-parse/sync';
import type { ValidationIssue } from '../../../../contracts/errors.ts';
import {
  REVIEW_FIELD_ALIASES,
  normalizePermalink,
  reviewFieldOf,
  reviewInputSchema,
  reviewReasonText,
  type ReviewField,
  type ReviewImportReason,
  type ReviewInput,
  type ReviewReasonParams,
} from '../../../../contracts/reviews.ts';
import { issueOf } from '../../../errors.ts';

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/** Errors returned in full; the rest are only counted (moreErrors). */
export const MAX_IMPORT_ERRORS = 100;

export type ReviewFileFormat = 'csv' | 'json' | 'jsonl';
export type ReviewFile = { fileName?: string; contentType?: string; text: string; now: Date };
/**
 * line 1 is the file's first line; 0 means the file as a whole. field is the column or key as the file names it.
 * reason is in English; code and params (or, for a value the schema's own rules refuse, issue) let the web word it.
 */
export type ReviewRowError = { line: number; field?: string; reason: string; code: ReviewImportReason | 'invalid'; params?: ReviewReasonParams; issue?: ValidationIssue };

/** An error of `code` with its values, in English beside them. */
const rowError = (line: number, code: ReviewImportReason, params?: ReviewReasonParams, field?: string): ReviewRowError => ({
  line,
  ...(field !== undefined ? { field } : {}),
  reason: reviewReasonText(code, params),
  code,
  ...(params ? { params } : {}),
});
export type ReviewImportResult =
  | { ok: true; format: ReviewFileFormat; reviews: ReviewInput[]; duplicates: number; ignoredFields: string[] }
  | { ok: false; format: ReviewFileFormat | null; errors: ReviewRowError[]; moreErrors: number };

/** One record of the file: its values under the file's own keys, and the line it starts on. */
type FileRecord = { line: number; values: Record<string, unknown> };
type Read = { records: FileRecord[]; errors: ReviewRowError[] };

const REQUIRED: ReviewField[] = ['permalink', 'rating', 'publishedAt', 'text'];

/** The file checked whole: its reviews, or every error. */
export function parseReviewFile(file: ReviewFile): ReviewImportResult {
  const reviews: ReviewInput[] = [];
  const checking = checkReviewFile(file);
  for (let step = checking.next(); ; step = checking.next()) {
    if (!step.done) reviews.push(...step.value);
    else return step.value.ok ? { ...step.value, reviews } : step.value;
  }
}

/** What checking a file ends with: its reviews were yielded, or it has errors and none of them counts. */
export type ReviewFileCheck = Exclude<ReviewImportResult, { ok: true }> | (Omit<Extract<ReviewImportResult, { ok: true }>, 'reviews'> & { ok: true });

/**
 * Checks a file row by row, yielding its good reviews (duplicates left out) a slice at a time as they are checked,
 * so a caller can start on them (analysis) while the rest is checked; the return says whether the file is good.
 * When it is not, nothing yielded counts: an import lands whole or not at all.
 */
export function* checkReviewFile(file: ReviewFile, slice = 1_000): Generator<ReviewInput[], ReviewFileCheck> {
  if (Buffer.byteLength(file.text) > MAX_IMPORT_BYTES) {
    return failed(null, [rowError(0, 'file_too_large', { mb: MAX_IMPORT_BYTES / 1024 / 1024 })]);
  }
  const text = file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text;
  const format = formatOf(file, text);
  const read = format === 'csv' ? readCsv(text, file.fileName) : format === 'jsonl' ? readJsonLines(text) : readJson(text);
  if (read.records.length > MAX_IMPORT_ROWS) {
    const first = read.records[MAX_IMPORT_ROWS];
    return failed(format, [rowError(first.line, 'too_many_reviews', { max: MAX_IMPORT_ROWS })]);
  }
  return yield* validate(format, read, file.now, slice);
}

function failed(format: ReviewFileFormat | null, errors: ReviewRowError[]): ReviewImportResult {
  return { ok: false, format, errors: errors.slice(0, MAX_IMPORT_ERRORS), moreErrors: Math.max(0, errors.length - MAX_IMPORT_ERRORS) };
}

function formatOf(file: ReviewFile, text: string): ReviewFileFormat {
  const ext = /\.([a-z]+)$/i.exec(file.fileName ?? '')?.[1].toLowerCase();
  if (ext === 'csv' || ext === 'tsv') return 'csv';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  // Browsers guess content types from the operating system (Windows says application/vnd.ms-excel for CSV).
  const type = ext === 'json' ? 'application/json' : (file.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (/^(text\/(csv|tab-separated-values)|application\/(csv|vnd\.ms-excel))$/.test(type)) return 'csv';
  if (/^application\/(x-)?(ndjson|jsonl|jsonlines)$/.test(type)) return 'jsonl';
  const json = /^(application|text)\/json$/.test(type);
  const first = /\S/.exec(text)?.[0];
  if (!json && first !== '[' && first !== '{') return 'csv';
  return first === '{' && isJsonLines(text) ? 'jsonl' : 'json';
}

/** A file starting with '{' is JSON Lines when its first line alone is a whole object other than a { "reviews" } wrapper. */
function isJsonLines(text: string): boolean {
  try {
    const first: unknown = JSON.parse(/^\s*(.*)/.exec(text)?.[1] ?? '');
    return isObject(first) && !Array.isArray(first.reviews);
  } catch {
    return false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- CSV ----

/** The delimiter the header row uses most: Excel writes semicolons where the comma is the decimal mark. */
function delimiterOf(text: string, fileName: string | undefined): string {
  if (/\.tsv$/i.test(fileName ?? '')) return '\t';
  const header = /^[^\r\n]*/.exec(text)?.[0] ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best));
}

/**
 * Lines by byte offset into the file, for offsets asked in increasing order. csv-parse's own line count ends at
 * a record's last line and counts a CRLF inside quotes twice, so a record's start is found from byte offsets.
 */
function lineCounter(buf: Buffer): (offset: number) => number {
  let pos = 0;
  let line = 1;
  return (offset) => {
    for (; pos < offset; pos++) if (buf[pos] === 0x0a || (buf[pos] === 0x0d && buf[pos + 1] !== 0x0a)) line++;
    return line;
  };
}

/** The offset of the first byte of the record after `end` (csv-parse skips the empty lines in between). */
function recordStart(buf: Buffer, end: number): number {
  let at = end;
  while (at < buf.length && (buf[at] === 0x0a || buf[at] === 0x0d)) at++;
  return at;
}

const CSV_REASONS: Record<string, ReviewImportReason> = {
  CSV_QUOTE_NOT_CLOSED: 'csv_quote_not_closed',
  CSV_INVALID_CLOSING_QUOTE: 'csv_closing_quote',
};

function readCsv(text: string, fileName: string | undefined): Read {
  const buf = Buffer.from(text);
  const lineAt = lineCounter(buf);
  let rows: { record: string[]; info: { bytes: number } }[];
  try {
    // With info, csv-parse returns { record, info } per record, which its types do not say.
    rows = parseCsv(buf, {
      delimiter: delimiterOf(text, fileName),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // The header, the most rows an import takes, and one more to tell that there are more.
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as typeof rows;
  } catch (err) {
    const e = err as { code?: string; bytes_records?: number; message: string };
    const line = lineAt(recordStart(buf, e.bytes_records ?? 0));
    const known = e.code ? CSV_REASONS[e.code] : undefined;
    return { records: [], errors: [known ? rowError(line, known) : rowError(line, 'csv_unreadable', { message: e.message })] };
  }
  if (rows.length === 0) return { records: [], errors: [rowError(0, 'file_empty')] };

  const header = rows[0].record.map((h) => h.trim());
  const errors = headerErrors(header);
  if (errors.length) return { records: [], errors };
  const records: FileRecord[] = [];
  let end = rows[0].info.bytes;
  for (const { record, info } of rows.slice(1)) {
    const line = lineAt(recordStart(buf, end));
    end = info.bytes;
    if (record.every((v) => v.trim() === '')) continue;
    if (record.length < header.length || record.slice(header.length).some((v) => v.trim() !== '')) {
      errors.push(rowError(line, 'field_count', { count: record.length, expected: header.length }));
      continue;
    }
    const values: Record<string, unknown> = {};
    header.forEach((h, i) => {
      if (h) values[h] = record[i];
    });
    records.push({ line, values });
  }
  return { records, errors };
}

/** Two columns for one field, or a required field without a column, is an error of the header (line 1). */
function headerErrors(header: string[]): ReviewRowError[] {
  const errors: ReviewRowError[] = [];
  const seen = new Map<ReviewField, string>();
  for (const h of header) {
    const field = reviewFieldOf(h);
    if (!field) continue;
    const other = seen.get(field);
    if (other !== undefined) errors.push(rowError(1, 'column_twice', { field, other }, h));
    else seen.set(field, h);
  }
  for (const field of REQUIRED) {
    if (!seen.has(field)) {
      errors.push(rowError(1, 'column_missing', { aliases: REVIEW_FIELD_ALIASES[field].join(', ') }, field));
    }
  }
  return errors;
}

// ---- JSON and JSON Lines ----

/** "Unexpected token } in JSON at position 120" → 120 (V8 before 12), or the line and column V8 12 reports. */
function jsonErrorLine(text: string, message: string): number {
  const at = /\(line (\d+) column \d+\)/.exec(message);
  if (at) return Number(at[1]);
  const position = /at position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  return text.slice(0, offset).split(/\r\n|\r|\n/).length;
}

/** V8's words for what is wrong, without the position (the error's line says where). */
const jsonProblem = (message: string) => message.replace(/ in JSON at position \d+| \(line \d+ column \d+\)/g, '');

function readJson(text: string): Read {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    return { records: [], errors: [rowError(jsonErrorLine(text, message), 'file_not_json', { message: jsonProblem(message) })] };
  }
  const wrapped = isObject(data) && Array.isArray(data.reviews);
  const items = wrapped ? (data as { reviews: unknown[] }).reviews : data;
  if (!Array.isArray(items)) {
    return { records: [], errors: [rowError(1, 'not_a_list')] };
  }
  const lines = elementLines(text, wrapped);
  const records: FileRecord[] = [];
  const errors: ReviewRowError[] = [];
  items.forEach((item, i) => {
    const line = lines[i] ?? 1;
    if (isObject(item)) records.push({ line, values: item });
    else errors.push(rowError(line, 'not_a_review'));
  });
  return { records, errors };
}

/**
 * The line each element of the review array starts on: the root array, or the array under the root's "reviews"
 * key. A scanner that tracks strings and nesting, so braces and newlines inside strings do not count.
 */
function elementLines(text: string, wrapped: boolean): number[] {
  const targetDepth = wrapped ? 2 : 1;
  let lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inTarget = false;
  let expectElement = false;
  let lastKey = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      continue;
    }
    if (c === 0x20 || c === 0x09 || c === 0x0d) continue;
    if (inTarget && depth === targetDepth && expectElement && c !== 0x5d /* ] */) {
      lines.push(line);
      expectElement = false;
    }
    if (c === 0x22 /* " */) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      // The root object's keys; a '[' there follows its key, so the last string read is that key.
      if (wrapped && depth === 1) lastKey = JSON.parse(text.slice(start, i + 1)) as string;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (c === 0x5b && depth === targetDepth && (!wrapped || lastKey === 'reviews')) {
        // JSON.parse keeps the last of repeated keys, so a later "reviews" array starts the list again.
        lines = [];
        inTarget = true;
        expectElement = true;
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (depth === targetDepth) inTarget = false;
      depth--;
    } else if (c === 0x2c /* , */ && inTarget && depth === targetDepth) {
      expectElement = true;
    }
  }
  return lines;
}

function readJsonLines(text: string): Read {
  const records: FileRecord[] = [];
  const errors: ReviewRowError[] = [];
  text.split(/\r\n|\r|\n/).forEach((content, i) => {
    if (content.trim() === '') return;
    const line = i + 1;
    try {
      const item: unknown = JSON.parse(content);
      if (isObject(item)) records.push({ line, values: item });
      else errors.push(rowError(line, 'not_a_review'));
    } catch (err) {
      errors.push(rowError(line, 'line_not_json', { message: jsonProblem((err as Error).message) }));
    }
  });
  return { records, errors };
}

// ---- validation ----

function* validate(format: ReviewFileFormat, read: Read, now: Date, slice: number): Generator<ReviewInput[], ReviewFileCheck> {
  const schema = reviewInputSchema(now);
  const errors = read.errors;
  const fieldOf = new Map<string, ReviewField | null>();
  const ignored = new Set<string>();
  const seen = new Set<string>();
  let reviews = 0;
  let duplicates = 0;
  let good: ReviewInput[] = [];
  for (const { line, values } of read.records) {
    const review: Partial<Record<ReviewField, unknown>> = {};
    const keyOf = new Map<ReviewField, string>();
    let clash = false;
    for (const [key, value] of Object.entries(values)) {
      let field = fieldOf.get(key);
      if (field === undefined) fieldOf.set(key, (field = reviewFieldOf(key)));
      if (!field) {
        ignored.add(key);
        continue;
      }
      const other = keyOf.get(field);
      if (other !== undefined) {
        errors.push(rowError(line, 'key_twice', { field, other }, key));
        clash = true;
      }
      keyOf.set(field, key);
      review[field] = value;
    }
    if (clash) continue;
    const parsed = schema.safeParse(review, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ReviewField | undefined;
        const named = field ? (keyOf.get(field) ?? field) : undefined;
        const own = issue.code === 'custom' ? (issue.params as ({ reason?: ReviewImportReason } & ReviewReasonParams) | undefined) : undefined;
        if (own?.reason) {
          const { reason, ...params } = own;
          errors.push(rowError(line, reason, params, named));
        } else errors.push({ line, ...(named !== undefined ? { field: named } : {}), reason: issue.message, code: 'invalid', issue: issueOf(issue) });
      }
      continue;
    }
    reviews++;
    // A later row with a permalink already seen is the same review again.
    const key = normalizePermalink(parsed.data.permalink);
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    // Once a row is bad the file fails: what is left is only checked, for the errors.
    if (errors.length) continue;
    good.push(parsed.data);
    if (good.length === slice) {
      yield good;
      good = [];
    }
  }
  if (errors.length) return failed(format, errors.sort((a, b) => a.line - b.line));
  if (reviews === 0) return failed(format, [rowError(0, 'no_reviews')]);
  if (good.length) yield good;
  return { ok: true, format, duplicates, ignoredFields: [...ignored] };
}
