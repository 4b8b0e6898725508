// HTTP contracts of Ask (part 3 §2.4, §3, §4.1–§4.3, §5, §9): answers streamed over Server-Sent
// Events, chat sessions, answer feedback, usage events and the prompt library.
//
// Routes (all under /api/ask, JSON unless said otherwise, non-GET calls carry the CSRF header):
//   POST /answers                   body AskRequest → text/event-stream (below); 400 when the question
//                                   is shorter than MIN_QUESTION_LENGTH, 404 for another user's session
//   GET  /answers/:id/stream        reconnection: replays the answer after Last-Event-ID (header, or the
//                                   lastEventId query value) and continues live if it is still streaming
//   POST /answers/:id/feedback      body FeedbackBody → { answerId, sentiment, changed }; the active
//                                   sentiment again changes nothing (changed: false)
//   POST /events                    body UsageEventBody → 204
//   GET  /sessions?q=               SessionList (newest first; the browser groups by date)
//   GET  /sessions/:id              SessionDetail (its chat items, oldest first)
//   GET  /prompts                   PromptLibrary (templates of the asker's prompt types, rivals, wizard)
//   GET  /visibility-groups         curators: the groups the view-as banner offers
//
// The event stream of an answer. Every event is `id: <n>\nevent: <name>\ndata: <JSON>\n\n`, where n is
// the number of characters of answer text sent so far (so Last-Event-ID says where to resume):
//   answer   AnswerStart            first: ids of the answer and its session, the fallback flag
//   chunk    { text }               a piece of answer text (plain text with [n] references), in order
//   sources  { sources }            the sources the text cites, once the text is complete
//   done     { answer: Answer }     last on success: the stored answer, its HTML sanitized, with
//                                   assumedRival when the question named no rival and the answer is
//                                   about the context rival (the page's or the picked profile's)
//   error    { status, message }    last on failure (the model failed, the answer was lost)
// Lines starting with ':' are heartbeats. Reconnecting after n characters sends `chunk` with the text
// after n, then what is still to come; an answer that finished is replayed as sources and done.
import { z } from 'zod';
import { escapeHtml } from './htmlEscape.ts';

// ---- constants (part 3 §9 "Ask and prompts", "Timing", "Display")

export const MIN_QUESTION_LENGTH = 3;
export const MAX_QUESTION_LENGTH = 4000;
export const PROMPT_TYPES = ['seller', 'pmm', 'executive', 'simulation'] as const;
export const PROMPT_TEMPLATE_COUNT = 22;
export const SUGGESTED_PROMPTS = 6;
export const FEATURED_RIVALS_MAX = 6;
export const FEATURED_RIVALS_SHOWN = 4;
/** A weighted random pick applies to the featured rivals when there are this many or more. */
export const FEATURED_WEIGHTED_FROM = 4;
export const FEATURED_MIN_CARDS = 5;
export const WIZARD_RIVAL_BUTTONS = 3;
export const LOADING_MESSAGE_ROTATION_MS = 4000;
export const LOADING_MESSAGES = 4;
export const SOURCES_COLLAPSED = 3;
/** The prompt library dropdown's width and its rival picker's height, in px. */
export const PROMPT_LIBRARY_WIDTH = 400;
export const RIVAL_DROPDOWN_HEIGHT = 200;
/** The close-feedback dialog shows when the counter is 1 or a multiple of this. */
export const FEEDBACK_DIALOG_EVERY = 5;

export type PromptType = (typeof PROMPT_TYPES)[number];
export type SessionCategory = 'research' | 'other';
export type Sentiment = 'positive' | 'negative';

// ---- requests

const id = z.coerce.number().int().positive();

export const AskRequest = z.object({
  question: z
    .string()
    .trim()
    .min(MIN_QUESTION_LENGTH, `must be at least ${MIN_QUESTION_LENGTH} characters`)
    .max(MAX_QUESTION_LENGTH),
  sessionId: id.optional(),
  /** Research mode (curators): intel items join the cards as passages. */
  research: z.boolean().optional(),
  /** The current rival or profile, as context. */
  rivalId: id.optional(),
  profileId: id.optional(),
  /** A curator's view-as group (0: as everyone). */
  visibilityGroupId: z.coerce.number().int().min(0).optional(),
});
export type AskRequest = z.infer<typeof AskRequest>;

export const FeedbackBody = z.object({ sentiment: z.enum(['positive', 'negative']) });

