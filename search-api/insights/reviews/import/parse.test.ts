// Review files: CSV, JSON and JSON Lines give the same reviews; a bad row is reported at the line it starts on,
// with the column as the file names it; one bad row and nothing is imported; repeated permalinks are dropped.
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ERRORS, MAX_IMPORT_ROWS, parseReviewFile, type ReviewImportResult } from './parse.ts';
import { ReviewFileError, fileSource } from './source.ts';

const now = new Date('2026-03-15T12:00:00Z');

const GOOD_CSV = [
  '\ufeffSource,Permalink,Title,Rating,Published_Date,Review,Reviewer Role,Company Size,Helpful Votes',
  'G2,https://www.g2.com/products/lumenary-studio/reviews/lumenary-studio-review-9001,"Fast, friendly",4.5,2026-03-01,"Setup took an afternoon.',
  'Support answered within the hour.",Data Analyst,51-200,3',
  'capterra,https://www.capterra.com/p/210533/Lumenary/reviews/5120044/,Pricey,2,2026-02-10T08:30:00Z,"Costs ""spike"" on big datasets.",,"1,001-5,000 employees",0',
  'G2 Crowd,https://www.g2crowd.com/products/lumenary/reviews/lumenary-review-77,,5,2025-11-30,Ask answers questions in plain English.,VP of Finance,Enterprise (> 1000 emp.),',
].join('\r\n');

const GOOD_JSON = `[
  {
    "source": "g2",
    "permalink": "https://www.g2.com/products/lumenary-studio/reviews/lumenary-studio-review-9001",
    "title": "Fast, friendly",
    "rating": 4.5,
    "publishedAt": "2026-03-01",
    "text": "Setup took an afternoon.\\r\\nSupport answered within the hour.",
    "reviewerRole": "Data Analyst",
    "companySize": "51-200"
  },
  {
    "site": "Capterra",
    "url": "https://www.capterra.com/p/210533/Lumenary/reviews/5120044/",
    "title": "Pricey",
    "stars": "2",
    "published_at": "2026-02-10T08:30:00Z",
    "body": "Costs \\"spike\\" on big datasets.",
    "company_size": "1,001-5,000 employees"
  },
  {
    "source": "www.g2crowd.com",
    "permalink": "https://www.g2crowd.com/products/lumenary/reviews/lumenary-review-77",
    "rating": 5,
    "date": "2025-11-30",
    "review": "Ask answers questions in plain English.",
    "role": "VP of Finance",
    "company_size": "Enterprise (> 1000 emp.)"
  }
]`;

const EXPECTED = [
  {
    source: 'g2',
    permalink: 'https://www.g2.com/products/lumenary-studio/reviews/lumenary-studio-review-9001',
    title: 'Fast, friendly',
    rating: 4.5,
    publishedAt: '2026-03-01T00:00:00.000Z',
    text: 'Setup took an afternoon.\r\nSupport answered within the hour.',
    reviewerRole: 'Data Analyst',
    companySize: 'mid-market',
  },
  {
    source: 'capterra',
    permalink: 'https://www.capterra.com/p/210533/Lumenary/reviews/5120044/',
    title: 'Pricey',
    rating: 2,
    publishedAt: '2026-02-10T08:30:00.000Z',
    text: 'Costs "spike" on big datasets.',
    companySize: 'enterprise',
  },
  {
    source: 'g2crowd',
    permalink: 'https://www.g2crowd.com/products/lumenary/reviews/lumenary-review-77',
    rating: 5,
    publishedAt: '2025-11-30T00:00:00.000Z',
    text: 'Ask answers questions in plain English.',
    reviewerRole: 'VP of Finance',
    companySize: 'enterprise',
  },
];

function reviewsOf(result: ReviewImportResult) {
  if (!result.ok) throw new Error(`expected reviews, got ${JSON.stringify(result.errors)}`);
  return result.reviews;
}
/** The errors as a reader reads them in English: line, field, reason (codes and values are checked on their own). */
function errorsOf(result: ReviewImportResult) {
  if (result.ok) throw new Error('expected errors, got reviews');
  return result.errors.map(({ line, field, reason }) => (field === undefined ? { line, reason } : { line, field, reason }));
}

