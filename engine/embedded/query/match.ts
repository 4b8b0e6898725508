// `match`: the query text analyzed into terms, each with its fuzzy variants and scored with BM25,
// required all (operator and) or some (minimum_should_match). On any other field kind, the value is
// one term (term.ts).
import type { MatchParams, TermValue } from '../../port.ts';
import { resolveMinimumShouldMatch } from '../../validate.ts';
import type { SchemaField } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import { BoolNode } from './bool.ts';
import { scale, type DocSet } from './docset.ts';
import { MatchNoneNode } from './match-all.ts';
import type { CompileContext, QueryNode } from './node.ts';
import { exactQuery, TextTermNode } from './term.ts';
import { termVariants } from './variants.ts';

/** A one-term match with a boost: the term's scores scaled (the same docs, so the same key). */
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

/** A text term node: exact, or expanded to dictionary terms within the fuzziness. */
function textTerm(ctx: CompileContext, f: SchemaField, term: string, p: Pick<MatchParams, 'fuzziness' | 'prefix_length'>, boost: number): QueryNode {
  return new TextTermNode(f.path, termVariants(ctx, f, term, p, boost), ctx.stats.field(f.path).norms);
}

export function compileMatch(ctx: CompileContext, f: SchemaField, v: MatchParams | TermValue): QueryNode {
  const p: MatchParams = v !== null && typeof v === 'object' ? v : { query: v };
  const boost = p.boost ?? 1;
  if (f.kind !== 'text') return exactQuery(ctx, f, p.query, boost);
  const terms = f.searchAnalyzer!.terms(String(p.query));
  if (terms.length === 0) return new MatchNoneNode();
  const nodes = terms.map((t) => textTerm(ctx, f, t, p, 1));
  if (nodes.length === 1) return boost === 1 ? nodes[0] : new BoostNode(nodes[0], boost);
  const and = String(p.operator ?? 'or').toLowerCase() === 'and';
  if (and) return new BoolNode(ctx.caches, nodes, [], [], [], 0, boost);
  const msm = p.minimum_should_match !== undefined ? resolveMinimumShouldMatch(p.minimum_should_match, nodes.length) : 1;
  return new BoolNode(ctx.caches, [], [], nodes, [], Math.max(1, msm), boost);
}
