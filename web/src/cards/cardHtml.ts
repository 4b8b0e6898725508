// Card text as HTML for the browser: the server already sanitized it; it is sanitized again here with
// the same allow-list (contracts/html.ts). Links to other hosts open in a new tab
// with rel=noopener; links to other cards of this product are marked so the viewer can follow them;
// plain video links are marked with their player URL (media.ts) for CardHtml to turn into players.
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { PURIFY_CONFIG } from '../../../contracts/html.ts';
import { cardLinkTarget, isExternalLink } from './cardUrl.ts';
import { isPlainLink, videoPlayerUrl } from './media.ts';

let purifier: Purifier | null = null;
let hookOrigin = '';

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const el = node as Element;
    const href = el.getAttribute('href');
    el.removeAttribute('target');
    if (!href) return;
    if (isExternalLink(href, hookOrigin)) {
      const player = isPlainLink(el.textContent ?? '', href) ? videoPlayerUrl(href) : null;
      if (player) el.setAttribute('data-video-player', '');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
      return;
    }
    const ref = cardLinkTarget(href, hookOrigin);
    if (ref) el.setAttribute('data-card-link', String(ref.cardId));
  });
  purifier = p;
  return p;
}

export function sanitizeCardHtml(html: string | null | undefined, origin: string = window.location.origin): string {
  if (!html) return '';
  hookOrigin = origin;
  return getPurifier().sanitize(html, { ...PURIFY_CONFIG, ALLOWED_TAGS: [...PURIFY_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...PURIFY_CONFIG.ALLOWED_ATTR] });
}

/**
 * Card HTML with each table inside a wrapper of `className`, which scrolls sideways when the table is
 * wider than the card (a narrow lane, a phone). Works on an inert template, so nothing loads or runs.
 */
export function wrapTables(html: string, className: string): string {
  if (!html.includes('<table')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const table of template.content.querySelectorAll('table')) {
    const wrapper = document.createElement('div');
    wrapper.className = className;
    wrapper.setAttribute('data-table-wrap', '');
    // It scrolls sideways when the table is wider than the card: focusable, so a keyboard can scroll it too.
    wrapper.setAttribute('tabindex', '0');
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
  return template.innerHTML;
}
