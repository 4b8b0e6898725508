// The one HTML allow-list of the product (part 2 §5 card text sanitising, part 3 §5 answer HTML). The
// server applies it when saving card text, intel content and Ask answers (search-api/html/sanitize.ts);
// the browser applies it again when rendering (web/src/cards/cardHtml.ts). Both use DOMPurify.
import { VARIABLE_ATTR } from './cardVariables.ts';

export const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'del', 'div', 'em', 'figcaption',
  'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'mark', 'ol', 'p', 'pre', 's',
  'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
] as const;

export const ALLOWED_ATTR = [
  'alt', 'colspan', 'height', 'href', 'rowspan', 'src', 'title', 'width',
  // Dynamic data blocks and references keep their markers.
  'data-formula', 'data-ref', 'data-card-link',
] as const;

/**
 * Only these URL schemes survive in href and src (no javascript:, no data: except DOMPurify's own
 * data: images in img src). DOMPurify tests every attribute value that is not URI-safe against this
 * pattern, so values without a scheme (relative URLs, "2" in colspan, formula markers) must pass too:
 * a value passes when it starts with an allowed scheme, with a non-letter, or with a word not
 * followed by a colon, which is DOMPurify's default shape with the scheme list cut down.
 */
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The DOMPurify configuration both sides use. */
export const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  /** A knowledge-hub variable's token (contracts/cardVariables.ts): its attribute on a span, nowhere else. */
  ADD_ATTR: (attr: string, tag: string): boolean => attr === VARIABLE_ATTR && tag === 'span',
  KEEP_CONTENT: true,
} as const;
