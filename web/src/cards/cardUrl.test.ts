import { describe, expect, it } from 'vitest';
import { CARD_URL_ERROR, cardLinkTarget, isExternalLink, parseCardUrl, positiveId, viewCardId, withViewCard } from './cardUrl.ts';

describe('parseCardUrl', () => {
  it('reads the card links of the product', () => {
    expect(parseCardUrl('/profile/3?viewCard=41')).toEqual({ cardId: 41, profileId: 3 });
    expect(parseCardUrl('https://app.rivalscope.test/search/x?viewCard=41')).toEqual({ cardId: 41, profileId: null });
    expect(parseCardUrl('/card/embed/12')).toEqual({ cardId: 12, profileId: null });
    expect(parseCardUrl('/profile/3/edit/card/12')).toEqual({ cardId: 12, profileId: 3 });
    expect(parseCardUrl('/profile/3/edit/card/12/edit')).toEqual({ cardId: 12, profileId: 3 });
    expect(parseCardUrl('/profile/3/edit#7/12')).toEqual({ cardId: 12, profileId: 3 });
    expect(parseCardUrl('/profile/3/battlecard/view/5?cardId=12')).toEqual({ cardId: 12, profileId: 3 });
    expect(parseCardUrl('12')).toEqual({ cardId: 12, profileId: null });
  });

  it.each([
    '/profile/3?viewCard=0',
    '/profile/3?viewCard=-4',
    '/profile/3?viewCard=1.5',
    '/profile/3?viewCard=abc',
    '/profile/3?viewCard=',
    '/profile/x?viewCard=4',
    '/card/embed/',
    '/card/embed/007',
    '/profile/3/edit/card/99999999999',
    '/dashboard',
    'not a url at all',
    '',
  ])('raises "Error parsing Card URL." for %j', (url) => {
    expect(() => parseCardUrl(url)).toThrow(CARD_URL_ERROR);
  });
});

describe('positiveId', () => {
  it('accepts positive integers only', () => {
    expect(positiveId('5')).toBe(5);
    expect(positiveId(' 5 ')).toBe(5);
    expect(positiveId('05')).toBeNull();
    expect(positiveId('5e2')).toBeNull();
    expect(positiveId(null)).toBeNull();
    expect(positiveId('2147483648')).toBeNull();
  });
  it('reads viewCard from the query', () => {
    expect(viewCardId(new URLSearchParams('viewCard=9'))).toBe(9);
    expect(viewCardId(new URLSearchParams('viewCard=nine'))).toBeNull();
  });
  it('sets and removes viewCard, keeping the rest of the query', () => {
    expect(withViewCard('/search/x', '?board=1:must,2:should', 7)).toBe('/search/x?board=1:must,2:should&viewCard=7');
    expect(withViewCard('/profile/3', '?viewCard=7', null)).toBe('/profile/3');
  });
});

describe('links inside card text', () => {
  const origin = 'https://app.rivalscope.test';
  it('recognises same-origin card links', () => {
    expect(cardLinkTarget('/profile/2?viewCard=8', origin)).toEqual({ cardId: 8, profileId: 2 });
    expect(cardLinkTarget('https://app.rivalscope.test/card/embed/8', origin)).toEqual({ cardId: 8, profileId: null });
    expect(cardLinkTarget('https://elsewhere.test/card/embed/8', origin)).toBeNull();
    expect(cardLinkTarget('/profile/2?viewCard=oops', origin)).toBeNull();
    expect(cardLinkTarget('/dashboard', origin)).toBeNull();
  });
  it('opens links to other hosts in a new tab', () => {
    expect(isExternalLink('https://lumenary.test/pricing', origin)).toBe(true);
    expect(isExternalLink('/profile/2', origin)).toBe(false);
    expect(isExternalLink('https://app.rivalscope.test/x', origin)).toBe(false);
    expect(isExternalLink('mailto:a@b.test', origin)).toBe(false);
  });
});