/** A CSV with the standard header and the given rows. */
const csv = (...rows: string[]) => ['source,permalink,rating,published_at,text', ...rows].join('\n');
const row = (id: number, over: Partial<Record<'source' | 'rating' | 'date' | 'text', string>> = {}) =>
  [over.source ?? 'G2', `https://www.g2.com/products/x/reviews/x-review-${id}`, over.rating ?? '4', over.date ?? '2026-01-05', over.text ?? `Review ${id}.`].join(',');

describe('parseReviewFile: formats', () => {
  it('reads the same reviews from CSV (BOM, CRLF, quoted multi-line field, header aliases) and pretty-printed JSON', () => {
    const fromCsv = parseReviewFile({ fileName: 'lumenary.csv', text: GOOD_CSV, now });
    const fromJson = parseReviewFile({ fileName: 'lumenary.json', text: GOOD_JSON, now });
    expect(reviewsOf(fromCsv)).toEqual(EXPECTED);
    expect(reviewsOf(fromJson)).toEqual(EXPECTED);
    expect(fromCsv).toMatchObject({ format: 'csv', duplicates: 0, ignoredFields: ['Helpful Votes'] });
    expect(fromJson).toMatchObject({ format: 'json', ignoredFields: [] });
  });

  it('reads { "reviews": [...] } and JSON Lines', () => {
    const items = JSON.parse(GOOD_JSON) as unknown[];
    const wrapped = JSON.stringify({ exportedAt: '2026-03-14', reviews: items }, null, 2);
    expect(reviewsOf(parseReviewFile({ text: wrapped, now }))).toEqual(EXPECTED);
    const lines = items.map((i) => JSON.stringify(i)).join('\n') + '\n\n';
    const result = parseReviewFile({ fileName: 'export.jsonl', text: lines, now });
    expect(result.ok && result.format).toBe('jsonl');
    expect(reviewsOf(result)).toEqual(EXPECTED);
  });

  it('chooses the format by file name, then content type, then the first character', () => {
    const items = JSON.parse(GOOD_JSON) as unknown[];
    const lines = items.map((i) => JSON.stringify(i)).join('\n');
    const formatOf = (file: { fileName?: string; contentType?: string; text: string }) => parseReviewFile({ ...file, now }).format;
    expect(formatOf({ text: GOOD_CSV })).toBe('csv');
    expect(formatOf({ text: GOOD_JSON })).toBe('json');
    expect(formatOf({ text: lines })).toBe('jsonl');
    expect(formatOf({ text: JSON.stringify({ reviews: items }) })).toBe('json');
    expect(formatOf({ contentType: 'application/x-ndjson; charset=utf-8', text: lines })).toBe('jsonl');
    expect(formatOf({ contentType: 'text/csv', text: GOOD_JSON })).toBe('csv');
    expect(formatOf({ fileName: 'REVIEWS.JSON', contentType: 'text/csv', text: GOOD_JSON })).toBe('json');
  });

  it('takes the delimiter the header uses: semicolons (Excel) and tabs', () => {
    const semicolons = 'Source;Permalink;Rating;Date;Text\nG2;https://www.g2.com/r/1;4,5;2026-01-05;"Good, fast; cheap."';
    expect(reviewsOf(parseReviewFile({ text: semicolons, now }))[0]).toMatchObject({ rating: 4.5, text: 'Good, fast; cheap.' });
    const tabs = 'source\tpermalink\trating\tdate\ttext\nG2\thttps://www.g2.com/r/1\t4\t2026-01-05\tGood, fast.';
    expect(reviewsOf(parseReviewFile({ fileName: 'x.tsv', text: tabs, now }))[0]).toMatchObject({ rating: 4, text: 'Good, fast.' });
  });

  it('refuses a file without reviews', () => {
    for (const text of ['', csv(), '[]', '{ "reviews": [] }', '\n\n']) {
      expect(errorsOf(parseReviewFile({ text, now }))).toEqual([{ line: 0, reason: expect.stringMatching(/^the file (is empty|has no reviews)/) }]);
    }
  });

  it('skips blank records, including a row of empty fields', () => {
    const result = parseReviewFile({ text: csv(row(1), '', ',,,,', row(2), ''), now });
    expect(reviewsOf(result)).toHaveLength(2);
  });
});

