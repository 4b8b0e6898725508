// Builders of the knowledge hub's file types (PDF, Word, PowerPoint with speaker notes, Excel, text, Markdown, HTML,
// RTF), shared by the extraction tests and the demo seed, and the demo's own files: what Northwind Analytics' sales
// team keeps (a pitch deck, the 2026 pricing, a security whitepaper, release notes…), written so that search and Ask
// find real answers in them. Content is fixed (no clock, no randomness), so every seed reads the same.
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import { OUR_COMPANY } from './company.ts';

export type Section = { heading: string; paragraphs: string[] };
export type Slide = { title: string; bullets: string[]; notes?: string };
export type Sheet = { name: string; header: string[]; rows: (string | number)[][] };

/** Fixed metadata dates, so a builder's output does not depend on the clock. */
const FIXED_DATE = new Date('2026-01-15T09:00:00Z');

/** A PDF with a page for each text (Helvetica, wrapped; paragraphs split on blank lines). */
export async function pdfFile(pages: string[], opts: { title?: string; encrypted?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  if (opts.title) doc.setTitle(opts.title);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const para of text.split(/\n\s*\n/)) {
      for (const line of wrap(para.replace(/\s+/g, ' ').trim(), (s) => font.widthOfTextAtSize(s, 11), 500)) {
        if (y < 60) break;
        page.drawText(line, { x: 56, y, size: 11, font });
        y -= 15;
      }
      y -= 8;
    }
  }
  if (opts.encrypted) {
    // pdf-lib cannot encrypt; a standard security handler's dictionary with keys no empty password opens makes the
    // file what readers meet as a password-protected PDF.
    const hex = (seed: string) => PDFHexString.of(Buffer.from(seed.repeat(32).slice(0, 32)).toString('hex'));
    doc.context.trailerInfo.Encrypt = doc.context.register(
      doc.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, O: hex('owner'), U: hex('user'), P: -3904 }),
    );
    doc.context.trailerInfo.ID = doc.context.obj([hex('id'), hex('id')]);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function wrap(text: string, width: (s: string) => number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A Word document: each section a Heading 1 and its paragraphs. */
export function docxFile(sections: Section[], title = 'Document'): Promise<Buffer> {
  const doc = new Document({
    title,
    creator: OUR_COMPANY.name,
    sections: [{ children: sections.flatMap((s) => [new Paragraph({ text: s.heading, heading: HeadingLevel.HEADING_1 }), ...s.paragraphs.map((p) => new Paragraph({ text: p }))]) }],
  });
  return Packer.toBuffer(doc);
}

/** A PowerPoint deck: a title and bullets a slide, with speaker notes where given. */
export async function pptxFile(slides: Slide[], title = 'Presentation'): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.title = title;
  pptx.company = OUR_COMPANY.name;
  for (const s of slides) {
    const slide = pptx.addSlide();
    slide.addText(s.title, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
    slide.addText(s.bullets.map((b) => ({ text: b, options: { bullet: true, breakLine: true } })), { x: 0.5, y: 1.3, w: 9, h: 4, fontSize: 18 });
    if (s.notes) slide.addNotes(s.notes);
  }
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array);
}

/** An Excel workbook: each sheet a header row and its rows. */
export async function xlsxFile(sheets: Sheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = OUR_COMPANY.name;
  book.created = FIXED_DATE;
  book.modified = FIXED_DATE;
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name);
    sheet.addRow(s.header);
    for (const r of s.rows) sheet.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const textFile = (sections: Section[]) => Buffer.from(sections.map((s) => [s.heading, ...s.paragraphs].join('\n\n')).join('\n\n'));
export const markdownFile = (title: string, sections: Section[]) =>
  Buffer.from([`# ${title}`, ...sections.map((s) => [`## ${s.heading}`, ...s.paragraphs].join('\n\n'))].join('\n\n') + '\n');

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const htmlFile = (title: string, sections: Section[]) =>
  Buffer.from(
    `<!doctype html>\n<html lang="en"><head><title>${escHtml(title)}</title><style>body { font-family: sans-serif }</style><script>window.analytics = 'tracking';</script></head><body>\n<h1>${escHtml(title)}</h1>\n` +
      sections.map((s) => `<h2>${escHtml(s.heading)}</h2>\n${s.paragraphs.map((p) => `<p>${escHtml(p)}</p>`).join('\n')}`).join('\n') +
      '\n</body></html>\n',
  );

/** RTF escapes: its specials, and every non-ASCII character as \uN? (N signed 16-bit). */
const escRtf = (s: string) =>
  s.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => {
    const code = c.charCodeAt(0);
    return `\\u${code > 32767 ? code - 65536 : code}?`;
  });
export const rtfFile = (sections: Section[]) =>
  Buffer.from(
    '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Calibri;}}{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Rivalscope seed;}\n' +
      sections.map((s) => `{\\pard\\b ${escRtf(s.heading)}\\b0\\par}\n${s.paragraphs.map((p) => `{\\pard ${escRtf(p)}\\par}`).join('\n')}`).join('\n') +
      '\n}\n',
  );

/**
 * A password-protected Office file as Office writes one: an OLE compound file whose directory holds the
 * EncryptionInfo and EncryptedPackage streams (MS-OFFCRYPTO); the package inside stays unreadable without the key.
 */
export function encryptedOfficeFile(): Buffer {
  const sector = 512;
  const header = Buffer.alloc(sector);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3 (512-byte sectors)
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0xfffffffe, 68);
  for (let i = 76; i < sector; i += 4) header.writeUInt32LE(0xffffffff, i);
  header.writeUInt32LE(0, 76); // the FAT is sector 0
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: directory, end of chain
  const dir = Buffer.alloc(sector);
  const entry = (i: number, name: string, type: number) => {
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(dir, i * 128);
    dir.writeUInt16LE(n.length, i * 128 + 64);
    dir.writeUInt8(type, i * 128 + 66);
    dir.writeUInt32LE(0xffffffff, i * 128 + 68);
    dir.writeUInt32LE(0xffffffff, i * 128 + 72);
    dir.writeUInt32LE(0xffffffff, i * 128 + 76);
  };
  entry(0, 'Root Entry', 5);
  entry(1, 'EncryptionInfo', 2);
  entry(2, 'EncryptedPackage', 2);
  return Buffer.concat([header, fat, dir]);
}
