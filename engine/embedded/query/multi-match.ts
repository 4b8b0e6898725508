// `multi_match` (best_fields): each field scored as a match query, a doc's score its best field's plus
// tie_breaker times the others'. Over text fields it is evaluated in one pass over the postings of
// every field, query term and variant (BestFieldsNode), and ranked alone it is pruned (max-score.ts);
// naming another field kind, it is what OpenSearch rewrites it to: dis_max over match queries.
import { parseBoostedField } from '../../fields.ts';
import type { MultiMatchParams } from '../../port.ts';
import { resolveMinimumShouldMatch } from '../../validate.ts';
import { termOrd, type SegmentView } from '../index/segment.ts';
import { scoreTable, postingScore } from './bm25.ts';
import { BoolNode } from './bool.ts';
import type { QueryCaches } from './caches.ts';
import { EMPTY, gallop, intersect, iotaOf, maskOf, scale, union, type DocSet } from './docset.ts';
import { compileMatch } from './match.ts';
import { MatchNoneNode } from './match-all.ts';
import { maxScoreTopK } from './max-score.ts';
import { field, type CompileContext, type QueryNode } from './node.ts';
import { postingCount, type PostingList } from './postings.ts';
import { termVariants, type Variant } from './variants.ts';

/** One field of a best_fields multi_match: per query term, its weighted dictionary variants. */
export interface FieldClause {
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
// accumulators are allocated the first time a query has that many fields. Each evaluation zeroes
// what it touched, so no state passes between searches or engines.
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

export class BestFieldsNode implements QueryNode {
  readonly key: string;
  /** Score table per clause, query term and variant, shared by the segments. */
  private readonly tables: Float64Array[][][];
  constructor(
    readonly clauses: FieldClause[],
    readonly tieBreaker: number,
    readonly boost: number,
    /** The engine's caches, where the pruned top-k keeps its lists' bounds. */
    readonly caches: QueryCaches,
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
    const within = v.within ?? null;
    if (!scoring && this.anyTerm) return anyPosting(lists, total, v.seg.maxDoc, within, within !== null);
    if (!scoring && this.clauses.every((c) => c.need === c.variants.length)) return this.allTerms(lists, v.seg.maxDoc);
    const maxDoc = v.seg.maxDoc;
    const nf = this.clauses.length;
    const s = bestFieldsScratch(maxDoc, nf);
    // Within a bool's few filtered docs, only those are accumulated, and they are tracked rather than swept for.
    const track = within !== null || total * 8 < maxDoc;
    let n = 0;
    // Accumulate each field's term count and BM25 sum per doc, posting by posting.
    for (const { field, tag, variants, weight, table, inv, start, end } of lists) {
      const { sum, count, last } = s.fields[field];
      const { docs, freqs, norms } = inv;
      const cache = this.clauses[field].norms;
      for (let i = start; i < end; i++) {
        const d = docs[i];
        if (within !== null && within[d] === 0) continue;
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
   * The k best-scoring docs among `accepted`, pruned with MaxScore (see `maxScoreTopK`); false when
   * the query has too many lists to prune.
   */
  topK(v: SegmentView, accepted: Uint32Array, offer: (doc: number, score: number) => void, threshold: () => number): boolean {
    return maxScoreTopK(this, v, accepted, offer, threshold);
  }
}

/**
 * Docs in any of the lists (filter context, one query term enough) and `within` if given: marked in a byte mask,
 * then swept; or, `sparse` (few postings, or few docs within), collected as found and sorted.
 */
function anyPosting(lists: PostingList[], total: number, maxDoc: number, within: Uint8Array | null = null, sparse = total * 8 < maxDoc): DocSet {
  const s = bestFieldsScratch(maxDoc, 0);
  const seen = s.seen;
  if (sparse) {
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
  if (!(q instanceof BoolNode)) return null;
  const sole = q.soleClause();
  return sole instanceof BestFieldsNode ? { node: sole, boost: q.boost } : null;
}

/** A doc's best part score plus tie_breaker times the others' (the parts' union). */
export class DisMaxNode implements QueryNode {
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

export function compileMultiMatch(ctx: CompileContext, mm: MultiMatchParams): QueryNode {
  return compileBestFields(ctx, mm) ?? compileDisMax(ctx, mm);
}

/** multi_match as OpenSearch rewrites it: dis_max over one match query per field. */
export function compileDisMax(ctx: CompileContext, mm: MultiMatchParams): QueryNode {
  const parts: QueryNode[] = [];
  for (const spec of mm.fields) {
    const { field: name, boost } = parseBoostedField(spec);
    const f = field(ctx, name);
    parts.push(
      compileMatch(ctx, f, { query: mm.query, operator: mm.operator, fuzziness: mm.fuzziness, prefix_length: mm.prefix_length, minimum_should_match: mm.minimum_should_match, boost }),
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
    const variants = terms.map((t) => termVariants(ctx, f, t, mm, 1));
    clauses.push({ path: f.path, variants, need, boost: boost ?? 1, norms: ctx.stats.field(f.path).norms });
  }
  if (clauses.length === 0) return new MatchNoneNode();
  if (clauses.length > MAX_FUSED_FIELDS) return null;
  return new BestFieldsNode(clauses, mm.tie_breaker ?? 0, mm.boost ?? 1, ctx.caches);
}
