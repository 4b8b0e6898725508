// @vitest-environment jsdom
// The editor's schema against the one allow-list: what Tiptap emits for every toolbar feature survives
// sanitizing, and stored cards with dynamic data blocks load as formula nodes and save back unchanged.
import DOMPurify from 'dompurify';
import { generateHTML, generateJSON, type JSONContent } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { PURIFY_CONFIG } from '../../../../contracts/html.ts';
import { variableTokenHtml } from '../../../../contracts/cardVariables.ts';
import { cardExtensions, FORMULA_NODE, isHttpUrl, VARIABLE_NODE } from './extensions.ts';
import { editorHtml, storedText } from './formulaText.ts';

const extensions = cardExtensions();
const toDoc = (html: string) => generateJSON(html, extensions) as JSONContent;
const throughEditor = (html: string) => generateHTML(toDoc(html), extensions);
const sanitize = (html: string) =>
  DOMPurify(window).sanitize(html, { ...PURIFY_CONFIG, ALLOWED_TAGS: [...PURIFY_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...PURIFY_CONFIG.ALLOWED_ATTR] });

describe('the editor output and the allow-list', () => {
  const rich =
    '<h2>Title</h2><h3>Sub</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://acme.com/x">link</a><br>next</p>' +
    '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote>' +
    '<table><tbody><tr><th>H</th><th>I</th></tr><tr><td colspan="2">Price</td></tr></tbody></table><img src="https://acme.com/a.png" alt="A">';

  it('keeps every tag and attribute the toolbar makes; only the table sizing styles go', () => {
    const out = throughEditor(rich);
    expect(out).toContain('<td colspan="2">');
    expect(out).toContain('<img src="https://acme.com/a.png" alt="A">');
    expect(sanitize(out)).toBe(out.replace(/ style="[^"]*"/g, ''));
  });

  it('refuses links other than http and https', () => {
    const out = throughEditor('<p><a href="javascript:alert(1)">a</a> <a href="ftp://acme.com/f">b</a> <a href="http://acme.com">c</a></p>');
    expect(out).toBe('<p>a b <a href="http://acme.com">c</a></p>');
    expect(isHttpUrl('https://acme.com/path?q=1')).toBe(true);
    expect(['javascript:alert(1)', 'mailto:a@acme.com', 'acme.com', 'https://localhost'].some(isHttpUrl)).toBe(false);
  });
});

describe('dynamic data blocks through the editor', () => {
  const stored = '<p><strong>Revenue</strong></p><p>{{revenue(rival)}}</p><table><tbody><tr><td><p>x</p></td></tr></tbody></table><p>{{latestOpportunities(rival, "Opportunities Last 6 Months")}}</p>';

  it('loads whole-paragraph placeholders as top-level formula nodes and saves them back unchanged', () => {
    const doc = toDoc(editorHtml(stored));
    expect(doc.content!.filter((n) => n.type === FORMULA_NODE).map((n) => n.attrs!.formula)).toEqual([
      '{{revenue(rival)}}',
      '{{latestOpportunities(rival, "Opportunities Last 6 Months")}}',
    ]);
    const saved = storedText(generateHTML(doc, extensions));
    expect(sanitize(saved.textHtml).replace(/ style="[^"]*"/g, '')).toBe(saved.textHtml.replace(/ style="[^"]*"/g, ''));
    expect(saved.textHtml.replace(/ style="[^"]*"|<colgroup>.*?<\/colgroup>/g, '')).toBe(stored);
    expect(saved.textJson.map((b) => b.type)).toEqual(['html', 'formula', 'html', 'formula']);
  });

  it('never nests a formula node inside other blocks', () => {
    const doc = toDoc('<ul><li><div data-formula="{{revenue(rival)}}"></div></li></ul>');
    const nested = (n: JSONContent, depth: number): boolean => (n.type === FORMULA_NODE && depth > 1) || (n.content ?? []).some((c) => nested(c, depth + 1));
    expect(nested(doc, 0)).toBe(false);
  });
});

describe('knowledge-hub variables through the editor', () => {
  // As the server answers a card: each token holds the variable's current value (or the placeholder of an unknown key).
  const read = '<p>Trusted by <span data-variable="customer_count">4,200</span> teams on <strong><span data-variable="tier">Pro &amp; up</span></strong>, ARR <span data-variable="arr">{{arr}}</span>.</p>';

  it('loads each token as an inline variable node with the value it was read with', () => {
    const nodes: JSONContent[] = [];
    const walk = (n: JSONContent) => (n.type === VARIABLE_NODE ? nodes.push(n) : (n.content ?? []).forEach(walk));
    walk(toDoc(read));
    expect(nodes.map((n) => n.attrs)).toEqual([
      { key: 'customer_count', value: '4,200' },
      { key: 'tier', value: 'Pro & up' },
      { key: 'arr', value: '{{arr}}' },
    ]);
  });

  it('saves the bare tokens, never the values, and the allow-list keeps them', () => {
    const saved = storedText(throughEditor(read)).textHtml;
    expect(saved).toBe(`<p>Trusted by ${variableTokenHtml('customer_count')} teams on <strong>${variableTokenHtml('tier')}</strong>, ARR ${variableTokenHtml('arr')}.</p>`);
    expect(sanitize(saved)).toBe(saved);
  });

  it('saves an inserted variable as its token', () => {
    const doc: JSONContent = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We serve ' }, { type: VARIABLE_NODE, attrs: { key: 'customer_count', value: '4,200' } }] }] };
    expect(generateHTML(doc, extensions)).toBe(`<p>We serve ${variableTokenHtml('customer_count')}</p>`);
  });
});
