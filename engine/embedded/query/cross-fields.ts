// `multi_match` type cross_fields, built as OpenSearch builds it (MultiMatchQuery.buildCrossFieldQuery):
// the fields are grouped by search analyzer, as if each group were one big field. A group of one
// field is a plain match query on it. A larger group analyzes the text once and makes each term a
// blended term: dis_max over the term in each field, each scored with BM25 on its own field's
// docCount and lengths but with a doc freq blended across the fields (BlendedTermQuery), so a term
// rare in one field and common in another is not rewarded for its rarity there. The blended terms
// combine like a match query's (and, or with minimum_should_match); the groups as a dis_max.
import { parseBoostedField } from '../../fields.ts';
import type { MultiMatchParams } from '../../port.ts';
import { resolveMinimumShouldMatch } from '../../validate.ts';
import { exactTerm } from '../index/segment.ts';
import type { SchemaField } from '../index/schema.ts';
import { exactTermScore, idf, type Stats } from './bm25.ts';
import { BoolNode } from './bool.ts';
import { compileMatch } from './match.ts';
import { MatchNoneNode } from './match-all.ts';
import { DisMaxNode } from './multi-match.ts';
import { field, remember, type CompileContext, type QueryNode } from './node.ts';
import { ExactTermsNode, TextTermNode } from './term.ts';

interface GroupField {
  f: SchemaField;
  boost: number;
}

/**
 * Each field's doc freq of a term as BlendedTermQuery.blend adjusts it (`terms[i]` is the term in
 * `paths[i]`, null when the field cannot hold it). The most frequent field gets the max doc freq,
 * each less frequent one that plus one per step down (a small bias towards the popular fields),
 * each capped by the docs having the field; 0 stays 0 (the field has no such posting).
 */
export function blendedDocFreqs(stats: Stats, paths: string[], terms: (string | null)[]): number[] {
  const df = paths.map((p, i) => (terms[i] === null ? 0 : stats.docFreq(p, terms[i]!)));
  let max = 0;
  for (const x of df) max = Math.max(max, x);
  if (paths.length <= 1 || max === 0) return df;
  // Lucene's reader.maxDoc (deleted docs included), lowered to the smallest sumTotalTermFreq of a
  // field holding the term, so the statistics stay consistent with each other.
  let maxDoc = 0;
  for (const v of stats.views) maxDoc += v.seg.maxDoc;
  for (let i = 0; i < paths.length; i++) if (df[i] > 0) maxDoc = Math.min(maxDoc, stats.field(paths[i]).sumTTF);
  const order = paths.map((_, i) => i).sort((a, b) => df[b] - df[a]); // stable, as Lucene's merge sort
  const out = df.slice();
  let actual = Math.min(maxDoc, max);
  let prev = df[order[0]];
  for (const i of order) {
    if (df[i] === 0) break;
    if (prev > df[i]) actual++;
    out[i] = Math.min(maxDoc, stats.field(paths[i]).docCount, actual);
    prev = df[i];
  }
  return out;
}

/** One query term over a group's fields: dis_max over its per-field term queries, blended doc freqs. */
function blendedTerm(ctx: CompileContext, group: GroupField[], terms: (string | null)[], tieBreaker: number): QueryNode {
  const df = blendedDocFreqs(ctx.stats, group.map((g) => g.f.path), terms);
  const parts: QueryNode[] = [];
  group.forEach(({ f, boost }, i) => {
    const term = terms[i];
    if (term === null || df[i] === 0) return; // no posting of the term in this field
    const st = ctx.stats.field(f.path);
    parts.push(
      f.kind === 'text'
        ? new TextTermNode(f.path, [{ term, weight: idf(df[i], st.docCount) * boost }], st.norms)
        : new ExactTermsNode(f.path, [term], exactTermScore(ctx.stats, f.path, term, boost, df[i])),
    );
  });
  return parts.length === 0 ? new MatchNoneNode() : new DisMaxNode(parts, tieBreaker, 1);
}

