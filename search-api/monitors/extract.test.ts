import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MonitorTextError } from './errors.ts';
import { comparable, pageText } from './extract.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('pageText', () => {
  it('reads the main content as one line per block, without banners, navigation, forms, pop-ups or scripts', () => {
    const page = pageText(fixture('pricing-v1.html'));
    expect(page.title).toBe('Pricing | DataHarbor');
    expect(page.blocks.slice(0, 4)).toEqual([
      'Simple, transparent pricing',
      'Last updated Dec 6, 2026 at 9:30 am',
      'Every plan includes unlimited dashboards, SSO and role-based access.',
      'Starter',
    ]);
    expect(page.blocks).toContain('$49 per user per month, billed annually. Save 20% compared to monthly billing.');
    expect(page.blocks).toContain('Up to 50 users');
    // Table rows name their cells by column, as card text does (server-shared/htmlText.ts).
    expect(page.blocks).toContain('API access — Starter: No; Pro: Yes');
    const all = page.blocks.join('\n');
    for (const noise of ['cookies', 'Accept all', 'Careers', 'newsletter', 'Start free trial', 'dataLayer', 'All rights reserved']) expect(all).not.toContain(noise);
  });

  it('keeps the blocks readable and their comparison forms word for word, volatile tokens as placeholders', () => {
    const page = pageText(fixture('pricing-v1.html'));
    expect(page.comparable).toHaveLength(page.blocks.length);
    page.blocks.forEach((b, i) => expect(page.comparable[i].split(' ')).toHaveLength(b.split(' ').length));
    expect(page.comparable[1]).toBe('Last updated ⟨date⟩ ⟨date⟩ ⟨date⟩ ⟨date⟩ ⟨date⟩ ⟨date⟩');
    expect(page.comparable.at(-1)).toBe('⟨count⟩ views · ⟨count⟩ comments');
    expect(pageText(fixture('pricing-v2.html')).comparable).toEqual(page.comparable.map((c) => c.replace('$49', '$59')));
  });

  it('reads only the selected part, page header or footer included when selected', () => {
    const html = fixture('pricing-v1.html');
    expect(pageText(html, { selector: 'section.plan:nth-of-type(2)' }).blocks).toEqual([
      'Pro',
      'For growing revenue teams. Battlecards, alerts and a CRM integration.',
      'Up to 50 users',
      'Salesforce and HubSpot integrations',
      '$49 per user per month, billed annually. Save 20% compared to monthly billing.',
    ]);
    expect(pageText(html, { selector: 'footer' }).blocks).toEqual(['© 2026 DataHarbor Inc. All rights reserved.']);
  });

  it('throws selector_not_found when the selector matches nothing, selector_invalid when it does not parse', () => {
    const read = (selector: string) => () => pageText(fixture('pricing-v1.html'), { selector, url: 'https://dataharbor.example/pricing' });
    expect(read('#plans')).toThrow(MonitorTextError);
    expect(read('#plans')).toThrow(expect.objectContaining({ code: 'selector_not_found', message: expect.stringContaining('https://dataharbor.example/pricing') }));
    expect(read('div[')).toThrow(expect.objectContaining({ code: 'selector_invalid' }));
  });

  it('reads the body when the page has no main or single article, and an article\'s own header', () => {
    const html = `<html><head><title> Careers  at
      Acme </title></head><body><nav>Home</nav><header>Acme</header>
      <div>Open roles<br>Berlin</div><article><header><h1>Sales engineer</h1></header><p>Join us.</p></article>
      <article><p>Second</p></article><div aria-label="Cookie consent">OK?</div><footer>Imprint</footer></body></html>`;
    expect(pageText(html)).toMatchObject({ title: 'Careers at Acme', blocks: ['Open roles', 'Berlin', 'Sales engineer', 'Join us.', 'Second'] });
  });

  it('joins inline elements as a browser shows them, breaks lines at <br> and blocks', () => {
    expect(pageText('<main><p>Every plan has <b>SSO</b>, <a href="/audit">audit logs</a> and<br>an <span>API</span><span>.</span></p><div>Pro<div>$49</div></div></main>').blocks).toEqual([
      'Every plan has SSO, audit logs and',
      'an API.',
      'Pro',
      '$49',
    ]);
  });

  it('leaves out drawings, hidden elements and their titles', () => {
    const html = '<html><body><main><svg><title>Logo</title><text>Acme</text></svg><p>Hi <svg><text>x</text></svg>there</p><div hidden>Secret plan</div><p aria-hidden="true">✦</p></main></body></html>';
    expect(pageText(html)).toEqual({ title: '', blocks: ['Hi there'], comparable: ['Hi there'] });
  });

  // Without a selector the page is read in one pass over the parser's events; with one, by walking linkedom's DOM.
  // Selecting the root the streaming pass picks must give the same title and blocks.
  it.each([
    ['pricing-v1.html', fixture('pricing-v1.html'), 'main'],
    ['pricing-v2.html', fixture('pricing-v2.html'), 'main'],
    [
      'a body with two articles, frames, pop-ups and nested content',
      `<html><head><title>News</title></head><body><header>Acme</header><div>Intro<br>more</div><article><header><h1>One</h1></header>
      <p>First <b>story</b></p></article><article><section><header>Own header</header><p>Second</p></section></article>
      <div ID="cookie">Upper-case id: kept</div><div class="gdpr">Consent</div><p aria-hidden="true">x</p><footer>Imprint</footer></body></html>`,
      'body',
    ],
    ['the one article', '<html><body><nav>Menu</nav><article><h1>Launch</h1><p>Out now</p><footer>Share</footer></article><p>Other</p></body></html>', 'article'],
    ['role=main on a div', '<html><body><div role="main"><header>Skipped: a div is not content</header><p>Kept</p></div></body></html>', '[role="main"]'],
    ['a main inside a template is not found', '<html><body><template><main>Hidden</main></template><p>Shown</p></body></html>', 'body'],
    [
      'tables, plain and not',
      `<main><table><caption>Plans</caption><thead><tr><th>Plan</th><th colspan="2">Price</th><th>Seats</th></tr></thead>
      <tbody><tr><td>Pro</td><td>$49</td><td>monthly
      or yearly</td><td><b>50</b></td></tr><tr><th>Team</th><td>&nbsp;</td></tr></tbody></table>
      <table><tr><td>A &amp; B</td><td><p>one</p><p>two</p></td></tr><!-- note --><tr><td>x</td><td>y</td></tr></table></main>`,
      'main',
    ],
  ])('reads %s as the DOM walk reads the root it picks', (_, html, selector) => {
    expect(pageText(html)).toEqual(pageText(html, { selector }));
  });

  it('reads a fragment or an empty page', () => {
    expect(pageText('')).toEqual({ title: '', blocks: [], comparable: [] });
    expect(pageText('<h1>New</h1><p>Posted 3 hours ago</p>')).toEqual({ title: 'New', blocks: ['New', 'Posted 3 hours ago'], comparable: ['New', '⟨ago⟩ ⟨ago⟩ ⟨ago⟩ ⟨ago⟩'] });
  });
});

