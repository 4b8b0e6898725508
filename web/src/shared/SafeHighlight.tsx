// Server-highlighted text (titleHtml, snippetHtml, passages' highlight): HTML-escaped by the server with <em> (or, for
// passages, <mark>) around the matched terms. It is sanitized again here, allowing those two only, before it reaches the DOM.
import DOMPurify from 'dompurify';
import { useMemo, type ElementType } from 'react';
import classes from './Results.module.css';

export function sanitizeHighlight(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['em', 'mark'], ALLOWED_ATTR: [] });
}

export function SafeHighlight({ html, component: C = 'span', className }: { html: string | null | undefined; component?: ElementType; className?: string }) {
  const clean = useMemo(() => sanitizeHighlight(html), [html]);
  return <C className={[classes.highlight, className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
