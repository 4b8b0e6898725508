// The pure logic of the surveys tab (issue #57, contracts/winLoss.ts): a survey being built as the builder holds it
// (each question with the fields of every type, so switching a type keeps what was typed), the contract's body made
// of it, its check with the contract's own schema before anything is sent, and a problem's place in the builder (the
// name, a question, a recipient) for the server's 4xx and the check alike. No React here; see surveys.test.tsx.
import type { DealOutcome } from '../../../contracts/deals.ts';
import { SURVEY_MAX_QUESTIONS, SurveyBody, type PublicSurvey, type SurveyDetail, type SurveyQuestion } from '../../../contracts/winLoss.ts';

export type QuestionType = SurveyQuestion['type'];
export type DraftQuestion = { id: string; type: QuestionType; text: string; required: boolean; scale: 5 | 10; options: string[] };
export type DraftRecipient = { deal: { id: number; name: string; outcome: DealOutcome | null; closedOn: string | null }; email: string; name: string };
export type Draft = {
  name: string;
  intro: string;
  questions: DraftQuestion[];
  recipients: DraftRecipient[];
  expiresInDays: number;
  remindAfterDays: number;
  maxReminders: number;
};

/** The contract's defaults (SurveyBody): two weeks to answer, a reminder after three days, two at most. */
export const newDraft = (): Draft => ({ name: '', intro: '', questions: [], recipients: [], expiresInDays: 14, remindAfterDays: 3, maxReminders: 2 });

/** A question of a type, with the first id ("q1", "q2", …) the survey does not use yet. */
export function newQuestion(type: QuestionType, existing: readonly DraftQuestion[]): DraftQuestion {
  const taken = new Set(existing.map((q) => q.id));
  let n = existing.length + 1;
  while (taken.has(`q${n}`)) n += 1;
  return { id: `q${n}`, type, text: '', required: false, scale: 5, options: type === 'single' || type === 'multiple' ? ['', ''] : [] };
}

export const canAddQuestion = (draft: Draft) => draft.questions.length < SURVEY_MAX_QUESTIONS;

/** The list with the item at `index` moved by `delta` places (a no-op at either end). */
export function move<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

/** A question as the contract has it: only its type's fields; options left empty are dropped. */
export function questionOf(q: DraftQuestion): SurveyQuestion {
  const base = { id: q.id, text: q.text, required: q.required };
  switch (q.type) {
    case 'rating':
      return { ...base, type: 'rating', scale: q.scale };
    case 'single':
    case 'multiple':
      return { ...base, type: q.type, options: q.options.map((o) => o.trim()).filter(Boolean) };
    default:
      return { ...base, type: q.type };
  }
}

/** The body of POST and PUT /api/win-loss/surveys. */
export function surveyBody(draft: Draft): SurveyBody {
  return {
    name: draft.name,
    intro: draft.intro,
    questions: draft.questions.map(questionOf),
    recipients: draft.recipients.map((r) => ({ dealId: r.deal.id, email: r.email, name: r.name.trim() || null })),
    expiresInDays: draft.expiresInDays,
    remindAfterDays: draft.remindAfterDays,
    maxReminders: draft.maxReminders,
  };
}

/** A saved survey back in the builder. */
export function draftOf(s: SurveyDetail): Draft {
  return {
    name: s.name,
    intro: s.intro,
    questions: s.questions.map((q) => ({
      id: q.id,
      type: q.type,
      text: q.text,
      required: q.required,
      scale: q.type === 'rating' ? q.scale : 5,
      options: q.type === 'single' || q.type === 'multiple' ? [...q.options] : [],
    })),
    recipients: s.recipients.map((r) => ({ deal: r.deal, email: r.email, name: r.name ?? '' })),
    expiresInDays: s.expiresInDays,
    remindAfterDays: s.remindAfterDays,
    maxReminders: s.maxReminders,
  };
}

/** What the public page shows of a draft, for the preview: the reasons come with each contact's deal, so none here. */
export const previewOf = (draft: Draft, companyName: string, now: Date): PublicSurvey => ({
  companyName,
  name: draft.name,
  intro: draft.intro,
  contactName: null,
  questions: draft.questions.map(questionOf),
  reasons: [],
  expiresAt: new Date(now.getTime() + draft.expiresInDays * 86_400_000).toISOString(),
});

/** A problem of the survey: where (a path into the body, as zod and the server's details name it) and what. */
export type Problem = { path: (string | number)[]; message: string; issue?: unknown };

/** The builder's check, the contract's own: its problems, none when the server would take the body. */
export function draftProblems(draft: Draft): Problem[] {
  const parsed = SurveyBody.safeParse(surveyBody(draft));
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'), message: issue.message, issue }));
}

/** The problems of a server's 400 ([{ field: 'questions.0.text', message, issue }]). */
export function serverProblems(details: unknown): Problem[] {
  if (!Array.isArray(details)) return [];
  return details
    .filter((d): d is { field: string; message: string; issue?: unknown } => typeof d?.field === 'string' && typeof d?.message === 'string')
    .map((d) => ({ path: d.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: d.message, issue: d.issue }));
}

/**
 * Problems with their recipient's index moved by `by`: a sent survey's new contacts follow those already asked; a
 * problem of a contact moved out of the list belongs to the list.
 */
export function shiftRecipients(problems: Problem[], by: number): Problem[] {
  return problems.map((p) => {
    if (p.path[0] !== 'recipients' || typeof p.path[1] !== 'number') return p;
    const at = p.path[1] + by;
    return { ...p, path: at < 0 ? ['recipients'] : ['recipients', at, ...p.path.slice(2)] };
  });
}

/** Where the builder shows a problem: 'name', 'intro', 'questions' (the list), 'questions.2', 'recipients.0', 'settings'. */
export function placeOf(path: readonly (string | number)[]): string {
  const [head, index] = path;
  if (head === 'expiresInDays' || head === 'remindAfterDays' || head === 'maxReminders') return 'settings';
  return typeof index === 'number' && (head === 'questions' || head === 'recipients') ? `${head}.${index}` : String(head ?? 'survey');
}

/** The field a problem names below its place ('options', 'email'), or null for the place itself. */
export const fieldOf = (path: readonly (string | number)[]): string | null => {
  const [head, index, field] = path;
  if (head === 'expiresInDays' || head === 'remindAfterDays' || head === 'maxReminders') return head;
  return typeof index === 'number' && typeof field === 'string' ? field : null;
};