describe('comparable', () => {
  it.each([
    ['Published 2026-12-06T09:30:00Z by the team', 'Published ⟨date⟩ by the team'],
    ['Updated 2026-12-06', 'Updated ⟨date⟩'],
    ['Posted on Dec 6, 2026.', 'Posted on ⟨date⟩ ⟨date⟩ ⟨date⟩.'],
    ['Posted on Sunday, December 6th, 2026', 'Posted on ⟨date⟩ ⟨date⟩ ⟨date⟩ ⟨date⟩'],
    ['As of 6 December 2026 the plan changes', 'As of ⟨date⟩ ⟨date⟩ ⟨date⟩ the plan changes'],
    ['Deadline 12/06/2026', 'Deadline ⟨date⟩'],
    ['Doors open 10:30 pm EST', 'Doors open ⟨time⟩ ⟨time⟩ ⟨time⟩'],
    ['Reply sent 3 hours ago', 'Reply sent ⟨ago⟩ ⟨ago⟩ ⟨ago⟩'],
    ['updated 5 minutes ago', '⟨ago⟩ ⟨ago⟩ ⟨ago⟩ ⟨ago⟩'],
    ['Edited an hour ago', '⟨ago⟩ ⟨ago⟩ ⟨ago⟩ ⟨ago⟩'],
    ['1,234 views, 12k likes and 3 comments', '⟨count⟩ views, ⟨count⟩ likes and ⟨count⟩ comments'],
    ['Follow us: 10,500+ followers', 'Follow us: ⟨count⟩ followers'],
    ['Build app.3f2a9c1b.js shipped', 'Build app.⟨hash⟩.js shipped'],
  ])('%s', (line, expected) => {
    expect(comparable(line)).toBe(expected);
  });

  it('leaves prices, plan limits and versions alone', () => {
    for (const line of ['$49 per user per month', 'Up to 50 users', 'Version 2.4 released', 'Save 20% in 2027', 'Call 555-0100', 'ISO 27001 certified'])
      expect(comparable(line)).toBe(line);
  });
});
