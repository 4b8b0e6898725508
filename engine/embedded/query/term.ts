// `term` and `terms`: exact values looked up in a field's dictionary. On a text field the raw value
// is looked up among the analyzed terms (as OpenSearch does) and scored with BM25; on a keyword,
// number or boolean field `term` scores like BM25 with tf 1, `terms` constantly; on a date field a
// value matches the instant it names. `match` on a field other than text is a `term` query.
import { evalDateMath } from '../../datemath.ts';
import type { TermValue } from '../../port.ts';
import type { SchemaField } from '../index/schema.ts';
import { exactTerm, termOrd, type SegmentView } from '../index/segment.ts';
import { exactTermScore, idf } from './bm25.ts';
import { BoolNode } from './bool.ts';
import { constantScore, EMPTY, keepWithin, union, type DocSet } from './docset.ts';
import { MatchNoneNode } from './match-all.ts';
import { remember, type CompileContext, type QueryNode } from './node.ts';
import { postings } from './postings.ts';
import { RangeNode } from './range.ts';

/** A text term with its variants (fuzzy expansions), scored with BM25; variants add up. */
export class TextTermNode implements QueryNode {
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
    const within = v.within;
    for (const { term, weight } of this.variants) {
      const o = termOrd(inv, term);
      if (o === undefined) continue;
      const s = inv.start[o];
      const all = inv.docs.subarray(s, inv.start[o + 1]);
      if (!scoring) {
        sets.push({ docs: keepWithin(all, within), scores: null });
        continue;
      }
      const freqs = inv.freqs!;
      const norms = inv.norms!;
      const cache = this.norms;
      const docs = within ? new Uint32Array(all.length) : all;
      const scores = new Float32Array(all.length);
      let n = 0;
      for (let i = 0; i < all.length; i++) {
        const d = all[i];
        const tf = freqs[s + i];
        docs[n] = d;
        scores[n] = (weight * tf) / (tf + cache[norms[d]]);
        // Branch-free: every posting is written, and kept when its doc is within the bool's filters.
        n += within ? within[d] : 1;
      }
      sets.push({ docs: docs.subarray(0, n), scores: scores.subarray(0, n) });
    }
    if (sets.length === 0) return EMPTY;
    if (sets.length === 1) return sets[0];
    return union(sets, v.seg.maxDoc, 1, scoring, 'sum');
  }
}

/** Exact terms of a keyword/number/boolean field: `term` scores like BM25 with tf 1, `terms` constant. */
export class ExactTermsNode implements QueryNode {
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
      if (o !== undefined) sets.push({ docs: keepWithin(postings(inv, o), v.within), scores: null });
    }
    const u = sets.length === 1 ? sets[0] : union(sets, v.seg.maxDoc, 1, false);
    return scoring ? constantScore(u, this.score) : u;
  }
}

/** A value of a date, keyword, number or boolean field as a term query. */
export function exactQuery(ctx: CompileContext, f: SchemaField, value: TermValue, boost: number): QueryNode {
  if (f.kind === 'date') return dateTerm(ctx, f, value, boost);
  const t = exactTerm(f, value);
  if (t === null) return new MatchNoneNode();
  return new ExactTermsNode(f.path, [t], exactTermScore(ctx.stats, f.path, t, boost));
}

/** A date as the one instant it names. */
function dateTerm(ctx: CompileContext, f: SchemaField, value: TermValue, boost: number): QueryNode {
  const t = evalDateMath(typeof value === 'boolean' ? String(value) : value, { now: ctx.now });
  return new RangeNode(f.path, t, t, boost);
}

export function compileTerm(ctx: CompileContext, f: SchemaField, v: TermValue | { value: TermValue; boost?: number }): QueryNode {
  const value = v !== null && typeof v === 'object' ? v.value : v;
  const boost = v !== null && typeof v === 'object' ? (v.boost ?? 1) : 1;
  if (f.kind !== 'text') return exactQuery(ctx, f, value, boost);
  // term on a text field looks the raw value up in the analyzed terms, as OpenSearch does.
  const st = ctx.stats.field(f.path);
  const t = String(value);
  remember(ctx, f.path, [t]);
  return new TextTermNode(f.path, [{ term: t, weight: idf(ctx.stats.docFreq(f.path, t), st.docCount) * boost }], st.norms);
}

export function compileTerms(ctx: CompileContext, f: SchemaField, values: TermValue[], boost: number): QueryNode {
  if (f.kind === 'date') return new BoolNode(ctx.caches, [], [], values.map((x) => dateTerm(ctx, f, x, boost)), [], 1, 1);
  if (f.kind === 'text') {
    const terms = values.map(String);
    remember(ctx, f.path, terms);
    return new ExactTermsNode(f.path, terms, boost);
  }
  const terms = values.map((x) => exactTerm(f, x)).filter((x): x is string => x !== null);
  return new ExactTermsNode(f.path, terms, boost);
}
