// HTTP contracts of win/loss interviews and surveys (issue #57; part 1 §2 tabs interviews and surveys, §8 the public
// path /win-loss/p exempt from the sign-in redirect). Deals, their reasons and the overview and reports tabs are in
// contracts/deals.ts.
//
// Who may read: win/loss content follows contracts/deals.ts (curators and admins when win/loss is on; consumers only
// with the consumer-access flag; 403 `win_loss_off` otherwise). Interviews, tags, quotes and surveys are written by
// curators and admins. Every read and write is scoped to the caller's company.
//
//   GET    /api/win-loss/interviews?InterviewListQuery       → InterviewPage, 20 a page, latest interview first
//   POST   /api/win-loss/interviews                          InterviewBody → InterviewSummary (201)
//   GET    /api/win-loss/interviews/{id}                     → InterviewDetail
//   DELETE /api/win-loss/interviews/{id}                     → 204 (its confirmed reasons leave the deal)
//   POST   /api/win-loss/interviews/{id}/transcript?format&fileName  the file as the body → InterviewDetail, analysed:
//                                                               each passage with its sentiment and suggested reasons; a new
//                                                               transcript replaces the passages and their tags. 400
//                                                               `transcript_unreadable` / 413 `transcript_too_large`, nothing
//                                                               written.
//   PUT    /api/win-loss/interviews/{id}/passages/{seq}      PassageReviewBody → InterviewPassage: a curator confirms or
//                                                               changes the tags and puts the passage in the quote library.
//                                                               Confirmed reasons of a buyer's passage are the deal's
//                                                               buyer-said reasons, the passage their quote.
//   GET    /api/win-loss/quotes?QuoteListQuery               → QuotePage: the quote library
//
//   GET    /api/win-loss/surveys                             → SurveySummary[], newest first
//   POST   /api/win-loss/surveys                             SurveyBody → SurveyDetail (201, a draft)
//   GET    /api/win-loss/surveys/{id}                        → SurveyDetail
//   PUT    /api/win-loss/surveys/{id}                        SurveyBody → SurveyDetail (a draft only: 409 `survey_sent`;
//                                                               once sent, only recipients may be added)
//   DELETE /api/win-loss/surveys/{id}                        → 204; a sent one too: its links stop working and its
//                                                               answers' reasons leave their deals
//   POST   /api/win-loss/surveys/{id}/send                   → SurveyDetail: mails every contact not mailed yet, with a link
//                                                               holding their own token; reminders follow by themselves
//   GET    /api/win-loss/surveys/health.json                 → SurveyHealth: the program's health on the surveys tab
//
//   The public page's only calls, without a session (a session cookie is neither read nor set):
//   GET    /api/win-loss/p/{token}                           → PublicSurvey; 404 `survey_not_found` for a token no contact
//                                                               holds, 410 `survey_closed` for one used or expired
//   POST   /api/win-loss/p/{token}                           SurveyAnswerBody → 201 { ok: true }; once only (then 410)
//   Both are rate-limited by address (429 `rate_limited`).
import { z } from 'zod';
import { queryInt } from './query.ts';
import { SURVEY_TEXT_MAX } from './surveyPage.ts';
import type { DealOutcome, DealRival, ReasonKind } from './deals.ts';

// ---- transcripts (interviews here; calls in contracts/calls.ts read them the same way) ----

