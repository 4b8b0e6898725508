// The indexer keeps the search engine in step with PostgreSQL: every kind of change shows up,
// repeats coalesce, versions follow PostgreSQL, and deletes remove documents.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  battlecards,
  boards,
  cards,
  cardTags,
  cardVisibilityGroups,
  intelItems,
  profiles,
  rivals,
  searchOutbox,
  tags,
  users,
  visibilityGroups,
} from '../../db/schema.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { prepareIndexes } from '../../indexer/bootstrap.ts';
import { Indexer } from '../../indexer/indexer.ts';
import { engineMatchesDatabase } from '../helpers/search.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { availableEngines } from '../helpers/engines.ts';

describe.each(availableEngines())('indexer on the $name engine', (factory) => {
  let t: TestDatabase;
  let engine: SearchEngine;
  let indexer: Indexer;

  beforeAll(async () => {
    t = await freshDatabase({ demo: true });
    engine = await factory.open();
    await prepareIndexes(t.db, engine);
    indexer = new Indexer(t.db, engine, { databaseUrl: t.url });
  });
  afterAll(async () => {
    await engine.close();
    await t.drop();
  });

  const doc = async (index: string, id: number) => (await engine.get(index, String(id)))?.source as Record<string, any> | undefined;
  const firstCard = async () => (await t.db.select().from(cards).orderBy(cards.id).limit(1))[0];

  describe('full build', () => {
    it('indexes every card, intel item, tag and battlecard with PostgreSQL’s versions', async () => {
      for (const index of ['cards', 'intel', 'tags', 'battlecards'] as const) {
        expect(await engineMatchesDatabase(t.db, engine, index)).toEqual({ missing: [], stale: [], extra: [] });
      }
      const [{ n }] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM intel_items`)).rows as { n: number }[];
      expect(await engine.count('intel')).toBe(n);
      expect(n).toBeGreaterThan(4000);
    });

    it('builds card documents with the fields search needs', async () => {
      const card = await firstCard();
      const d = await doc('cards', card.id);
      expect(d?.title).toBe(card.name);
      expect(d?.text).not.toMatch(/<[a-z]/i);
      expect(d?.board.id).toBe(card.boardId);
      expect(typeof d?.rival.name).toBe('string');
      expect(d?.company_id).toBe(card.companyId);
    });
  });

  describe('changes', () => {
    it('coalesces repeated edits of a card into one write of the latest version', async () => {
      const card = await firstCard();
      for (const name of ['Draft one', 'Draft two', 'Pricing teardown (final)']) {
        await t.db.update(cards).set({ name }).where(eq(cards.id, card.id));
      }
      const pending = await t.db.select().from(searchOutbox).where(sql`${searchOutbox.index} = 'cards' AND ${searchOutbox.docId} = ${card.id}`);
      expect(pending).toHaveLength(1);
      expect(pending[0].version).toBeGreaterThan(pending[0].indexedVersion);
      await indexer.drain();
      const stored = await engine.get('cards', String(card.id));
      expect(stored?.source).toMatchObject({ title: 'Pricing teardown (final)' });
      expect(stored?.version).toBe(pending[0].version);
      const hits = await engine.search('cards', { query: { match: { title: 'teardown' } } });
      expect(hits.hits.map((h) => h.id)).toContain(String(card.id));
      expect((await indexer.lag()).pending).toBe(0);
    });

    it('follows board, profile, rival, tag and author renames into card documents', async () => {
      const card = await firstCard();
      const [board] = await t.db.select().from(boards).where(eq(boards.id, card.boardId));
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, board.profileId));
      await t.db.update(boards).set({ name: 'Renamed lane' }).where(eq(boards.id, board.id));
      await t.db.update(rivals).set({ name: 'Renamed Rival Inc' }).where(eq(rivals.id, profile.rivalId));
      await t.db.update(profiles).set({ name: 'Renamed Profile' }).where(eq(profiles.id, profile.id));
      await t.db.update(users).set({ name: 'Renamed Author' }).where(eq(users.id, card.authorId!));
      const [tag] = await t.db.insert(tags).values({ companyId: card.companyId, name: 'Zebra pricing' }).returning();
      await t.db.insert(cardTags).values({ companyId: card.companyId, cardId: card.id, tagId: tag.id });
      await t.db.update(tags).set({ name: 'Zebra packaging' }).where(eq(tags.id, tag.id));
      await indexer.drain();
      const d = await doc('cards', card.id);
      expect(d?.board.name).toBe('Renamed lane');
      expect(d?.rival.name).toBe('Renamed Rival Inc');
      expect(d?.profile.name).toBe('Renamed Profile');
      expect(d?.author.name).toBe('Renamed Author');
      expect(d?.tags).toContainEqual({ id: tag.id, name: 'Zebra packaging' });
      expect((await doc('tags', tag.id))?.cardCount).toBe(1);
      // Intel about that rival carries the new name too.
      const intelHits = await engine.search('intel', { query: { term: { 'rivals.id': profile.rivalId } }, size: 1 });
      expect((intelHits.hits[0].source as any).rivals).toContainEqual({ id: profile.rivalId, name: 'Renamed Rival Inc' });
    });

    it('follows visibility changes, including a deleted visibility group', async () => {
      const card = await firstCard();
      const [group] = await t.db
        .insert(visibilityGroups)
        .values({ companyId: card.companyId, name: 'Temporary group' })
        .returning();
      await t.db.update(cards).set({ allAccess: false, isDraft: false }).where(eq(cards.id, card.id));
      await t.db.insert(cardVisibilityGroups).values({ companyId: card.companyId, cardId: card.id, visibilityGroupId: group.id });
      await indexer.drain();
      expect((await doc('cards', card.id))?.visibilityGroupIds).toContain(group.id);
      await t.db.delete(visibilityGroups).where(eq(visibilityGroups.id, group.id));
      await indexer.drain();
      expect((await doc('cards', card.id))?.visibilityGroupIds).not.toContain(group.id);
    });

    it('puts battlecard membership on cards and card titles on battlecards', async () => {
      const card = await firstCard();
      const [board] = await t.db.select().from(boards).where(eq(boards.id, card.boardId));
      const [bc] = await t.db
        .insert(battlecards)
        .values({ companyId: card.companyId, profileId: board.profileId, title: 'Quick kill sheet', cards: { desktop: [card.id], tablet: [], mobile: [] } })
        .returning();
      await indexer.drain();
      expect((await doc('cards', card.id))?.battlecardIds).toContain(bc.id);
      expect((await doc('battlecards', bc.id))?.cardTitles).toContain(card.name);
      await t.db.update(cards).set({ name: 'Retitled for the battlecard' }).where(eq(cards.id, card.id));
      await indexer.drain();
      expect((await doc('battlecards', bc.id))?.cardTitles).toContain('Retitled for the battlecard');
      await t.db.delete(battlecards).where(eq(battlecards.id, bc.id));
      await indexer.drain();
      expect(await doc('battlecards', bc.id)).toBeUndefined();
      expect((await doc('cards', card.id))?.battlecardIds).not.toContain(bc.id);
    });

    it('counts related alerts and removes deleted intel and cards', async () => {
      const [parent] = await t.db.select().from(intelItems).orderBy(intelItems.id).limit(1);
      const before = (await doc('intel', parent.id))?.relatedAlerts as number;
      const [related] = await t.db
        .insert(intelItems)
        .values({ companyId: parent.companyId, channel: 'rss', title: 'Follow-up coverage', relatedToId: parent.id })
        .returning();
      await indexer.drain();
      expect((await doc('intel', parent.id))?.relatedAlerts).toBe(before + 1);
      expect((await doc('intel', related.id))?.title).toBe('Follow-up coverage');

      await t.db.delete(intelItems).where(eq(intelItems.id, related.id));
      const card = await firstCard();
      await t.db.delete(cards).where(eq(cards.id, card.id));
      await indexer.drain();
      expect(await doc('intel', related.id)).toBeUndefined();
      expect((await doc('intel', parent.id))?.relatedAlerts).toBe(before);
      expect(await doc('cards', card.id)).toBeUndefined();
      for (const index of ['cards', 'intel', 'tags', 'battlecards'] as const) {
        expect(await engineMatchesDatabase(t.db, engine, index)).toEqual({ missing: [], stale: [], extra: [] });
      }
    });

    it('never makes writers wait on it into a deadlock, however the rows are ordered', async () => {
      let running = true;
      const loop = (async () => {
        while (running) await indexer.runOnce();
      })();
      try {
        // Multi-row writes lock outbox rows in their own order while the indexer records its own.
        for (let i = 0; i < 6; i++) {
          await t.db.execute(sql`UPDATE intel_items SET rank = rank + 1
            WHERE id IN (SELECT id FROM intel_items ORDER BY ${i % 2 ? sql`id DESC` : sql`md5(id::text || ${String(i)})`})`);
        }
      } finally {
        running = false;
        await loop;
      }
      await indexer.drain();
      expect(await engineMatchesDatabase(t.db, engine, 'intel')).toEqual({ missing: [], stale: [], extra: [] });
    });

    it('wakes on NOTIFY when running in the background', async () => {
      await indexer.start();
      try {
        const card = await firstCard();
        await t.db.update(cards).set({ name: 'Background indexed title' }).where(eq(cards.id, card.id));
        await expect.poll(async () => (await doc('cards', card.id))?.title, { timeout: 10_000 }).toBe('Background indexed title');
      } finally {
        await indexer.stop();
      }
    });

    it('does not miss a NOTIFY that arrives while it reads the outbox (no wait for the slow poll)', async () => {
      await indexer.drain();
      const slowPoll = new Indexer(t.db, engine, { databaseUrl: t.url, pollMs: 600_000 });
      const card = await firstCard();
      // The first read that finds nothing is held until an edit has committed and notified.
      const read = (slowPoll as unknown as { pending: (n: number) => Promise<unknown[]> }).pending.bind(slowPoll);
      let edited = false;
      (slowPoll as unknown as { pending: (n: number) => Promise<unknown[]> }).pending = async (n) => {
        const rows = await read(n);
        if (rows.length === 0 && !edited) {
          edited = true;
          await t.db.update(cards).set({ name: 'Edited during a read' }).where(eq(cards.id, card.id));
          await new Promise((r) => setTimeout(r, 300));
        }
        return rows;
      };
      await slowPoll.start();
      try {
        await expect.poll(async () => (await doc('cards', card.id))?.title, { timeout: 10_000 }).toBe('Edited during a read');
        expect(edited).toBe(true);
      } finally {
        await slowPoll.stop();
      }
    });
  });
});
