// Transcripts as speaker turns (issue #57): win/loss interviews and sales calls arrive as WebVTT (voice tags kept as
// the speaker), SRT, JSON of speaker turns, plain text or Word. Cues are read by a maintained subtitle parser
// (@plussub/srt-vtt-parser) and Word documents by mammoth; consecutive cues of one speaker make one turn, and a turn
// is a passage: what the analysis tags, search finds and Ask quotes.
import { parse as parseCues } from '@plussub/srt-vtt-parser';
import mammoth from 'mammoth';
import { z } from 'zod';
import { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_FORMATS, type TranscriptFormat } from '../../contracts/winLoss.ts';

export type Turn = { speaker: string | null; startMs: number | null; endMs: number | null; text: string };
export type Transcript = { format: TranscriptFormat; turns: Turn[]; words: number };

/** A file that is not a transcript this module reads; its message says why, in words a curator can act on. */
export class TranscriptError extends Error {
  constructor(
    message: string,
    readonly reason: 'too_large' | 'unknown_format' | 'malformed' | 'empty',
  ) {
    super(message);
  }
}

const EXTENSIONS: Record<string, TranscriptFormat> = { vtt: 'vtt', srt: 'srt', json: 'json', txt: 'text', text: 'text', md: 'text', docx: 'docx' };
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The format of a file: the one asked for, else its name's extension, else what its first bytes say. A binary file
 * that is no Word document has no format.
 */
export function transcriptFormat(body: Buffer, opts: { format?: string | null; fileName?: string | null } = {}): TranscriptFormat {
  if (opts.format) {
    if ((TRANSCRIPT_FORMATS as readonly string[]).includes(opts.format)) return opts.format as TranscriptFormat;
    throw new TranscriptError(`Unknown transcript format "${opts.format}": use one of ${TRANSCRIPT_FORMATS.join(', ')}.`, 'unknown_format');
  }
  const extension = opts.fileName?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension && EXTENSIONS[extension]) return EXTENSIONS[extension];
  if (body.subarray(0, 4).equals(ZIP)) return 'docx';
  if (body.includes(0)) throw new TranscriptError('This file is not a transcript: use WebVTT, SRT, JSON of speaker turns, plain text or Word (.docx).', 'unknown_format');
  const head = body.subarray(0, 200).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('WEBVTT')) return 'vtt';
  if (/^\d+\r?\n\d{2}:\d{2}:\d{2},\d{3} -->/.test(head)) return 'srt';
  if (head.startsWith('[') || head.startsWith('{')) return 'json';
  return 'text';
}

/** Reads a transcript file into speaker turns. Throws TranscriptError for a file too large, of no known format, malformed or empty. */
export async function parseTranscript(body: Buffer, opts: { format?: string | null; fileName?: string | null } = {}): Promise<Transcript> {
  if (body.length > MAX_TRANSCRIPT_BYTES) {
    throw new TranscriptError(`The transcript is ${(body.length / 1e6).toFixed(1)} MB; the limit is ${MAX_TRANSCRIPT_BYTES / 1e6} MB.`, 'too_large');
  }
  const format = transcriptFormat(body, opts);
  // Word writes a blank line between paragraphs, where plain text would end a turn.
  const turns = merged(format === 'docx' ? textTurns((await wordText(body)).replace(/\n\n/g, '\n')) : turnsOf(format, body.toString('utf8').replace(/^\uFEFF/, '')));
  if (turns.length === 0) throw new TranscriptError('The transcript has no spoken text.', 'empty');
  return { format, turns, words: turns.reduce((n, t) => n + wordCount(t.text), 0) };
}

function turnsOf(format: Exclude<TranscriptFormat, 'docx'>, text: string): Turn[] {
  if (format === 'json') return jsonTurns(text);
  if (format === 'text') return textTurns(text);
  return cueTurns(format, text);
}