/** The files a transcript may arrive as: WebVTT (voice tags name the speakers), SRT, JSON of speaker turns, plain text, Word. */
export const TRANSCRIPT_FORMATS = ['vtt', 'srt', 'json', 'text', 'docx'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
/** A transcript's size cap: a 2-hour call is about 150 kB of text; a Word file with styles a few times more. */
export const MAX_TRANSCRIPT_BYTES = 5 * 1024 * 1024;

/** A reason of the company's taxonomy as a tag. */
export type ReasonRef = { id: number; kind: ReasonKind; name: string };

// ---- interviews ----

export const INTERVIEWS_PAGE_SIZE = 20;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const InterviewBody = z.object({
  dealId: z.number().int().positive(),
  interviewedOn: isoDate,
  interviewer: z.string().trim().min(1, 'is required').max(120),
  buyerRole: z.string().trim().max(120).nullish(),
  /** The transcript's speakers who are the buyer's side; when none are named, every speaker but the interviewer is. */
  buyerSpeakers: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
});
export type InterviewBody = z.infer<typeof InterviewBody>;

export const InterviewListQuery = z.object({
  dealId: queryInt(1, 2 ** 31 - 1).optional(),
  rivalId: queryInt(1, 2 ** 31 - 1).optional(),
  /** Words of the transcripts (the interviews index). */
  q: z.string().trim().max(300).optional(),
  page: queryInt(1, 10_000).default(1),
});
export type InterviewListQuery = z.infer<typeof InterviewListQuery>;

export type InterviewDeal = { id: number; name: string; accountName: string | null; outcome: DealOutcome | null; closedOn: string | null; rivals: DealRival[] };

export type InterviewSummary = {
  id: number;
  deal: InterviewDeal;
  interviewedOn: string;
  interviewer: string;
  buyerRole: string | null;
  buyerSpeakers: string[];
  /** Null until a transcript is uploaded. */
  transcript: { format: TranscriptFormat; name: string | null; words: number; passages: number } | null;
  /** Passages whose tags a curator confirmed, passages with suggested tags still to confirm, and quotes in the library. */
  confirmed: number;
  toReview: number;
  quotes: number;
  /** With a search: the passages that matched, best first, the words marked (<mark>, HTML-escaped otherwise). */
  matches?: { seq: number; snippet: string }[];
};
export type InterviewPage = { items: InterviewSummary[]; total: number; page: number; pageSize: number };

export type InterviewPassage = {
  seq: number;
  speaker: string | null;
  isBuyer: boolean;
  startMs: number | null;
  endMs: number | null;
  text: string;
  /** In [-1, 1]. */
  sentiment: number;
  suggestedReasons: ReasonRef[];
  /** The reasons a curator confirmed; null until reviewed. */
  reasons: ReasonRef[] | null;
  quoted: boolean;
};
export type InterviewDetail = InterviewSummary & { passages: InterviewPassage[] };

export const PassageReviewBody = z.object({
  /** The passage's reasons as confirmed (the suggestion, changed or not); [] says it gives none. */
  reasonIds: z.array(z.number().int().positive()).max(20),
  quoted: z.boolean().default(false),
});
export type PassageReviewBody = z.infer<typeof PassageReviewBody>;

export const QUOTES_PAGE_SIZE = 20;
export const QuoteListQuery = z.object({
  reasonId: queryInt(1, 2 ** 31 - 1).optional(),
  rivalId: queryInt(1, 2 ** 31 - 1).optional(),
  outcome: z.enum(['win', 'loss']).optional(),
  page: queryInt(1, 10_000).default(1),
});
export type QuoteListQuery = z.infer<typeof QuoteListQuery>;
export type Quote = {
  interviewId: number;
  seq: number;
  text: string;
  speaker: string | null;
  buyerRole: string | null;
  interviewedOn: string;
  deal: InterviewDeal;
  reasons: ReasonRef[];
  sentiment: number;
};
export type QuotePage = { items: Quote[]; total: number; page: number; pageSize: number };

// ---- surveys ----

export const SURVEY_STATES = ['draft', 'sent', 'closed'] as const;
export type SurveyState = (typeof SURVEY_STATES)[number];
export const SURVEY_QUESTION_TYPES = ['rating', 'single', 'multiple', 'reasons', 'text'] as const;
/** Limits of a survey: what a buyer answers in five minutes, and what one send mails. */
export const SURVEY_MAX_QUESTIONS = 20;
export const SURVEY_MAX_RECIPIENTS = 500;
export { SURVEY_TEXT_MAX };
/** Public page calls an address may make a minute. */
export const SURVEY_PUBLIC_RATE_PER_MINUTE = 30;

const questionBase = {
  /** Stable within the survey ("q1"): answers name it. */
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/i, 'must be letters, digits, - or _'),
  text: z.string().trim().min(1, 'is required').max(300),
  required: z.boolean().default(false),
};
const options = z.array(z.string().trim().min(1).max(120)).min(2, 'needs at least two options').max(12);
export const SurveyQuestion = z.discriminatedUnion('type', [
  z.object({ ...questionBase, type: z.literal('rating'), scale: z.union([z.literal(5), z.literal(10)]).default(5) }),
  z.object({ ...questionBase, type: z.literal('single'), options }),
  z.object({ ...questionBase, type: z.literal('multiple'), options }),
  /** The company's reasons of the deal's outcome (win reasons to a won deal's contact, loss reasons to a lost one's). */
  z.object({ ...questionBase, type: z.literal('reasons') }),
  z.object({ ...questionBase, type: z.literal('text') }),
]);
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

