// The pure logic of the interviews tab (issue #57, contracts/winLoss.ts; its paths are in model.ts): the tab's own
// state in the URL (the list's search, rival and page, the quote library's filters), a search snippet as text and
// marked words (never as HTML), the format of a transcript file, the reasons a deal's passages may carry, and a
// passage review applied to an interview ahead of the server's answer. No React here.
import type { DealOutcome, WinLossReason } from '../../../contracts/deals.ts';
import { TRANSCRIPT_FORMATS, type InterviewDetail, type InterviewPassage, type PassageReviewBody, type ReasonRef, type TranscriptFormat } from '../../../contracts/winLoss.ts';

export type InterviewsView = 'list' | 'quotes';
export type InterviewsState = { view: InterviewsView; q: string; rivalId?: number; reasonId?: number; outcome?: 'win' | 'loss'; page: number };

const positiveInt = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The tab's state from its query string; a hand-edited value that means nothing is dropped. */
export function interviewsState(search: URLSearchParams): InterviewsState {
  const outcome = search.get('outcome');
  return {
    view: search.get('view') === 'quotes' ? 'quotes' : 'list',
    q: (search.get('q') ?? '').trim().slice(0, 300),
    rivalId: positiveInt(search.get('rivalId')),
    reasonId: positiveInt(search.get('reasonId')),
    outcome: outcome === 'win' || outcome === 'loss' ? outcome : undefined,
    page: positiveInt(search.get('page')) ?? 1,
  };
}

const STATE_KEYS = ['view', 'q', 'rivalId', 'reasonId', 'outcome', 'page'] as const;

/** The query string of the tab's state; defaults are left out, other parameters of `base` (the overview's filters) stay. */
export function searchOfInterviews(state: InterviewsState, base: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const k of STATE_KEYS) out.delete(k);
  if (state.view === 'quotes') out.set('view', 'quotes');
  if (state.q) out.set('q', state.q);
  if (state.rivalId) out.set('rivalId', String(state.rivalId));
  if (state.reasonId) out.set('reasonId', String(state.reasonId));
  if (state.outcome) out.set('outcome', state.outcome);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

export type SnippetPart = { text: string; marked: boolean };

/**
 * A search snippet (HTML-escaped text with <mark> around the matched words) as plain text and marked words. The HTML
 * is read by an inert parser and only text comes out: a tag other than <mark> counts as its text, a script never runs.
 */
export function snippetParts(html: string): SnippetPart[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const parts: SnippetPart[] = [];
  const push = (text: string, marked: boolean) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  };
  for (const node of doc.body.childNodes) push(node.textContent ?? '', node.nodeName === 'MARK');
  return parts;
}

const EXTENSIONS: Record<string, TranscriptFormat> = { vtt: 'vtt', srt: 'srt', json: 'json', txt: 'text', docx: 'docx' };
/** The file types the upload offers. */
export const TRANSCRIPT_ACCEPT = Object.keys(EXTENSIONS).map((e) => `.${e}`).join(',');

/** A transcript file's format by its name, or null for a name the upload does not take. */
export function transcriptFormatOf(fileName: string): TranscriptFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const format = ext ? EXTENSIONS[ext] : undefined;
  return format && (TRANSCRIPT_FORMATS as readonly string[]).includes(format) ? format : null;
}

/** The reasons a deal's passages may be tagged with: those of its outcome (a won deal's win reasons); none for other outcomes. */
export const reasonsOfOutcome = (reasons: WinLossReason[], outcome: DealOutcome | null): WinLossReason[] =>
  outcome === 'win' || outcome === 'loss' ? reasons.filter((r) => r.kind === outcome) : [];

/** A time in a recording as m:ss or h:mm:ss. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A sentiment in [-1, 1] in words: the analysis' score is too fine to read as a number. */
export const sentimentOf = (score: number): 'positive' | 'negative' | 'neutral' => (score >= 0.2 ? 'positive' : score <= -0.2 ? 'negative' : 'neutral');

/** The reasons a passage shows: the confirmed ones once reviewed, else the suggestion. */
export const shownReasons = (p: { reasons: ReasonRef[] | null; suggestedReasons: ReasonRef[] }) => p.reasons ?? p.suggestedReasons;

/** A passage as a review leaves it: the chosen reasons (named from the taxonomy or the passage's own tags) and quote. */
export function reviewed(p: InterviewPassage, body: PassageReviewBody, taxonomy: ReasonRef[]): InterviewPassage {
  const known = [...taxonomy, ...p.suggestedReasons, ...(p.reasons ?? [])];
  const reasons = body.reasonIds.flatMap((id) => {
    const r = known.find((k) => k.id === id);
    return r ? [{ id: r.id, kind: r.kind, name: r.name }] : [];
  });
  return { ...p, reasons, quoted: body.quoted };
}

/**
 * An interview with one passage replaced, as the server counts it: passages a curator confirmed, buyer passages with
 * suggested tags still to confirm, and quotes.
 */
export function withPassage(detail: InterviewDetail, passage: InterviewPassage): InterviewDetail {
  const passages = detail.passages.map((p) => (p.seq === passage.seq ? passage : p));
  const buyer = passages.filter((p) => p.isBuyer);
  return {
    ...detail,
    passages,
    confirmed: buyer.filter((p) => p.reasons !== null).length,
    toReview: buyer.filter((p) => p.reasons === null && p.suggestedReasons.length > 0).length,
    quotes: passages.filter((p) => p.quoted).length,
  };
}
