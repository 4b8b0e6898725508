// Compiles the query DSL into nodes evaluated segment by segment into DocSets, scoring with BM25
// over index-wide statistics (as a one-shard OpenSearch index does).
import { evalDateMath } from '../datemath.ts';
import { EngineQueryError } from '../errors.ts';
import { parseBoostedField } from '../fields.ts';
import type { BoolQuery, MatchParams, MultiMatchParams, Query, RangeParams, TermValue } from '../port.ts';
import { asArray, resolveMinimumShouldMatch } from '../validate.ts';
import { asciiFold } from './analysis.ts';
import { idf, K1, B, normCache, LENGTH_TABLE } from './bm25.ts';
import { applyMask, constantScore, EMPTY, gallop, intersect, maskOf, scale, subtract, union, type DocSet } from './docset.ts';
import { expandFuzzy, maxEdits, type Expansion } from './fuzzy.ts';
import type { Schema, SchemaField } from './schema.ts';
import { ByteLru, cacheId } from './lru.ts';
import { comparePacked, PackedBuilder, type PackedStrings } from './packed.ts';
import { exactTerm, termOrd, type InvertedField, type Segment } from './segment.ts';

export interface SegmentView {
  seg: Segment;
  /** One byte per doc (1 = live); null when the segment has no deletions. */
  live: Uint8Array | null;
  liveCount: number;
}

/** Index-wide term statistics over a snapshot's segments (deleted docs count, as in Lucene). */
export class Stats {
  private readonly fieldCache = new Map<string, { docCount: number; sumTTF: number; norms: Float32Array }>();
  constructor(readonly views: SegmentView[]) {}

  field(path: string): { docCount: number; sumTTF: number; norms: Float32Array } {
    let s = this.fieldCache.get(path);
    if (!s) {
      let docCount = 0;
      let sumTTF = 0;
      for (const v of this.views) {
        const inv = v.seg.inverted.get(path);
        if (inv) {
          docCount += inv.docCount;
          sumTTF += inv.sumTTF;
        }
      }
      const avgdl = docCount > 0 ? sumTTF / docCount : 1;
      s = { docCount, sumTTF, norms: normCache(avgdl) };
      this.fieldCache.set(path, s);
    }
    return s;
  }

  docFreq(path: string, term: string): number {
    let df = 0;
    for (const v of this.views) {
      const inv = v.seg.inverted.get(path);
      const o = inv && termOrd(inv, term);
      if (inv && o !== undefined) df += inv.start[o + 1] - inv.start[o];
    }
    return df;
  }
}

export interface CompileContext {
  schema: Schema;
  stats: Stats;
  now: number;
  /** Query terms per text field, for highlighting. */
  highlightTerms: Map<string, Set<string>>;
}

export interface QueryNode {
  exec(v: SegmentView, scoring: boolean): DocSet;
  /** Identifies the matching set (not the scores): the filter cache key. */
  readonly key: string;
}

// LRU of non-scoring results per segment (Lucene's query cache): filters, and whole queries used
// more than once. Segments are immutable, so an entry stays valid for the segment's life; deletes
// are applied afterwards from the live mask. Bounded by bytes (docs plus a possible mask).
const QUERY_CACHE_BYTES = 64 * 1024 * 1024;
const filterCache = new ByteLru<Uint32Array>(QUERY_CACHE_BYTES);
// Recent uses of query keys: a whole query is cached from its second use, as Lucene admits only
// queries seen repeatedly (one-off searches would just evict useful entries).
const recentUses = new Map<string, number>();
const RECENT_KEYS = 1024;

function cachedFilter(v: SegmentView, key: string, compute: () => Uint32Array, admit = true): Uint32Array {
  const ck = `${cacheId(v.seg)}\u0000${key}`;
  let docs = filterCache.get(ck);
  if (docs) return docs;
  docs = compute();
  if (admit) filterCache.set(ck, docs, docs.byteLength + v.seg.maxDoc + ck.length);
  return docs;
}

/** The docs of a segment matching a query in filter context (no scores), through the query cache. */
export function cachedMatches(v: SegmentView, node: QueryNode, firstUseInSearch: boolean): Uint32Array {
  let uses = recentUses.get(node.key) ?? 0;
  if (firstUseInSearch) {
    if (recentUses.size >= RECENT_KEYS) recentUses.clear();
    recentUses.set(node.key, ++uses);
  }
  return cachedFilter(v, `q:${node.key}`, () => node.exec(v, false).docs, uses >= 2);
}

// ---------------------------------------------------------------- leaves

let iota = new Uint32Array(0);
function iotaOf(n: number): Uint32Array {
  if (iota.length < n) {
    iota = new Uint32Array(Math.max(n, iota.length * 2));
    for (let i = 0; i < iota.length; i++) iota[i] = i;
  }
  return iota.subarray(0, n);
}

class MatchAllNode implements QueryNode {
  readonly key = 'all';
  constructor(private readonly boost: number) {}
  exec(v: SegmentView, scoring: boolean): DocSet {
    const docs = iotaOf(v.seg.maxDoc);
    return { docs, scores: scoring ? new Float32Array(docs.length).fill(this.boost) : null };
  }
}

class MatchNoneNode implements QueryNode {
  readonly key = 'none';
  exec(): DocSet {
    return EMPTY;
  }
}

function postings(inv: InvertedField, ord: number): Uint32Array {
  return inv.docs.subarray(inv.start[ord], inv.start[ord + 1]);
}

/** A text term with its variants (fuzzy expansions), scored with BM25; variants add up. */
class TextTermNode implements QueryNode {
  readonly key: string;
  constructor(
    private readonly field: string,
    private readonly variants: { term: string; weight: number }[],
    private readonly norms: Float32Array,
  ) {
    this.key = `tt:${field}:${variants.map((x) => x.term).join('|')}`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const inv = v.seg.inverted.get(this.field);
    if (!inv) return EMPTY;
    const sets: DocSet[] = [];
    for (const { term, weight } of this.variants) {
      const o = termOrd(inv, term);
      if (o === undefined) continue;
      const s = inv.start[o];
      const docs = inv.docs.subarray(s, inv.start[o + 1]);
      if (!scoring) {
        sets.push({ docs, scores: null });
        continue;
      }
      const freqs = inv.freqs!;
      const norms = inv.norms!;
      const cache = this.norms;
      const scores = new Float32Array(docs.length);
      for (let i = 0; i < docs.length; i++) {
        const tf = freqs[s + i];
        scores[i] = (weight * tf) / (tf + cache[norms[docs[i]]]);
      }
      sets.push({ docs, scores });
    }
    if (sets.length === 0) return EMPTY;
    if (sets.length === 1) return sets[0];
    return union(sets, v.seg.maxDoc, 1, scoring, 'sum');
  }
}

