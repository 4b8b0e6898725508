// Text as HTML that shows it literally, for the server's mail, digests, highlights and card drafts and the browser's
// card drafts alike. Its own module: html.ts's allow-lists belong to the screens that render HTML, not to every
// screen that escapes a word.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
