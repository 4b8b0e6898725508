// The fast CSV reader of deal imports (search-api/deals/csv.ts) against csv-parse with the import's options: on
// every generated file it either reads the same records with the same line numbers, or declines (null) and leaves
// the file to csv-parse. And it must not decline the files CRM exports make, or the import is slow again.
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastCsvRecords } from '../../search-api/deals/csv.ts';

function csvParse(text: string, to?: number) {
  try {
    const out = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, ...(to ? { to } : {}) }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return out.map((r) => ({ record: r.record, line: r.info.lines }));
  } catch {
    return 'error';
  }
}

const piece = fc.constantFrom('a', 'b c', ' ', ',', '"', '""', '"x,y"', '"q\n"', '\n', '\r\n', '\r', '\uFEFF', 'é');
const file = fc.array(piece, { maxLength: 16 }).map((ps) => ps.join(''));

describe('the deal import’s CSV reader', () => {
  it('reads what csv-parse reads, lines included, or leaves the file to it', () => {
    fc.assert(
      fc.property(file, fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), (text, to) => {
        const fast = fastCsvRecords(text, to);
        if (fast) expect(fast).toEqual(csvParse(text, to));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads quoted exports: commas, doubled quotes and line ends inside quotes, CRLF, a BOM, empty lines', () => {
    const text = '\uFEFF"Opportunity ID","Notes"\r\n"A-1","said ""no"", then\r\nyes"\r\n\r\nA-2,plain\r\n';
    const fast = fastCsvRecords(text);
    expect(fast).toEqual([
      { record: ['Opportunity ID', 'Notes'], line: 1 },
      { record: ['A-1', 'said "no", then\r\nyes'], line: 4 },
      { record: ['A-2', 'plain'], line: 6 },
    ]);
    expect(fast).toEqual(csvParse(text));
  });

  it('declines a stray quote, so csv-parse words the error', () => {
    expect(fastCsvRecords('a,b\nx,y"z\n')).toBeNull();
    expect(fastCsvRecords('a,"b\n')).toBeNull();
    expect(csvParse('a,b\nx,y"z\n')).toBe('error');
  });
});
