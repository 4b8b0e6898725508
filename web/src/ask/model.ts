// Rules of the Ask screens as pure functions (part 3 §4.1–§4.3, §5, §8, §9); see model.test.ts.
import {
  FEEDBACK_DIALOG_EVERY,
  MIN_QUESTION_LENGTH,
  SUGGESTED_PROMPTS,
  type AnswerSource,
  type AskRival,
  type PromptRef,
  type PromptTemplate,
  type Sentiment,
  type SessionSummary,
  type WizardFlow,
} from '../../../contracts/ask.ts';
import type { Company } from '../../../contracts/account.ts';
import type { Translate } from '../i18n/index.ts';
import '../i18n/areas/ask.ts';
import { flag } from '../user/permissions.ts';

/** Ask is on for a company with the dashboard's ask bar or the Ask page. */
export const askAvailable = (company: Pick<Company, 'companyData'>) => flag(company, 'askDashboard') || flag(company, 'askPage');

/**
 * Part 3 §2.4: the input's company-profile picker shows only with the company landing-page feature,
 * and only when there is a rival to pick (the library's rivals already leave out templates and drafts).
 */
export const showsProfilePicker = (company: Pick<Company, 'companyData'>, rivals: AskRival[] | undefined) =>
  flag(company, 'companyLandingPage') && (rivals?.length ?? 0) > 0;

/** Enter sends only when not loading and the trimmed text has at least 3 characters. */
export const canSend = (text: string, loading: boolean) => !loading && text.trim().length >= MIN_QUESTION_LENGTH;

/** What a key press in the Ask input does: Enter sends, Shift+Enter (or IME composition) types. */
export function enterAction(e: { key: string; shiftKey: boolean; isComposing?: boolean }, text: string, loading: boolean): 'send' | 'ignore' | 'type' {
  if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return 'type';
  return canSend(text, loading) ? 'send' : 'ignore';
}

/** Clicking a thumb: the new sentiment, or null when that thumb is already active (nothing happens). */
export const feedbackChange = (current: Sentiment | null, clicked: Sentiment): Sentiment | null => (current === clicked ? null : clicked);

/** The close-feedback dialog: on counter 1 or every 5th, unless already shown or on the initial screen. */
export function showCloseFeedback(counter: number, alreadyShown: boolean, initialScreen: boolean): boolean {
  if (alreadyShown || initialScreen || counter < 1) return false;
  return counter === 1 || counter % FEEDBACK_DIALOG_EVERY === 0;
}

/** Part 3 §8: 404 and other 4xx have their own messages; anything else offers a retry. */
export type AnswerErrorKind = 'notFound' | 'badRequest' | 'network';
export const errorKind = (status: number | null): AnswerErrorKind =>
  status === 404 ? 'notFound' : status !== null && status >= 400 && status < 500 ? 'badRequest' : 'network';

/** The loading message shown after `elapsedMs`, rotating through the four every 4 s. */
export const loadingMessageIndex = (elapsedMs: number, rotationMs: number, count: number) => Math.floor(Math.max(0, elapsedMs) / rotationMs) % count;

export type SessionGroup = { id: 'today' | 'yesterday' | 'week' | 'month' | 'older'; items: SessionSummary[] };

/** History grouped by the day of the last activity, in local time, newest first. */
export function groupSessionsByDate(sessions: SessionSummary[], now: Date): SessionGroup[] {
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const today = startOfDay(now);
  const day = 86_400_000;
  const groupOf = (s: SessionSummary): SessionGroup['id'] => {
    const t = startOfDay(new Date(s.updatedAt));
    if (t >= today) return 'today';
    if (t >= today - day) return 'yesterday';
    if (t >= today - 7 * day) return 'week';
    if (t >= today - 30 * day) return 'month';
    return 'older';
  };
  const order: SessionGroup['id'][] = ['today', 'yesterday', 'week', 'month', 'older'];
  const sorted = [...sessions].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return order.map((id) => ({ id, items: sorted.filter((s) => groupOf(s) === id) })).filter((g) => g.items.length > 0);
}

/** A template's title and prompt in the reader's language, with the company's and a rival's names. */
export const templateWords = (t: Translate, template: PromptTemplate, values: { company: string; rival: string }) => ({
  text: t(`ask.prompts.${template.id}.text`, values),
  prompt: t(`ask.prompts.${template.id}.prompt`, values),
});

export type SuggestedPrompt = { id: string; text: string; prompt: string; rival: AskRival };

/**
 * Suggestions: the first templates (each names the rival), each paired with a featured rival (or with the
 * current rival on its own page), with the company's and the rival's names.
 */
export function suggestedPrompts(t: Translate, templates: PromptTemplate[], rivals: AskRival[], companyName: string, current?: AskRival | null): SuggestedPrompt[] {
  const pool = current ? [current] : rivals;
  if (!pool.length) return [];
  return templates.slice(0, SUGGESTED_PROMPTS).map((template, i) => {
    const rival = pool[i % pool.length];
    return { id: `${template.id}:${rival.id}`, ...templateWords(t, template, { company: companyName, rival: rival.name }), rival };
  });
}

/** Sources shown: the first 3 collapsed, all when expanded. */
export const visibleSources = (sources: AnswerSource[], expanded: boolean, collapsed: number) => (expanded ? sources : sources.slice(0, collapsed));

/**
 * Answer HTML with its [n] references as numbered chips: a link to the source when one has that
 * number; any other [n] stays text. Runs on HTML before the browser's sanitizer.
 */
export function referencesToChips(html: string, sources: AnswerSource[]): string {
  return html.replace(/\[(\d{1,3})\]/g, (whole, n: string) => {
    const source = sources.find((s) => s.ref === Number(n));
    if (!source) return whole;
    // A source without a link (a knowledge-hub passage for a consumer) still shows its number and name.
    const href = source.url === null ? '' : ` href="${escapeAttr(source.url)}"`;
    return `<a${href} data-ref="${n}" title="${escapeAttr(source.title)}">${n}</a>`;
  });
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The rivals to re-ask a question about: all but the one it was answered about, those whose name holds the filter. */
export function otherRivals(rivals: AskRival[], answeredAbout: number, filter = ''): AskRival[] {
  const f = filter.trim().toLowerCase();
  return rivals.filter((r) => r.id !== answeredAbout && (!f || r.name.toLowerCase().includes(f)));
}

// ---- wizard (part 3 §4.2)

export type WizardState = { flow: WizardFlow; answers: string[] };

export const startWizard = (flow: WizardFlow): WizardState => ({ flow, answers: [] });

/** The index of the question being asked; earlier ones are locked. */
export const currentQuestion = (s: WizardState) => s.answers.length;

/**
 * Answers the current question; returns the state and, after the last one, the answers by the placeholder of the
 * flow's final prompt they fill.
 */
export function answerWizard(s: WizardState, answer: string): { state: WizardState; values: Record<PromptRef, string> | null } {
  const value = answer.trim();
  if (!value || s.answers.length >= s.flow.questions.length) return { state: s, values: null };
  const answers = [...s.answers, value];
  const state = { ...s, answers };
  if (answers.length < s.flow.questions.length) return { state, values: null };
  return { state, values: Object.fromEntries(s.flow.questions.map((q, i) => [q.promptRef, answers[i]])) as Record<PromptRef, string> };
}