describe('parseReviewFile: bad rows', () => {
  it('reports the line a CSV record starts on, after multi-line quoted fields (LF and CRLF)', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = [
        'source,permalink,rating,published_at,text', // 1
        row(1, { text: `"First line${eol}second line${eol}third line"` }), // 2–4
        row(2, { rating: 'five' }), // 5
        '', // 6
        row(3, { text: `"Quoted ""twice""${eol}and on two lines"` }), // 7–8
        row(4, { source: 'Yelp' }), // 9
      ].join(eol);
      expect(errorsOf(parseReviewFile({ text, now }))).toEqual([
        { line: 5, field: 'rating', reason: 'must be a number from 0 to 5 in half steps (e.g. 4 or 4.5), not "five"' },
        { line: 9, field: 'source', reason: expect.stringMatching(/^"Yelp" is not a review site .* use one of G2, G2Crowd, Capterra/) },
      ]);
    }
  });

  it('reports the line a JSON array element starts on, with the key as the file names it', () => {
    const text = `[
  {
    "source": "G2",
    "permalink": "https://www.g2.com/r/1",
    "rating": 4,
    "date": "2026-01-05",
    "text": "Braces { and [ and \\"quotes\\" in text do not count."
  },
  {
    "source": "G2", "permalink": "https://www.g2.com/r/2", "rating": 7,
    "date": "2026-01-05", "text": "Too many stars."
  }, "not an object",
  { "source": "G2", "permalink": "https://www.g2.com/r/3", "rating": 4, "date": "2026-01-05", "review": "  " }
]`;
    expect(errorsOf(parseReviewFile({ text, now }))).toEqual([
      { line: 9, field: 'rating', reason: 'must be a number from 0 to 5 in half steps (e.g. 4 or 4.5), not "7"' },
      { line: 12, reason: 'must be an object with the fields of one review' },
      { line: 13, field: 'review', reason: 'is required' },
    ]);
  });

  it('finds the elements of a "reviews" array inside a wrapper object', () => {
    const text = '{\n  "meta": { "reviews": [1, 2] },\n  "reviews": [\n    {"rating": 4},\n\n    {"rating": 5}\n  ]\n}';
    const errors = errorsOf(parseReviewFile({ text, now }));
    expect([...new Set(errors.map((e) => e.line))]).toEqual([4, 6]);
  });

  it('reports the line of a JSON syntax error, and each bad JSON Lines line', () => {
    const broken = '[\n  {"rating": 4},\n  {"rating": 5,}\n]';
    expect(errorsOf(parseReviewFile({ text: broken, now }))).toEqual([{ line: 3, reason: expect.stringMatching(/^the file is not valid JSON/) }]);
    const lines = `${JSON.stringify({ source: 'G2', permalink: 'https://www.g2.com/r/1', rating: 4, date: '2026-01-05', text: 'Fine.' })}\n{"rating":\n[1]\n`;
    expect(errorsOf(parseReviewFile({ fileName: 'x.ndjson', text: lines, now }))).toEqual([
      { line: 2, reason: expect.stringMatching(/^the line is not valid JSON/) },
      { line: 3, reason: 'must be an object with the fields of one review' },
    ]);
  });

  it('refuses a rating out of range or between half steps, a future date, a missing text, a bad permalink', () => {
    const errors = errorsOf(
      parseReviewFile({
        text: csv(
          row(1, { rating: '5.5' }),
          row(2, { rating: '4.3' }),
          row(3, { date: '2026-03-17' }),
          row(4, { date: '03/15/2026' }),
          row(5, { text: '   ' }),
          'Capterra,https://www.g2.com/r/6,4,2026-01-05,On the wrong site.',
          ',https://bit.ly/7,4,2026-01-05,Site unknown.',
          'G2,www.g2.com/r/8,4,2026-01-05,No scheme.',
        ),
        now,
      }),
    );
    expect(errors.map((e) => [e.line, e.field, e.reason.replace(/ \(.*|, not .*| \(".*/, '')])).toEqual([
      [2, 'rating', 'must be a number from 0 to 5 in half steps'],
      [3, 'rating', 'must be a number from 0 to 5 in half steps'],
      [4, 'published_at', 'must not be in the future'],
      [5, 'published_at', 'must be an ISO date'],
      [6, 'text', 'is required'],
      [7, 'permalink', 'is on G2 but the source is Capterra'],
      [8, 'source', 'is required unless the permalink is on a review site'],
      [9, 'permalink', 'must be an http or https URL'],
    ]);
  });

  it('accepts a date up to a day ahead (time zones), ten-point and fractional ratings', () => {
    const reviews = reviewsOf(
      parseReviewFile({ text: csv(row(1, { date: '2026-03-16T10:00:00+01:00', rating: '9/10' }), row(2, { rating: '3.5 out of 5' })), now }),
    );
    expect(reviews.map((r) => [r.publishedAt, r.rating])).toEqual([
      ['2026-03-16T09:00:00.000Z', 4.5],
      ['2026-01-05T00:00:00.000Z', 3.5],
    ]);
  });

  it('imports nothing when one row is bad, and caps the errors it lists', () => {
    const rows = Array.from({ length: 150 }, (_, i) => row(i, { rating: i % 2 ? '9' : '4' }));
    const result = parseReviewFile({ text: csv(...rows), now });
    expect(result).toMatchObject({ ok: false, moreErrors: 0 });
    expect(errorsOf(result).map((e) => e.line)).toEqual(rows.flatMap((_, i) => (i % 2 ? [i + 2] : [])));
    expect('reviews' in result).toBe(false);

    const many = Array.from({ length: 130 }, (_, i) => row(i, { rating: 'x' }));
    const capped = parseReviewFile({ text: csv(...many), now });
    expect(errorsOf(capped)).toHaveLength(MAX_IMPORT_ERRORS);
    expect(capped).toMatchObject({ moreErrors: 30 });
    expect(errorsOf(capped)[0].line).toBe(2);
  });

  it('reports header problems once: a missing required column, two columns for one field', () => {
    const text = 'Source,URL,Link,Stars,Date\nG2,https://www.g2.com/r/1,https://www.g2.com/r/1,4,2026-01-05';
    expect(errorsOf(parseReviewFile({ text, now }))).toEqual([
      { line: 1, field: 'Link', reason: 'gives permalink as "URL" does; keep one of the two columns' },
      { line: 1, field: 'text', reason: expect.stringMatching(/^has no column; name one text, review, review_text, body/) },
    ]);
  });

  it('reports a record with the wrong number of fields and an unclosed quote', () => {
    expect(errorsOf(parseReviewFile({ text: csv(row(1), 'G2,https://www.g2.com/r/2,4', row(3)), now }))).toEqual([
      { line: 3, reason: 'has 3 fields where the header has 5; is a quote or delimiter missing?' },
    ]);
    expect(errorsOf(parseReviewFile({ text: csv(row(1), 'G2,https://www.g2.com/r/2,4,2026-01-05,"Never closed', row(3)), now }))).toEqual([
      { line: 3, reason: 'a quoted field in the record starting on this line is never closed' },
    ]);
  });
});

describe('parseReviewFile: duplicates and limits', () => {
  it('drops later rows whose permalink is the same review (host case, trailing slash, fragment, utm_*)', () => {
    const text = csv(
      'G2,https://www.g2.com/products/x/reviews/x-review-1,4,2026-01-05,First.',
      'G2,https://WWW.G2.COM/products/x/reviews/x-review-1/#top,5,2026-01-06,Same review again.',
      'G2,https://www.g2.com/products/x/reviews/x-review-1?utm_source=mail&utm_campaign=q1,5,2026-01-07,And again.',
      'G2,https://www.g2.com/products/x/reviews/x-review-1?page=2,3,2026-01-08,A different page is another review.',
    );
    const result = parseReviewFile({ text, now });
    expect(reviewsOf(result).map((r) => r.text)).toEqual(['First.', 'A different page is another review.']);
    expect(result).toMatchObject({ duplicates: 2 });
  });

  it('refuses a file over the size limit before reading it', () => {
    const text = 'x'.repeat(MAX_IMPORT_BYTES + 1);
    expect(parseReviewFile({ text, now })).toEqual({
      ok: false,
      format: null,
      errors: [{ line: 0, reason: 'the file is larger than 50 MB, the most one import takes; split it into several files', code: 'file_too_large', params: { mb: 50 } }],
      moreErrors: 0,
    });
  });

  it('refuses more rows than the limit, naming the first row over it', () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 5 }, (_, i) => `G2,https://www.g2.com/r/${i},4,2026-01-05,R${i}`);
    const errors = errorsOf(parseReviewFile({ text: `${csv()}\n${rows.join('\n')}`, now }));
    expect(errors).toEqual([{ line: MAX_IMPORT_ROWS + 2, reason: 'the file has more than 200,000 reviews; split it into several imports' }]);
  });
});

