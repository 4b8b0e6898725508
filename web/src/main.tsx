import './zodConfig.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { i18nReady } from './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The first screen renders in the reader's language: its core strings load first (a small chunk).
void i18nReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
