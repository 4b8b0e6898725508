import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalLink, parseFeed, parseOpml, SUMMARY_CHARS } from './feeds.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseFeed', () => {
  it('reads RSS 2.0: guid, canonical link, plain title and summary, content:encoded, pubDate or dc:date', () => {
    const feed = parseFeed(fixture('rss2.xml'));
    expect(feed.title).toBe('DataHarbor Blog');
    expect(feed.link).toBe('https://www.dataharbor.example/blog/');
    expect(feed.entries[0]).toEqual({
      guid: 'dh-2026-0142',
      link: 'https://www.dataharbor.example/blog/ai-battlecards',
      title: 'DataHarbor launches AI battlecards',
      summary: 'Today we are launching AI battlecards for every Pro customer. They update themselves from your win-loss notes.',
      contentHtml: '<h2>AI battlecards</h2><p>Today we are launching <strong>AI battlecards</strong> for every Pro customer.</p>',
      publishedAt: '2026-12-06T09:30:00.000Z',
    });
    // No guid: the link; no link either: a hash of the title and date, the same on every read.
    expect(feed.entries[1]).toMatchObject({ guid: 'https://www.dataharbor.example/careers/berlin', publishedAt: '2026-12-01T08:00:00.000Z' });
    expect(feed.entries[2].guid).toMatch(/^[0-9a-f]{32}$/);
    expect(parseFeed(fixture('rss2.xml')).entries[2].guid).toBe(feed.entries[2].guid);
    expect(feed.entries[2]).not.toHaveProperty('link');
  });

  it('reads Atom 1.0: id, the alternate link, html summary as text, published else updated', () => {
    const feed = parseFeed(fixture('atom.xml'));
    expect(feed).toMatchObject({ title: 'Quantive Labs Newsroom', link: 'https://quantive.example/news/' });
    expect(feed.entries).toEqual([
      {
        guid: 'tag:quantive.example,2026:news/series-b',
        link: 'https://quantive.example/news/series-b?ref=feed',
        title: 'Quantive Labs raises $40M Series B',
        summary: 'The round is led by Northwind Ventures.',
        contentHtml: '<p>The round is led by <em>Northwind Ventures</em>. The money goes to the EMEA sales team.</p>',
        publishedAt: '2026-12-05T17:30:02.000Z',
      },
      { guid: 'tag:quantive.example,2026:news/saastr', title: 'Quantive Labs at SaaStr', summary: 'Meet us at booth 12.', publishedAt: '2026-11-20T10:00:00.000Z' },
    ]);
  });

  it('reads JSON Feed, leaving out a date that does not parse', () => {
    const feed = parseFeed(fixture('feed.json'));
    expect(feed).toMatchObject({ title: 'Snowfield Changelog', link: 'https://snowfield.example/changelog' });
    expect(feed.entries[0]).toMatchObject({
      guid: '2026-12-04-sso',
      link: 'https://snowfield.example/changelog/sso',
      summary: 'SAML single sign-on is now available on every plan, including Starter.',
      publishedAt: '2026-12-04T17:00:00.000Z',
    });
    expect(feed.entries[1]).toEqual({ guid: '2026-11-28-export', title: 'CSV export', summary: 'Export any report as CSV.' });
  });

  it('reads RSS 1.0 (RDF)', () => {
    expect(parseFeed(fixture('rdf.xml'))).toEqual({
      title: 'Lumenary Press',
      link: 'https://lumenary.example/press',
      entries: [
        {
          guid: 'https://lumenary.example/press/pricing-2027',
          link: 'https://lumenary.example/press/pricing-2027',
          title: 'Lumenary announces 2027 pricing',
          summary: 'New Business and Enterprise plans from January.',
          publishedAt: '2026-11-30T09:00:00.000Z',
        },
      ],
    });
  });

  it(`cuts a summary at a word, within ${SUMMARY_CHARS} characters`, () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const { summary } = parseFeed(`<rss version="2.0"><channel><title>T</title><item><title>x</title><description>${long}</description></item></channel></rss>`).entries[0];
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_CHARS);
    expect(summary).toMatch(/ word\d+…$/);
  });

  it.each([
    ['text that is no feed', 'hello world', 'it is not an RSS, Atom, RDF or JSON feed'],
    ['an HTML page', '<html><body>Blog</body></html>', 'it is not an RSS, Atom, RDF or JSON feed'],
    ['JSON that is no feed', '{"items":[]}', 'it is not an RSS, Atom, RDF or JSON feed'],
    ['broken XML', '<rss version="2.0"><channel><title>x</titl></channel></rss>', 'its XML is malformed'],
    ['broken JSON', '{"version":"https://jsonfeed.org/version/1.1","items":[', 'its JSON is malformed'],
  ])('refuses %s with feed_malformed', (_, text, why) => {
    expect(() => parseFeed(text)).toThrow(expect.objectContaining({ code: 'feed_malformed', message: `The feed cannot be read: ${why}` }));
  });

  it('does not expand nested entity definitions (billion laughs)', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${levels}]><rss version="2.0"><channel><title>&lol9;</title><item><title>Hi &amp; &lol9;</title><description>&lol9;&lol9;</description></item></channel></rss>`;
    const started = performance.now();
    const feed = parseFeed(xml);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(JSON.stringify(feed).length).toBeLessThan(xml.length);
    expect(feed.entries[0].title).toBe('Hi & &lol9;');
  });
});

describe('parseOpml', () => {
  it('flattens nested outlines, keeps http(s) feeds once each', () => {
    expect(parseOpml(fixture('subscriptions.opml'))).toEqual([
      { title: 'DataHarbor Blog', url: 'https://www.dataharbor.example/blog/feed.xml' },
      { title: 'Quantive', url: 'https://quantive.example/news/atom.xml' },
      { title: 'Snowfield Changelog', url: 'https://snowfield.example/changelog/feed.json' },
    ]);
  });

  it('refuses what is no OPML', () => {
    expect(() => parseOpml('<opml><body><outline></body>')).toThrow(expect.objectContaining({ code: 'feed_malformed' }));
  });
});

describe('canonicalLink', () => {
  it.each([
    ['https://WWW.Example.COM/Blog/Post/?utm_source=x&b=2&a=1&fbclid=y#comments', 'https://www.example.com/Blog/Post?a=1&b=2'],
    ['https://example.com/?gclid=1', 'https://example.com/'],
    ['https://example.com:443/a//', 'https://example.com/a'],
    ['http://example.com/p?b=2&a=3&a=1', 'http://example.com/p?a=1&a=3&b=2'],
    ['  not a url ', 'not a url'],
  ])('%s', (url, expected) => {
    expect(canonicalLink(url)).toBe(expected);
  });
});
