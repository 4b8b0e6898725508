/// <reference types="chrome" />
// The toolbar popup: the connect form, then search with suggestions as you type, a card read in place, Ask, and
// the button that grants the badge's sites. It calls the product only through the background (which holds the token).
import DOMPurify from 'dompurify';
import { EXTENSION_GUIDE_PATH } from '../contracts/extension.ts';
import { PURIFY_CONFIG } from '../contracts/html.ts';
import type { CardResult, CardView, SearchResponse, Suggestion, SuggestResponse } from '../contracts/search.ts';
import { el, localizePage, t } from './i18n.ts';
import { isFailure, MSG, type Failure, type PopupState } from './messages.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const connectForm = $<HTMLFormElement>('connect');
const main = $('main');
const address = $<HTMLInputElement>('address');
const token = $<HTMLInputElement>('token');
const q = $<HTMLInputElement>('q');
const suggestions = $<HTMLUListElement>('suggestions');
const results = $<HTMLUListElement>('results');
const status = $('status');
const card = $('card');
let productUrl = '';
let missingOrigins: string[] = [];

const send = <T>(type: string, data: Record<string, unknown> = {}) => chrome.runtime.sendMessage({ type, ...data }) as Promise<T | Failure>;

function showError(id: 'connect-error' | 'error', message: string | null) {
  const p = $(id);
  p.textContent = message ?? '';
  p.hidden = !message;
}

/** A failed call: a revoked token sends the person back to the connect form, saying why. */
function failed(f: Failure) {
  if (f.error.code === 'revoked' || f.error.code === 'not_connected') {
    render({ connected: false, productUrl: null, user: null, missingOrigins: [] });
    showError('connect-error', f.error.message);
  } else showError('error', f.error.message);
}

function render(state: PopupState) {
  connectForm.hidden = state.connected;
  main.hidden = !state.connected;
  if (!state.connected) {
    updateGuide();
    (address.value ? token : address).focus();
    return;
  }
  productUrl = state.productUrl!;
  $('who').textContent = t('connectedAs', state.user?.name ?? '');
  missingOrigins = state.missingOrigins;
  $('grant').hidden = missingOrigins.length === 0;
  q.focus();
}

// ---- Connect --------------------------------------------------------------------------------------------------

