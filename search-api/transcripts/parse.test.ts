import fs from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_BYTES } from '../../contracts/winLoss.ts';
import { analysePassages } from './analyse.ts';
import { parseTranscript, TranscriptError, transcriptFormat } from './parse.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../../tests/fixtures/transcripts/${name}`, import.meta.url));

/** A Word document of these paragraphs, as Word writes the minimum of one. */
async function docx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('transcripts as speaker turns', () => {
  it('reads WebVTT with its voice tags as speakers, one turn per run of a speaker, entities decoded and notes left out', async () => {
    const t = await parseTranscript(fixture('interview.vtt'), { fileName: 'northwind.vtt' });
    expect(t.format).toBe('vtt');
    expect(t.turns.map((x) => x.speaker)).toEqual(['Priya Raman', 'Marcus Lee', 'Priya Raman', 'Marcus Lee']);
    expect(t.turns[1]).toEqual({
      speaker: 'Marcus Lee',
      startMs: 6100,
      endMs: 20000,
      text: 'Honestly it came down to price. Harbor was about thirty percent cheaper & their reps moved fast. We also needed the Salesforce connector on day one, and yours was still in beta.',
    });
    expect(t.turns.some((x) => x.text.includes('NOTE'))).toBe(false);
    expect(t.words).toBe(t.turns.reduce((n, x) => n + x.text.split(' ').length, 0));
  });

  it('reads SRT with CRLF line ends and "Name:" speakers, found by its first bytes', async () => {
    const body = fixture('call.srt');
    expect(transcriptFormat(body)).toBe('srt');
    const t = await parseTranscript(body);
    expect(t.turns.map((x) => [x.speaker, x.startMs])).toEqual([['Sam Ortiz', 1000], ['Jordan Blake', 4000], ['Sam Ortiz', 10000]]);
    expect(t.turns[1].text).toBe('Vantapoint is too expensive and their support is slow. We are still evaluating.');
  });

  it('reads JSON of speaker turns in seconds or milliseconds, under any of the usual field names', async () => {
    const t = await parseTranscript(fixture('call.json'));
    expect(t.format).toBe('json');
    expect(t.turns).toEqual([
      { speaker: 'Sam Ortiz', startMs: 500, endMs: 4200, text: 'Thanks for joining. Who else are you looking at?' },
      { speaker: 'Jordan Blake', startMs: 4500, endMs: 14000, text: 'Mostly Harbor BI. Their pricing looked better, but the demo was clunky. We were not impressed with their reporting.' },
    ]);
  });

  it('reads plain text and Word: a "Name:" line starts a turn, a line without one goes on with it', async () => {
    const text = await parseTranscript(fixture('interview.txt'));
    expect(text.turns.map((x) => x.speaker)).toEqual(['Interviewer', 'Buyer', 'Interviewer', 'Buyer']);
    expect(text.turns[1].text).toBe('It was close. Your onboarding was excellent and the AI assistant impressed our analysts.');
    const word = await parseTranscript(await docx(['Interviewer: Why did you leave?', 'Buyer: The price went up again.', 'We could not justify it.']));
    expect(word.format).toBe('docx');
    expect(word.turns).toEqual([
      { speaker: 'Interviewer', startMs: null, endMs: null, text: 'Why did you leave?' },
      { speaker: 'Buyer', startMs: null, endMs: null, text: 'The price went up again. We could not justify it.' },
    ]);
  });

  it('refuses a file too large, binary, malformed or empty, with a reason and a message a curator can act on', async () => {
    const refusal = async (body: Buffer, opts = {}) => {
      const e = await parseTranscript(body, opts).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(TranscriptError);
      return e as TranscriptError;
    };
    expect((await refusal(Buffer.alloc(MAX_TRANSCRIPT_BYTES + 1, 'a'))).reason).toBe('too_large');
    expect((await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])) ).reason).toBe('unknown_format');
    expect((await refusal(Buffer.from('x'), { format: 'pdf' })).message).toContain('vtt, srt, json, text, docx');
    expect((await refusal(Buffer.from('WEBVTT\n\n00:00:0x --> zz\nhi'))).reason).toBe('malformed');
    expect((await refusal(Buffer.from('hello'), { fileName: 'a.vtt' })).message).toContain('must start with "WEBVTT"');
    const json = await refusal(Buffer.from('[{"speaker":"A","text":3}]'));
    expect(json.message).toMatch(/at 0/);
    expect((await refusal(Buffer.from('{ nope'), { fileName: 'a.json' })).message).toContain('not valid JSON');
    expect((await refusal(Buffer.from('PK\u0003\u0004garbage'))).message).toContain('Word file could not be read');
    expect((await refusal(Buffer.from('\n\n  \n'))).reason).toBe('empty');
  });
});

describe('passage analysis', () => {
  it('gives each passage its sentences, its lean, and the rivals it names by name or alias', () => {
    const rivals = [
      { id: 7, name: 'Harbor BI', aliases: ['Harbor'] },
      { id: 9, name: 'Vantapoint', aliases: [] },
    ];
    const [first, second, third] = analysePassages(
      ['Harbor was cheaper. Their reps were great.', 'Vantapoint is too expensive and their support is terrible.', 'We will decide next week.'],
      rivals,
    );
    expect(first.rivalIds).toEqual([7]);
    expect(first.sentences).toHaveLength(2);
    expect(first.sentences[1]).toMatchObject({ start: 20, end: 42 });
    expect(first.sentiment).toBeGreaterThan(0);
    expect(second.rivalIds).toEqual([9]);
    expect(second.sentiment).toBeLessThan(0);
    expect(third).toEqual({ sentiment: 0, sentences: [{ start: 0, end: 25, sentiment: 0 }], rivalIds: [] });
  });
});
