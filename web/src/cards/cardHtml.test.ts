// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { wrapTables } from './cardHtml.ts';

describe('card tables', () => {
  it('puts each table in a scrolling wrapper and leaves the rest as it is', () => {
    const html = '<p>Facts</p><table><tbody><tr><td>Headquarters</td><td>$456,000,000</td></tr></tbody></table><p>After</p>';
    const out = new DOMParser().parseFromString(wrapTables(html, 'wrap'), 'text/html').body;
    const wrapper = out.querySelector('div.wrap[data-table-wrap]')!;
    expect(wrapper.firstElementChild?.tagName).toBe('TABLE');
    expect(wrapper.textContent).toBe('Headquarters$456,000,000');
    expect([...out.children].map((e) => e.tagName)).toEqual(['P', 'DIV', 'P']);
  });

  it('wraps nested tables on their own and leaves HTML without tables untouched', () => {
    const nested = '<table><tbody><tr><td><table><tbody><tr><td>x</td></tr></tbody></table></td></tr></tbody></table>';
    const out = new DOMParser().parseFromString(wrapTables(nested, 'wrap'), 'text/html').body;
    expect(out.querySelectorAll('div.wrap > table')).toHaveLength(2);
    const plain = '<p title="a &lt;table">No tables <b>here</b></p>';
    expect(wrapTables(plain, 'wrap')).toBe(plain);
  });

  it('keeps attribute text that looks like a table tag inside its attribute', () => {
    const tricky = '<p title="<table onmouseover=x>">t</p><table><tbody><tr><td>1</td></tr></tbody></table>';
    const out = new DOMParser().parseFromString(wrapTables(tricky, 'wrap'), 'text/html').body;
    expect(out.querySelector('p')!.getAttribute('title')).toBe('<table onmouseover=x>');
    expect(out.querySelectorAll('[onmouseover]')).toHaveLength(0);
    expect(out.querySelectorAll('div.wrap > table')).toHaveLength(1);
  });
});