export const USAGE_EVENT_KINDS = ['openSource', 'copy', 'render', 'closeFeedback'] as const;
export const UsageEventBody = z.object({
  kind: z.enum(USAGE_EVENT_KINDS),
  answerId: id.optional(),
  /** openSource: { url, docType }; closeFeedback: { answer: yes|no|skip, text? }. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type UsageEventBody = z.infer<typeof UsageEventBody>;

export const SessionsQuery = z.object({ q: z.string().trim().max(200).optional() });

// ---- responses

export type AnswerSource = {
  /** The [n] the answer text uses for it. */
  ref: number;
  title: string;
  /** Where the source opens; null when the asker has no screen for it (a knowledge-hub passage for a consumer). */
  url: string | null;
  /** interview: a win/loss interview's passage, for readers of win/loss (its title names the interview); file: a
   *  knowledge-hub passage (its title is its citation, "Pricing sheet 2026, page 3"). */
  doc_type: 'card' | 'intel' | 'interview' | 'file';
  created_at: string;
  last_updated_datetime: string;
};

export type AnswerProfile = { id: number; name: string; url: string };

/** The rival an answer is about without the question naming it: the request's rivalId or profileId context. */
export type AssumedRival = { id: number; name: string; profileId: number };

export type Answer = {
  id: number;
  sessionId: number;
  question: string;
  /** Sanitized HTML. */
  text: string;
  sources: AnswerSource[];
  is_llm_fallback: boolean;
  /** isAsk{product}ProfileResponse: the question is about one rival, whose profile is linked. */
  isProfileResponse: boolean;
  profileId: number | null;
  supportedRivalId: number | null;
  profile: AnswerProfile | null;
  /**
   * Set on the live answer (the done event) when the question named no rival and the answer is about
   * the context rival, so the asker can re-ask about another one; absent on stored answers.
   */
  assumedRival?: AssumedRival | null;
  sentiment: Sentiment | null;
  status: 'streaming' | 'done' | 'error';
  error: string | null;
  createdAt: string;
};

export type AnswerStart = { answerId: number; sessionId: number; question: string; is_llm_fallback: boolean };
export type AskStreamEvent =
  | { event: 'answer'; data: AnswerStart }
  | { event: 'chunk'; data: { text: string } }
  | { event: 'sources'; data: { sources: AnswerSource[] } }
  | { event: 'done'; data: { answer: Answer } }
  | { event: 'error'; data: { status: number; message: string } };

export type SessionSummary = { id: number; title: string; category: SessionCategory; is_dealtip: boolean; createdAt: string; updatedAt: string };
export type SessionList = { sessions: SessionSummary[] };
export type SessionDetail = { session: SessionSummary; items: Answer[] };

/** A template of the prompt library; its words are the web app's (below). */
export type PromptTemplate = { id: string; type: PromptType };
export type PromptRef = 'COMPETITOR' | 'USECASE' | 'OBJECTIONS';
export type WizardQuestion = { id: string; inputType: 'rival' | 'input'; promptRef: PromptRef };
export type WizardFlow = { id: string; questions: WizardQuestion[] };
export type AskRival = { id: number; name: string; profileId: number; iconUrl: string | null; cardsCount: number };

export type PromptLibrary = {
  companyName: string;
  /** The prompt types this user may use, in tab order. */
  types: PromptType[];
  templates: PromptTemplate[];
  /** The picker's rivals: no templates, no drafts. */
  rivals: AskRival[];
  /** Sample rivals for suggestions (part 3 §5), already in their weighted random order. */
  featuredRivals: AskRival[];
  wizardFlows: WizardFlow[];
};

export type AskVisibilityGroups = { groups: { id: number; name: string }[] };

// ---- the prompt library (part 3 §3 Prompt template, Wizard flow)
// Built in and the same for every company, and shown only by the web app: their words are its strings, so each
// reader reads them in their language. ask.prompts.<id> holds a template's text and prompt (with {company} and
// {rival}); ask.wizard.flows.<id> a flow's title, questions, and final prompt (with the answers' {COMPETITOR},
// {USECASE} and {OBJECTIONS}).

/** How many templates each type has; their ids are seller-1 … simulation-4. */
const TEMPLATES_OF_TYPE: Record<PromptType, number> = { seller: 8, pmm: 5, executive: 5, simulation: 4 };

export const PROMPT_TEMPLATES: readonly PromptTemplate[] = PROMPT_TYPES.flatMap((type) =>
  Array.from({ length: TEMPLATES_OF_TYPE[type] }, (_, i) => ({ id: `${type}-${i + 1}`, type })),
);

/** Both flows ask for the competitor, the use case and the objections, each flow in its own words. */
const WIZARD_QUESTIONS: WizardQuestion[] = [
  { id: 'competitor', inputType: 'rival', promptRef: 'COMPETITOR' },
  { id: 'usecase', inputType: 'input', promptRef: 'USECASE' },
  { id: 'objections', inputType: 'input', promptRef: 'OBJECTIONS' },
];

export const WIZARD_FLOWS: readonly WizardFlow[] = [
  { id: 'deal-prep', questions: WIZARD_QUESTIONS },
  { id: 'objection', questions: WIZARD_QUESTIONS },
];

// ---- shared text rules


/** A paragraph that is only bold text ("**Lumenary**"): a heading, such as a rival's in an answer grouped by rival. */
const HEADING = /^\*\*([^*\n]+)\*\*$/;

/**
 * The HTML of streamed answer text: escaped, blank lines make paragraphs, single line breaks <br>,
 * **bold** kept, a paragraph that is only bold text a heading (<h4>). The server stores it (then
 * sanitized); the browser shows text still streaming with it.
 */
export function answerTextToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const heading = p.match(HEADING);
      if (heading) return `<h4>${escapeHtml(heading[1].trim())}</h4>`;
      return `<p>${escapeHtml(p).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
}

/** The [n] references a text uses, in order of first use. */
export function citedRefs(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(m[1]);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}
