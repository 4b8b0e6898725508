// `bool`: must clauses intersected (from the shortest), should clauses united (with
// minimum_should_match) or adding their scores, and the filter + must_not part evaluated once per
// segment through the engine's query cache, as one list of docs applied as a mask.
import type { BoolQuery } from '../../port.ts';
import { asArray, resolveMinimumShouldMatch } from '../../validate.ts';
import type { SegmentView } from '../index/segment.ts';
import { filterKeyOf, type QueryCaches } from './caches.ts';
import { compileQuery } from './compile.ts';
import { applyMask, EMPTY, intersect, iotaOf, maskOf, scale, subtract, union, type DocSet } from './docset.ts';
import type { CompileContext, QueryNode } from './node.ts';

/** A bool's clauses run within its filters' docs when those are fewer than one doc in this many. */
const RESTRICT_BELOW = 4;

export class BoolNode implements QueryNode {
  readonly key: string;
  /** Key of the filter + must_not part, cached per segment as one mask. */
  private readonly filterKey: string | null;

  constructor(
    private readonly caches: QueryCaches,
    private readonly must: QueryNode[],
    private readonly filter: QueryNode[],
    private readonly should: QueryNode[],
    private readonly mustNot: QueryNode[],
    private readonly minShould: number,
    readonly boost: number,
  ) {
    const k = (ns: QueryNode[]) => ns.map((n) => n.key).join(',');
    this.filterKey = filter.length + mustNot.length > 0 ? filterKeyOf(filter, mustNot) : null;
    this.key = `b(${k(must)};${k(should)};${minShould};${this.filterKey ?? ''})`;
  }

  /** Its one scoring clause, when it has no other beside filters: that clause's scores rank its matches. */
  soleClause(): QueryNode | null {
    return this.must.length === 1 && this.should.length === 0 ? this.must[0] : null;
  }

  /** Docs passing every filter and no must_not clause. */
  private filterDocs(v: SegmentView): Uint32Array {
    const maxDoc = v.seg.maxDoc;
    const sets = this.filter.map((n) => n.exec(v, false)).sort((a, b) => a.docs.length - b.docs.length);
    let base: DocSet = sets.length > 0 ? sets[0] : { docs: iotaOf(maxDoc), scores: null };
    for (let i = 1; i < sets.length && base.docs.length > 0; i++) base = intersect(base, sets[i], false);
    if (this.mustNot.length > 0 && base.docs.length > 0) {
      const not = this.mustNot.map((n) => n.exec(v, false));
      base = subtract(base, not.length === 1 ? not[0] : union(not, maxDoc, 1, false));
    }
    return base.docs;
  }

  exec(v: SegmentView, scoring: boolean): DocSet {
    const maxDoc = v.seg.maxDoc;
    const filtered = this.filterKey ? this.caches.filter(v, this.filterKey, () => this.filterDocs(v)) : null;
    if (filtered && filtered.length === 0) return EMPTY;
    const within = !scoring && filtered ? this.soleClause()?.matchesWithin?.(v, filtered) : null;
    if (within) return { docs: within, scores: null };
    // Few docs pass the filters: the clauses may leave the others out (their postings are still read, but the
    // unions of a text query's terms, variants and fields then stay the size of the filters' docs, not the segment's).
    const cv: SegmentView = filtered && !v.within && filtered.length * RESTRICT_BELOW < maxDoc ? { ...v, within: maskOf(filtered, maxDoc) } : v;
    let base: DocSet | null = null;
    if (this.must.length > 0) {
      const sets: DocSet[] = [];
      for (const n of this.must) {
        const s = n.exec(cv, scoring);
        if (s.docs.length === 0) return EMPTY;
        sets.push(s);
      }
      sets.sort((a, b) => a.docs.length - b.docs.length);
      base = sets[0];
      for (let i = 1; i < sets.length && base.docs.length > 0; i++) base = intersect(base, sets[i], scoring);
    }
    if (this.should.length > 0) {
      const shouldSets = this.should.map((n) => n.exec(cv, scoring));
      if (base === null) {
        base = union(shouldSets, maxDoc, Math.max(1, this.minShould), scoring);
      } else if (this.minShould > 0) {
        base = intersect(base, union(shouldSets, maxDoc, this.minShould, scoring), scoring);
      } else if (scoring) {
        base = addOptional(base, union(shouldSets, maxDoc, 1, true));
      }
    }
    if (base === null) {
      // Only filters / must_not (OpenSearch adds a match_all filter for pure negations): score 0.
      const docs = filtered ?? iotaOf(maxDoc);
      return { docs, scores: scoring ? new Float32Array(docs.length) : null };
    }
    if (filtered) base = applyMask(base, maskOf(filtered, maxDoc));
    return scoring ? scale(base, this.boost) : { docs: base.docs, scores: null };
  }
}

/** Adds the scores of optional matches to the required docs. */
function addOptional(base: DocSet, opt: DocSet): DocSet {
  if (opt.docs.length === 0 || !opt.scores) return base;
  const scores = Float32Array.from(base.scores ?? new Float32Array(base.docs.length));
  let j = 0;
  for (let i = 0; i < base.docs.length && j < opt.docs.length; i++) {
    const d = base.docs[i];
    while (j < opt.docs.length && opt.docs[j] < d) j++;
    if (j < opt.docs.length && opt.docs[j] === d) scores[i] += opt.scores[j];
  }
  return { docs: base.docs, scores };
}

export function compileBool(ctx: CompileContext, b: BoolQuery): QueryNode {
  const must = asArray(b.must).map((x) => compileQuery(ctx, x));
  const filter = asArray(b.filter).map((x) => compileQuery(ctx, x));
  const should = asArray(b.should).map((x) => compileQuery(ctx, x));
  const mustNot = asArray(b.must_not).map((x) => compileQuery(ctx, x));
  let msm: number;
  if (b.minimum_should_match !== undefined) msm = resolveMinimumShouldMatch(b.minimum_should_match, should.length);
  else msm = should.length > 0 && must.length === 0 && filter.length === 0 ? 1 : 0;
  return new BoolNode(ctx.caches, must, filter, should, mustNot, msm, b.boost ?? 1);
}
