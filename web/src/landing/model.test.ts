import { describe, expect, it } from 'vitest';
import { LANDING, type GeneratedSection, type LandingPage } from '../../../contracts/landing.ts';
import { citationTarget, currentSection, landingPollInterval, picksChanged, pollsFor, sectionView, settingsChanged, tracksShare, websiteOf } from './model.ts';

const data = { markdown: 'x', citations: [], uses_public_sources: false, uses_private_sources: true };
const section = (status: GeneratedSection['status'], withData = false) => ({ status, data: withData ? data : null });
const pageWith = (...statuses: GeneratedSection['status'][]) =>
  ({
    generated: { sections: statuses.map((status, i) => ({ sectionType: i ? 'how_we_compare' : 'overview', status, data: null, error: null, generatedAt: null })) },
  }) as unknown as LandingPage;

describe('polling (part 3 §4.5)', () => {
  it('polls while a section is pending, queued or in progress', () => {
    expect(pollsFor(['pending', 'succeeded'])).toBe(true);
    expect(pollsFor(['queued', 'queued'])).toBe(true);
    expect(pollsFor(['succeeded', 'in_progress'])).toBe(true);
  });

  it('stops once both succeeded, or as soon as either failed', () => {
    expect(pollsFor(['succeeded', 'succeeded'])).toBe(false);
    expect(pollsFor(['failed', 'in_progress'])).toBe(false);
    expect(pollsFor(['queued', 'failed'])).toBe(false);
  });

  it('answers react-query’s interval: every 3 s, or not at all', () => {
    expect(landingPollInterval(pageWith('queued', 'succeeded'))).toBe(LANDING.pollMs);
    expect(LANDING.pollMs).toBe(3_000);
    expect(landingPollInterval(pageWith('succeeded', 'succeeded'))).toBe(false);
    expect(landingPollInterval(undefined)).toBe(false);
  });
});

describe('sectionView', () => {
  it('shows the content once succeeded, a skeleton while the first one is written, the content with a note while it is written again', () => {
    expect(sectionView(section('succeeded', true))).toBe('ready');
    expect(sectionView(section('in_progress'))).toBe('fetching');
    expect(sectionView(section('queued', true))).toBe('updating');
    expect(sectionView(undefined)).toBe('fetching');
  });

  it('shows the error of a failed section, with or without older content', () => {
    expect(sectionView(section('failed'))).toBe('failed');
    expect(sectionView(section('failed', true))).toBe('failed');
  });
});

describe('currentSection (scroll-spy)', () => {
  const order = ['how_we_compare', 'battlecards', 'curated', 'overview'];
  const line = 270;
  const seen = (ratio: number, bottom: number) => ({ ratio, bottom });

  it('marks the first section at least 20% in view that reaches below the reading line', () => {
    // At the top of the page: a short first section still holds the reading line.
    const top = new Map([
      ['how_we_compare', seen(1, 310)],
      ['battlecards', seen(1, 500)],
      ['curated', seen(0.4, 900)],
    ]);
    expect(LANDING.scrollSpyThreshold).toBe(0.2);
    expect(currentSection(top, order, line, null)).toBe('how_we_compare');
    // Further down: the tail of a short section above the line does not count; the one under the eye does.
    const down = new Map([
      ['curated', seen(0.3, 150)],
      ['overview', seen(0.6, 900)],
    ]);
    expect(currentSection(down, order, line, 'curated')).toBe('overview');
  });

  it('passes over a section under 20% in view', () => {
    const inView = new Map([
      ['how_we_compare', seen(0.19, 800)],
      ['battlecards', seen(0.2, 900)],
    ]);
    expect(currentSection(inView, order, line, null)).toBe('battlecards');
  });

  it('marks the last section in view at the end of the page, where every one ends above the line', () => {
    expect(currentSection(new Map([['curated', seen(0.5, 120)], ['overview', seen(1, 250)]]), order, line, null)).toBe('overview');
  });

  it('keeps the marked section while none is enough in view (a very long one fills the screen)', () => {
    expect(currentSection(new Map([['battlecards', seen(0.05, 900)]]), order, line, 'battlecards')).toBe('battlecards');
    expect(currentSection(new Map(), order, line, null)).toBeNull();
  });
});

