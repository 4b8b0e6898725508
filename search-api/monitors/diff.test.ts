import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffPage, ELLIPSIS, isSignificant } from './diff.ts';
import { comparable, pageText } from './extract.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const side = (blocks: string[]) => ({ blocks, comparable: blocks.map(comparable) });

describe('diffPage', () => {
  const v1 = pageText(fixture('pricing-v1.html'));
  const v2 = pageText(fixture('pricing-v2.html'));

  it('shows only the price as changed, with a block of context each side and the rest collapsed', () => {
    const d = diffPage(v1, v2);
    expect(d.parts).toEqual([
      { kind: 'same', text: ELLIPSIS },
      { kind: 'same', text: 'Salesforce and HubSpot integrations\n' },
      { kind: 'removed', text: '$49' },
      { kind: 'added', text: ' $59' },
      { kind: 'same', text: ' per user per month, billed annually. Save 20% compared to monthly billing.\nBattlecards — Starter: 3; Pro: Unlimited\n' },
      { kind: 'same', text: ELLIPSIS },
    ]);
    expect(d.addedSentences).toEqual(['$59 per user per month, billed annually.']);
    expect(d.removedSentences).toEqual(['$49 per user per month, billed annually.']);
    expect(d.changedWords).toBe(2);
    expect(d.ratio).toBeGreaterThan(0.002);
    expect(isSignificant(d)).toBe(true);
  });

  it('finds no change when only the date, the time, the counters and the asset hashes changed', () => {
    const volatileOnly = pageText(fixture('pricing-v2.html').replace('$59 per user', '$49 per user'));
    expect(volatileOnly.blocks).not.toEqual(v1.blocks);
    const d = diffPage(v1, volatileOnly);
    expect(d).toEqual({ parts: [], addedSentences: [], removedSentences: [], changedWords: 0, ratio: 0 });
    expect(isSignificant(d)).toBe(false);
  });

  it('shows the new visit\'s date in unchanged context', () => {
    const d = diffPage(side(['Updated Dec 6, 2026', 'Pro costs $49.']), side(['Updated Dec 7, 2026', 'Pro costs $59.']));
    expect(d.parts).toEqual([
      { kind: 'same', text: 'Updated Dec 7, 2026\nPro costs' },
      { kind: 'removed', text: ' $49.' },
      { kind: 'added', text: ' $59.' },
      { kind: 'same', text: '\n' },
    ]);
  });

  it('shows added and removed blocks whole, and the sentences they hold', () => {
    const before = side(['Plans', 'Starter for small teams.', 'Pro for growing teams.', 'Contact sales.']);
    const after = side(['Plans', 'Pro for growing teams.', 'Enterprise adds SSO. It has audit logs too.', 'Contact sales.']);
    const d = diffPage(before, after);
    expect(d.parts).toEqual([
      { kind: 'same', text: 'Plans\n' },
      { kind: 'removed', text: 'Starter for small teams.\n' },
      { kind: 'same', text: 'Pro for growing teams.\n' },
      { kind: 'added', text: 'Enterprise adds SSO. It has audit logs too.\n' },
      { kind: 'same', text: 'Contact sales.\n' },
    ]);
    expect(d.addedSentences).toEqual(['Enterprise adds SSO.', 'It has audit logs too.']);
    expect(d.removedSentences).toEqual(['Starter for small teams.']);
    expect(d.changedWords).toBe(12);
  });

  it('keeps only the sentence that changed of a long block', () => {
    const d = diffPage(
      side(['We help sales teams win. Our plans start at $19. Support answers within a day.']),
      side(['We help sales teams win. Our plans start at $29. Support answers within a day.']),
    );
    expect(d.addedSentences).toEqual(['Our plans start at $29.']);
    expect(d.removedSentences).toEqual(['Our plans start at $19.']);
  });

  it('shows a rewritten page as removed and added whole, past the word edits it diffs word by word', () => {
    const old = Array.from({ length: 200 }, (_, i) => `Old paragraph ${i} says one thing.`);
    const now = Array.from({ length: 200 }, (_, i) => `New section ${i} tells another story.`);
    const d = diffPage(side(old), side(now));
    expect(d.parts).toEqual([
      { kind: 'removed', text: `${old.join('\n')}\n` },
      { kind: 'added', text: `${now.join('\n')}\n` },
    ]);
    expect(d.changedWords).toBe(200 * 6 + 200 * 6);
    expect(d.ratio).toBe(1);
    expect(d.addedSentences).toHaveLength(50);
  });

  it('finds nothing between equal pages', () => {
    expect(diffPage(v1, v1)).toEqual({ parts: [], addedSentences: [], removedSentences: [], changedWords: 0, ratio: 0 });
  });
});

describe('isSignificant', () => {
  const long = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of the product tour says what the platform does for teams.`);

  it('ignores a one-word fix on a long page, counts three words anywhere', () => {
    const typo = diffPage(side(long), side(long.map((l, i) => (i === 200 ? l.replace('platform', 'platfrom') : l))));
    expect(typo.changedWords).toBe(2);
    expect(isSignificant(typo)).toBe(false);
    const sentence = diffPage(side(long), side(long.map((l, i) => (i === 200 ? `${l} Now with SSO.` : l))));
    expect(sentence.changedWords).toBe(3);
    expect(isSignificant(sentence)).toBe(true);
    expect(isSignificant(sentence, { minWords: 5 })).toBe(false);
  });
});