export const SurveyRecipientBody = z.object({
  dealId: z.number().int().positive(),
  email: z.string().trim().toLowerCase().email('must be an email address').max(254),
  name: z.string().trim().max(120).nullish(),
});
export type SurveyRecipientBody = z.infer<typeof SurveyRecipientBody>;

export const SurveyBody = z.object({
  name: z.string().trim().min(1, 'is required').max(120),
  intro: z.string().trim().max(1_000).default(''),
  questions: z
    .array(SurveyQuestion)
    .min(1, 'needs at least one question')
    .max(SURVEY_MAX_QUESTIONS)
    .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'question ids must differ'),
  /** Closed deals only, each contact once per deal. */
  recipients: z.array(SurveyRecipientBody).max(SURVEY_MAX_RECIPIENTS).default([]),
  expiresInDays: z.number().int().min(1).max(90).default(14),
  remindAfterDays: z.number().int().min(1).max(30).default(3),
  maxReminders: z.number().int().min(0).max(5).default(2),
});
export type SurveyBody = z.infer<typeof SurveyBody>;

/** Where one contact stands: mailed (sent), the link opened, answered, or the link expired unanswered. */
export const RECIPIENT_STATES = ['pending', 'sent', 'opened', 'answered', 'expired'] as const;
export type SurveyRecipient = {
  id: number;
  deal: { id: number; name: string; outcome: DealOutcome | null; closedOn: string | null };
  email: string;
  name: string | null;
  state: (typeof RECIPIENT_STATES)[number];
  sentAt: string | null;
  reminders: number;
  answeredAt: string | null;
};

/** Program health: contacts mailed, links opened, answers, their share of those mailed, and days from close to answer. */
export type SurveyHealth = {
  sent: number;
  opened: number;
  answered: number;
  /** answered / sent, in [0, 1]; null before anything is sent. */
  responseRate: number | null;
  /** Median days from the deal's close to the answer; null before any answer. */
  medianDaysToAnswer: number | null;
};

export type SurveySummary = {
  id: number;
  name: string;
  state: SurveyState;
  questions: number;
  recipients: number;
  createdAt: string;
  sentAt: string | null;
  health: SurveyHealth;
};
export type SurveyDetail = Omit<SurveySummary, 'questions' | 'recipients'> & {
  intro: string;
  questions: SurveyQuestion[];
  recipients: SurveyRecipient[];
  expiresInDays: number;
  remindAfterDays: number;
  maxReminders: number;
};

/** What the public page shows a contact: nothing of the product but this survey. */
export type PublicSurvey = {
  companyName: string;
  name: string;
  intro: string;
  contactName: string | null;
  questions: SurveyQuestion[];
  /** The reasons a `reasons` question offers: the taxonomy of the deal's outcome. */
  reasons: { id: number; name: string }[];
  expiresAt: string;
};

/** Answers by question id: a rating (1..scale), an option, options, reason ids, or text (HTML is dropped). */
export const SurveyAnswerBody = z.object({
  answers: z.record(
    z.string().max(40),
    z.union([z.number().int().min(0).max(10), z.string().max(SURVEY_TEXT_MAX), z.array(z.string().max(120)).max(12), z.array(z.number().int().positive()).max(30)]),
  ),
});
export type SurveyAnswerBody = z.infer<typeof SurveyAnswerBody>;