describe('tracksShare (share-link tracking, part 3 §9)', () => {
  it('reports the first use, then at most one per 5 s', () => {
    expect(tracksShare(null, 1_000)).toBe(true);
    expect(tracksShare(1_000, 1_000 + LANDING.shareTrackMs - 1)).toBe(false);
    expect(tracksShare(1_000, 1_000 + LANDING.shareTrackMs)).toBe(true);
  });
});

describe('citationTarget', () => {
  it('opens a card in the viewer by its id, whatever its url', () => {
    expect(citationTarget({ type: 'card', id: 9, url: '/profile/3?viewCard=9' })).toEqual({ kind: 'card', cardId: 9 });
  });

  it('scrolls to an insight on the page, opens app paths in place and web addresses in a new tab', () => {
    expect(citationTarget({ type: 'insight', id: 4, url: '#insight-4' })).toEqual({ kind: 'anchor', id: 'insight-4' });
    expect(citationTarget({ type: 'battlecard', id: 2, url: '/profile/3/battlecard/view/2' })).toEqual({ kind: 'route', to: '/profile/3/battlecard/view/2' });
    expect(citationTarget({ type: 'intel', id: 5, url: 'https://news.example/item' })).toEqual({ kind: 'external', href: 'https://news.example/item' });
  });

  it('follows nothing else', () => {
    expect(citationTarget({ type: 'intel', id: 5, url: 'javascript:alert(1)' })).toBeNull();
    expect(citationTarget({ type: 'intel', id: 5, url: '//evil.example/x' })).toBeNull();
    expect(citationTarget({ type: 'insight', id: 4, url: '#a b' })).toBeNull();
  });
});

describe('websiteOf', () => {
  it('links an http(s) website, labelled by the domain or else the host', () => {
    expect(websiteOf({ url: 'https://www.acme.test/pricing', domain: 'acme.test' })).toEqual({ href: 'https://www.acme.test/pricing', label: 'acme.test' });
    expect(websiteOf({ url: 'http://acme.test', domain: null })).toEqual({ href: 'http://acme.test', label: 'acme.test' });
  });

  it('links nothing else', () => {
    expect(websiteOf({ url: 'javascript:alert(1)', domain: 'acme.test' })).toBeNull();
    expect(websiteOf({ url: null, domain: 'acme.test' })).toBeNull();
    expect(websiteOf({ url: 'https://', domain: null })).toBeNull();
  });
});

describe('picksChanged', () => {
  it('sees a card added, removed or moved, and nothing in the same picks', () => {
    expect(picksChanged([1, 2], [1, 2])).toBe(false);
    expect(picksChanged([1, 2], [1, 2, 3])).toBe(true);
    expect(picksChanged([1, 2], [2])).toBe(true);
    expect(picksChanged([1, 2], [2, 1])).toBe(true);
  });
});

describe('settingsChanged (part 3 §4.6b)', () => {
  const saved = { publicSourcesEnabled: true, products: [1, 2] };

  it('is false for the saved settings, whatever the order of the products', () => {
    expect(settingsChanged(saved, { publicSourcesEnabled: true, products: [2, 1] })).toBe(false);
  });

  it('is true once the toggle or the products differ', () => {
    expect(settingsChanged(saved, { publicSourcesEnabled: false, products: [1, 2] })).toBe(true);
    expect(settingsChanged(saved, { publicSourcesEnabled: true, products: [1] })).toBe(true);
    expect(settingsChanged(saved, { publicSourcesEnabled: true, products: [1, 3] })).toBe(true);
    expect(settingsChanged(saved, { publicSourcesEnabled: true, products: [1, 2, 3] })).toBe(true);
  });
});
