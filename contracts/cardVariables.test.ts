import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../search-api/html/sanitize.ts';
import { variableKeys, variableTokenHtml, withVariableValues } from './cardVariables.ts';

const values = new Map([['customer_count', '4,200'], ['tier', '<b>Pro</b> & "more"']]);

describe('card variables', () => {
  it('puts the current value in each token, the token staying a token', () => {
    const html = `<p>Trusted by ${variableTokenHtml('customer_count')} teams, ${variableTokenHtml('customer_count')} and counting.</p>`;
    expect(withVariableValues(html, values)).toBe(
      '<p>Trusted by <span data-variable="customer_count">4,200</span> teams, <span data-variable="customer_count">4,200</span> and counting.</p>');
  });

  it('replaces a value read before: a token holds whatever the last read put in it', () => {
    const read = withVariableValues(variableTokenHtml('customer_count'), values);
    expect(withVariableValues(read, new Map([['customer_count', '5,000']]))).toBe('<span data-variable="customer_count">5,000</span>');
  });

  it('keeps the placeholder of a key the company has no variable for', () => {
    expect(withVariableValues(`<p>${variableTokenHtml('arr')}</p>`, values)).toBe('<p><span data-variable="arr">{{arr}}</span></p>');
  });

  it('writes a value as text, never as markup', () => {
    expect(withVariableValues(variableTokenHtml('tier'), values)).toBe('<span data-variable="tier">&lt;b&gt;Pro&lt;/b&gt; &amp; &quot;more&quot;</span>');
  });

  it('leaves HTML without tokens alone, and lists the keys a text inserts', () => {
    const html = '<p>{{customer_count}} <span title="x">plain</span></p>';
    expect(withVariableValues(html, values)).toBe(html);
    expect(variableKeys(`${variableTokenHtml('tier')}${variableTokenHtml('arr')}${variableTokenHtml('tier')}`)).toEqual(['tier', 'arr']);
  });

  it('survives the allow-list on a span only', () => {
    expect(sanitizeHtml(`<p>${variableTokenHtml('tier')}</p>`)).toBe(`<p>${variableTokenHtml('tier')}</p>`);
    expect(sanitizeHtml('<p data-variable="tier">x</p><span data-other="1">y</span>')).toBe('<p>x</p><span>y</span>');
  });
});
