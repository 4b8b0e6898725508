// The Office Open XML formats: Word through mammoth (its HTML's headings make the sections), PowerPoint from its slide
// and notes parts in slide order (the slide's number on each passage, its notes apart), spreadsheets through exceljs
// (a passage a row, the sheet's name its label, each value named by its column's header).
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { Unit } from './chunk.ts';
import { htmlUnits } from './text.ts';

export async function docxUnits(bytes: Buffer): Promise<Unit[]> {
  const { value } = await mammoth.convertToHtml({ buffer: bytes });
  return htmlUnits(value);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (XML_ENTITIES[e] ?? all),
  );

/** A slide part's words, a line a paragraph; placeholders that are not words (slide number, date, the slide's image on a notes page) left out. */
export function slideText(xml: string): string {
  const shapes = xml.match(/<p:sp\b[\s\S]*?<\/p:sp>/g) ?? [];
  const graphics = xml.match(/<p:graphicFrame\b[\s\S]*?<\/p:graphicFrame>/g) ?? [];
  return [...shapes.filter((sp) => !/<p:ph\b[^>]*type="(sldNum|dt|ftr|hdr|sldImg)"/.test(sp)), ...graphics]
    .flatMap((sp) => (sp.match(/<a:p\b[\s\S]*?<\/a:p>/g) ?? []).map((p) => decodeXml((p.match(/<a:t\b[^>]*>([^<]*)<\/a:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''))))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

const slideNumber = (path: string) => Number(/(\d+)\.xml$/.exec(path)?.[1] ?? 0);

export async function pptxUnits(bytes: Buffer): Promise<{ units: Unit[]; slides: number }> {
  const zip = await JSZip.loadAsync(bytes);
  // Slides in the presentation's order: ppt/presentation.xml lists them by relationship id.
  const order = await slideOrder(zip);
  const units: Unit[] = [];
  for (const [i, path] of order.entries()) {
    const n = i + 1;
    units.push({ location: 'slide', number: n, label: null, text: slideText((await zip.file(path)?.async('string')) ?? '') });
    const rels = (await zip.file(path.replace(/slides\/(slide\d+\.xml)$/, 'slides/_rels/$1.rels'))?.async('string')) ?? '';
    const notes = /Target="\.\.\/notesSlides\/([^"]+)"/.exec(rels)?.[1];
    const notesXml = notes ? await zip.file(`ppt/notesSlides/${notes}`)?.async('string') : undefined;
    if (notesXml) units.push({ location: 'notes', number: n, label: null, text: slideText(notesXml) });
  }
  return { units: units.filter((u) => u.text.trim() !== ''), slides: order.length };
}

async function slideOrder(zip: JSZip): Promise<string[]> {
  const parts = Object.keys(zip.files).filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));
  const presentation = (await zip.file('ppt/presentation.xml')?.async('string')) ?? '';
  const rels = (await zip.file('ppt/_rels/presentation.xml.rels')?.async('string')) ?? '';
  const targets = new Map([...rels.matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], `ppt/${m[2].replace(/^\/?ppt\//, '')}`]));
  const listed = [...presentation.matchAll(/<p:sldId\b[^>]*?r:id="([^"]+)"/g)].map((m) => targets.get(m[1])).filter((p): p is string => p !== undefined && parts.includes(p));
  return listed.length ? listed : parts.sort((a, b) => slideNumber(a) - slideNumber(b));
}

/** A cell's value as a reader sees it (a formula's result, a date's day, rich text's words). */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (v !== null && typeof v === 'object' && 'result' in v) return v.result instanceof Date ? v.result.toISOString().slice(0, 10) : String(v.result ?? '');
  return cell.text ?? '';
}

/** Each non-empty row of each sheet, its values named by the sheet's first row ("Plan: Enterprise · Price: $99"). */
export async function xlsxUnits(bytes: Buffer): Promise<Unit[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const units: Unit[] = [];
  for (const sheet of book.worksheets) {
    let header: string[] | null = null;
    sheet.eachRow({ includeEmpty: false }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => (cells[col - 1] = cellText(cell).replace(/\s+/g, ' ').trim()));
      if (cells.every((c) => !c)) return;
      if (header === null) {
        header = Array.from(cells, (c) => c ?? '');
        return;
      }
      const h = header;
      const text = Array.from(cells, (c, i) => (c ? (h[i] ? `${h[i]}: ${c}` : c) : ''))
        .filter((c) => c !== '')
        .join(' · ');
      units.push({ location: 'row', number: n, label: sheet.name, text });
    });
  }
  return units;
}
