// Aggregations over the matching docs of each segment, read from doc-value columns:
// terms (count desc, key asc), date_histogram (calendar intervals in a time zone), filter.
import { addUnits, calendarUnit, evalDateMath, formatDate, roundDown } from '../../datemath.ts';
import { EngineQueryError } from '../../errors.ts';
import type { Aggregate, Aggregation, Bucket } from '../../port.ts';
import { termOrd, type InvertedField, type SegmentView } from '../index/segment.ts';
import type { QueryCaches } from '../query/caches.ts';
import { compileQuery } from '../query/compile.ts';
import { intersect } from '../query/docset.ts';
import { cacheId } from '../query/lru.ts';
import type { CompileContext } from '../query/node.ts';

export interface SegmentMatches {
  view: SegmentView;
  /** Read lazily where a cache can answer without them (see `lazyMatches`). */
  readonly docs: Uint32Array;
  /** The query key that identifies docs (see QueryNode.key), when they are a whole query's matches. */
  key?: string;
}

/** Matches computed on first read of `docs`: a cached aggregation over them never computes them. */
function lazyMatches(view: SegmentView, key: string | undefined, compute: () => Uint32Array): SegmentMatches {
  let docs: Uint32Array | null = null;
  return {
    view,
    key,
    get docs() {
      return (docs ??= compute());
    },
  };
}

// Aggregation results per segment and query key, in the engine's request cache: segments are
// immutable and a delete publishes a new live mask, so an entry is valid while its mask is the same.
function cached(caches: QueryCaches, m: SegmentMatches, what: string, compute: () => Int32Array): Int32Array {
  if (m.key === undefined) return compute();
  const ck = `${cacheId(m.view.seg)}\u0000${what}\u0000${m.key}`;
  const hit = caches.aggs.get(ck);
  if (hit && hit.live === m.view.live) return hit.value;
  const value = compute();
  caches.aggs.set(ck, { live: m.view.live, value }, value.byteLength + ck.length);
  return value;
}

/**
 * How many matching docs of the segment have each term (by ordinal) of the field, from the doc
 * values of the matches (docs ascending, so the columns are read front to back). When most docs
 * match, the others are counted instead and taken from each term's count over every doc (its
 * postings' length): the cost follows the smaller side. Counting along postings against a mask
 * of the matches, which this replaced, read every posting of the field.
 */
function termCounts(caches: QueryCaches, m: SegmentMatches, field: string, inv: InvertedField): Int32Array {
  return cached(caches, m, field, () => {
    const docs = m.docs;
    const maxDoc = m.view.seg.maxDoc;
    const n = inv.terms.length;
    const single = singleOrds(caches, inv, maxDoc);
    if (single) return singleCounts(single, docs, maxDoc, inv, n);
    const counts = new Int32Array(n);
    const st = inv.dvStart!;
    const ords = inv.dvOrds!;
    if (docs.length * 2 <= maxDoc) {
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i];
        for (let j = st[d]; j < st[d + 1]; j++) counts[ords[j]]++;
      }
      return counts;
    }
    for (let o = 0; o < n; o++) counts[o] = inv.start[o + 1] - inv.start[o];
    // The docs in the gaps between matches.
    let from = 0;
    for (let i = 0; i <= docs.length; i++) {
      const to = i < docs.length ? docs[i] : maxDoc;
      for (let j = st[from]; j < st[to]; j++) counts[ords[j]]--;
      from = to + 1;
    }
    return counts;
  });
}

/**
 * A field with at most one value per doc (state, board.id) read as one column of ordinal + 1 per
 * doc (0 = no value), made at the first count and kept for the segment in the engine's caches: one
 * read per doc instead of a range in two arrays. Fields of many terms, or with several values in a
 * doc, get none.
 */
const MAX_SINGLE_TERMS = 65_534;

function singleOrds(caches: QueryCaches, inv: InvertedField, maxDoc: number): Uint8Array | Uint16Array | null {
  let col = caches.singleOrds.get(inv);
  if (col !== undefined) return col;
  col = null;
  const st = inv.dvStart!;
  if (inv.terms.length <= MAX_SINGLE_TERMS && st[maxDoc] <= maxDoc) {
    const ords = inv.dvOrds!;
    const c = inv.terms.length < 255 ? new Uint8Array(maxDoc) : new Uint16Array(maxDoc);
    let d = 0;
    for (; d < maxDoc; d++) {
      const k = st[d + 1] - st[d];
      if (k > 1) break;
      if (k === 1) c[d] = ords[st[d]] + 1;
    }
    if (d === maxDoc) col = c;
  }
  caches.singleOrds.set(inv, col);
  return col;
}

