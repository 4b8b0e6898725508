// The survey form a buyer answers on the public page, and the builder's preview of a draft (read-only, nothing sent):
// one fieldset per question with its legend, hints and error tied to it (aria-describedby), "required" said in words,
// and on a refused send the focus on the first question to fix. React and plain CSS only: the public page's budget.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SURVEY_TEXT_MAX } from '../../../contracts/surveyPage.ts';
import type { PublicSurvey, SurveyAnswerBody, SurveyQuestion } from '../../../contracts/winLoss.ts';
import { answerBody, answerErrors, type AnswerError, type Answers } from './answers.ts';
import type { SurveyLanguage, SurveyT } from './strings.ts';
import classes from './SurveyForm.module.css';

type Props = {
  survey: PublicSurvey;
  t: SurveyT;
  language: SurveyLanguage;
  /** The builder's preview: every field disabled, no send button. */
  preview?: boolean;
  sending?: boolean;
  /** Why the last send failed, said above the button. */
  sendError?: string | null;
  onSubmit?: (body: SurveyAnswerBody) => void;
};

export function SurveyForm({ survey, t, language, preview = false, sending = false, sendError = null, onSubmit }: Props) {
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Map<string, AnswerError>>(new Map());
  const formRef = useRef<HTMLFormElement>(null);
  const summaryId = useId();
  /** The question to focus once its error is drawn (and tied to its field): a new object for each refused send. */
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!focusOn) return;
    const question = [...(formRef.current?.querySelectorAll('[data-question]') ?? [])].find((el) => el.getAttribute('data-question') === focusOn.id);
    question?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [focusOn]);

  const set = (id: string, value: Answers[string]) => {
    setAnswers((a) => ({ ...a, [id]: value }));
    if (errors.has(id)) setErrors((e) => new Map([...e].filter(([k]) => k !== id)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (preview || sending) return;
    const found = answerErrors(survey.questions, answers);
    setErrors(found);
    if (found.size > 0) return setFocusOn({ id: [...found.keys()][0] });
    onSubmit?.(answerBody(survey.questions, answers));
  };
  const expires = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(survey.expiresAt));

  return (
    <form ref={formRef} className={classes.form} noValidate onSubmit={submit} aria-describedby={errors.size ? summaryId : undefined} data-testid="survey-form">
      <header className={classes.header}>
        <p className={classes.from}>{t('survey.from', { company: survey.companyName })}</p>
        <h1 className={classes.title} data-testid="survey-name">
          {survey.name}
        </h1>
        {survey.contactName && <p>{t('survey.greeting', { name: survey.contactName })}</p>}
        {survey.intro && <p className={classes.intro}>{survey.intro}</p>}
        <p className={classes.hint}>
          {t('survey.openUntil', { date: expires })} {survey.questions.some((q) => q.required) && t('survey.requiredNote')}
        </p>
      </header>
      {errors.size > 0 && (
        <p id={summaryId} role="alert" className={classes.summary} data-testid="survey-error-summary">
          {t('survey.errors.summary')}
        </p>
      )}
      <fieldset className={classes.all} disabled={preview}>
        {survey.questions.map((q, i) => (
          <Question key={q.id} question={q} index={i} survey={survey} t={t} preview={preview} value={answers[q.id]} error={errors.get(q.id)} onChange={(v) => set(q.id, v)} />
        ))}
      </fieldset>
      {!preview && (
        <div className={classes.actions}>
          {sendError && (
            <p role="alert" className={classes.summary} data-testid="survey-send-error">
              {sendError}
            </p>
          )}
          <button type="submit" className={classes.submit} aria-disabled={sending} data-testid="survey-submit">
            {sending ? t('survey.sending') : t('survey.submit')}
          </button>
        </div>
      )}
    </form>
  );
}

type QuestionProps = {
  question: SurveyQuestion;
  index: number;
  survey: PublicSurvey;
  t: SurveyT;
  preview: boolean;
  value: Answers[string];
  error: AnswerError | undefined;
  onChange: (value: Answers[string]) => void;
};

function Question({ question: q, index, survey, t, preview, value, error, onChange }: QuestionProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint =
    q.type === 'rating'
      ? t('survey.ratingHint', { scale: q.scale })
      : q.type === 'multiple'
        ? t('survey.multipleHint')
        : q.type === 'reasons'
          ? t('survey.reasonsHint')
          : q.type === 'text'
            ? t('survey.textHint', { max: SURVEY_TEXT_MAX })
            : null;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      <span className={classes.number}>{index + 1}.</span> {q.text}
      {q.required && <span className={classes.required}> ({t('survey.required')})</span>}
    </>
  );
  const notes = (
    <>
      {hint && (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={classes.error} data-testid="survey-question-error">
          {error.kind === 'required' ? t('survey.errors.required') : t('survey.errors.tooLong', { max: error.max })}
        </p>
      )}
    </>
  );
  const invalid = error ? true : undefined;

  if (q.type === 'text') {
    return (
      <div className={classes.question} data-question={q.id} data-invalid={invalid} data-testid="survey-question">
        <label htmlFor={`${id}-text`} className={classes.legend}>
          {label}
        </label>
        {notes}
        <textarea
          id={`${id}-text`}
          className={classes.text}
          rows={5}
          maxLength={SURVEY_TEXT_MAX}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required={q.required || undefined}
        />
      </div>
    );
  }

  const name = `${id}-choice`;
  let choices: ReactNode;
  if (q.type === 'rating') {
    const points = Array.from({ length: q.scale }, (_, i) => i + 1);
    choices = (
      <div className={classes.scale}>
        {points.map((n) => (
          <label key={n} className={classes.point}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} aria-invalid={invalid} />
            <span>{n}</span>
          </label>
        ))}
      </div>
    );
  } else if (q.type === 'single') {
    choices = q.options.map((o) => (
      <label key={o} className={classes.choice}>
        <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} aria-invalid={invalid} />
        <span>{o}</span>
      </label>
    ));
  } else if (q.type === 'multiple') {
    const picked = Array.isArray(value) ? (value as string[]) : [];
    choices = q.options.map((o) => (
      <label key={o} className={classes.choice}>
        <input type="checkbox" checked={picked.includes(o)} onChange={(e) => onChange(e.target.checked ? [...picked, o] : picked.filter((p) => p !== o))} aria-invalid={invalid} />
        <span>{o}</span>
      </label>
    ));
  } else {
    const picked = Array.isArray(value) ? (value as number[]) : [];
    choices =
      preview && survey.reasons.length === 0 ? (
        <p className={classes.hint}>{t('survey.preview.reasons')}</p>
      ) : (
        survey.reasons.map((r) => (
          <label key={r.id} className={classes.choice}>
            <input type="checkbox" checked={picked.includes(r.id)} onChange={(e) => onChange(e.target.checked ? [...picked, r.id] : picked.filter((p) => p !== r.id))} aria-invalid={invalid} />
            <span>{r.name}</span>
          </label>
        ))
      );
  }
  return (
    <fieldset className={classes.question} data-question={q.id} data-invalid={invalid} aria-describedby={describedBy} data-testid="survey-question">
      <legend className={classes.legend}>{label}</legend>
      {notes}
      {choices}
    </fieldset>
  );
}
