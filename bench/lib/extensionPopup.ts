// The browser extension's popup search, end to end (issue #55): Chromium with the extension built for the server,
// connected with a token; each query is typed into the popup and timed until its results are on screen. That is the
// debounce, the popup → service worker message, the worker's /api/search.json and /api/suggest.json calls under the
// token, and the rendering: what a person waits for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { EXTENSION_ID } from '../../contracts/extension.ts';
import type { SearchResponse } from '../../contracts/search.ts';
import { buildExtension } from '../../scripts/build-extension.ts';
import { percentile } from './stats.ts';

export type PopupSearchTimes = { queries: number; p50Ms: number; p95Ms: number; maxMs: number; emptyAnswers: number };

/** Queries from the server's own data: rival names and the first words of card titles the token's owner may read. */
async function demoQueries(serverUrl: string, token: string, count: number): Promise<string[]> {
  const get = async <T>(p: string) => {
    const res = await fetch(new URL(p, serverUrl), { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const rivals = await get<{ name: string }[]>('/api/rivals.json');
  const cards = await get<SearchResponse>('/api/search.json?size=100');
  const titles = cards.results.map((c) => c.data.name.split(/\s+/).slice(0, 2).join(' '));
  return [...new Set([...rivals.map((r) => r.name), ...titles].map((q) => q.toLowerCase()))].slice(0, count);
}

/**
 * p50/p95 of the popup's search answer time over `count` (≥ 50) queries. `queries` replaces the demo-data ones.
 * The server's host is granted at install (automation cannot click Chrome's permission prompt).
 */
export async function popupSearchTimes(serverUrl: string, token: string, opts: { count?: number; queries?: string[] } = {}): Promise<PopupSearchTimes> {
  const count = Math.max(50, opts.count ?? 60);
  const queries = opts.queries ?? (await demoQueries(serverUrl, token, count));
  if (queries.length < 50) throw new Error(`only ${queries.length} distinct queries: at least 50 are needed`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-bench-ext-'));
  const dir = path.join(tmp, 'extension');
  const origin = new URL(serverUrl);
  await buildExtension({ out: dir, origin: origin.origin, grantHosts: [`${origin.protocol}//${origin.hostname}/*`] });
  const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
  });
  try {
    if (!context.serviceWorkers().length) await context.waitForEvent('serviceworker');
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await popup.getByTestId('connect-address').fill(origin.origin);
    await popup.getByTestId('connect-token').fill(token);
    await popup.getByTestId('connect-submit').click();
    await popup.getByTestId('popup-main').waitFor({ state: 'visible' });
    // One query first, so the worker, the connection and the server's caches are warm for the timed ones.
    await timeQuery(popup, 'warm up');
    const times: number[] = [];
    let emptyAnswers = 0;
    for (const q of queries) {
      const { ms, results } = await timeQuery(popup, q);
      times.push(ms);
      if (results === 0) emptyAnswers++;
    }
    const round = (n: number) => Math.round(n * 10) / 10;
    return { queries: times.length, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), maxMs: round(Math.max(...times)), emptyAnswers };
  } finally {
    await context.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Types `query` as an input event does and waits, in the page, for the results list that answers it (data-query). */
function timeQuery(popup: Page, query: string): Promise<{ ms: number; results: number }> {
  return popup.evaluate(
    (q) =>
      new Promise<{ ms: number; results: number }>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="popup-search"]')!;
        const list = document.querySelector<HTMLElement>('[data-testid="popup-results"]')!;
        delete list.dataset.query;
        const start = performance.now();
        // A failed search shows an error instead of results: say which query, rather than wait forever.
        const timeout = setTimeout(() => reject(new Error(`no results for "${q}" within 15 s: ${document.querySelector('[role="alert"]:not([hidden])')?.textContent ?? ''}`)), 15_000);
        const observer = new MutationObserver(() => {
          if (list.dataset.query !== q) return;
          observer.disconnect();
          clearTimeout(timeout);
          // After the frame that shows them: rendered, not only in the DOM.
          requestAnimationFrame(() => resolve({ ms: performance.now() - start, results: list.children.length }));
        });
        observer.observe(list, { attributes: true, attributeFilter: ['data-query'] });
        input.value = q;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    query,
  );
}
