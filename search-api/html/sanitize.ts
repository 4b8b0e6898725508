// Server-side HTML sanitizing with the product's one allow-list (contracts/html.ts).
import DOMPurify from 'isomorphic-dompurify';
import { PURIFY_CONFIG } from '../../contracts/html.ts';

/** Returns the HTML with every tag, attribute and URL outside the allow-list removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ...PURIFY_CONFIG, ALLOWED_TAGS: [...PURIFY_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...PURIFY_CONFIG.ALLOWED_ATTR] }) as string;
}

/** The text a reader sees of some HTML (a survey's free-text answer): every tag dropped, entities read. */
export function plainText(html: string): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [], ALLOWED_ATTR: [], RETURN_DOM: true }).textContent ?? '';
}