/** Exact terms of a keyword/number/boolean field: `term` scores like BM25 with tf 1, `terms` constant. */
class ExactTermsNode implements QueryNode {
  readonly key: string;
  constructor(
    private readonly field: string,
    private readonly terms: string[],
    private readonly score: number,
  ) {
    this.key = `et:${field}:${terms.join('|')}`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const inv = v.seg.inverted.get(this.field);
    if (!inv) return EMPTY;
    const sets: DocSet[] = [];
    for (const t of this.terms) {
      const o = termOrd(inv, t);
      if (o !== undefined) sets.push({ docs: postings(inv, o), scores: null });
    }
    const u = sets.length === 1 ? sets[0] : union(sets, v.seg.maxDoc, 1, false);
    return scoring ? constantScore(u, this.score) : u;
  }
}

class IdsNode implements QueryNode {
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

class RangeNode implements QueryNode {
  readonly key: string;
  constructor(
    private readonly field: string,
    private readonly lo: number,
    private readonly hi: number,
    private readonly boost: number,
  ) {
    this.key = `r:${field}:${lo}:${hi}`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const col = v.seg.numeric.get(this.field);
    if (!col) return EMPTY;
    const { lo, hi } = this;
    const maxDoc = v.seg.maxDoc;
    const tmp = new Uint32Array(maxDoc);
    let n = 0;
    if (!col.multiStart) {
      const vals = col.min;
      for (let d = 0; d < maxDoc; d++) {
        const x = vals[d];
        if (x >= lo && x <= hi) tmp[n++] = d;
      }
    } else {
      const st = col.multiStart;
      const vals = col.multiValues!;
      for (let d = 0; d < maxDoc; d++) {
        for (let i = st[d]; i < st[d + 1]; i++) {
          const x = vals[i];
          if (x >= lo && x <= hi) {
            tmp[n++] = d;
            break;
          }
        }
      }
    }
    const docs = tmp.slice(0, n);
    return { docs, scores: scoring ? new Float32Array(n).fill(this.boost) : null };
  }
}

class PrefixNode implements QueryNode {
  readonly key: string;
  constructor(
    private readonly field: string,
    private readonly prefix: string,
    private readonly boost: number,
  ) {
    this.key = `p:${field}:${prefix}`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const inv = v.seg.inverted.get(this.field);
    if (!inv) return EMPTY;
    const sets: DocSet[] = [];
    const [from, to] = inv.terms.prefixRange(this.prefix);
    for (let o = from; o < to; o++) sets.push({ docs: postings(inv, o), scores: null });
    const u = union(sets, v.seg.maxDoc, 1, false);
    return scoring ? constantScore(u, this.boost) : u;
  }
}

class ExistsNode implements QueryNode {
  readonly key: string;
  constructor(private readonly fields: SchemaField[]) {
    this.key = `ex:${fields.map((f) => f.path).join('|')}`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const maxDoc = v.seg.maxDoc;
    const has = new Uint8Array(maxDoc);
    for (const f of this.fields) {
      const inv = v.seg.inverted.get(f.path);
      const col = v.seg.numeric.get(f.path);
      if (inv?.norms) for (let d = 0; d < maxDoc; d++) has[d] |= inv.norms[d] > 0 ? 1 : 0;
      else if (inv?.dvStart) for (let d = 0; d < maxDoc; d++) has[d] |= inv.dvStart[d + 1] > inv.dvStart[d] ? 1 : 0;
      if (col) for (let d = 0; d < maxDoc; d++) has[d] |= Number.isNaN(col.min[d]) ? 0 : 1;
      const comp = v.seg.completion.get(f.path);
      if (comp) for (const d of comp.docs) has[d] = 1;
    }
    let n = 0;
    for (let d = 0; d < maxDoc; d++) n += has[d];
    const docs = new Uint32Array(n);
    n = 0;
    for (let d = 0; d < maxDoc; d++) if (has[d]) docs[n++] = d;
    return { docs, scores: scoring ? new Float32Array(docs.length).fill(1) : null };
  }
}

// ---------------------------------------------------------------- compound

class BoolNode implements QueryNode {
  readonly key: string;
  /** Key of the filter + must_not part, cached per segment as one mask. */
  private readonly filterKey: string | null;

  constructor(
    private readonly must: QueryNode[],
    private readonly filter: QueryNode[],
    private readonly should: QueryNode[],
    private readonly mustNot: QueryNode[],
    private readonly minShould: number,
    private readonly boost: number,
  ) {
    const k = (ns: QueryNode[]) => ns.map((n) => n.key).join(',');
    this.filterKey = filter.length + mustNot.length > 0 ? `f(${k(filter)};${k(mustNot)})` : null;
    this.key = `b(${k(must)};${k(should)};${minShould};${this.filterKey ?? ''})`;
  }

