// `ids`: the docs whose id is one of the values.
import type { SegmentView } from '../index/segment.ts';
import type { DocSet } from './docset.ts';
import type { QueryNode } from './node.ts';

export class IdsNode implements QueryNode {
  private readonly ids: Set<string>;
  readonly key: string;
  constructor(ids: string[]) {
    this.ids = new Set(ids);
    this.key = `ids:${ids.join('|')}`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const out: number[] = [];
    const ids = v.seg.ids;
    if (this.ids.size > 0) for (let d = 0; d < ids.length; d++) if (this.ids.has(ids[d])) out.push(d);
    const docs = Uint32Array.from(out);
    return { docs, scores: scoring ? new Float32Array(docs.length).fill(1) : null };
  }
}
