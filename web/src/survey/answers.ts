// A buyer's answers as the form holds them, checked the way the server checks them (contracts/winLoss.ts
// SurveyAnswerBody), and the body the page posts: only the questions answered. Pure; see SurveyPage.test.tsx.
import { SURVEY_TEXT_MAX } from '../../../contracts/surveyPage.ts';
import type { SurveyAnswerBody, SurveyQuestion } from '../../../contracts/winLoss.ts';

export type Answer = number | string | string[] | number[];
export type Answers = Record<string, Answer | undefined>;
export type AnswerError = { kind: 'required' } | { kind: 'tooLong'; max: number };

const isAnswered = (a: Answer | undefined) => (typeof a === 'string' ? a.trim() !== '' : Array.isArray(a) ? a.length > 0 : a !== undefined);

/** The problem of each question that has one, in the survey's order. */
export function answerErrors(questions: readonly SurveyQuestion[], answers: Answers): Map<string, AnswerError> {
  const errors = new Map<string, AnswerError>();
  for (const q of questions) {
    const a = answers[q.id];
    if (q.required && !isAnswered(a)) errors.set(q.id, { kind: 'required' });
    else if (typeof a === 'string' && a.length > SURVEY_TEXT_MAX) errors.set(q.id, { kind: 'tooLong', max: SURVEY_TEXT_MAX });
  }
  return errors;
}

/** The answers as the API takes them: answered questions only, text trimmed. */
export function answerBody(questions: readonly SurveyQuestion[], answers: Answers): SurveyAnswerBody {
  const out: SurveyAnswerBody['answers'] = {};
  for (const q of questions) {
    const a = answers[q.id];
    if (!isAnswered(a)) continue;
    out[q.id] = typeof a === 'string' ? a.trim() : (a as Answer);
  }
  return { answers: out };
}