/** WebVTT's voice span (<v Name>, <v.class Name>) names the speaker; SRT's cues often start "Name: ". */
const VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+)>/;
const TAG = /<\/?[^>]+>/g;
/** "Dana Ortiz: …", "SPEAKER 2: …", "[Dana] …": a name of at most five words before the words spoken. */
const SPEAKER_PREFIX = /^(?:\[([^\]\n]{1,60})\]|([\p{Lu}\p{N}][\p{L}\p{N} .'’-]{0,59}?)):\s*/u;

function cueTurns(format: 'vtt' | 'srt', text: string): Turn[] {
  if (format === 'vtt' && !text.trimStart().startsWith('WEBVTT')) throw new TranscriptError('A WebVTT file must start with "WEBVTT".', 'malformed');
  let entries: { from: number; to: number; text: string }[];
  try {
    entries = parseCues(text).entries;
  } catch {
    throw new TranscriptError(`This ${format === 'vtt' ? 'WebVTT' : 'SRT'} file could not be read: check its cue timings ("00:00:01.000 --> 00:00:04.000").`, 'malformed');
  }
  if (entries.length === 0) throw new TranscriptError(`This ${format === 'vtt' ? 'WebVTT' : 'SRT'} file has no cues.`, 'malformed');
  return entries.map((e) => {
    const voice = e.text.match(VOICE)?.[1]?.trim() ?? null;
    const plain = decodeEntities(e.text.replace(TAG, '')).replace(/\s+/g, ' ').trim();
    const prefixed = voice ? null : speakerPrefix(plain);
    return { speaker: voice ?? prefixed?.speaker ?? null, startMs: e.from, endMs: e.to, text: prefixed?.text ?? plain };
  });
}

const jsonTurn = z
  .object({
    speaker: z.string().max(200).nullish(),
    speakerName: z.string().max(200).nullish(),
    name: z.string().max(200).nullish(),
    text: z.string().nullish(),
    content: z.string().nullish(),
    /** Seconds from the start (fractions allowed), or milliseconds as startMs / endMs. */
    start: z.number().nonnegative().nullish(),
    end: z.number().nonnegative().nullish(),
    startMs: z.number().int().nonnegative().nullish(),
    endMs: z.number().int().nonnegative().nullish(),
  })
  .refine((t) => typeof (t.text ?? t.content) === 'string', { message: 'each turn needs its text' });
const turnList = z.array(jsonTurn);

/** JSON of speaker turns: an array of { speaker, text, start?, end? } or { turns: [...] } (speakerName/name and content read too). */
function jsonTurns(text: string): Turn[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new TranscriptError('This JSON file could not be read: it is not valid JSON.', 'malformed');
  }
  const list = data && typeof data === 'object' && !Array.isArray(data) && 'turns' in data ? data.turns : data;
  const parsed = turnList.safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new TranscriptError(`This JSON is not a list of speaker turns${where}: ${issue.message}. Give [{ "speaker": "…", "text": "…" }].`, 'malformed');
  }
  const ms = (seconds: number | null | undefined, millis: number | null | undefined) => millis ?? (seconds == null ? null : Math.round(seconds * 1000));
  return parsed.data.map((t) => ({
    speaker: (t.speaker ?? t.speakerName ?? t.name)?.trim() || null,
    startMs: ms(t.start, t.startMs),
    endMs: ms(t.end, t.endMs),
    text: (t.text ?? t.content ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

/** Plain text: a line starting with a speaker's name starts their turn; a blank line ends a turn; other lines go on with it. */
function textTurns(text: string): Turn[] {
  const turns: Turn[] = [];
  let open = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      open = false;
      continue;
    }
    const prefixed = speakerPrefix(line);
    if (prefixed) {
      turns.push({ speaker: prefixed.speaker, startMs: null, endMs: null, text: prefixed.text });
      open = true;
    } else if (open && turns.length) {
      turns[turns.length - 1].text += ` ${line}`;
    } else {
      turns.push({ speaker: null, startMs: null, endMs: null, text: line });
      open = true;
    }
  }
  return turns;
}

function speakerPrefix(line: string): { speaker: string; text: string } | null {
  const m = line.match(SPEAKER_PREFIX);
  if (!m) return null;
  const speaker = (m[1] ?? m[2]).trim();
  // A sentence with a colon is no speaker ("The answer is simple: price"): a name has at most five words.
  if (!speaker || speaker.split(/\s+/).length > 5 || /^(https?|note)$/i.test(speaker)) return null;
  return { speaker, text: line.slice(m[0].length).trim() };
}

async function wordText(body: Buffer): Promise<string> {
  try {
    return (await mammoth.extractRawText({ buffer: body })).value;
  } catch {
    throw new TranscriptError('This Word file could not be read: save it as .docx and upload it again.', 'malformed');
  }
}

/** Consecutive turns of one speaker are one turn; turns with no words are dropped. */
function merged(turns: Turn[]): Turn[] {
  const out: Turn[] = [];
  for (const t of turns) {
    if (!t.text) continue;
    const last = out.at(-1);
    if (last && last.speaker === t.speaker && t.speaker !== null) {
      last.text += ` ${t.text}`;
      last.endMs = t.endMs ?? last.endMs;
    } else out.push({ ...t });
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lrm: '', rlm: '' };
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]);

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