describe('fileSource', () => {
  const collect = async (batches: AsyncIterable<{ permalink: string }[]>) => {
    const out: string[][] = [];
    for await (const batch of batches) out.push(batch.map((r) => r.permalink.replace(/.*-/, '')));
    return out;
  };

  it('yields the file’s reviews published after `since`, in batches', async () => {
    const text = csv(row(1, { date: '2026-01-01' }), row(2, { date: '2026-01-02' }), row(3, { date: '2026-01-03' }), row(4, { date: '2026-01-04' }));
    const source = fileSource({ text, now }, 2);
    expect(source.site).toBeNull();
    expect(await collect(source.fetch(null))).toEqual([['1', '2'], ['3', '4']]);
    expect(await collect(source.fetch(new Date('2026-01-02T00:00:00Z')))).toEqual([['3', '4']]);
  });

  it('throws the file’s errors, and yields nothing after its first bad row', async () => {
    const source = fileSource({ text: csv(row(1), row(2), row(3, { rating: '9' }), row(4), row(5)), now }, 1);
    const yielded: string[][] = [];
    const fetched = (async () => {
      for await (const batch of source.fetch(null)) yielded.push(batch.map((r) => r.permalink.replace(/.*-/, '')));
    })();
    await expect(fetched).rejects.toBeInstanceOf(ReviewFileError);
    await expect(fetched).rejects.toMatchObject({ errors: [{ line: 4, field: 'rating' }], moreErrors: 0 });
    expect(yielded).toEqual([['1'], ['2']]);
  });

  it('yields a large file in batches as it checks it, letting the event loop turn between them', async () => {
    const source = fileSource({ text: csv(...Array.from({ length: 10 }, (_, i) => row(i + 1))), now }, 3);
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    for await (const batch of source.fetch(null)) order.push(`batch of ${batch.length}`);
    expect(order).toEqual(['batch of 3', 'other work', 'batch of 3', 'batch of 3', 'batch of 1']);
  });
});

