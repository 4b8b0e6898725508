import { describe, expect, it } from 'vitest';
import { sourceLabels, truncateMiddle, type SourceLabel } from './sourceLabels.ts';

const text = (l: SourceLabel) => [l.lead, l.key, l.tail].filter(Boolean).join(' ');

describe('source chip labels', () => {
  it('sets apart what differs between titles that share their start', () => {
    const labels = sourceLabels(['How we lose to Stratalytics', 'How we lose to Vantapoint', 'How we lose to Tessellate BI']);
    expect(labels.map((l) => l.key)).toEqual(['Stratalytics', 'Vantapoint', 'Tessellate BI']);
    expect(labels.every((l) => l.lead === 'How we lose to' && l.tail === '')).toBe(true);
  });

  it('finds the differing middle when titles share a start and an end', () => {
    const [a, b, c] = sourceLabels(['Where Lumenary is strong', 'Where Vantapoint is strong', 'Pricing tiers']);
    expect(a).toEqual({ lead: 'Where', key: 'Lumenary', tail: 'is strong' });
    expect(b.key).toBe('Vantapoint');
    // A title that shares nothing is all its own.
    expect(c).toEqual({ lead: '', key: 'Pricing tiers', tail: '' });
  });

  it('compares each title with the one closest to it, ignoring case', () => {
    const [a, b, c] = sourceLabels(['How we win against Lumenary', 'How we lose to Lumenary', 'how we lose to Clearmetric']);
    expect(a).toEqual({ lead: 'How we', key: 'win against', tail: 'Lumenary' });
    expect(b).toEqual({ lead: 'How we lose to', key: 'Lumenary', tail: '' });
    expect(c.key).toBe('Clearmetric');
  });

  it('keeps a title whole when it is all shared: the same title twice, or the start of a longer one', () => {
    const [a, b, c] = sourceLabels(['Pricing', 'Pricing', 'Pricing tiers']);
    expect(a).toEqual({ lead: '', key: 'Pricing', tail: '' });
    expect(b).toEqual({ lead: '', key: 'Pricing', tail: '' });
    expect(c).toEqual({ lead: 'Pricing', key: 'tiers', tail: '' });
  });

  it('shortens shared words before its own, and its own in the middle, to fit a chip', () => {
    const long = 'What the procurement team at a large bank asked about';
    const [a] = sourceLabels([`${long} Lumenary renewals`, `${long} Vantapoint renewals`], 30);
    expect(a).toEqual({ lead: 'What…', key: 'Lumenary', tail: 'renewals' });
    const [solo] = sourceLabels(['An overly long title for a single source that never ends well'], 24);
    expect(text(solo)).toHaveLength(24);
    expect(solo.key.startsWith('An overly')).toBe(true);
    expect(solo.key.endsWith('ends well')).toBe(true);
    expect(solo.key).toContain('…');
    for (const l of sourceLabels([`${long} Lumenary and the very long name of a partner`, `${long} Vantapoint`], 30)) expect(text(l).length).toBeLessThanOrEqual(30);
  });

  it('cuts text in the middle', () => {
    expect(truncateMiddle('abcdefghij', 20)).toBe('abcdefghij');
    expect(truncateMiddle('abcdefghij', 5)).toBe('ab…ij');
    expect(truncateMiddle('abcdefghij', 1)).toBe('…');
  });
});
