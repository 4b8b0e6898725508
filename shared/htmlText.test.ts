import { describe, expect, it } from 'vitest';
import { htmlToText } from './htmlText.ts';

describe('htmlToText', () => {
  it('strips tags, keeps block boundaries and decodes entities', () => {
    const html = '<h3>Pricing</h3><p>Starts at <strong>$40</strong>&nbsp;per seat &amp; month</p><ul><li>SSO</li><li>SOC&#160;2</li></ul>';
    expect(htmlToText(html)).toBe('Pricing\nStarts at $40 per seat & month\nSSO\nSOC 2');
  });

  it('drops script and style contents and comments', () => {
    expect(htmlToText('<style>p{}</style><p>a<script>alert(1)</script>b</p><!-- x -->')).toBe('ab');
  });

  it('keeps unknown entities literally and table cells apart', () => {
    expect(htmlToText('<table><tr><td>A&foo;</td><td>B&#x41;</td></tr></table>')).toBe('A&foo;\nBA');
  });
});