/** A group of one field: a match query on it, with the field's boost. */
function singleField(ctx: CompileContext, { f, boost }: GroupField, mm: MultiMatchParams): QueryNode {
  if (f.kind === 'text' && mm.minimum_should_match !== undefined && !isAnd(mm)) {
    const n = f.searchAnalyzer!.terms(mm.query).length;
    if (termsNeeded(mm, n) > n) return new MatchNoneNode(); // the match query would clamp it
  }
  return compileMatch(ctx, f, { query: mm.query, operator: mm.operator, minimum_should_match: mm.minimum_should_match, boost });
}

/** A group of several fields sharing a search analyzer. */
function blendedGroup(ctx: CompileContext, group: GroupField[], mm: MultiMatchParams, tieBreaker: number): QueryNode {
  const first = group[0].f;
  if (first.kind !== 'text') {
    // Keyword fields (one normalizer): the whole text is the one term, as the keyword analyzer gives it.
    return blendedTerm(ctx, group, group.map(({ f }) => exactTerm(f, mm.query)), tieBreaker);
  }
  const terms = first.searchAnalyzer!.terms(mm.query);
  if (terms.length === 0) return new MatchNoneNode();
  const need = termsNeeded(mm, terms.length);
  if (need > terms.length) return new MatchNoneNode();
  for (const { f } of group) remember(ctx, f.path, terms); // highlighted in every field of the group
  const nodes = terms.map((t) => blendedTerm(ctx, group, group.map(() => t), tieBreaker));
  if (nodes.length === 1) return nodes[0];
  if (isAnd(mm)) return new BoolNode(ctx.caches, nodes, [], [], [], 0, 1);
  return new BoolNode(ctx.caches, [], [], nodes, [], need, 1);
}

const isAnd = (mm: MultiMatchParams): boolean => String(mm.operator ?? 'or').toLowerCase() === 'and';

/**
 * How many of a group's n query terms a doc needs: all with operator and, else minimum_should_match
 * as OpenSearch applies it to the group's bool query: not to a single term (no bool), and not
 * clamped to n (more than n matches nothing).
 */
function termsNeeded(mm: MultiMatchParams, n: number): number {
  if (isAnd(mm)) return n;
  if (mm.minimum_should_match === undefined || n === 1) return 1;
  return Math.max(1, resolveMinimumShouldMatch(mm.minimum_should_match, n, 'minimum_should_match', false));
}

export function compileCrossFields(ctx: CompileContext, mm: MultiMatchParams): QueryNode {
  // Tie breaker 0 unless given, as OpenSearch's default for cross_fields.
  const tieBreaker = mm.tie_breaker ?? 0;
  // A field named twice keeps its last boost (OpenSearch reads `fields` into a map).
  const boosts = new Map<string, number>();
  for (const spec of mm.fields) {
    const { field: name, boost } = parseBoostedField(spec);
    boosts.set(name, boost);
  }
  // Text fields group by search analyzer (one instance per analyzer name in a schema), keyword
  // fields by normalizer; validation admits no other kind (each would be its own group here).
  const groups = new Map<unknown, GroupField[]>();
  for (const [name, boost] of boosts) {
    const f = field(ctx, name);
    const key = f.kind === 'text' ? f.searchAnalyzer : f.kind === 'keyword' ? `keyword:${f.info.normalizer ?? ''}` : f;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push({ f, boost });
  }
  const parts: QueryNode[] = [];
  for (const g of groups.values()) {
    const q = g.length === 1 ? singleField(ctx, g[0], mm) : blendedGroup(ctx, g, mm, tieBreaker);
    if (!(q instanceof MatchNoneNode)) parts.push(q);
  }
  if (parts.length === 0) return new MatchNoneNode();
  return new DisMaxNode(parts, tieBreaker, mm.boost ?? 1);
}
