import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { snippetHtml, snippetText } from './highlight.ts';
import { MARK_CLOSE as C, MARK_OPEN as O } from './request.ts';

/** Marks the words of `terms` (case-insensitively) as an engine would. */
const mark = (text: string, ...terms: string[]) => text.replace(new RegExp(`\\b(${terms.join('|')})\\b`, 'gi'), `${O}$1${C}`);
const plain = (s: string) => s.replaceAll(O, '[').replaceAll(C, ']');

describe('snippetText', () => {
  it('reads a table row as "label — column: value", not a run of numbers', () => {
    const text = htmlToText(
      '<table><thead><tr><th>Theme</th><th>Mentions in wins</th><th>Mentions in losses</th></tr></thead><tbody>' +
        '<tr><td>Ease of use</td><td>2</td><td>9</td></tr><tr><td>Price</td><td>6</td><td>3</td></tr></tbody></table>',
    );
    const s = plain(snippetText(mark(text, 'price')));
    expect(s).toMatch(/^\[Price\] — Mentions in wins: 6; Mentions in losses: 3/);
    expect(s).not.toMatch(/\d+ · \d+/);
  });

  it('starts at the sentence holding the first match, not in the middle of it', () => {
    const text = 'Acme sells seats. Their renewal quotes rise every year by 9%. Ask about pricing before the demo.';
    expect(plain(snippetText(mark(text, 'pricing')))).toBe('Ask about [pricing] before the demo.');
    expect(plain(snippetText(mark(text, 'renewal')))).toBe('Their [renewal] quotes rise every year by 9%. Ask about pricing before the demo.');
  });

  it('starts at a word with an ellipsis when the sentence before the match is long', () => {
    const long = `${'Northwind keeps its governance features on every tier while the rival charges extra for them and '.repeat(2)}then the pricing changes.`;
    const s = plain(snippetText(mark(long, 'pricing'), 120));
    expect(s.startsWith('…')).toBe(true);
    expect(s).toContain('[pricing]');
    // The word after the ellipsis is whole: the text goes on from a space in the original.
    expect(long).toContain(` ${s.slice(1, 20).replace(/\[|\]/g, '')}`);
    expect(s.indexOf('[pricing]')).toBeLessThanOrEqual(Math.ceil(120 * 0.35) + 12);
  });

  it('ends at a word with an ellipsis when cut, or at a sentence end when one is near', () => {
    const words = mark(`Pricing ${'governance reporting dashboards '.repeat(20)}`.trim(), 'pricing');
    const cut = snippetText(words, 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(`${plain(cut).slice(0, -1)} `).toMatch(/(governance|reporting|dashboards) $/);
    const sentences = mark('Pricing is per seat and billed yearly for every user. Viewers are free of charge on all the plans we sell today.', 'pricing');
    expect(plain(snippetText(sentences, 70))).toBe('[Pricing] is per seat and billed yearly for every user.');
  });

  it('picks the line with the most distinct matches and follows it with the next lines while there is room', () => {
    const text = mark(['Overview', 'Pricing is per seat.', 'Pricing and discounts: 20% for three years', 'Ask for the discount desk'].join('\n'), 'pricing', 'discounts');
    expect(plain(snippetText(text))).toBe('[Pricing] and [discounts]: 20% for three years · Ask for the discount desk');
  });

  it('shows an ellipsis before a later line that goes on from the lines before it', () => {
    const text = htmlToText('<p>They are investing in:</p><ul><li>natural-language dashboards</li><li>row-level security</li></ul><p>Roadmap items are not commitments.</p>');
    expect(plain(snippetText(mark(text, 'security')))).toBe('…row-level [security] · Roadmap items are not commitments.');
    // The first line, or a later one starting a sentence, is not cut.
    expect(plain(snippetText(mark(text, 'investing')))).toMatch(/^They are \[investing\] in:/);
    expect(plain(snippetText(mark(text, 'roadmap')))).toBe('[Roadmap] items are not commitments.');
  });

  it('keeps markers paired and escapes the text around them', () => {
    const html = snippetHtml(`${O}Zanzibar${C} <img src=x onerror=alert(1)> & pricing`);
    expect(html).toBe('<em>Zanzibar</em> &lt;img src=x onerror=alert(1)&gt; &amp; pricing');
    const cutInside = snippetText(`${O}${'a'.repeat(300)}${C}`, 50);
    expect(cutInside.split(O).length).toBe(cutInside.split(C).length);
  });

  it('returns an empty snippet for empty text', () => {
    expect(snippetText(' \n ')).toBe('');
  });
});