  /** Its one scoring clause when that is a best_fields multi_match (see `soleScorer`). */
  soleScorer(): { node: BestFieldsNode; boost: number } | null {
    if (this.must.length !== 1 || this.should.length > 0 || !(this.must[0] instanceof BestFieldsNode)) return null;
    return { node: this.must[0], boost: this.boost };
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
    const filtered = this.filterKey ? cachedFilter(v, this.filterKey, () => this.filterDocs(v)) : null;
    if (filtered && filtered.length === 0) return EMPTY;
    const sole = !scoring && filtered ? this.soleScorer() : null;
    if (sole) {
      const docs = sole.node.matchesWithin(v, filtered!);
      if (docs) return { docs, scores: null };
    }
    let base: DocSet | null = null;
    if (this.must.length > 0) {
      const sets: DocSet[] = [];
      for (const n of this.must) {
        const s = n.exec(v, scoring);
        if (s.docs.length === 0) return EMPTY;
        sets.push(s);
      }
      sets.sort((a, b) => a.docs.length - b.docs.length);
      base = sets[0];
      for (let i = 1; i < sets.length && base.docs.length > 0; i++) base = intersect(base, sets[i], scoring);
    }
    if (this.should.length > 0) {
      const shouldSets = this.should.map((n) => n.exec(v, scoring));
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

class DisMaxNode implements QueryNode {
  readonly key: string;
  constructor(
    private readonly parts: QueryNode[],
    private readonly tieBreaker: number,
    private readonly boost: number,
  ) {
    this.key = `dm(${parts.map((p) => p.key).join(',')})`;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const sets = this.parts.map((p) => p.exec(v, scoring));
    const u = union(sets, v.seg.maxDoc, 1, scoring, 'max', this.tieBreaker);
    return scoring ? scale(u, this.boost) : u;
  }
}

class BoostNode implements QueryNode {
  readonly key: string;
  constructor(
    private readonly inner: QueryNode,
    private readonly boost: number,
  ) {
    this.key = inner.key;
  }
  exec(v: SegmentView, scoring: boolean): DocSet {
    const s = this.inner.exec(v, scoring);
    return scoring ? scale(s, this.boost) : s;
  }
}

/** One field of a best_fields multi_match: per query term, its weighted dictionary variants. */
interface FieldClause {
  path: string;
  variants: Variant[][];
  /** Query terms a doc must contain in this field (operator and, minimum_should_match). */
  need: number;
  boost: number;
  norms: Float32Array;
}

const MAX_FUSED_FIELDS = 8;
const MAX_FUSED_TERMS = 254;

interface FieldScratch {
  sum: Float32Array;
  /** Distinct query terms found in the doc; `last` marks the term counted last (term index + 1). */
  count: Uint8Array;
  last: Uint8Array;
}
interface BestFieldsScratch {
  fields: FieldScratch[];
  /** Docs touched so far (sparse evaluation), marked once in `seen`. */
  touched: Uint32Array;
  seen: Uint8Array;
}
// Reused across evaluations (they are synchronous), sized for the largest segment seen; a field's
// accumulators are allocated the first time a query has that many fields.
let fusedScratch: BestFieldsScratch | null = null;
function bestFieldsScratch(maxDoc: number, nFields: number): BestFieldsScratch {
  let s = fusedScratch;
  if (!s || s.seen.length < maxDoc) s = fusedScratch = { fields: [], touched: new Uint32Array(maxDoc), seen: new Uint8Array(maxDoc) };
  const size = s.seen.length;
  while (s.fields.length < nFields) s.fields.push({ sum: new Float32Array(size), count: new Uint8Array(size), last: new Uint8Array(size) });
  return s;
}

/** Zeroes the candidates' entries: a memset when the candidates are the whole segment. */
function clear(cand: Uint32Array, sparse: boolean, ...arrays: (Uint8Array | Float32Array)[]): void {
  for (const a of arrays) {
    if (!sparse) a.fill(0, 0, cand.length);
    else for (let i = 0; i < cand.length; i++) a[cand[i]] = 0;
  }
}

/** Term frequencies below this are scored from a per-term table instead of a division. */
const TABLE_TF = 4;

/**
 * A term's BM25 score for each (tf, norm byte) pair with tf < TABLE_TF, at index tf << 8 | norm:
 * the same double the formula gives, read instead of divided for the most common postings.
 */
function scoreTable(weight: number, norms: Float32Array): Float64Array {
  const t = new Float64Array(TABLE_TF << 8);
  for (let tf = 1; tf < TABLE_TF; tf++) for (let n = 0; n < 256; n++) t[(tf << 8) | n] = (weight * tf) / (tf + norms[n]);
  return t;
}

/** BM25 of one posting: from the term's table for common frequencies, else by the formula. */
function postingScore(table: Float64Array, weight: number, norms: Float32Array, tf: number, normByte: number): number {
  return tf < TABLE_TF ? table[(tf << 8) | normByte] : (weight * tf) / (tf + norms[normByte]);
}

/** One query term variant's postings in one field of a segment. */
interface PostingList {
  field: number;
  /** Query term index + 1 within the field (variants of one term share it). */
  tag: number;
  /** Variants of this query term in the field (1: a doc appears at most once per term). */
  variants: number;
  weight: number;
  table: Float64Array;
  inv: InvertedField;
  start: number;
  end: number;
}

function postingCount(lists: PostingList[]): number {
  let n = 0;
  for (const l of lists) n += l.end - l.start;
  return n;
}

export class BestFieldsNode implements QueryNode {
  readonly key: string;
  /** Score table per clause, query term and variant, shared by the segments. */
  private readonly tables: Float64Array[][][];
  constructor(
    private readonly clauses: FieldClause[],
    private readonly tieBreaker: number,
    private readonly boost: number,
  ) {
    this.key = `bf(${clauses.map((c) => `${c.path}:${c.need}:${c.variants.map((v) => v.map((x) => x.term).join('|')).join(',')}`).join(';')})`;
    this.tables = clauses.map((c) => c.variants.map((vs) => vs.map((x) => scoreTable(x.weight, c.norms))));
  }

  /** The segment's posting lists of every field, query term and variant, in that order. */
  lists(v: SegmentView): PostingList[] {
    const out: PostingList[] = [];
    this.clauses.forEach((c, fi) => {
      const inv = v.seg.inverted.get(c.path);
      if (!inv) return;
      c.variants.forEach((vs, ti) =>
        vs.forEach(({ term, weight }, vi) => {
          const o = termOrd(inv, term);
          if (o === undefined) return;
          out.push({ field: fi, tag: ti + 1, variants: vs.length, weight, table: this.tables[fi][ti][vi], inv, start: inv.start[o], end: inv.start[o + 1] });
        }),
      );
    });
    return out;
  }

  exec(v: SegmentView, scoring: boolean): DocSet {
    const lists = this.lists(v);
    const total = postingCount(lists);
    if (total === 0) return EMPTY;
    if (!scoring && this.anyTerm) return anyPosting(lists, total, v.seg.maxDoc);
    if (!scoring && this.clauses.every((c) => c.need === c.variants.length)) return this.allTerms(lists, v.seg.maxDoc);
    const maxDoc = v.seg.maxDoc;
    const nf = this.clauses.length;
    const s = bestFieldsScratch(maxDoc, nf);
    const track = total * 8 < maxDoc;
    let n = 0;
    // Accumulate each field's term count and BM25 sum per doc, posting by posting.
    for (const { field, tag, variants, weight, table, inv, start, end } of lists) {
      const { sum, count, last } = s.fields[field];
      const { docs, freqs, norms } = inv;
      const cache = this.clauses[field].norms;
      for (let i = start; i < end; i++) {
        const d = docs[i];
        if (variants === 1) count[d]++;
        else if (last[d] !== tag) {
          last[d] = tag;
          count[d]++;
        }
        if (scoring) sum[d] += postingScore(table, weight, cache, freqs![i], norms![d]);
        if (track && s.seen[d] === 0) {
          s.seen[d] = 1;
          s.touched[n++] = d;
        }
      }
    }
    // One pass over the candidates combines the fields: the best field's score plus tie_breaker
    // times the others', over the fields where the doc has enough query terms.
    const cand = track ? s.touched.subarray(0, n).sort() : iotaOf(maxDoc);
    const fields = s.fields;
    const outDocs = new Uint32Array(Math.min(total, cand.length));
    const outScores = scoring ? new Float32Array(outDocs.length) : null;
    const { tieBreaker, boost, clauses } = this;
    let m = 0;
    for (let i = 0; i < cand.length; i++) {
      const d = cand[i];
      let hit = false;
      let best = 0;
      let all = 0;
      for (let fi = 0; fi < nf; fi++) {
        const f = fields[fi];
        if (f.count[d] < clauses[fi].need) continue;
        hit = true;
        const x = f.sum[d] * clauses[fi].boost;
        all += x;
        if (x > best) best = x;
      }
      if (!hit) continue;
      outDocs[m] = d;
      if (outScores) outScores[m] = (best + tieBreaker * (all - best)) * boost;
      m++;
    }
    for (let fi = 0; fi < nf; fi++) clear(cand, track, fields[fi].count, fields[fi].last, fields[fi].sum);
    if (track) clear(cand, true, s.seen);
    return { docs: outDocs.subarray(0, m), scores: outScores ? outScores.subarray(0, m) : null };
  }

  /** One query term in one field is enough to match (operator or, no minimum_should_match above 1). */
  private get anyTerm(): boolean {
    return this.clauses.every((c) => c.need === 1);
  }

  /**
   * Filter-context matches among the docs `within` (a bool's filters, ascending): by galloping each
   * list to them when they are few, else in the same sweep as the union; null when matching needs
   * more than one term.
   */
  matchesWithin(v: SegmentView, within: Uint32Array): Uint32Array | null {
    if (!this.anyTerm) return null;
    const lists = this.lists(v);
    const total = postingCount(lists);
    // Few docs pass the filters: look each one up in the lists (galloping) rather than sweep
    // every posting and the whole segment.
    if (within.length * lists.length * 4 < total) return withinAnyList(lists, within);
    return anyPosting(lists, total, v.seg.maxDoc, maskOf(within, v.seg.maxDoc)).docs;
  }

  /**
   * Filter context when a field must hold every query term (operator and): per field, the terms'
   * postings intersected from the shortest (galloping), then the fields' results united.
   */
  private allTerms(lists: PostingList[], maxDoc: number): DocSet {
    const perField: DocSet[] = [];
    this.clauses.forEach((c, fi) => {
      const terms: DocSet[] = [];
      for (let tag = 1; tag <= c.variants.length; tag++) {
        const variants = lists
          .filter((l) => l.field === fi && l.tag === tag)
          .map((l): DocSet => ({ docs: l.inv.docs.subarray(l.start, l.end), scores: null }));
        terms.push(variants.length === 1 ? variants[0] : union(variants, maxDoc, 1, false));
      }
      terms.sort((a, b) => a.docs.length - b.docs.length);
      let docs = terms[0];
      for (let i = 1; i < terms.length && docs.docs.length > 0; i++) docs = intersect(docs, terms[i], false);
      if (docs.docs.length > 0) perField.push(docs);
    });
    return perField.length === 1 ? perField[0] : union(perField, maxDoc, 1, false);
  }

  /**
   * The k best-scoring docs among `accepted` (the query's matches after filters and deletes), with
   * MaxScore pruning (Turtle and Flood), window by window as Lucene's MaxScoreBulkScorer: once the
   * k-th best score exceeds what the lowest-scoring lists could add up to on their own, those lists
   * stop proposing candidates. The other (essential) lists add their scores into a window of docs;
   * a doc whose partial score plus the bounds of the rest reaches the k-th score is scored exactly.
   * A list's bound is its term's weight at the list's highest tf and shortest field. When few docs
   * are accepted, they are scored directly. Each doc scored gets exactly the score `exec` gives
   * it. Returns false when the query has too many lists to prune.
   */
  topK(v: SegmentView, accepted: Uint32Array, offer: (doc: number, score: number) => void, threshold: () => number): boolean {
    const lists = this.lists(v);
    const L = lists.length;
    if (L > MAX_PRUNED_LISTS) return false;
    const nf = this.clauses.length;
    const { tieBreaker, boost, clauses } = this;
    const look = Int32Array.from(lists, (l) => l.start); // cursors of the exact scoring, by ascending doc
    const fieldSum = new Float64Array(nf);
    const fieldCount = new Int32Array(nf);
    const lastTag = new Int32Array(nf);
    // The exact score of doc d (docs asked in ascending order), summed in the order `exec` sums it.
    const scoreDoc = (d: number): number => {
      fieldSum.fill(0);
      fieldCount.fill(0);
      lastTag.fill(0);
      for (let j = 0; j < L; j++) {
        const l = lists[j];
        const docs = l.inv.docs;
        let c = look[j];
        if (c < l.end && docs[c] < d) c = look[j] = gallop(docs, c, d, l.end);
        if (c >= l.end || docs[c] !== d) continue;
        fieldSum[l.field] = Math.fround(fieldSum[l.field] + postingScore(l.table, l.weight, clauses[l.field].norms, l.inv.freqs![c], l.inv.norms![d]));
        if (lastTag[l.field] !== l.tag) {
          lastTag[l.field] = l.tag;
          fieldCount[l.field]++;
        }
      }
      let best = 0;
      let all = 0;
      for (let fi = 0; fi < nf; fi++) {
        if (fieldCount[fi] < clauses[fi].need) continue;
        const x = fieldSum[fi] * clauses[fi].boost;
        all += x;
        if (x > best) best = x;
      }
      return Math.fround((best + tieBreaker * (all - best)) * boost);
    };
    // The k-th score as the caller ranks (it may scale and round ours), lowered a hair so a doc
    // that ties with it after rounding is still offered.
    const floor = () => threshold() * (1 - 1e-6);
    let theta = floor();
    // Bounds are in final score units: field boost and node boost applied, with a margin for the
    // float32 rounding of the sums.
    const scale = lists.map((l) => clauses[l.field].boost * boost * (1 + 1e-6));
    const bound = lists.map((l, j) => {
      const { maxTf, minNorm } = impactOf(l.inv, l.start, l.end);
      return ((l.weight * maxTf) / (maxTf + clauses[l.field].norms[minNorm])) * scale[j];
    });
    // A doc's score is (1 - tie_breaker) * its best field's + tie_breaker * the sum of its fields',
    // which grows with each field's: bounding every field bounds the doc.
    const combine = (perField: Float64Array): number => {
      let best = 0;
      let all = 0;
      for (let fi = 0; fi < nf; fi++) {
        all += perField[fi];
        if (perField[fi] > best) best = perField[fi];
      }
      return (1 - tieBreaker) * best + tieBreaker * all;
    };
    /** Per field, the bounds of the lists that no longer propose candidates. */
    const rest = new Float64Array(nf);
    const upper = new Float64Array(nf);
    /**
     * With lists in ascending order of `bounds`, how many (from the first, `from` of them already
     * in `rest`) together cannot reach the current k-th score: they stop proposing candidates.
     */
    const nonEssential = (order: ArrayLike<number>, bounds: ArrayLike<number>, from: number): number => {
      let n = from;
      for (; n < L; n++) {
        const j = order[n];
        rest[lists[j].field] += bounds[j];
        if (combine(rest) >= theta) {
          rest[lists[j].field] -= bounds[j];
          break;
        }
      }
      return n;
    };
    if (accepted.length * 8 < postingCount(lists)) {
      // Few accepted docs: score them directly, but once some lists are pruned, bound each doc by
      // its postings in the essential lists first (a common term's long list is then not searched
      // for docs that cannot make the top k).
      const byBound = [...bound.keys()].sort((x, y) => bound[x] - bound[y]);
      const probe = Int32Array.from(lists, (l) => l.start);
      let pruned = nonEssential(byBound, bound, 0);
      for (let i = 0; i < accepted.length; i++) {
        const d = accepted[i];
        if (pruned > 0) {
          for (let fi = 0; fi < nf; fi++) upper[fi] = rest[fi];
          for (let e = pruned; e < L; e++) {
            const j = byBound[e];
            const l = lists[j];
            const docs = l.inv.docs;
            let c = probe[j];
            if (c < l.end && docs[c] < d) c = probe[j] = gallop(docs, c, d, l.end);
            if (c < l.end && docs[c] === d) upper[l.field] += postingScore(l.table, l.weight, clauses[l.field].norms, l.inv.freqs![c], l.inv.norms![d]) * scale[j];
          }
          if (combine(upper) < theta) continue;
        }
        const score = scoreDoc(d);
        if (score >= theta) {
          offer(d, score);
          theta = floor();
          pruned = nonEssential(byBound, bound, pruned);
          if (pruned === L) return true;
        }
      }
      return true;
    }
    const maxDoc = v.seg.maxDoc;
    const accept = maskOf(accepted, maxDoc);
    const cursor = Int32Array.from(lists, (l) => l.start);
    const partial = windowScratch(nf);
    const hit = windowHits();
    // Per window, each list's bound there (Lucene's block-max impacts): a common term's long list
    // usually scores well below its global maximum in most windows, so it stops proposing
    // candidates window by window long before the k-th score passes its global bound.
    const local = lists.map((l) => (l.end - l.start >= WINDOW ? windowImpactsOf(l.inv, l.start, l.end) : null));
    const windowBound = new Float64Array(L);
    const order = Int32Array.from(lists.keys());
    for (let base = 0, w = 0; base < maxDoc; base += WINDOW, w++) {
      for (let j = 0; j < L; j++) {
        const imp = local[j];
        if (!imp) windowBound[j] = bound[j];
        else {
          const tf = w < imp.maxTf.length ? imp.maxTf[w] : 0;
          windowBound[j] = tf === 0 ? 0 : ((lists[j].weight * tf) / (tf + clauses[lists[j].field].norms[imp.minNorm[w]])) * scale[j];
        }
      }
      // Lists by ascending bound (insertion sort: a dozen lists at most); the lowest ones that
      // together cannot reach the k-th score propose no candidates in this window.
      for (let a = 1; a < L; a++) {
        const j = order[a];
        let b = a;
        for (; b > 0 && windowBound[order[b - 1]] > windowBound[j]; b--) order[b] = order[b - 1];
        order[b] = j;
      }
      rest.fill(0);
      const skipped = nonEssential(order, windowBound, 0);
      if (skipped === L) continue;
      const top = Math.min(base + WINDOW, maxDoc);
      for (let e = skipped; e < L; e++) {
        const j = order[e];
        const l = lists[j];
        const { docs, freqs, norms } = l.inv;
        const { table, weight, end } = l;
        const cache = clauses[l.field].norms;
        const sc = scale[j];
        const into = partial[l.field];
        let c = cursor[j];
        if (c < end && docs[c] < base) c = gallop(docs, c, base, end);
        for (; c < end; c++) {
          const d = docs[c];
          if (d >= top) break;
          if (accept[d] === 0) continue;
          const x = d - base;
          into[x] += postingScore(table, weight, cache, freqs![c], norms![d]) * sc;
          hit[x >>> 5] |= 1 << (x & 31);
        }
        cursor[j] = c;
      }
      // The window's candidates in ascending order, from the set bits (a few words per window
      // rather than a byte per doc).
      for (let wi = 0; wi < HIT_WORDS; wi++) {
        let word = hit[wi];
        if (word === 0) continue;
        hit[wi] = 0;
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          const i = (wi << 5) + 31 - Math.clz32(low);
          for (let fi = 0; fi < nf; fi++) {
            upper[fi] = partial[fi][i] + rest[fi];
            partial[fi][i] = 0;
          }
          if (combine(upper) < theta) continue;
          const score = scoreDoc(base + i);
          if (score >= theta) {
            offer(base + i, score);
            theta = floor();
          }
        }
      }
    }
    return true;
  }
}

/** Docs per window of the pruned top-k: its partial scores stay in the L1/L2 cache. */
const WINDOW = 4096;
const windowPartials: Float64Array[] = [];
const HIT_WORDS = WINDOW / 32;
let windowHitMarks: Int32Array | null = null;
/** Per field, the window's partial scores (all zero between uses). */
function windowScratch(nFields: number): Float64Array[] {
  while (windowPartials.length < nFields) windowPartials.push(new Float64Array(WINDOW));
  return windowPartials;
}
/** The window's candidates, a bit per doc (all zero between uses). */
function windowHits(): Int32Array {
  return (windowHitMarks ??= new Int32Array(HIT_WORDS));
}

// The largest term frequency and the shortest field length (norm byte) in a posting list: its
// best possible BM25 score is tf / (tf + norm) at those. Computed on first use per segment.
const impacts = new WeakMap<InvertedField, Map<number, { maxTf: number; minNorm: number }>>();
function impactOf(inv: InvertedField, start: number, end: number): { maxTf: number; minNorm: number } {
  let byList = impacts.get(inv);
  if (!byList) impacts.set(inv, (byList = new Map()));
  let imp = byList.get(start);
  if (!imp) {
    const { docs, freqs, norms } = inv;
    let maxTf = 1;
    let minNorm = 255;
    if (end - start >= WINDOW) {
      // A long list's windows are needed anyway by the pruned top-k: its bound is theirs.
      const w = windowImpactsOf(inv, start, end);
      for (let i = 0; i < w.maxTf.length; i++) {
        if (w.maxTf[i] > maxTf) maxTf = w.maxTf[i];
        if (w.minNorm[i] < minNorm) minNorm = w.minNorm[i];
      }
    } else {
      for (let i = start; i < end; i++) {
        if (freqs![i] > maxTf) maxTf = freqs![i];
        if (norms![docs[i]] < minNorm) minNorm = norms![docs[i]];
      }
    }
    if (byList.size >= MAX_IMPACTS) byList.clear();
    byList.set(start, (imp = { maxTf, minNorm }));
  }
  return imp;
}
const MAX_IMPACTS = 4096;

/** Per window of WINDOW docs, a posting list's largest tf and shortest field (maxTf 0: no posting there). */
interface WindowImpacts {
  maxTf: Uint16Array;
  minNorm: Uint8Array;
}
const windowImpacts = new WeakMap<InvertedField, Map<number, WindowImpacts>>();
function windowImpactsOf(inv: InvertedField, start: number, end: number): WindowImpacts {
  let byList = windowImpacts.get(inv);
  if (!byList) windowImpacts.set(inv, (byList = new Map()));
  let imp = byList.get(start);
  if (!imp) {
    const { docs, freqs, norms } = inv;
    const windows = ((docs[end - 1] / WINDOW) | 0) + 1;
    imp = { maxTf: new Uint16Array(windows), minNorm: new Uint8Array(windows).fill(255) };
    for (let i = start; i < end; i++) {
      const d = docs[i];
      const w = (d / WINDOW) | 0;
      if (freqs![i] > imp.maxTf[w]) imp.maxTf[w] = freqs![i];
      if (norms![d] < imp.minNorm[w]) imp.minNorm[w] = norms![d];
    }
    if (byList.size >= MAX_IMPACTS) byList.clear();
    byList.set(start, imp);
  }
  return imp;
}

/** Lists pruned together at most; beyond (long fuzzy expansions) the exhaustive path is as fast. */
export const MAX_PRUNED_LISTS = 12;

/** Docs in any of the lists (filter context, one query term enough): marked in a byte mask, then swept. */
function anyPosting(lists: PostingList[], total: number, maxDoc: number, within: Uint8Array | null = null): DocSet {
  const s = bestFieldsScratch(maxDoc, 0);
  const seen = s.seen;
  if (total * 8 < maxDoc) {
    let n = 0;
    for (const { inv, start, end } of lists) {
      for (let i = start; i < end; i++) {
        const d = inv.docs[i];
        if (seen[d] === 0 && (!within || within[d] === 1)) {
          seen[d] = 1;
          s.touched[n++] = d;
        }
      }
    }
    const docs = s.touched.slice(0, n).sort();
    clear(docs, true, seen);
    return { docs, scores: null };
  }
  for (const { inv, start, end } of lists) {
    const docs = inv.docs;
    for (let i = start; i < end; i++) seen[docs[i]] = 1;
  }
  // Swept into the scratch array, then copied at its size: a fresh array of maxDoc per query
  // would churn megabytes of memory outside the heap (each 64 MB of it starts a full GC).
  const out = s.touched;
  let m = 0;
  // Branch-free: a mispredicted branch per doc costs more than a store.
  if (within) {
    for (let d = 0; d < maxDoc; d++) {
      out[m] = d;
      m += seen[d] & within[d];
    }
  } else {
    for (let d = 0; d < maxDoc; d++) {
      out[m] = d;
      m += seen[d];
    }
  }
  seen.fill(0, 0, maxDoc);
  return { docs: out.slice(0, m), scores: null };
}

/** The docs of `within` that are in any of the lists. */
function withinAnyList(lists: PostingList[], within: Uint32Array): Uint32Array {
  const out = bestFieldsScratch(within.length, 0).touched;
  const cursor = Int32Array.from(lists, (l) => l.start);
  let n = 0;
  for (let i = 0; i < within.length; i++) {
    const d = within[i];
    for (let j = 0; j < lists.length; j++) {
      const { inv, end } = lists[j];
      let c = cursor[j];
      if (c < end && inv.docs[c] < d) c = cursor[j] = gallop(inv.docs, c, d, end);
      if (c < end && inv.docs[c] === d) {
        out[n++] = d;
        break;
      }
    }
  }
  return out.slice(0, n);
}

/**
 * The best_fields multi_match whose scores alone rank a query's matches (the query itself, or a
 * bool's one scoring clause next to filters), with the boost applied on top: top-k by score can
 * then be pruned (`BestFieldsNode.topK`).
 */
export function soleScorer(q: QueryNode): { node: BestFieldsNode; boost: number } | null {
  if (q instanceof BestFieldsNode) return { node: q, boost: 1 };
  return q instanceof BoolNode ? q.soleScorer() : null;
}

// ---------------------------------------------------------------- compiler

function field(ctx: CompileContext, name: string): SchemaField {
  const f = ctx.schema.fields.get(name);
  if (!f) throw new EngineQueryError(`unknown field [${name}]`);
  return f;
}

function remember(ctx: CompileContext, path: string, terms: string[]): void {
  let s = ctx.highlightTerms.get(path);
  if (!s) ctx.highlightTerms.set(path, (s = new Set()));
  for (const t of terms) s.add(t);
}

// Fuzzy expansions per dictionary (a segment's terms, or a merged list) and query term.
const fuzzyCache = new WeakMap<PackedStrings, Map<string, Expansion[]>>();

export function expansions(terms: PackedStrings, term: string, k: number): Expansion[] {
  let cache = fuzzyCache.get(terms);
  if (!cache) fuzzyCache.set(terms, (cache = new Map()));
  const key = `${k}:${term}`;
  let exp = cache.get(key);
  if (!exp) {
    exp = expandFuzzy(terms, term, k);
    if (cache.size > 1000) cache.clear();
    cache.set(key, exp);
  }
  return exp;
}

/** Segments at least this large share one merged dictionary per field for fuzzy expansion. */
const MERGED_DICTIONARY_MIN_DOCS = 65_536;
// Merged dictionaries by field and segment set: large segments change only when merges swap them.
const mergedDictionaries = new Map<string, PackedStrings>();

/**
 * The sorted term lists a fuzzy term is expanded against: each small segment's own, and one
 * list merged from the large segments' (one walk instead of one per segment; the closest 50 of
 * the union are the same either way).
 */
export function fuzzyDictionaries(views: SegmentView[], path: string, mergeMinDocs = MERGED_DICTIONARY_MIN_DOCS): PackedStrings[] {
  const small: PackedStrings[] = [];
  const large: { id: number; terms: PackedStrings }[] = [];
  for (const v of views) {
    const inv = v.seg.inverted.get(path);
    if (!inv) continue;
    if (v.seg.maxDoc >= mergeMinDocs) large.push({ id: v.seg.id, terms: inv.terms });
    else small.push(inv.terms);
  }
  if (large.length <= 1) return [...small, ...large.map((l) => l.terms)];
  const key = `${path}\u0000${large.map((l) => l.id).join(',')}`;
  let merged = mergedDictionaries.get(key);
  if (!merged) {
    let lists = large.map((l) => l.terms);
    while (lists.length > 1) {
      const next: PackedStrings[] = [];
      for (let i = 0; i < lists.length; i += 2) next.push(i + 1 < lists.length ? mergeSorted(lists[i], lists[i + 1]) : lists[i]);
      lists = next;
    }
    merged = lists[0];
    if (mergedDictionaries.size >= 16) mergedDictionaries.clear();
    mergedDictionaries.set(key, merged);
  }
  return [...small, merged];
}

/** The distinct strings of two sorted lists, sorted. */
function mergeSorted(a: PackedStrings, b: PackedStrings): PackedStrings {
  const out = new PackedBuilder(a.length + b.length, a.bytes.length + b.bytes.length);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = comparePacked(a, i, b, j);
    if (c < 0) out.copy(a, i++);
    else if (c > 0) out.copy(b, j++);
    else {
      out.copy(a, i++);
      j++;
    }
  }
  while (i < a.length) out.copy(a, i++);
  while (j < b.length) out.copy(b, j++);
  return out.finish();
}

type Variant = { term: string; weight: number };

/** A text term node: exact, or expanded to dictionary terms within the fuzziness. */
function textTerm(ctx: CompileContext, f: SchemaField, term: string, fuzziness: MatchParams['fuzziness'], boost: number): QueryNode {
  return new TextTermNode(f.path, termVariants(ctx, f, term, fuzziness, boost), ctx.stats.field(f.path).norms);
}

/** A text term's weighted dictionary terms: itself, or its expansions within the fuzziness. */
function termVariants(ctx: CompileContext, f: SchemaField, term: string, fuzziness: MatchParams['fuzziness'], boost: number): Variant[] {
  const st = ctx.stats.field(f.path);
  const k = maxEdits(fuzziness, term);
  let variants: Variant[];
  if (k === 0) {
    const w = idf(ctx.stats.docFreq(f.path, term), st.docCount) * boost;
    variants = [{ term, weight: w }];
  } else {
    const found = new Map<string, number>();
    for (const dict of fuzzyDictionaries(ctx.stats.views, f.path)) {
      for (const e of expansions(dict, term, k)) if (!found.has(e.term)) found.set(e.term, e.edits);
    }
    const list = [...found].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 50);
    // Lucene blends the statistics of the expansions (max doc freq) and boosts by similarity.
    let df = 0;
    for (const [t] of list) df = Math.max(df, ctx.stats.docFreq(f.path, t));
    const w = idf(df, st.docCount) * boost;
    variants = list.map(([t, edits]) => ({ term: t, weight: w * (1 - edits / Math.min(t.length, term.length)) }));
  }
  remember(ctx, f.path, variants.map((x) => x.term));
  return variants;
}

/** Score of a `term` query on a keyword-like field: BM25 with tf 1 and no norms. */
function exactTermScore(ctx: CompileContext, f: SchemaField, term: string, boost: number): number {
  const st = ctx.stats.field(f.path);
  const avgdl = st.docCount > 0 ? st.sumTTF / st.docCount : 1;
  const norm = K1 * (1 - B + (B * LENGTH_TABLE[1]) / avgdl);
  return (idf(ctx.stats.docFreq(f.path, term), st.docCount) * boost) / (1 + norm);
}

function exact(ctx: CompileContext, f: SchemaField, value: TermValue): string | null {
  return exactTerm(f, value);
}

function dateOrNumber(f: SchemaField, v: string | number, r: RangeParams, ctx: CompileContext, up: boolean): number {
  if (f.kind === 'date') return evalDateMath(v, { now: ctx.now, timeZone: r.time_zone, roundUp: up });
  return Number(v);
}

function compileMatch(ctx: CompileContext, f: SchemaField, p: MatchParams): QueryNode {
  const boost = p.boost ?? 1;
  if (f.kind !== 'text') {
    if (f.kind === 'date') {
      const t = evalDateMath(typeof p.query === 'boolean' ? String(p.query) : p.query, { now: ctx.now });
      return new RangeNode(f.path, t, t, boost);
    }
    const t = exact(ctx, f, p.query);
    if (t === null) return new MatchNoneNode();
    return new ExactTermsNode(f.path, [t], exactTermScore(ctx, f, t, boost));
  }
  const terms = f.searchAnalyzer!.terms(String(p.query));
  if (terms.length === 0) return new MatchNoneNode();
  const nodes = terms.map((t) => textTerm(ctx, f, t, p.fuzziness, 1));
  if (nodes.length === 1) return boost === 1 ? nodes[0] : new BoostNode(nodes[0], boost);
  const and = String(p.operator ?? 'or').toLowerCase() === 'and';
  if (and) return new BoolNode(nodes, [], [], [], 0, boost);
  const msm = p.minimum_should_match !== undefined ? resolveMinimumShouldMatch(p.minimum_should_match, nodes.length) : 1;
  return new BoolNode([], [], nodes, [], Math.max(1, msm), boost);
}

function compileMultiMatch(ctx: CompileContext, mm: MultiMatchParams): QueryNode {
  return compileBestFields(ctx, mm) ?? compileDisMax(ctx, mm);
}

/** multi_match as OpenSearch rewrites it: dis_max over one match query per field. */
export function compileDisMax(ctx: CompileContext, mm: MultiMatchParams): QueryNode {
  const parts: QueryNode[] = [];
  for (const spec of mm.fields) {
    const { field: name, boost } = parseBoostedField(spec);
    const f = field(ctx, name);
    parts.push(
      compileMatch(ctx, f, { query: mm.query, operator: mm.operator, fuzziness: mm.fuzziness, minimum_should_match: mm.minimum_should_match, boost }),
    );
  }
  return new DisMaxNode(parts, mm.tie_breaker ?? 0, mm.boost ?? 1);
}

/** multi_match over text fields only, evaluated in one pass (null when another field kind is named). */
export function compileBestFields(ctx: CompileContext, mm: MultiMatchParams): QueryNode | null {
  const clauses: FieldClause[] = [];
  const and = String(mm.operator ?? 'or').toLowerCase() === 'and';
  for (const spec of mm.fields) {
    const { field: name, boost } = parseBoostedField(spec);
    const f = field(ctx, name);
    if (f.kind !== 'text') return null;
    const terms = f.searchAnalyzer!.terms(mm.query);
    if (terms.length === 0) continue;
    if (terms.length > MAX_FUSED_TERMS) return null;
    const need = and ? terms.length : mm.minimum_should_match !== undefined ? Math.max(1, resolveMinimumShouldMatch(mm.minimum_should_match, terms.length)) : 1;
    if (need > terms.length) continue; // this field can never match
    const variants = terms.map((t) => termVariants(ctx, f, t, mm.fuzziness, 1));
    clauses.push({ path: f.path, variants, need, boost: boost ?? 1, norms: ctx.stats.field(f.path).norms });
  }
  if (clauses.length === 0) return new MatchNoneNode();
  if (clauses.length > MAX_FUSED_FIELDS) return null;
  return new BestFieldsNode(clauses, mm.tie_breaker ?? 0, mm.boost ?? 1);
}

function single<T>(obj: Record<string, T>): [string, T] {
  const e = Object.entries(obj).find(([k]) => k !== 'boost');
  if (!e) throw new EngineQueryError('expected one field');
  return e;
}

export function compileQuery(ctx: CompileContext, q: Query): QueryNode {
  if ('match_all' in q) return new MatchAllNode(q.match_all.boost ?? 1);
  if ('match_none' in q) return new MatchNoneNode();
  if ('match' in q) {
    const [name, v] = single(q.match);
    const p: MatchParams = v !== null && typeof v === 'object' ? v : { query: v };
    return compileMatch(ctx, field(ctx, name), p);
  }
  if ('multi_match' in q) return compileMultiMatch(ctx, q.multi_match);
  if ('term' in q) {
    const [name, v] = single(q.term);
    const f = field(ctx, name);
    const value = v !== null && typeof v === 'object' ? v.value : v;
    const boost = v !== null && typeof v === 'object' ? (v.boost ?? 1) : 1;
    if (f.kind === 'date') {
      const t = evalDateMath(typeof value === 'boolean' ? String(value) : value, { now: ctx.now });
      return new RangeNode(f.path, t, t, boost);
    }
    if (f.kind === 'text') {
      // term on a text field looks the raw value up in the analyzed terms, as OpenSearch does.
      const st = ctx.stats.field(f.path);
      const t = String(value);
      remember(ctx, f.path, [t]);
      return new TextTermNode(f.path, [{ term: t, weight: idf(ctx.stats.docFreq(f.path, t), st.docCount) * boost }], st.norms);
    }
    const t = exact(ctx, f, value);
    if (t === null) return new MatchNoneNode();
    return new ExactTermsNode(f.path, [t], exactTermScore(ctx, f, t, boost));
  }
  if ('terms' in q) {
    const [name, v] = single(q.terms as Record<string, unknown>);
    const f = field(ctx, name);
    const values = v as TermValue[];
    const boost = typeof q.terms.boost === 'number' ? q.terms.boost : 1;
    if (f.kind === 'date') {
      const parts = values.map((x) => {
        const t = evalDateMath(typeof x === 'boolean' ? String(x) : x, { now: ctx.now });
        return new RangeNode(f.path, t, t, boost);
      });
      return new BoolNode([], [], parts, [], 1, 1);
    }
    if (f.kind === 'text') {
      const terms = values.map(String);
      remember(ctx, f.path, terms);
      return new ExactTermsNode(f.path, terms, boost);
    }
    const terms = values.map((x) => exact(ctx, f, x)).filter((x): x is string => x !== null);
    return new ExactTermsNode(f.path, terms, boost);
  }
  if ('ids' in q) return new IdsNode(q.ids.values.map(String));
  if ('range' in q) {
    const [name, r] = single(q.range);
    const f = field(ctx, name);
    let lo = -Infinity;
    let hi = Infinity;
    if (r.gte !== undefined) lo = dateOrNumber(f, r.gte, r, ctx, false);
    if (r.gt !== undefined) {
      const x = dateOrNumber(f, r.gt, r, ctx, true);
      lo = Math.max(lo, f.kind === 'date' || f.integer ? x + 1 : nextUp(x));
    }
    if (r.lte !== undefined) hi = dateOrNumber(f, r.lte, r, ctx, true);
    if (r.lt !== undefined) {
      const x = dateOrNumber(f, r.lt, r, ctx, false);
      hi = Math.min(hi, f.kind === 'date' || f.integer ? x - 1 : nextDown(x));
    }
    if (f.integer) {
      lo = Math.ceil(lo);
      hi = Math.floor(hi);
    }
    return new RangeNode(f.path, lo, hi, r.boost ?? 1);
  }
  if ('prefix' in q) {
    const [name, v] = single(q.prefix);
    const f = field(ctx, name);
    const value = typeof v === 'string' ? v : v.value;
    const boost = typeof v === 'string' ? 1 : (v.boost ?? 1);
    const p = f.kind === 'text' ? asciiFold(value.toLowerCase()) : f.normalize ? f.normalize(value) : value;
    if (f.kind === 'text') remember(ctx, `${f.path}\u0000prefix`, [p]);
    return new PrefixNode(f.path, p, boost);
  }
  if ('exists' in q) {
    const name = q.exists.field;
    const f = ctx.schema.fields.get(name);
    if (f) return new ExistsNode([f]);
    if (ctx.schema.objects.has(name)) return new ExistsNode(ctx.schema.list.filter((x) => x.path.startsWith(`${name}.`)));
    throw new EngineQueryError(`unknown field [${name}]`);
  }
  if ('bool' in q) return compileBool(ctx, q.bool);
  throw new EngineQueryError(`unsupported query [${Object.keys(q)[0]}]`);
}

function compileBool(ctx: CompileContext, b: BoolQuery): QueryNode {
  const must = asArray(b.must).map((x) => compileQuery(ctx, x));
  const filter = asArray(b.filter).map((x) => compileQuery(ctx, x));
  const should = asArray(b.should).map((x) => compileQuery(ctx, x));
  const mustNot = asArray(b.must_not).map((x) => compileQuery(ctx, x));
  let msm: number;
  if (b.minimum_should_match !== undefined) msm = resolveMinimumShouldMatch(b.minimum_should_match, should.length);
  else msm = should.length > 0 && must.length === 0 && filter.length === 0 ? 1 : 0;
  return new BoolNode(must, filter, should, mustNot, msm, b.boost ?? 1);
}

function nextUp(x: number): number {
  if (!Number.isFinite(x)) return x;
  const buf = new Float64Array([x]);
  const bits = new BigInt64Array(buf.buffer);
  if (x === 0) return Number.MIN_VALUE;
  bits[0] += x > 0 ? 1n : -1n;
  return buf[0];
}

function nextDown(x: number): number {
  return -nextUp(-x);
}

