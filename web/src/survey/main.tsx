// The public survey page's entry (web/survey.html, served for /win-loss/p/*): React, plain CSS and the survey's own
// strings, nothing else of the product (bench/bundle.ts holds its first screen to 100 kB of JavaScript gzipped).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { surveyLanguage, surveyStrings } from './strings.ts';
import { SurveyPage } from './SurveyPage.tsx';
import './survey.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const language = surveyLanguage(window.location.search, navigator.languages ?? [navigator.language]);
document.documentElement.lang = language;
/** The token is the path's segment after /win-loss/p/; anything else reads as a token no contact holds. */
const segment = window.location.pathname.replace(/^\/win-loss\/p\/?/, '').split('/')[0];
let token = segment;
try {
  token = decodeURIComponent(segment);
} catch {
  // A malformed escape: sent as it is, the server answers not found.
}
createRoot(root).render(
  <StrictMode>
    <SurveyPage token={token} t={surveyStrings(language)} language={language} />
  </StrictMode>,
);