function singleCounts(col: Uint8Array | Uint16Array, docs: Uint32Array, maxDoc: number, inv: InvertedField, n: number): Int32Array {
  // Four interleaved counters per ordinal: successive docs rarely wait on the same counter's
  // previous increment, which serializes a loop over few distinct values.
  const lanes = new Int32Array(4 * (n + 1));
  const counts = new Int32Array(n);
  if (docs.length * 2 <= maxDoc) {
    let i = 0;
    for (; i + 4 <= docs.length; i += 4) {
      lanes[4 * col[docs[i]]]++;
      lanes[4 * col[docs[i + 1]] + 1]++;
      lanes[4 * col[docs[i + 2]] + 2]++;
      lanes[4 * col[docs[i + 3]] + 3]++;
    }
    for (; i < docs.length; i++) lanes[4 * col[docs[i]]]++;
    for (let o = 0; o < n; o++) counts[o] = laneTotal(lanes, o);
    return counts;
  }
  // Most docs match: count the docs in the gaps between matches and take them from each term's total.
  let from = 0;
  for (let i = 0; i <= docs.length; i++) {
    const to = i < docs.length ? docs[i] : maxDoc;
    for (let d = from; d < to; d++) lanes[4 * col[d] + (d & 3)]++;
    from = to + 1;
  }
  for (let o = 0; o < n; o++) counts[o] = inv.start[o + 1] - inv.start[o] - laneTotal(lanes, o);
  return counts;
}

/** Ordinal o's count over its four lanes (lane block 0 is the docs without a value). */
function laneTotal(lanes: Int32Array, o: number): number {
  return lanes[4 * o + 4] + lanes[4 * o + 5] + lanes[4 * o + 6] + lanes[4 * o + 7];
}

const MAX_BUCKETS = 65_535;

export function aggregate(ctx: CompileContext, aggs: Record<string, Aggregation>, input: SegmentMatches[]): Record<string, Aggregate> {
  const out: Record<string, Aggregate> = {};
  for (const [name, a] of Object.entries(aggs)) {
    if ('terms' in a) out[name] = termsAgg(ctx, a, input);
    else if ('date_histogram' in a) out[name] = dateHistogram(ctx, a, input);
    else if ('filter' in a) out[name] = filterAgg(ctx, a, input);
  }
  return out;
}

