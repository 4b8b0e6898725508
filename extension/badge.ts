/// <reference types="chrome" />
// The badge frame (extension origin, inside a rival's or CRM's page): "⚔ Acme · battlecard", which opens to the
// rivals with their overview, battlecards and landing page. Everything is built with DOM APIs and textContent: no
// server string ever becomes markup here.
import type { ExtensionRival } from '../contracts/extension.ts';
import { el, t } from './i18n.ts';
import { isFailure, MSG, type BadgeData } from './messages.ts';

const root = document.getElementById('badge')!;
document.documentElement.lang = chrome.i18n.getUILanguage();

const link = (href: string, text: string, testid: string) => {
  const a = el('a', { href, textContent: text, testid });
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
};

function rivalBlock(rival: ExtensionRival, productUrl: string): HTMLElement {
  const cards = rival.battlecards.length
    ? el('ul', {}, ...rival.battlecards.map((b) => el('li', {}, link(new URL(b.path, productUrl).href, b.title, 'badge-battlecard'))))
    : el('p', { className: 'muted', textContent: t('badgeNoBattlecards') });
  const block = el(
    'section',
    { className: 'rival', testid: 'badge-rival' },
    el('h2', { textContent: rival.name, testid: 'badge-rival-name' }),
    rival.summary ? el('p', { textContent: rival.summary, testid: 'badge-summary' }) : null,
    cards,
    rival.landingPath ? el('p', {}, link(new URL(rival.landingPath, productUrl).href, t('badgeLanding'), 'badge-landing')) : null,
  );
  block.dataset.rivalId = String(rival.id);
  return block;
}

/**
 * Sizes the frame in the page to what it shows: first its largest size for the state, then, once laid out, the
 * content's own box, so no transparent part of the frame covers the page's controls.
 */
function fit(expanded: boolean) {
  void chrome.runtime.sendMessage({ type: MSG.badgeSize, expanded }).then(() =>
    requestAnimationFrame(() => {
      const box = root.getBoundingClientRect();
      void chrome.runtime.sendMessage({ type: MSG.badgeSize, expanded, width: Math.ceil(box.width), height: Math.ceil(box.height) });
    }),
  );
}

function render({ lookup, productUrl }: BadgeData, expanded: boolean) {
  const rivals = lookup.rivals;
  fit(expanded);
  if (!expanded) {
    const label = rivals.length === 1 ? rivals[0].name : t('badgeRivals', String(rivals.length));
    const cards = rivals.some((r) => r.battlecards.length) ? ` · ${t('badgeBattlecard')}` : '';
    const pill = el('button', { className: 'pill', type: 'button', title: t('badgeExpand'), testid: 'badge-toggle' }, el('span', { textContent: `⚔ ${label}${cards}` }));
    pill.setAttribute('aria-expanded', 'false');
    pill.onclick = () => render({ lookup, productUrl }, true);
    root.replaceChildren(pill);
    return;
  }
  const collapse = el('button', { type: 'button', textContent: '–', title: t('badgeCollapse'), testid: 'badge-collapse' });
  collapse.setAttribute('aria-label', t('badgeCollapse'));
  collapse.onclick = () => render({ lookup, productUrl }, false);
  const close = el('button', { type: 'button', textContent: '×', title: t('badgeClose'), testid: 'badge-close' });
  close.setAttribute('aria-label', t('badgeClose'));
  close.onclick = () => void chrome.runtime.sendMessage({ type: MSG.badgeClose });
  const panel = el(
    'div',
    { className: 'panel', testid: 'badge-panel' },
    el('div', { className: 'head' }, el('strong', { textContent: `⚔ ${t('extName')}` }), el('span', {}, collapse, close)),
    el('div', { className: 'body' }, ...rivals.map((r) => rivalBlock(r, productUrl))),
  );
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', t('extName'));
  root.replaceChildren(panel);
  collapse.focus();
}

void chrome.runtime.sendMessage({ type: MSG.badge }).then((data: BadgeData | null) => {
  if (data && !isFailure(data) && data.lookup.rivals.length) render(data, false);
  else void chrome.runtime.sendMessage({ type: MSG.badgeClose });
});
