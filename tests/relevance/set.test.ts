// The judged relevance set (bench/relevance.ts reads it) stays well-formed: every judged or cited card
// exists, ids are unique, the set is as large as the relevance benchmark needs, a third is held out.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_TEMPLATES } from '../../db/seed/content.ts';

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'));
const { cards } = read('corpus.json') as { cards: { id: number; rival: string; title: string; html: string }[] };
const { queries } = read('queries.json') as { queries: { id: string; query: string; holdout: boolean; judgements: Record<string, number> }[] };
const { questions } = read('ask.json') as { questions: { id: string; question: string; mustCite: number[] }[] };
const cardIds = new Set(cards.map((c) => c.id));
const everyday = read('ask-everyday.json') as { questions: { id: string; question: string; mustCite: string[] }[] };

describe('the judged relevance set', () => {
  it('has at least 150 cards over several rivals, with unique ids and text', () => {
    expect(cards.length).toBeGreaterThanOrEqual(150);
    expect(cardIds.size).toBe(cards.length);
    expect(new Set(cards.map((c) => c.rival)).size).toBeGreaterThanOrEqual(4);
    for (const c of cards) expect(c.title.trim() && c.html.trim(), `card ${c.id}`).toBeTruthy();
  });

  it('has at least 80 queries, each judging existing cards 1 or 2, a third of them held out', () => {
    expect(queries.length).toBeGreaterThanOrEqual(80);
    expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
    for (const q of queries) {
      const judged = Object.entries(q.judgements);
      expect(judged.length, `${q.id} "${q.query}" judges nothing`).toBeGreaterThan(0);
      for (const [id, rel] of judged) {
        expect(cardIds.has(Number(id)), `${q.id} judges unknown card ${id}`).toBe(true);
        expect([1, 2]).toContain(rel);
      }
    }
    const held = queries.filter((q) => q.holdout).length;
    expect(Math.abs(held - queries.length / 3)).toBeLessThanOrEqual(1);
  });

  it('has at least 30 Ask questions, each citing existing cards', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
    for (const q of questions) {
      expect(q.mustCite.length, q.id).toBeGreaterThan(0);
      for (const id of q.mustCite) expect(cardIds.has(id), `${q.id} cites unknown card ${id}`).toBe(true);
    }
  });

  it('asks the everyday questions about a rival, each citing titles of the demo data’s card templates', () => {
    const titles = new Set(Object.values(CARD_TEMPLATES).flatMap((ts) => ts.map((t) => t.name)));
    expect(everyday.questions.length).toBeGreaterThanOrEqual(10);
    expect(new Set(everyday.questions.map((q) => q.id)).size).toBe(everyday.questions.length);
    for (const q of everyday.questions) {
      expect(q.question, q.id).toContain('{rival}');
      expect(q.mustCite.length, q.id).toBeGreaterThan(0);
      for (const t of q.mustCite) expect(titles.has(t), `${q.id} cites no template titled ${t}`).toBe(true);
    }
  });
});