const productOrigin = (text: string): URL | null => {
  try {
    const url = new URL(text.trim());
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
};

function updateGuide() {
  const url = productOrigin(address.value);
  const guide = $<HTMLAnchorElement>('guide');
  guide.hidden = !url;
  if (url) guide.href = new URL(EXTENSION_GUIDE_PATH, url.origin).href;
}
address.addEventListener('input', updateGuide);

connectForm.addEventListener('submit', (event) => {
  event.preventDefault();
  showError('connect-error', null);
  const url = productOrigin(address.value);
  if (!url) return showError('connect-error', t('errInvalidAddress'));
  if (!token.value.trim()) return showError('connect-error', t('errTokenMissing'));
  // Asked right in the click (Chrome wants a user gesture): host access to the product's address only.
  void chrome.permissions.request({ origins: [`${url.protocol}//${url.hostname}/*`] }).then(async (granted) => {
    if (!granted) return showError('connect-error', t('errPermissionDenied'));
    const submit = $<HTMLButtonElement>('connect-submit');
    submit.disabled = true;
    submit.textContent = t('connecting');
    const answer = await send<PopupState>(MSG.connect, { address: url.origin, token: token.value.trim() });
    submit.disabled = false;
    submit.textContent = t('connectButton');
    if (isFailure(answer)) return showError('connect-error', answer.error.message);
    await chrome.storage.local.set({ lastAddress: url.origin });
    token.value = '';
    render(answer);
  });
});

$('disconnect').addEventListener('click', () => void send<PopupState>(MSG.disconnect).then((s) => !isFailure(s) && render(s)));

$('grant-button').addEventListener('click', () => {
  // Asked right in the click (a user gesture), for the rival and CRM sites of the config only: the content script is
  // then registered there and nowhere else.
  void chrome.permissions.request({ origins: missingOrigins }).then(() => send<PopupState>(MSG.sync).then((n) => (isFailure(n) ? failed(n) : render(n))));
});

// ---- Search ---------------------------------------------------------------------------------------------------

let asked = 0;
let active = -1;

const open = (path: string) => void chrome.tabs.create({ url: new URL(path, productUrl).href });

function renderSuggestions(list: Suggestion[]) {
  const items = list.filter((s) => s.type !== 'tag');
  active = -1;
  suggestions.replaceChildren(
    ...items.map((s, i) => {
      const li = el('li', { textContent: s.type === 'completion' ? s.text : `⚔ ${s.title} · ${s.rivalName}`, testid: 'popup-suggestion' });
      li.id = `suggestion-${i}`;
      li.setAttribute('role', 'option');
      li.onmousedown = (e) => {
        e.preventDefault();
        pick(s);
      };
      return li;
    }),
  );
  suggestions.hidden = items.length === 0;
  q.setAttribute('aria-expanded', String(!suggestions.hidden));
  suggestionsShown = items;
}
let suggestionsShown: Suggestion[] = [];

function pick(s: Suggestion) {
  if (s.type === 'battlecard') return open(s.url);
  if (s.type === 'completion') {
    q.value = s.text;
    void runSearch(s.text);
  }
}

function renderResults(query: string, list: CardResult[]) {
  results.replaceChildren(
    ...list.map((r) => {
      const button = el(
        'button',
        { type: 'button', testid: 'popup-result-open' },
        el('span', { className: 'result-title', textContent: r.data.name, testid: 'popup-result-title' }),
        el('span', { className: 'result-rival', textContent: r.rival.name }),
      );
      button.onclick = () => void openCard(r.id);
      const li = el('li', { testid: 'popup-result' }, button);
      li.dataset.cardId = String(r.id);
      return li;
    }),
  );
  // Which query the list answers: tests and the bench wait for it.
  results.dataset.query = query;
  status.textContent = list.length ? '' : t('noResults');
}

async function runSearch(query: string) {
  const mine = ++asked;
  card.hidden = true;
  results.hidden = false;
  showError('error', null);
  $('ask').hidden = !query.trim();
  if (!query.trim()) {
    renderSuggestions([]);
    results.replaceChildren();
    status.textContent = '';
    return;
  }
  status.textContent = t('searching');
  // Each shows as soon as it answers; an answer to anything but the latest words is dropped.
  void send<SuggestResponse>(MSG.suggest, { query }).then((suggested) => {
    if (mine === asked && !isFailure(suggested) && document.activeElement === q) renderSuggestions(suggested.suggestions);
  });
  const found = await send<SearchResponse>(MSG.search, { query });
  if (mine !== asked) return;
  if (isFailure(found)) return failed(found);
  renderResults(query, found.results);
}

// No debounce: every keystroke asks at once (a person waits for nothing), and stale answers are dropped above.
q.addEventListener('input', () => void runSearch(q.value));
q.addEventListener('keydown', (e) => {
  const n = suggestionsShown.length;
  if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && n) {
    e.preventDefault();
    active = (active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
    for (const [i, li] of [...suggestions.children].entries()) li.setAttribute('aria-selected', String(i === active));
    q.setAttribute('aria-activedescendant', `suggestion-${active}`);
  } else if (e.key === 'Enter') {
    e.preventDefault();
    if (active >= 0 && suggestionsShown[active]) pick(suggestionsShown[active]);
    else void runSearch(q.value);
    renderSuggestions([]);
  } else if (e.key === 'Escape' && n) {
    e.preventDefault();
    renderSuggestions([]);
  }
});

$('ask').addEventListener('click', () => open(`/ask-rivalscope?q=${encodeURIComponent(q.value.trim())}`));

// ---- A card -----------------------------------------------------------------------------------------------------

async function openCard(id: number) {
  renderSuggestions([]);
  status.textContent = t('loading');
  const view = await send<CardView>(MSG.card, { id });
  status.textContent = '';
  if (isFailure(view)) return failed(view);
  $('card-title').textContent = view.data.name;
  $('card-rival').textContent = view.rival.name;
  // The product's one allow-list (contracts/html.ts); links and images then point at the product, links in a new tab.
  const body = DOMPurify.sanitize(view.textHtml, {
    ...PURIFY_CONFIG,
    ALLOWED_TAGS: [...PURIFY_CONFIG.ALLOWED_TAGS],
    ALLOWED_ATTR: [...PURIFY_CONFIG.ALLOWED_ATTR],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of body.querySelectorAll('a[href]')) {
    a.setAttribute('href', new URL(a.getAttribute('href')!, productUrl).href);
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  for (const img of body.querySelectorAll('img[src]')) img.setAttribute('src', new URL(img.getAttribute('src')!, productUrl).href);
  $('card-body').replaceChildren(body);
  $<HTMLAnchorElement>('card-open').href = new URL(`/profile/${view.board.profileId || view.profile.id}?viewCard=${view.id}`, productUrl).href;
  results.hidden = true;
  $('ask').hidden = true;
  card.hidden = false;
  $('card-title').focus();
}

$('back').addEventListener('click', () => {
  card.hidden = true;
  results.hidden = false;
  $('ask').hidden = !q.value.trim();
  q.focus();
});

localizePage();
void chrome.storage.local.get('lastAddress').then(({ lastAddress }) => {
  if (typeof lastAddress === 'string' && !address.value) address.value = lastAddress;
  return send<PopupState>(MSG.state).then((s) => (isFailure(s) ? failed(s) : render(s)));
});
