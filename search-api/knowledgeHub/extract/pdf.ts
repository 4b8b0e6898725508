// PDF text a page at a time through unpdf (the process's one PDF stack: pdf.js, serverless build).
import { extractText, getDocumentProxy } from 'unpdf';
import type { Unit } from './chunk.ts';
import { ExtractionFailure } from './failure.ts';

export async function pdfUnits(bytes: Uint8Array): Promise<{ units: Unit[]; pages: number }> {
  let pdf;
  try {
    // pdf.js takes the buffer over: it gets a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'PasswordException') throw new ExtractionFailure('the PDF is password-protected: upload a copy without a password');
    throw new ExtractionFailure('the PDF is damaged or not a PDF that can be read');
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return { units: text.map((t, i) => ({ location: 'page' as const, number: i + 1, label: null, text: t })).filter((u) => u.text.trim() !== ''), pages: totalPages };
  } finally {
    await pdf.destroy();
  }
}
