// A fast reader for well-formed CSV files (issue #56: an import of 100,000 rows must check in well under a second,
// and csv-parse alone takes seconds, most of it per character and per record's info). It reads what csv-parse reads
// with the options import.ts gives it (a BOM, "" quotes, \n or \r\n lines, empty lines skipped, rows of any length)
// and gives each record with the line it ends on, as csv-parse's info.lines does. Anything else (a stray or unclosed
// quote, mixed line ends, a lone \r) answers null, so csv-parse reads that file and words its error as before.

export type CsvRecord = { record: string[]; line: number };

/** The records of a file, at most `to` of them; null when the file is not plain enough for this reader. */
export function fastCsvRecords(text: string, to?: number): CsvRecord[] | null {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const crlf = text.includes('\r');
  if (crlf && (text.split('\r').length !== text.split('\r\n').length || text.split('\n').length !== text.split('\r\n').length)) return null;
  const nl = crlf ? '\r\n' : '\n';
  const n = text.length;
  const out: CsvRecord[] = [];
  let line = 0;
  let pos = 0;
  while (pos < n && (to === undefined || out.length < to)) {
    line++;
    let eol = text.indexOf(nl, pos);
    if (eol < 0) eol = n;
    if (eol === pos) {
      pos = eol + nl.length; // an empty line
      continue;
    }
    const row = text.slice(pos, eol);
    if (!row.includes('"')) {
      out.push({ record: row.split(','), line });
      pos = eol + nl.length;
      continue;
    }
    // A row with quotes: field by field; a quoted field may hold commas, "" and line ends.
    const record: string[] = [];
    let i = pos;
    for (;;) {
      if (text.charCodeAt(i) === 34) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) return null; // unclosed
          value += text.slice(from, q);
          if (text.charCodeAt(q + 1) === 34) {
            value += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        // csv-parse counts a line end inside quotes per character (\r\n as two), and so does this, for the same line numbers.
        for (let at = value.indexOf('\n'); at >= 0; at = value.indexOf('\n', at + 1)) line += crlf ? 2 : 1;
        record.push(value);
        if (i >= n) break;
        if (text.startsWith(nl, i)) {
          i += nl.length;
          break;
        }
        if (text.charCodeAt(i) !== 44) return null; // text after a closing quote
        i++;
        if (i > eol) {
          eol = text.indexOf(nl, i);
          if (eol < 0) eol = n;
        }
      } else {
        const comma = text.indexOf(',', i);
        const end = comma >= 0 && comma < eol ? comma : eol;
        const value = text.slice(i, end);
        if (value.includes('"')) return null; // a quote inside an unquoted field
        record.push(value);
        if (end === eol) {
          i = eol + nl.length;
          break;
        }
        i = end + 1;
      }
    }
    out.push({ record, line });
    pos = i;
  }
  return out;
}
