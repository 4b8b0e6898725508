// `match_all` (every doc, with the boost as score) and `match_none`.
import type { SegmentView } from '../index/segment.ts';
import { EMPTY, iotaOf, type DocSet } from './docset.ts';
import type { QueryNode } from './node.ts';

export class MatchAllNode implements QueryNode {
  readonly key = 'all';
  constructor(private readonly boost: number) {}
  exec(v: SegmentView, scoring: boolean): DocSet {
    const docs = iotaOf(v.seg.maxDoc);
    return { docs, scores: scoring ? new Float32Array(docs.length).fill(this.boost) : null };
  }
}

export class MatchNoneNode implements QueryNode {
  readonly key = 'none';
  exec(): DocSet {
    return EMPTY;
  }
}
