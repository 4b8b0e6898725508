// The public survey page (/win-loss/p/{token}, issue #57): the contact's survey read with their token, the form, and
// each way it can end (thanks, closed, not found, rate limited, no network), said in words with the heading focused so
// a screen reader announces it. Its only calls are GET and POST /api/win-loss/p/{token}, without a session.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicSurvey, SurveyAnswerBody } from '../../../contracts/winLoss.ts';
import type { SurveyLanguage, SurveyT } from './strings.ts';
import { SurveyForm } from './SurveyForm.tsx';
import classes from './SurveyPage.module.css';

type Ending = 'thanks' | 'closed' | 'notFound' | 'rateLimited' | 'network';
type State = { kind: 'loading' } | { kind: 'form'; survey: PublicSurvey; sending: boolean; sendError: string | null } | { kind: Ending };

/** What an answer's status means to the page; null for one it does not name (a refused body, a server error). */
const endingOf = (status: number): Ending | null => (status === 410 ? 'closed' : status === 404 ? 'notFound' : status === 429 ? 'rateLimited' : null);

export function SurveyPage({ token, t, language }: { token: string; t: SurveyT; language: SurveyLanguage }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const url = `/api/win-loss/p/${encodeURIComponent(token)}`;

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit' });
      if (res.ok) setState({ kind: 'form', survey: (await res.json()) as PublicSurvey, sending: false, sendError: null });
      else setState({ kind: endingOf(res.status) ?? 'network' });
    } catch {
      setState({ kind: 'network' });
    }
  }, [url]);
  useEffect(() => void load(), [load]);

  const send = async (survey: PublicSurvey, body: SurveyAnswerBody) => {
    setState({ kind: 'form', survey, sending: true, sendError: null });
    try {
      const res = await fetch(url, { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, credentials: 'omit', body: JSON.stringify(body) });
      if (res.ok) return setState({ kind: 'thanks' });
      const ending = endingOf(res.status);
      // Rate limited while answering: the answers stay, with the wait said above the button.
      if (ending === 'rateLimited') return setState({ kind: 'form', survey, sending: false, sendError: `${t('survey.rateLimited.title')}. ${t('survey.rateLimited.body')}` });
      if (ending) return setState({ kind: ending });
      setState({ kind: 'form', survey, sending: false, sendError: t('survey.errors.submit') });
    } catch {
      setState({ kind: 'form', survey, sending: false, sendError: `${t('survey.network.title')}. ${t('survey.network.body')}` });
    }
  };

  useEffect(() => {
    document.title = state.kind === 'form' ? state.survey.name : t('survey.pageTitle');
  }, [state, t]);

  return (
    <main className={classes.page} data-state={state.kind} data-testid="survey-page">
      {state.kind === 'loading' ? (
        <p role="status" className={classes.loading}>
          {t('survey.loading')}
        </p>
      ) : state.kind === 'form' ? (
        <SurveyForm survey={state.survey} t={t} language={language} sending={state.sending} sendError={state.sendError} onSubmit={(body) => void send(state.survey, body)} />
      ) : (
        <Ending kind={state.kind} t={t} onRetry={state.kind === 'rateLimited' || state.kind === 'network' ? () => void load() : undefined} />
      )}
    </main>
  );
}

function Ending({ kind, t, onRetry }: { kind: Ending; t: SurveyT; onRetry?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [kind]);
  return (
    <section className={classes.ending} data-testid={`survey-${kind}`}>
      <h1 ref={heading} tabIndex={-1}>
        {t(`survey.${kind}.title`)}
      </h1>
      <p>{t(`survey.${kind}.body`)}</p>
      {onRetry && (
        <button type="button" className={classes.retry} onClick={onRetry}>
          {t('survey.retry')}
        </button>
      )}
    </section>
  );
}