describe('parseReviewFile: reasons a reader’s language can word', () => {
  it('gives each error a code and the values of its words, or the rule a value broke', () => {
    const text = [
      'source,permalink,rating,published_at,text,title',
      'Nowhere,https://www.g2.com/r/1,4,2026-01-05,Fine.,',
      'G2,https://www.g2.com/r/2,7,2026-01-05,Fine.,',
      'G2,https://www.g2.com/r/3,4,someday,Fine.,',
      `G2,https://www.g2.com/r/4,4,2026-01-05,Fine.,${'t'.repeat(400)}`,
      'G2,https://www.g2.com/r/5,4,2026-01-05,,',
    ].join('\n');
    const result = parseReviewFile({ text, now });
    if (result.ok) throw new Error('expected errors');
    expect(result.errors.map(({ line, code, params, issue }) => ({ line, code, params, issue }))).toEqual([
      { line: 2, code: 'site_unknown', params: { given: 'Nowhere', sites: expect.stringContaining('G2') }, issue: undefined },
      { line: 3, code: 'rating_invalid', params: { given: '7' }, issue: undefined },
      { line: 4, code: 'date_invalid', params: { given: 'someday' }, issue: undefined },
      { line: 5, code: 'invalid', params: undefined, issue: { code: 'too_big', origin: 'string', maximum: expect.any(Number) } },
      { line: 6, code: 'invalid', params: undefined, issue: { code: 'invalid_type', expected: 'string', missing: true } },
    ]);
    // The English words are the reason's, with its values.
    expect(result.errors[1].reason).toBe('must be a number from 0 to 5 in half steps (e.g. 4 or 4.5), not "7"');
  });
});
