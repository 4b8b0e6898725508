// Extraction of every file type the knowledge hub reads, from the builders the seed uses: what a passage says and where
// it came from (page, slide, notes, sheet row, heading); bad files fail with a reason; the kind is read from the bytes.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  docxFile,
  encryptedOfficeFile,
  htmlFile,
  markdownFile,
  pdfFile,
  pptxFile,
  rtfFile,
  textFile,
  xlsxFile,
  type Section,
} from '../../../db/seed/content/knowledgeFiles.ts';
import { chunkUnits, PASSAGE_WORDS } from './chunk.ts';
import { extractPassages, type ExtractionResult } from './index.ts';
import { extractOnThread, extractionPoolStats } from './pool.ts';
import { sniffKind } from './sniff.ts';

const SECTIONS: Section[] = [
  { heading: 'Pricing', paragraphs: ['Enterprise starts at $90,000 a year.', 'It includes SCIM and row-level security.'] },
  { heading: 'Security & trust', paragraphs: ['Northwind is SOC 2 Type II certified.'] },
];

async function extracted(bytes: Buffer, fileName: string): Promise<Extract<ExtractionResult, { ok: true }>> {
  const kind = await sniffKind(bytes, fileName);
  if (!kind) throw new Error(`${fileName} was not recognised`);
  const r = await extractPassages({ kind, bytes });
  if (!r.ok) throw new Error(`${fileName}: ${r.reason}`);
  return r;
}
const failure = async (kind: Parameters<typeof extractPassages>[0]['kind'], bytes: Buffer) => {
  const r = await extractPassages({ kind, bytes });
  return r.ok ? null : r.reason;
};
const strip = (r: { passages: { location: string; number: number | null; label: string | null; text: string }[] }) =>
  r.passages.map(({ location, number, label, text }) => ({ location, number, label, text }));

