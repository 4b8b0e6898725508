// `constant_score`: the docs of its filter (through the engine's query cache), each scored its boost.
import type { SegmentView } from '../index/segment.ts';
import { filterKeyOf, type QueryCaches } from './caches.ts';
import { keepWithin, type DocSet } from './docset.ts';
import type { QueryNode } from './node.ts';

export class ConstantScoreNode implements QueryNode {
  readonly key: string;
  private readonly filterKey: string;
  constructor(
    private readonly caches: QueryCaches,
    private readonly filter: QueryNode,
    private readonly boost: number,
  ) {
    // The same docs as its filter's, whatever the boost.
    this.key = `cs(${filter.key})`;
    this.filterKey = filterKeyOf([filter]);
  }

  exec(v: SegmentView, scoring: boolean): DocSet {
    // Within a bool's few filtered docs, the whole segment's cached docs are cut down to those first, so the
    // unions above stay small.
    const docs = v.within
      ? keepWithin(
          this.caches.filterWithin(v, this.filterKey, () => this.filter.exec({ ...v, within: undefined }, false).docs, () => this.filter.exec(v, false).docs),
          v.within,
        )
      : this.caches.filter(v, this.filterKey, () => this.filter.exec(v, false).docs);
    return { docs, scores: scoring ? new Float32Array(docs.length).fill(this.boost) : null };
  }

  matchesWithin(v: SegmentView, within: Uint32Array): Uint32Array | null {
    return this.filter.matchesWithin?.(v, within) ?? null;
  }
}
