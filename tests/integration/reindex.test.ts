// A full reindex builds a new index version while searches keep being served by the old one, swaps
// it in atomically, and catches up the writes made meanwhile.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { prepareIndexes } from '../../indexer/bootstrap.ts';
import { Indexer } from '../../indexer/indexer.ts';
import { reindex } from '../../indexer/reindex.ts';
import { cardsIndex, intelIndex, tagsIndex } from '../../documents/index.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { availableEngines } from '../helpers/engines.ts';
import { engineMatchesDatabase } from '../helpers/search.ts';

describe.each(availableEngines())('full reindex on the $name engine', (factory) => {
  let t: TestDatabase;
  let engine: SearchEngine;

  beforeAll(async () => {
    t = await freshDatabase({ demo: true });
    engine = await factory.open();
    await prepareIndexes(t.db, engine);
  });
  afterAll(async () => {
    await engine.close();
    await t.drop();
  });

  it('keeps answering queries with results while it rebuilds and swaps, and misses no write', async () => {
    const [{ n: intelTotal }] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM intel_items`)).rows as { n: number }[];
    let running = true;
    let queries = 0;
    const failures: string[] = [];
    const queryLoop = (async () => {
      while (running) {
        try {
          const cardsRes = await engine.search('cards', { query: { match: { title: 'pricing' } }, size: 5 });
          const intelCount = await engine.count('intel');
          if (cardsRes.total.value === 0) failures.push('no cards for "pricing"');
          if (intelCount !== intelTotal) failures.push(`intel count ${intelCount}`);
        } catch (err) {
          failures.push((err as Error).message);
        }
        queries++;
        await new Promise((r) => setImmediate(r));
      }
    })();

    // Writes land while the new version is being built; the incremental indexer keeps running too.
    const indexer = new Indexer(t.db, engine, { databaseUrl: t.url });
    const [card] = await t.db.select().from(cards).orderBy(cards.id).limit(1);
    const writes = (async () => {
      for (let i = 0; i < 5; i++) {
        await t.db.update(cards).set({ name: `Pricing playbook rev ${i}` }).where(eq(cards.id, card.id));
        await indexer.runOnce();
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const before = { cards: await engine.aliasTarget('cards'), intel: await engine.aliasTarget('intel') };
    const next = (def: typeof cardsIndex) => ({ ...def, version: def.version + 1 });
    const results = await Promise.all([reindex(t.db, engine, next(cardsIndex)), reindex(t.db, engine, next(intelIndex)), writes]);
    await indexer.drain();
    running = false;
    await queryLoop;

    expect(failures).toEqual([]);
    expect(queries).toBeGreaterThan(5);
    expect(results[0].index).toBe(`cards_v${cardsIndex.version + 1}`);
    expect(await engine.aliasTarget('cards')).toBe(results[0].index);
    expect(await engine.aliasTarget('intel')).toBe(results[1].index);
    expect(before.cards).not.toBe(results[0].index);
    expect(results[1].docs).toBe(intelTotal);
    for (const index of ['cards', 'intel'] as const) {
      expect(await engineMatchesDatabase(t.db, engine, index)).toEqual({ missing: [], stale: [], extra: [] });
    }
    expect((await engine.get('cards', String(card.id)))?.source).toMatchObject({ title: 'Pricing playbook rev 4' });
  });

  it('rebuilds the live version beside itself, and back again', async () => {
    const live = await engine.aliasTarget('tags');
    const first = await reindex(t.db, engine, tagsIndex);
    expect(first.index).not.toBe(live);
    expect(first.index.startsWith(`tags_v${tagsIndex.version}`)).toBe(true);
    expect(await engine.aliasTarget('tags')).toBe(first.index);
    expect((await engine.ensureIndex(tagsIndex)).upToDate).toBe(true);
    const second = await reindex(t.db, engine, tagsIndex);
    expect(second.index).toBe(`tags_v${tagsIndex.version}`);
    expect(await engineMatchesDatabase(t.db, engine, 'tags')).toEqual({ missing: [], stale: [], extra: [] });
  });
});