describe('extraction by type', () => {
  it('reads a PDF a page at a time', async () => {
    const r = await extracted(await pdfFile(['Page one names Lumenary.', 'Page two: pricing is $55 per user.', 'Page three.']), 'whatever.bin');
    expect(r.unitCount).toBe(3);
    expect(strip(r)).toEqual([
      { location: 'page', number: 1, label: null, text: 'Page one names Lumenary.' },
      { location: 'page', number: 2, label: null, text: 'Page two: pricing is $55 per user.' },
      { location: 'page', number: 3, label: null, text: 'Page three.' },
    ]);
  });

  it('reads Word sections under their headings', async () => {
    const r = await extracted(await docxFile(SECTIONS), 'guide.docx');
    expect(strip(r)).toEqual([
      { location: 'section', number: null, label: 'Pricing', text: 'Enterprise starts at $90,000 a year. It includes SCIM and row-level security.' },
      { location: 'section', number: null, label: 'Security & trust', text: 'Northwind is SOC 2 Type II certified.' },
    ]);
  });

  it('reads slides in order with their speaker notes apart', async () => {
    const r = await extracted(
      await pptxFile([
        { title: 'Why Northwind', bullets: ['180+ connectors'], notes: 'Mention Helix Logistics.' },
        { title: 'Pricing', bullets: ['Team $25'] },
        { title: 'Next steps', bullets: ['Proof of value'], notes: 'Book it before you leave.' },
      ]),
      'deck.pptx',
    );
    expect(r.unitCount).toBe(3);
    expect(strip(r)).toEqual([
      { location: 'slide', number: 1, label: null, text: 'Why Northwind 180+ connectors' },
      { location: 'notes', number: 1, label: null, text: 'Mention Helix Logistics.' },
      { location: 'slide', number: 2, label: null, text: 'Pricing Team $25' },
      { location: 'slide', number: 3, label: null, text: 'Next steps Proof of value' },
      { location: 'notes', number: 3, label: null, text: 'Book it before you leave.' },
    ]);
  });

  it('reads each sheet row, its values named by the header, the sheet as label', async () => {
    const r = await extracted(
      await xlsxFile([
        { name: 'Plans', header: ['Plan', 'Price'], rows: [['Enterprise', '$99'], ['Team', 25]] },
        { name: 'Notes', header: ['Note'], rows: [['Prices exclude VAT']] },
      ]),
      'pricing.xlsx',
    );
    expect(r.unitCount).toBe(3);
    expect(strip(r)).toEqual([
      { location: 'row', number: 2, label: 'Plans', text: 'Plan: Enterprise · Price: $99' },
      { location: 'row', number: 3, label: 'Plans', text: 'Plan: Team · Price: 25' },
      { location: 'row', number: 2, label: 'Notes', text: 'Note: Prices exclude VAT' },
    ]);
  });

  it('reads Markdown and HTML sections under their headings, without scripts or styles', async () => {
    const expected = [
      { location: 'section', number: null, label: 'Pricing', text: 'Enterprise starts at $90,000 a year. It includes SCIM and row-level security.' },
      { location: 'section', number: null, label: 'Security & trust', text: 'Northwind is SOC 2 Type II certified.' },
    ];
    const md = await extracted(markdownFile('Guide', SECTIONS), 'guide.md');
    expect(md.passages.map((p) => p.text).join(' ')).not.toMatch(/[#*]/);
    expect(strip(md)).toEqual(expected);
    const html = await extracted(htmlFile('Guide', SECTIONS), 'guide.html');
    expect(strip(html)).toEqual(expected);
    expect(JSON.stringify(html.passages)).not.toMatch(/tracking|font-family/);
  });

  it('reads plain text and RTF with the control words stripped', async () => {
    const text = await extracted(textFile(SECTIONS), 'notes.txt');
    expect(strip(text)).toEqual([{ location: 'section', number: null, label: null, text: 'Pricing Enterprise starts at $90,000 a year. It includes SCIM and row-level security. Security & trust Northwind is SOC 2 Type II certified.' }]);
    const rtf = await extracted(rtfFile([{ heading: 'Café — “Copilot”', paragraphs: ['Braces {kept} and a \\ backslash.'] }]), 'faq.rtf');
    expect(strip(rtf)).toEqual([{ location: 'section', number: null, label: null, text: 'Café — “Copilot” Braces {kept} and a \\ backslash.' }]);
  });

  it('extracts on the worker thread', async () => {
    const before = extractionPoolStats.threadJobs;
    const r = await extractOnThread({ kind: 'pdf', bytes: await pdfFile(['On a thread.']) });
    expect(r).toMatchObject({ ok: true, unitCount: 1, passages: [{ text: 'On a thread.' }] });
    expect(extractionPoolStats.threadJobs).toBe(before + 1);
  });
});

describe('bad files', () => {
  it('fails an encrypted PDF and a damaged one with a reason', async () => {
    expect(await failure('pdf', await pdfFile(['secret'], { encrypted: true }))).toMatch(/PDF is password-protected/);
    const pdf = await pdfFile(['fine']);
    expect(await failure('pdf', Buffer.concat([pdf.subarray(0, 20), Buffer.alloc(200, 0x41)]))).toMatch(/PDF is damaged/);
  });

  it('accepts an encrypted Office file, whose extraction says it is password-protected; a damaged one says so', async () => {
    const encrypted = encryptedOfficeFile();
    expect(await sniffKind(encrypted, 'deck.pptx')).toBe('pptx');
    expect(await failure('pptx', encrypted)).toMatch(/password-protected/);
    const docx = await docxFile(SECTIONS);
    expect(await sniffKind(docx.subarray(0, 200), 'broken.docx')).toBe('docx');
    expect(await failure('docx', docx.subarray(0, 200))).toMatch(/Word document is damaged/);
  });

  it('fails a file with no text', async () => {
    expect(await failure('pdf', await pdfFile(['']))).toMatch(/no text/);
    expect(await failure('markdown', Buffer.from('# Only a heading\n'))).toMatch(/no text/);
  });
});

describe('sniffing', () => {
  it('reads the kind from the bytes, not the name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await sniffKind(png, 'pricing.pdf')).toBeNull();
    expect(await sniffKind(await pdfFile(['x']), 'pricing.docx')).toBe('pdf');
    expect(await sniffKind(await xlsxFile([{ name: 'S', header: ['a'], rows: [] }]), 'sheet.pdf')).toBe('xlsx');
    expect(await sniffKind(await pptxFile([{ title: 't', bullets: [] }]), 'x')).toBe('pptx');
    expect(await sniffKind(Buffer.from('{\\rtf1 hi}'), 'a.txt')).toBe('rtf');
    expect(await sniffKind(Buffer.from('<!DOCTYPE html><html><body>x</body></html>'), 'a.txt')).toBe('html');
    expect(await sniffKind(Buffer.from('# Title\n\ntext'), 'a.txt')).toBe('markdown');
    expect(await sniffKind(Buffer.from('plain words'), 'a.md')).toBe('markdown');
    expect(await sniffKind(Buffer.from('plain words'), 'a.txt')).toBe('text');
    expect(await sniffKind(Buffer.from([0x61, 0x00, 0x62]), 'a.txt')).toBeNull();
    expect(await sniffKind(Buffer.from([0xff, 0xfe, 0xfd]), 'a.txt')).toBeNull();
    // A ZIP that is no Office file, and a legacy (unencrypted) compound file.
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    expect(await sniffKind(await zip.generateAsync({ type: 'nodebuffer' }), 'a.docx')).toBeNull();
    const legacy = Buffer.from(encryptedOfficeFile().toString('latin1').replace(/E\0n\0c\0r\0y\0p\0t\0i\0o\0n\0I\0n\0f\0o\0/, 'W\0o\0r\0d\0D\0o\0c\0u\0m\0e\0n\0t\0\0\0\0\0\0\0'), 'latin1');
    expect(await sniffKind(legacy, 'old.doc')).toBeNull();
  });
});

describe('chunking', () => {
  it('splits a long section on sentences into passages of 60–200 words that keep its place', () => {
    const sentence = (i: number) => `Sentence number ${i} says something about Northwind pricing and the rivals it meets.`;
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join('  \n ');
    const passages = chunkUnits([{ location: 'page', number: 7, label: null, text }]);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      const words = p.text.split(' ').length;
      expect(words).toBeGreaterThanOrEqual(PASSAGE_WORDS.min);
      expect(words).toBeLessThanOrEqual(PASSAGE_WORDS.max);
      expect(p).toMatchObject({ location: 'page', number: 7 });
      expect(p.text).toMatch(/^Sentence number \d+ .*rivals it meets\.$/);
    }
    expect(passages.map((p) => p.text).join(' ')).toBe(text.replace(/\s+/g, ' '));
    expect(passages.map((p) => p.seq)).toEqual(passages.map((_, i) => i + 1));
  });

  it('cuts a sentence longer than a passage by words', () => {
    const passages = chunkUnits([{ location: 'section', number: null, label: ' Terms ', text: Array.from({ length: 450 }, (_, i) => `w${i}`).join(' ') }]);
    expect(passages.map((p) => p.text.split(' ').length)).toEqual([200, 200, 50]);
    expect(passages[0].label).toBe('Terms');
  });
});
