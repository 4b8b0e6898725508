// HTTP contracts of call insights (issue #57; part 1 §2 `/call-insights`, curators only): sales-call transcripts
// imported from call recorders' exports, every mention of a rival found in them, and per rival the mentions over
// time, the objections raised around them and the reps who met it most.
//
// Who may read: curators and admins of the company (403 `forbidden` for others). Every read and write is scoped to the
// caller's company, and a rival's mentions only for a rival the reader may see.
//
//   GET  /api/call-insights/calls?CallListQuery          → CallPage, 20 a page, latest first
//   GET  /api/call-insights/reps                         → CallRepOption[]: the product users with calls, by name (the
//                                                           calls list's rep filter; a rep named only by an export has
//                                                           no user id to filter by)
//   GET  /api/call-insights/calls/{id}                   → CallDetail (its passages, the rivals each names)
//   POST /api/call-insights/imports?CallImportQuery      the recorder's export as the body → 201 CallImport. `vtt`: one
//                                                           call, described by the query; `json`: one call or many (see
//                                                           CallExportJson). A bad file gets 400 `transcript_unreadable`
//                                                           (413 `transcript_too_large`) naming the call, and nothing lands.
//                                                           Re-importing a call (same external id) replaces it.
//   GET  /api/call-insights/overview.json?from&to       → CallOverview: mentions and objections per rival
//   GET  /api/call-insights/mentions?MentionQuery        → RivalMentions for one rival
//   POST /api/call-insights/calls/{id}/passages/{seq}/intel   PassageIntelBody → 201 { alertId }: the passage as an intel
//                                                           item of channel `call` about the rivals it names
//   POST /api/call-insights/calls/{id}/passages/{seq}/source  PassageSourceBody → 201 { cardId }: the passage as a
//                                                           card's source
import { z } from 'zod';
import { queryInt } from './query.ts';
import type { TranscriptFormat } from './winLoss.ts';

export const CALLS_PAGE_SIZE = 20;
export const MENTIONS_PAGE_SIZE = 20;
/** Calls one JSON export may hold. */
export const CALL_IMPORT_MAX_CALLS = 1_000;
/** The importers of recorders' exports; a recorder's API can add its own (search-api/calls/importers.ts). */
export const CALL_IMPORTERS = ['vtt', 'json'] as const;
export type CallImporterName = (typeof CALL_IMPORTERS)[number];
/** A passage of negative sentiment at most this lean that names a rival is an objection. */
export const OBJECTION_SENTIMENT = -0.05;

const id = queryInt(1, 2 ** 31 - 1);
const isoInstant = z.string().datetime({ offset: true, message: 'must be a date and time (ISO 8601)' });

export const CallListQuery = z.object({
  rivalId: id.optional(),
  repId: id.optional(),
  /** Words of the transcripts (the calls index). */
  q: z.string().trim().max(300).optional(),
  page: queryInt(1, 10_000).default(1),
});
export type CallListQuery = z.infer<typeof CallListQuery>;

/** The query of a `vtt` import names the call; a `json` export names its calls itself. */
export const CallImportQuery = z.object({
  importer: z.enum(CALL_IMPORTERS),
  fileName: z.string().max(255).optional(),
  externalId: z.string().trim().min(1).max(200).optional(),
  title: z.string().trim().min(1).max(200).optional(),
  occurredAt: isoInstant.optional(),
  /** The rep: a product user by email; the name when they are none. */
  repEmail: z.string().trim().toLowerCase().email().optional(),
  repName: z.string().trim().max(120).optional(),
  accountName: z.string().trim().max(200).optional(),
  /** The deal by the CRM's id. */
  dealCrmId: z.string().trim().max(200).optional(),
});
export type CallImportQuery = z.infer<typeof CallImportQuery>;

/** One call of a JSON export, as recorders export them (Gong's and Chorus's shape, reduced to what is used). */
export const CallExportCall = z.object({
  id: z.string().trim().min(1).max(200),
  title: z.string().trim().min(1).max(200),
  occurredAt: isoInstant,
  rep: z.object({ email: z.string().trim().toLowerCase().email().optional(), name: z.string().trim().max(120).optional() }).default({}),
  accountName: z.string().trim().max(200).optional(),
  dealCrmId: z.string().trim().max(200).optional(),
  /** The speakers who are ours (the rep's side); the rest are the prospect's. Defaults to the rep's name. */
  repSpeakers: z.array(z.string().trim().min(1).max(120)).max(20).optional(),
  /** Speaker turns as contracts/winLoss.ts reads JSON transcripts. */
  turns: z.array(z.unknown()).min(1, 'needs at least one turn'),
});
export type CallExportCall = z.infer<typeof CallExportCall>;
export const CallExportJson = z.union([CallExportCall, z.object({ calls: z.array(CallExportCall).min(1).max(CALL_IMPORT_MAX_CALLS) })]);

export type CallRep = { userId: number | null; name: string | null };
export type CallSummary = {
  id: number;
  externalId: string;
  title: string;
  occurredAt: string;
  rep: CallRep;
  accountName: string | null;
  deal: { id: number; name: string } | null;
  format: TranscriptFormat;
  durationMs: number | null;
  words: number;
  /** The rivals named in it, with how many passages name each. */
  rivals: { id: number; name: string; mentions: number }[];
  matches?: { seq: number; snippet: string }[];
};
/** A rep who has calls, with how many. */
export type CallRepOption = { userId: number; name: string; calls: number };
export type CallPage = { items: CallSummary[]; total: number; page: number; pageSize: number };
export type CallPassage = {
  seq: number;
  speaker: string | null;
  isRep: boolean;
  startMs: number | null;
  endMs: number | null;
  text: string;
  sentiment: number;
  rivalIds: number[];
  objection: boolean;
};
export type CallDetail = CallSummary & { passages: CallPassage[] };

export type CallImport = { id: number; importer: CallImporterName; calls: number; mentions: number; callIds: number[] };

export type CallOverview = {
  calls: number;
  rivals: { id: number; name: string; mentions: number; objections: number; calls: number; lastAt: string | null }[];
};

export const MentionQuery = z.object({
  rivalId: id,
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  objections: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  page: queryInt(1, 10_000).default(1),
});
export type MentionQuery = z.infer<typeof MentionQuery>;
/** A passage that names the rival, with the call it was said in. */
export type MentionPassage = {
  callId: number;
  seq: number;
  title: string;
  occurredAt: string;
  rep: CallRep;
  speaker: string | null;
  isRep: boolean;
  text: string;
  sentiment: number;
  objection: boolean;
};
export type RivalMentions = {
  rival: { id: number; name: string };
  total: number;
  objections: number;
  /** Per month (YYYY-MM), oldest first. */
  months: { month: string; mentions: number; objections: number }[];
  /** The reps who met the rival in most calls. */
  reps: (CallRep & { calls: number; mentions: number })[];
  /** A page of the passages, latest first (objections only with ?objections=true). */
  items: MentionPassage[];
  page: number;
  pageSize: number;
};

export const PassageIntelBody = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  /** The rivals it is about; by default those the passage names. */
  rivalIds: z.array(z.number().int().positive()).max(20).optional(),
});
export type PassageIntelBody = z.infer<typeof PassageIntelBody>;
export const PassageSourceBody = z.object({ cardId: z.number().int().positive() });
export type PassageSourceBody = z.infer<typeof PassageSourceBody>;
