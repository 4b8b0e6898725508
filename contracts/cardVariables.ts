// A knowledge-hub variable inside card text (issue #58): the editor writes the token
// `<span data-variable="customer_count">{{customer_count}}</span>`, the allow-list keeps exactly that attribute on
// spans (contracts/html.ts), and every read of card HTML on the server puts the variable's current value inside
// (documents/variables.ts), so a changed value shows everywhere without touching the cards.

/** The attribute that marks a variable's token, the only place it may stand being a span. */
export const VARIABLE_ATTR = 'data-variable';

/** A key's placeholder: what the token holds as stored, and what a reader sees of a key the company has no variable for. */
export const variablePlaceholder = (key: string): string => `{{${key}}}`;

/** The token as stored. The key is a VARIABLE_KEY (letters, digits, underscores): nothing to escape. */
export const variableTokenHtml = (key: string): string => `<span ${VARIABLE_ATTR}="${key}">${variablePlaceholder(key)}</span>`;

// The stored token's shape after the sanitizer serialized it: a span whose attributes include the key, with text only inside.
const TOKEN = /<span\b([^>]*?)\sdata-variable="([a-z][a-z0-9_]*)"([^>]*)>[^<]*<\/span>/g;

/** Whether some HTML inserts a variable (readers skip the lookup when none does). */
export const hasVariables = (html: string): boolean => html.includes(`${VARIABLE_ATTR}="`);

/** The keys some HTML inserts. */
export function variableKeys(html: string): string[] {
  return [...new Set([...html.matchAll(TOKEN)].map((m) => m[2]))];
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML with each variable token holding its key's value from `values` (as text: a value is never markup), or
 * its placeholder when the company has no such variable, so a curator sees what is missing. The token stays a
 * token, so the editor still knows it is a variable.
 */
export function withVariableValues(html: string, values: ReadonlyMap<string, string>): string {
  if (!hasVariables(html)) return html;
  return html.replace(TOKEN, (_m, before: string, key: string, after: string) =>
    `<span${before} ${VARIABLE_ATTR}="${key}"${after}>${escapeText(values.get(key) ?? variablePlaceholder(key))}</span>`);
}
