// The engine conformance suite: the same documents and requests must give the same results on
// every SearchEngine adapter (embedded, OpenSearch). Expectations are written by hand or computed
// by a plain-JS oracle over the fixtures; queries avoid cases where analyzers could differ.
// The cases live in cases/, by what they test; this file makes the engine, loads the fixtures and runs them.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { IndexDefinition, SearchEngine, SearchRequest } from '../../engine/port.ts';
import { cardsIndex } from '../../documents/cards.ts';
import { intelIndex } from '../../documents/intel.ts';
import { CARD_SPECS, cardDoc, INTEL, type CardFixture } from './fixtures.ts';
import { sorted, type Conformance } from './cases/shared.ts';
import { matchingCases } from './cases/matching.ts';
import { resultCases } from './cases/results.ts';
import { writeCases } from './cases/writes.ts';
import { reviewConformance } from './cases/reviews.ts';
import { dealConformance } from './cases/deals.ts';
import { callConformance } from './cases/calls.ts';
import { interviewConformance } from './cases/interviews.ts';
import { fileConformance } from './cases/files.ts';

export interface ConformanceOptions {
  /** Prefix of the index names, unique per run so a shared cluster is not disturbed. */
  prefix?: string;
}

export function runConformance(name: string, makeEngine: () => Promise<SearchEngine>, options: ConformanceOptions = {}): void {
  describe(`engine conformance: ${name}`, () => {
    const prefix = options.prefix ?? `conf${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const cardsDef: IndexDefinition = { ...cardsIndex, name: `${prefix}_cards` };
    const intelDef: IndexDefinition = { ...intelIndex, name: `${prefix}_intel` };
    const C = cardsDef.name;
    const I = intelDef.name;
    let engine: SearchEngine;
    let cards: CardFixture[];
    const now = Date.now();

    const search = (req: SearchRequest) => engine.search(C, { track_total_hits: true, ...req });
    const oracle = (pred: (c: CardFixture) => boolean): string[] => sorted(cards.filter(pred).map((c) => c.id));

    beforeAll(async () => {
      engine = await makeEngine();
      await engine.ensureIndex(cardsDef);
      await engine.ensureIndex(intelDef);
      cards = CARD_SPECS.map((s) => cardDoc(s, now));
      const r1 = await engine.bulk(C, cards.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })));
      expect(r1.errors).toBe(false);
      const r2 = await engine.bulk(I, INTEL.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })));
      expect(r2.errors).toBe(false);
      await engine.refresh(C);
      await engine.refresh(I);
    }, 120_000);

    afterAll(async () => {
      if (!engine) return;
      for (const def of [cardsDef, intelDef]) {
        const target = await engine.aliasTarget(def.name).catch(() => null);
        if (target) await engine.deleteIndex(target).catch(() => undefined);
      }
      await engine.close();
    });

    const ctx: Conformance = {
      get engine() {
        return engine;
      },
      get cards() {
        return cards;
      },
      C,
      I,
      cardsDef,
      prefix,
      now,
      search,
      oracle,
    };
    matchingCases(ctx);
    resultCases(ctx);
    writeCases(ctx);

    reviewConformance(prefix, () => engine);
    dealConformance(prefix, () => engine);
    callConformance(prefix, () => engine);
    interviewConformance(prefix, () => engine);
    fileConformance(prefix, () => engine);
  });
}
