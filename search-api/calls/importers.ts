// The importers of call recorders' exports (contracts/calls.ts CALL_IMPORTERS): each reads a body, and the query it
// came with, into calls with their transcripts' speaker turns. A recorder's API can implement CallImporter later and
// hand its calls to the same import (service.ts importCalls). An importer reads and checks every call before anything
// is written: one bad call fails the whole body with an error naming it, so nothing of a bad export lands.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { CallExportJson, type CallExportCall, type CallImporterName, type CallImportQuery } from '../../contracts/calls.ts';
import { MAX_TRANSCRIPT_BYTES } from '../../contracts/winLoss.ts';
import { apiError, type HttpError } from '../errors.ts';
import { parseTranscript, TranscriptError, type Transcript } from '../transcripts/parse.ts';

/** A call as an importer read it: what the recorder knows of it, and its transcript. */
export type ImportedCall = {
  externalId: string;
  title: string;
  occurredAt: string;
  rep: { email?: string; name?: string };
  accountName?: string;
  dealCrmId?: string;
  /** The speakers of our side; by default the rep's name. */
  repSpeakers?: string[];
  transcript: Transcript;
};

export interface CallImporter {
  readonly name: CallImporterName;
  /** Every call of the body, or an HttpError naming the first bad one (400 transcript_unreadable, 413 transcript_too_large). */
  read(body: Buffer, query: CallImportQuery): Promise<ImportedCall[]>;
}

/** The error of a call's transcript that could not be read, naming the call. */
export function unreadable(call: string, e: unknown): HttpError {
  if (e instanceof TranscriptError) return apiError(e.reason === 'too_large' ? 'transcript_too_large' : 'transcript_unreadable', { name: call, problem: e.message });
  throw e;
}

/** One call, described by the query; its body WebVTT or SRT. */
export const vttImporter: CallImporter = {
  name: 'vtt',
  async read(body, q) {
    const name = q.title ?? q.fileName ?? q.externalId ?? 'the call';
    let transcript: Transcript;
    try {
      transcript = await parseTranscript(body, { fileName: q.fileName });
    } catch (e) {
      throw unreadable(name, e);
    }
    if (transcript.format !== 'vtt' && transcript.format !== 'srt') {
      throw apiError('transcript_unreadable', { name, problem: 'The vtt importer reads WebVTT and SRT files: use the json importer for JSON exports.' });
    }
    return [
      {
        // Without a recorder's id, the file itself is the call: importing it again replaces it.
        externalId: q.externalId ?? `sha256:${createHash('sha256').update(body).digest('hex').slice(0, 32)}`,
        title: q.title ?? q.fileName?.replace(/\.[a-z]+$/i, '') ?? 'Call',
        occurredAt: q.occurredAt ?? new Date().toISOString(),
        rep: { email: q.repEmail, name: q.repName },
        accountName: q.accountName,
        dealCrmId: q.dealCrmId,
        transcript,
      },
    ];
  },
};

/** A recorder's JSON export (CallExportJson): one call, or { calls: [...] }; each call's turns as JSON speaker turns. */
export const jsonImporter: CallImporter = {
  name: 'json',
  async read(body) {
    let data: unknown;
    try {
      data = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw apiError('transcript_unreadable', { name: 'the export', problem: 'This JSON file could not be read: it is not valid JSON.' });
    }
    const parsed = CallExportJson.safeParse(data);
    if (!parsed.success) throw apiError('transcript_unreadable', { name: exportCallName(data, parsed.error), problem: issueText(parsed.error) });
    const calls: CallExportCall[] = 'calls' in parsed.data ? parsed.data.calls : [parsed.data];
    const out: ImportedCall[] = [];
    for (const c of calls) {
      const turns = Buffer.from(JSON.stringify(c.turns));
      if (turns.length > MAX_TRANSCRIPT_BYTES) {
        throw apiError('transcript_too_large', { name: c.id, problem: `its turns are ${(turns.length / 1e6).toFixed(1)} MB; the limit is ${MAX_TRANSCRIPT_BYTES / 1e6} MB.` });
      }
      try {
        out.push({ externalId: c.id, title: c.title, occurredAt: c.occurredAt, rep: c.rep, accountName: c.accountName, dealCrmId: c.dealCrmId, repSpeakers: c.repSpeakers, transcript: await parseTranscript(turns, { format: 'json' }) });
      } catch (e) {
        throw unreadable(c.id, e);
      }
    }
    const seen = new Set<string>();
    for (const c of out) {
      if (seen.has(c.externalId)) throw apiError('transcript_unreadable', { name: c.externalId, problem: 'The export holds this call id twice.' });
      seen.add(c.externalId);
    }
    return out;
  },
};

/** The call a schema issue is in: its id when it has one, else its place in the export. */
function exportCallName(data: unknown, error: z.ZodError): string {
  const issue = deepest(error);
  if (issue.path[0] === 'calls' && typeof issue.path[1] === 'number') {
    const call = (data as { calls: unknown[] }).calls[issue.path[1]] as { id?: unknown } | undefined;
    return typeof call?.id === 'string' && call.id.trim() ? call.id : `calls.${issue.path[1]}`;
  }
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.trim() ? id : 'the export';
}

function issueText(error: z.ZodError): string {
  const issue = deepest(error);
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

/** A union's error wraps each branch's issues; the one with the longest path says best what is wrong. */
function deepest(error: z.ZodError): z.core.$ZodIssue {
  const all: z.core.$ZodIssue[] = [];
  const walk = (issues: readonly z.core.$ZodIssue[]) => {
    for (const i of issues) {
      if (i.code === 'invalid_union') i.errors.forEach((branch) => walk(branch));
      else all.push(i);
    }
  };
  walk(error.issues);
  return all.reduce((a, b) => (b.path.length > a.path.length ? b : a), all[0] ?? error.issues[0]);
}

export const CALL_IMPORTER_REGISTRY: Record<CallImporterName, CallImporter> = { vtt: vttImporter, json: jsonImporter };
