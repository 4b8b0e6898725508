// A file's passages from its bytes and kind (sniff.ts said the kind at upload). Every way a file can fail to read ends
// as a reason in words, never an exception: the job writes it on the file for the curator.
import type { FileKind } from '../../../contracts/knowledgeHub.ts';
import { chunkUnits, type ExtractedPassage, type Unit } from './chunk.ts';
import { ExtractionFailure } from './failure.ts';
import { docxUnits, pptxUnits, xlsxUnits } from './office.ts';
import { pdfUnits } from './pdf.ts';
import { isCompoundFile, utf8Text } from './sniff.ts';
import { htmlUnits, markdownUnits, rtfUnits, textUnits } from './text.ts';

export type ExtractionRequest = { kind: FileKind; bytes: Uint8Array };
/** unitCount: the pages, slides, sheet rows or sections found. */
export type ExtractionResult = { ok: true; unitCount: number; passages: ExtractedPassage[] } | { ok: false; reason: string };

const OFFICE_NAMES: Partial<Record<FileKind, string>> = { docx: 'Word document', pptx: 'presentation', xlsx: 'spreadsheet' };

async function unitsOf(kind: FileKind, bytes: Uint8Array): Promise<{ units: Unit[]; count: number }> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const counted = (units: Unit[]) => ({ units, count: units.length });
  switch (kind) {
    case 'pdf': {
      const { units, pages } = await pdfUnits(buf);
      return { units, count: pages };
    }
    case 'docx':
    case 'pptx':
    case 'xlsx': {
      // Sniffing accepts an encrypted Office file (a compound file with an EncryptionInfo stream) so that it can say so here.
      if (isCompoundFile(buf)) throw new ExtractionFailure('the document is password-protected: upload a copy without a password');
      try {
        if (kind === 'docx') return counted(await docxUnits(buf));
        if (kind === 'xlsx') return counted(await xlsxUnits(buf));
        const { units, slides } = await pptxUnits(buf);
        return { units, count: slides };
      } catch {
        throw new ExtractionFailure(`the ${OFFICE_NAMES[kind]} is damaged and cannot be read`);
      }
    }
    default: {
      const text = utf8Text(buf);
      if (text === null) throw new ExtractionFailure('the file is not UTF-8 text');
      const units = kind === 'html' ? htmlUnits(text) : kind === 'markdown' ? markdownUnits(text) : kind === 'rtf' ? rtfUnits(text) : textUnits(text);
      return counted(units);
    }
  }
}

export async function extractPassages({ kind, bytes }: ExtractionRequest): Promise<ExtractionResult> {
  try {
    const { units, count } = await unitsOf(kind, bytes);
    const passages = chunkUnits(units);
    if (passages.length === 0) return { ok: false, reason: kind === 'pdf' ? 'the PDF has no text to read (a scan needs text recognition first)' : 'the file has no text to read' };
    return { ok: true, unitCount: count, passages };
  } catch (err) {
    return { ok: false, reason: err instanceof ExtractionFailure ? err.message : 'the file could not be read' };
  }
}
