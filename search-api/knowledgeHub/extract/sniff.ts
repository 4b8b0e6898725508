// What a file is, read from its bytes (part 3 §9): never from its name alone, which only tells markdown from text and
// which Office format a password-protected file is (its parts are encrypted, so its bytes cannot say).
import JSZip from 'jszip';
import type { FileKind } from '../../../contracts/knowledgeHub.ts';

const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
/** The stream an encrypted Office Open XML file keeps in its compound-file container (MS-OFFCRYPTO). */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

const OFFICE_EXTENSIONS: Record<string, FileKind> = { docx: 'docx', pptx: 'pptx', xlsx: 'xlsx' };
/** Which Office format a name says, for the containers whose bytes do not (encrypted, damaged). */
const officeByName = (name: string): FileKind | null => OFFICE_EXTENSIONS[extension(name)] ?? null;

export const isCompoundFile = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(8, bytes.length)).equals(CFB);
export const isEncryptedOffice = (bytes: Uint8Array) => isCompoundFile(bytes) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(ENCRYPTION_INFO);

/** The Office format a ZIP package's parts say, or null for another ZIP. */
export async function officeKindOf(bytes: Uint8Array): Promise<FileKind | null> {
  const zip = await JSZip.loadAsync(bytes);
  const types = (await zip.file('[Content_Types].xml')?.async('string')) ?? '';
  if (zip.file('word/document.xml') || types.includes('wordprocessingml.document.main')) return 'docx';
  if (zip.file('ppt/presentation.xml') || types.includes('presentationml.presentation.main')) return 'pptx';
  if (zip.file('xl/workbook.xml') || types.includes('spreadsheetml.sheet.main')) return 'xlsx';
  return null;
}

/** The text of bytes that are UTF-8 without NULs (a BOM dropped), else null. */
export function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** The kind of a file, or null when the knowledge hub does not read it (an image, a legacy .doc, a binary). */
export async function sniffKind(bytes: Uint8Array, fileName: string): Promise<FileKind | null> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.length === 0) return null;
  if (buf.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (buf.subarray(0, 4).equals(ZIP)) {
    try {
      return await officeKindOf(buf);
    } catch {
      // A damaged package: its name says which Office file it meant to be; extraction then says it is damaged.
      return officeByName(fileName);
    }
  }
  // A password-protected Office Open XML file is a compound file with an EncryptionInfo stream; any other compound
  // file is a legacy binary Office format (.doc, .ppt, .xls), which the hub does not read.
  if (isCompoundFile(buf)) return isEncryptedOffice(buf) ? (officeByName(fileName) ?? 'docx') : null;
  const text = utf8Text(buf);
  if (text === null) return null;
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (/^(<\?xml[^>]*>\s*)?<(!doctype html|html)[\s>]/i.test(head)) return 'html';
  if (['md', 'markdown'].includes(extension(fileName)) || /^#{1,6} \S/m.test(head)) return 'markdown';
  return 'text';
}
