// Conformance cases for writes and index management: updates, deletes and versions, zero-downtime reindex, force merge and typed errors.
import { describe, expect, it } from 'vitest';
import { EngineQueryError } from '../../../engine/errors.ts';
import type { IndexDefinition, SearchRequest } from '../../../engine/port.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import { company1, ids, sorted, type Conformance } from './shared.ts';

/** Writes, versions and index management, and the errors a bad request gets. */
export function writeCases(ctx: Conformance): void {
  const { C, search, oracle, cardsDef, prefix } = ctx;

  describe('writes: updates, deletes and versions', () => {
    it('updates replace the document and deletes remove it', async () => {
      const doc = { ...ctx.cards[4], title: 'Initech compliance certifications' };
      const r = await ctx.engine.bulk(C, [
        { op: 'upsert', id: '5', version: 2, doc: doc as unknown as Record<string, unknown> },
        { op: 'delete', id: '12', version: 2 },
      ]);
      expect(r.items.map((i) => i.status)).toEqual(['updated', 'deleted']);
      await ctx.engine.refresh(C);
      expect(ids(await search({ query: { match: { title: 'compliance' } } }))).toEqual(['5']);
      expect(ids(await search({ query: { match: { title: 'security' } } }))).toEqual([]);
      expect(ids(await search({ query: { match: { text: 'deployment' } } }))).toEqual(['6']);
      expect(await ctx.engine.get(C, '12')).toBeNull();
      const got = await ctx.engine.get(C, '5');
      expect(got?.version).toBe(2);
      expect(got?.source.title).toBe('Initech compliance certifications');
      expect(await ctx.engine.count(C)).toBe(ctx.cards.length - 1);
    });

    it('ignores stale versions (idempotent replays)', async () => {
      const fresh = { ...ctx.cards[0], id: '77', title: 'Acme discount policy' } as unknown as Record<string, unknown>;
      const a = await ctx.engine.bulk(C, [{ op: 'upsert', id: '77', version: 5, doc: fresh }]);
      expect(a.items[0].status).toBe('created');
      const b = await ctx.engine.bulk(C, [
        { op: 'upsert', id: '77', version: 4, doc: { ...fresh, title: 'Old title' } },
        { op: 'upsert', id: '77', version: 5, doc: { ...fresh, title: 'Replayed title' } },
        { op: 'delete', id: '77', version: 3 },
      ]);
      expect(b.items.map((i) => i.status)).toEqual(['stale', 'stale', 'stale']);
      expect(b.errors).toBe(false);
      await ctx.engine.refresh(C);
      expect((await ctx.engine.get(C, '77'))?.source.title).toBe('Acme discount policy');
      const d = await ctx.engine.bulk(C, [{ op: 'delete', id: '77', version: 6 }, { op: 'upsert', id: '77', version: 6, doc: fresh }], { refresh: true });
      expect(d.items.map((i) => i.status)).toEqual(['deleted', 'stale']);
      expect(await ctx.engine.get(C, '77')).toBeNull();
      expect(ids(await search({ query: { match: { title: 'discount' } } }))).toEqual([]);
    });

    it('reports a bad document as an item error and applies the rest', async () => {
      const r = await ctx.engine.bulk(C, [
        { op: 'upsert', id: '88', version: 1, doc: { id: '88', title: 'Bad', notAField: 1 } },
        { op: 'upsert', id: '89', version: 1, doc: { id: '89', title: 'Globex billing update', company_id: 1 } },
      ], { refresh: true });
      expect(r.errors).toBe(true);
      expect(r.items.map((i) => i.status)).toEqual(['error', 'created']);
      expect(await ctx.engine.get(C, '88')).toBeNull();
      expect(ids(await search({ query: { match: { title: 'billing' } } }))).toEqual(['89']);
      await ctx.engine.bulk(C, [{ op: 'delete', id: '89', version: 2 }], { refresh: true });
    });

    it('indexes a document as it was when written, whatever the caller does with it afterwards', async () => {
      const doc = { id: '90', title: 'Hooli renewal terms', company_id: 1 };
      await ctx.engine.bulk(C, [{ op: 'upsert', id: '90', version: 1, doc }]);
      doc.title = 'Changed after the write';
      expect((await ctx.engine.get(C, '90'))?.source.title).toBe('Hooli renewal terms');
      await ctx.engine.refresh(C);
      expect(ids(await search({ query: { match: { title: 'renewal' } } }))).toEqual(['90']);
      expect((await ctx.engine.get(C, '90'))?.source.title).toBe('Hooli renewal terms');
      await ctx.engine.bulk(C, [{ op: 'delete', id: '90', version: 2 }], { refresh: true });
    });

    it('answers a repeated search the same until a refresh publishes a change, then with the change', async () => {
      // The embedded engine answers repeated requests from its request cache, as OpenSearch can; neither may
      // outlive the refresh that publishes a write.
      const req: SearchRequest = {
        query: { bool: { must: [{ match: { title: 'ledger' } }], filter: [{ term: { company_id: 1 } }] } },
        aggs: { companies: { terms: { field: 'company_id' } } },
        highlight: { fields: { title: {} } },
      };
      await ctx.engine.bulk(C, [{ op: 'upsert', id: '91', version: 1, doc: { id: '91', title: 'Hooli ledger pricing', company_id: 1 } }], { refresh: true });
      const first = await search(req);
      expect(ids(first)).toEqual(['91']);
      expect(await search(req)).toMatchObject({ total: first.total, hits: first.hits, aggregations: first.aggregations });
      await ctx.engine.bulk(C, [
        { op: 'upsert', id: '91', version: 2, doc: { id: '91', title: 'Hooli invoicing', company_id: 1 } },
        { op: 'upsert', id: '92', version: 1, doc: { id: '92', title: 'Hooli ledger exports', company_id: 1 } },
      ]);
      await ctx.engine.refresh(C);
      const after = await search(req);
      expect(ids(after)).toEqual(['92']);
      expect(after.hits[0].highlight?.title?.[0]).toMatch(/exports/);
      await ctx.engine.bulk(C, [{ op: 'delete', id: '91', version: 3 }, { op: 'delete', id: '92', version: 2 }], { refresh: true });
      expect(ids(await search(req))).toEqual([]);
    });

    it('lists ids and versions in id order', async () => {
      const seen: { id: string; version: number }[] = [];
      let after: string | undefined;
      do {
        const page = await ctx.engine.listVersions(C, { after, size: 4 });
        seen.push(...page.items);
        after = page.next;
      } while (after);
      const want = ctx.cards.filter((c) => c.id !== '12').map((c) => ({ id: c.id, version: c.id === '5' ? 2 : 1 }));
      expect(seen).toEqual(want.sort((a, b) => (a.id < b.id ? -1 : 1)));
    });
  });

  describe('zero-downtime reindex', () => {
    it('builds a new version and swaps the alias atomically', async () => {
      const v2: IndexDefinition = { ...cardsDef, version: cardsDef.version + 1 };
      const target = await ctx.engine.createIndexVersion(v2);
      await ctx.engine.bulk(target, [{ op: 'upsert', id: '1', version: 1, doc: ctx.cards[0] as unknown as Record<string, unknown> }], { refresh: true });
      expect((await search({ size: 0 })).total.value).toBeGreaterThan(1);
      const { previous } = await ctx.engine.swapAlias(C, target);
      expect(previous).not.toBe(target);
      expect(await ctx.engine.aliasTarget(C)).toBe(target);
      expect((await search({ size: 0 })).total.value).toBe(1);
      const ensured = await ctx.engine.ensureIndex(cardsDef);
      expect(ensured.upToDate).toBe(false);
      await ctx.engine.deleteIndex(previous!);
    });
  });

  describe('force merge', () => {
    it('merges the segments of an index filled in several refreshes, deleted docs dropped, with the same results', async () => {
      const def: IndexDefinition = { ...cardsIndex, name: `${prefix}_merge` };
      await ctx.engine.ensureIndex(def);
      const target = (await ctx.engine.aliasTarget(def.name))!;
      try {
        for (let i = 0; i < ctx.cards.length; i += 5) {
          const batch = ctx.cards.slice(i, i + 5).map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> }));
          await ctx.engine.bulk(def.name, batch, { refresh: true });
        }
        await ctx.engine.bulk(def.name, [{ op: 'delete', id: ctx.cards[0].id, version: 2 }, { op: 'delete', id: ctx.cards[ctx.cards.length - 1].id, version: 2 }], { refresh: true });
        const page = () => ctx.engine.search(def.name, { query: { bool: { filter: [company1] } }, sort: [{ updatedAt: 'desc' }, { id: 'asc' }], size: 100, track_total_hits: true });
        const segments = async () => (await ctx.engine.health()).indices[target]?.segments;
        const before = await page();
        expect(await segments()).toBeGreaterThan(1);

        await ctx.engine.forceMerge(def.name);
        expect(await segments()).toBe(1);
        const after = await page();
        expect(ids(after)).toEqual(ids(before));
        expect(after.total.value).toBe(before.total.value);
        expect(sorted(ids(after))).toEqual(oracle((c) => c.company_id === 1 && c.id !== ctx.cards[0].id && c.id !== ctx.cards[ctx.cards.length - 1].id));
        expect(await ctx.engine.count(def.name)).toBe(ctx.cards.length - 2);
      } finally {
        await ctx.engine.deleteIndex(target);
      }
    });
  });

  describe('typed errors', () => {
    const bad: [string, SearchRequest][] = [
      ['unknown field', { query: { match: { nope: 'x' } } }],
      ['unknown sort field', { sort: [{ nope: 'asc' }] }],
      ['sort on text', { sort: [{ title: 'asc' }] }],
      ['malformed date math', { query: { range: { createdAt: { gte: 'now-7x/d' } } } }],
      ['size over the window', { from: 9995, size: 10 }],
      ['empty bool', { query: { bool: {} } }],
      ['terms agg on text', { aggs: { t: { terms: { field: 'title' } } } }],
    ];
    for (const [label, req] of bad) {
      it(`rejects ${label} with EngineQueryError`, async () => {
        await expect(ctx.engine.search(C, req)).rejects.toBeInstanceOf(EngineQueryError);
      });
    }
  });
}
