import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { cardsIndex } from '../../documents/cards.ts';
import { documentFrequencies } from './frequencies.ts';
import { CARD_SEARCH_FIELDS } from './request.ts';

describe('documentFrequencies', () => {
  let engine: SearchEngine;
  const card = (id: number, companyId: number, title: string, text: string) => ({
    op: 'upsert' as const,
    id: String(id),
    version: 1,
    doc: { id: String(id), company_id: companyId, title, text },
  });

  beforeAll(async () => {
    engine = await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 });
    await engine.ensureIndex(cardsIndex);
    await engine.bulk('cards', [
      card(1, 1, 'Mobile app', 'Offline mode on iPhone.'),
      card(2, 1, 'Pricing', 'Per seat, offline invoices.'),
      card(3, 1, 'Support', 'Email only.'),
      card(4, 2, 'Mobile', 'Offline everywhere.'),
    ]);
    await engine.refresh('cards');
  });
  afterAll(() => engine.close());

  it("counts the company's documents holding each text, its words in any of the fields", async () => {
    const { n, df } = await documentFrequencies(engine, 'cards', 1, ['offline', 'mobile offline', 'email', 'absent'], CARD_SEARCH_FIELDS);
    expect(n).toBe(3);
    expect(Object.fromEntries(df)).toEqual({ offline: 2, 'mobile offline': 1, email: 1, absent: 0 });
  });

  it('counts only the texts it has not counted lately, in one request', async () => {
    const search = vi.spyOn(engine, 'search');
    const first = await documentFrequencies(engine, 'cards', 1, ['offline', 'seat', 'iphone'], CARD_SEARCH_FIELDS);
    expect(Object.fromEntries(first.df)).toEqual({ offline: 2, seat: 1, iphone: 1 });
    expect(search).toHaveBeenCalledTimes(1);
    expect(Object.keys(search.mock.calls[0][1].aggs!)).toHaveLength(2);
    await documentFrequencies(engine, 'cards', 1, ['seat', 'offline'], CARD_SEARCH_FIELDS);
    expect(search).toHaveBeenCalledTimes(1);
    // Another company's counts are its own.
    expect((await documentFrequencies(engine, 'cards', 2, ['offline'], CARD_SEARCH_FIELDS)).df.get('offline')).toBe(1);
    search.mockRestore();
  });
});