function termsAgg(ctx: CompileContext, a: Extract<Aggregation, { terms: unknown }>, input: SegmentMatches[]): Aggregate {
  const { field, size = 10, min_doc_count = 1 } = a.terms;
  const f = ctx.schema.fields.get(field)!;
  const totals = new Map<string, number>();
  for (const m of input) {
    const inv = m.view.seg.inverted.get(field);
    if (!inv?.dvStart) continue;
    const counts = termCounts(ctx.caches, m, field, inv);
    for (let o = 0; o < counts.length; o++) {
      if (counts[o] === 0) continue;
      const term = inv.terms.at(o);
      totals.set(term, (totals.get(term) ?? 0) + counts[o]);
    }
  }
  const numeric = f.kind === 'number';
  const entries = [...totals].filter(([, c]) => c >= min_doc_count);
  entries.sort((x, y) => y[1] - x[1] || (numeric ? Number(x[0]) - Number(y[0]) : x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  const top = entries.slice(0, size);
  let other = 0;
  for (let i = size; i < entries.length; i++) other += entries[i][1];
  const buckets: Bucket[] = top.map(([term, count]) => {
    const b: Bucket =
      f.kind === 'number'
        ? { key: Number(term), doc_count: count }
        : f.kind === 'boolean'
          ? { key: term === 'true' ? 1 : 0, key_as_string: term, doc_count: count }
          : { key: term, doc_count: count };
    if (a.aggs) Object.assign(b, aggregate(ctx, a.aggs, subsetByTerm(input, field, term)));
    return b;
  });
  return { doc_count_error_upper_bound: 0, sum_other_doc_count: other, buckets };
}

function subsetByTerm(input: SegmentMatches[], field: string, term: string): SegmentMatches[] {
  return input.map(({ view, docs }) => {
    const inv = view.seg.inverted.get(field);
    const o = inv && termOrd(inv, term);
    if (!inv?.dvStart || o === undefined) return { view, docs: new Uint32Array(0) };
    const out: number[] = [];
    for (const d of docs) {
      for (let j = inv.dvStart[d]; j < inv.dvStart[d + 1]; j++) {
        if (inv.dvOrds![j] === o) {
          out.push(d);
          break;
        }
      }
    }
    return { view, docs: Uint32Array.from(out) };
  });
}

function dateHistogram(ctx: CompileContext, a: Extract<Aggregation, { date_histogram: unknown }>, input: SegmentMatches[]): Aggregate {
  const { field, calendar_interval, time_zone: tz, min_doc_count = 0, extended_bounds } = a.date_histogram;
  const unit = calendarUnit(calendar_interval);
  // Range of the values, then bucket starts from its rounded minimum.
  let lo = Infinity;
  let hi = -Infinity;
  const each = (fn: (x: number, view: SegmentView, d: number) => void): void => {
    for (const { view, docs } of input) {
      const col = view.seg.numeric.get(field);
      if (!col) continue;
      for (const d of docs) {
        if (col.multiStart) {
          for (let i = col.multiStart[d]; i < col.multiStart[d + 1]; i++) fn(col.multiValues![i], view, d);
        } else if (!Number.isNaN(col.min[d])) fn(col.min[d], view, d);
      }
    }
  };
  each((x) => {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  });
  if (extended_bounds && min_doc_count === 0) {
    lo = Math.min(lo, evalDateMath(extended_bounds.min, { now: ctx.now, timeZone: tz }));
    hi = Math.max(hi, evalDateMath(extended_bounds.max, { now: ctx.now, timeZone: tz }));
  }
  if (lo === Infinity) return { buckets: [] };
  const starts: number[] = [];
  for (let t = roundDown(lo, unit, tz); t <= hi; t = addUnits(t, 1, unit, tz)) {
    starts.push(t);
    if (starts.length > MAX_BUCKETS) throw new EngineQueryError(`date_histogram would create more than ${MAX_BUCKETS} buckets`);
  }
  const counts = new Int32Array(starts.length);
  const members: Map<SegmentView, number[]>[] | null = a.aggs ? starts.map(() => new Map()) : null;
  let lastDoc = -1;
  let lastView: SegmentView | null = null;
  let lastBucket = -1;
  each((x, view, d) => {
    let l = 0;
    let h = starts.length - 1;
    while (l < h) {
      const m = (l + h + 1) >>> 1;
      if (starts[m] <= x) l = m;
      else h = m - 1;
    }
    // A multi-valued doc counts once per bucket.
    if (view === lastView && d === lastDoc && l === lastBucket) return;
    lastView = view;
    lastDoc = d;
    lastBucket = l;
    counts[l]++;
    if (members) {
      let list = members[l].get(view);
      if (!list) members[l].set(view, (list = []));
      list.push(d);
    }
  });
  const buckets: Bucket[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (counts[i] < min_doc_count) continue;
    const b: Bucket = { key_as_string: formatDate(starts[i], tz), key: starts[i], doc_count: counts[i] };
    if (a.aggs && members) {
      const sub = [...members[i]].map(([view, docs]) => ({ view, docs: Uint32Array.from(docs) }));
      Object.assign(b, aggregate(ctx, a.aggs, sub));
    }
    buckets.push(b);
  }
  return { buckets };
}

function filterAgg(ctx: CompileContext, a: Extract<Aggregation, { filter: unknown }>, input: SegmentMatches[]): Aggregate {
  const node = compileQuery(ctx, a.filter);
  const sub = input.map((m, i) =>
    lazyMatches(m.view, m.key !== undefined ? `${m.key}&${node.key}` : undefined, () =>
      intersect({ docs: m.docs, scores: null }, { docs: ctx.caches.matches(m.view, node, i === 0), scores: null }, false).docs,
    ),
  );
  let n = 0;
  for (const s of sub) n += cached(ctx.caches, s, 'doc_count', () => Int32Array.of(s.docs.length))[0];
  const out: Aggregate = { doc_count: n };
  if (a.aggs) Object.assign(out, aggregate(ctx, a.aggs, sub));
  return out;
}
