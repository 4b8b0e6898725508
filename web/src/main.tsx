import './zodConfig.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { i18nReady } from './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.tsx';
import { loadErrorWording } from './api/errorText.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The first screen renders in the reader's language: its core strings load first (a small chunk). The words of
// errors follow once the browser is idle, so a failure later reads in that language too.
void i18nReady().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  const later = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
  later(() => void loadErrorWording());
});
