import { describe, expect, it } from 'vitest';
import { extractiveAnswer, NOTHING_FOUND, sentences } from './extractive.ts';
import type { Passage } from './retrieval.ts';
import { featuredRivals, namedRivals, weightedPick, type RivalRow } from './rivals.ts';

const passage = (id: number, text: string): Passage => ({
  docType: 'card',
  id,
  title: `Card ${id}`,
  url: `/profile/1?viewCard=${id}`,
  text,
  rivalIds: [1],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});

describe('the extractive answer', () => {
  const passages = [
    passage(1, 'Acme charges per seat and bills annually. Their support team is based in Ohio.'),
    passage(2, 'Weather was nice at the offsite this year, everyone enjoyed it.'),
    passage(3, 'Acme pricing has a hidden platform fee on top of every seat. Acme also resells hardware.'),
    passage(4, 'How does Acme pricing per seat compare with ours? Source: acme.test/pricing'),
  ];

  it('uses only sentences of the passages, each followed by the [n] of its passage, citing only those', () => {
    const a = extractiveAnswer('How does Acme pricing per seat work?', passages);
    const parts = a.text.split('\n\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      const [, sentence, ref] = p.match(/^(.*) \[(\d+)\]$/)!;
      expect(a.cited[Number(ref) - 1].text).toContain(sentence);
    }
    expect(a.cited.map((p) => p.id).sort()).toEqual([1, 3]);
    expect(a.text).not.toMatch(/Weather/);
    // Questions and label lines are never quoted.
    expect(a.text).not.toMatch(/\?|Source:/);
  });

  it('takes the best sentence of different passages before a second one of the same', () => {
    const a = extractiveAnswer('Acme pricing seat', passages);
    const refs = a.text.split('\n\n').map((p) => p.match(/\[(\d+)\]$/)![1]);
    expect(new Set(refs.slice(0, 2)).size).toBe(2);
  });

  it('says nothing was found when no sentence matches', () => {
    expect(extractiveAnswer('quantum gravity', passages)).toEqual({ text: NOTHING_FOUND, cited: [] });
    expect(extractiveAnswer('Acme pricing', [])).toEqual({ text: NOTHING_FOUND, cited: [] });
  });

  it('splits text into sentences and drops fragments', () => {
    expect(sentences('Short. This sentence is long enough to keep. Is this a question we should skip? And this one too, it is fine.\nTiny')).toEqual([
      'This sentence is long enough to keep.',
      'And this one too, it is fine.',
    ]);
  });
});

describe('rivals for Ask', () => {
  const row = (id: number, name: string, cardsCount: number, extra: Partial<RivalRow> = {}): RivalRow => ({
    id, name, profileId: id * 10, iconUrl: null, cardsCount, category: 'company', battlecards: 1, supportedRivalId: null, ...extra,
  });

  it('features company rivals with a battlecard and 5+ cards, without the own name, top 6 by cards', () => {
    const rivals = [
      row(1, 'A', 50), row(2, 'B', 40), row(3, 'C', 4), row(4, 'D', 30, { battlecards: 0 }), row(5, 'E', 30, { category: 'product' }),
      row(6, 'Northwind Labs', 90), row(7, 'G', 20), row(8, 'H', 10), row(9, 'I', 9), row(10, 'J', 8), row(11, 'K', 7),
    ];
    const featured = featuredRivals(rivals, 'Northwind', () => 0);
    expect(featured.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, 7, 8, 9, 10]);
    // Fewer than 4: the order is by card count, no random pick.
    expect(featuredRivals([row(1, 'A', 5), row(2, 'B', 9)], 'X', () => 0.99).map((r) => r.id)).toEqual([2, 1]);
  });

  it('picks by weight without repetition', () => {
    const items = [{ w: 1 }, { w: 0 }, { w: 100 }];
    expect(weightedPick(items, (i) => i.w, 2, () => 0.5)).toEqual([{ w: 100 }, { w: 1 }]);
    expect(weightedPick(items, (i) => i.w, 5, () => 0.5)).toHaveLength(3);
  });

  it('finds the rivals a question names as whole words', () => {
    const rivals = [row(1, 'Acme', 1), row(2, 'Acme Cloud', 1), row(3, 'Beacon', 1)];
    expect(namedRivals('How does Acme Cloud price?', rivals).map((r) => r.id)).toEqual([2]);
    expect(namedRivals('Acme or Beacon?', rivals).map((r) => r.id)).toEqual([3, 1]);
    expect(namedRivals('beaconly news', rivals)).toEqual([]);
  });
});
