import { describe, expect, it } from 'vitest';
import { htmlToText, joinPieces } from './htmlText.ts';

const table = (head: string[] | null, rows: string[][]) =>
  `<table>${head ? `<thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>` : ''}<tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

describe('htmlToText', () => {
  it('strips tags, keeps block boundaries and decodes entities', () => {
    const html = '<h3>Pricing</h3><p>Starts at <strong>$40</strong>&nbsp;per seat &amp; month</p><ul><li>SSO</li><li>SOC&#160;2</li></ul>';
    expect(htmlToText(html)).toBe('Pricing\nStarts at $40 per seat & month\nSSO\nSOC 2');
  });

  it('drops script and style contents and comments', () => {
    expect(htmlToText('<style>p{}</style><p>a<script>alert(1)</script>b</p><!-- x -->')).toBe('ab');
  });

  it('keeps unknown entities literally and decodes numeric ones once', () => {
    expect(htmlToText('<p>A&foo; B&#x41; &amp;lt;b&amp;gt;</p>')).toBe('A&foo; BA &lt;b&gt;');
  });

  it('reads a table row as its label and the header names of its cells, never bare numbers', () => {
    const html = table(['Theme', 'Mentions in wins', 'Mentions in losses'], [
      ['Ease of use', '2', '9'],
      ['Price', '6', '3'],
    ]) + '<p>Based on 40 interviews.</p>';
    expect(htmlToText(html)).toBe(
      'Ease of use — Mentions in wins: 2; Mentions in losses: 9\nPrice — Mentions in wins: 6; Mentions in losses: 3\nBased on 40 interviews.',
    );
  });

  it('takes a first row of <th> cells as the header when the table has no <thead>', () => {
    const html = '<table><tr><th>Tier</th><th>List price</th><th>Seats</th></tr><tr><td><strong>Team</strong></td><td>$40</td><td>10</td></tr></table>';
    expect(htmlToText(html)).toBe('Team — List price: $40; Seats: 10');
  });

  it('reads a two-column table as "label: value" and a table without header as label and values', () => {
    expect(htmlToText(table(['Fact', 'Value'], [['Headquarters', 'Boston'], ['Employees', '1,200']]))).toBe('Headquarters: Boston\nEmployees: 1,200');
    expect(htmlToText(table(null, [['Acme', 'fast', 'cheap'], ['Solo']]))).toBe('Acme — fast; cheap\nSolo');
  });

  it('skips empty cells, lets a label that ends with a colon run on, and names cells without a label', () => {
    const html = table(['', 'Helpful', 'Harmful'], [
      ['<strong>Internal</strong>', '<strong>Strengths:</strong> speed', ''],
      ['', 'growth', 'price'],
    ]);
    expect(htmlToText(html)).toBe('Internal — Helpful: Strengths: speed\nHelpful: growth; Harmful: price');
  });

  it('follows colspan so cells keep their column names', () => {
    const html = '<table><thead><tr><th>Plan</th><th colspan="2">Price</th><th>Support</th></tr></thead><tr><td>Pro</td><td colspan="2">$10</td><td>24/7</td></tr></table>';
    expect(htmlToText(html)).toBe('Pro — Price: $10; Support: 24/7');
  });

  it('keeps a cell’s list or paragraphs on its row, and a nested table within its cell', () => {
    const nested = table(['Capability', 'Us', 'Them'], [['SSO', '<ul><li>SAML</li><li>OIDC</li></ul>', '<p>Paid tier.</p><p>Extra cost</p>']]);
    expect(htmlToText(nested)).toBe('SSO — Us: SAML, OIDC; Them: Paid tier. Extra cost');
    const outer = `<table><tr><td>Outer</td><td>${table(null, [['a', 'b']])}</td></tr></table>`;
    expect(htmlToText(outer)).toBe('Outer: a: b');
  });

  it('puts each item of nested lists on its own line', () => {
    expect(htmlToText('<ul><li>Security<ul><li>SSO on every tier</li><li>SCIM</li></ul></li><li>Price</li></ul>')).toBe('Security\nSSO on every tier\nSCIM\nPrice');
  });

  it('reads a header-only table as one line, and a caption before the rows', () => {
    expect(htmlToText('<table><thead><tr><th>A</th><th>B</th></tr></thead></table>')).toBe('A; B');
    expect(htmlToText(`<table><caption>Win rates</caption><tr><td>Enterprise</td><td>41%</td></tr></table>`)).toBe('Win rates\nEnterprise: 41%');
  });

  it('still separates the cells of a table that is never closed', () => {
    expect(htmlToText('<table><tr><td>A</td><td>B')).toBe('A\nB');
  });
});

describe('joinPieces', () => {
  it('joins with the separator unless a piece ends a clause', () => {
    expect(joinPieces(['One', 'Two.', 'Three:', 'Four'], ' · ')).toBe('One · Two. Three: Four');
    expect(joinPieces([], '; ')).toBe('');
  });
});
