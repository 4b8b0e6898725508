// Compiles the query DSL into nodes evaluated segment by segment into DocSets, scoring with BM25
// over index-wide statistics (as a one-shard OpenSearch index does). Each query type is compiled by
// its own module; this one reads the DSL's shape (one field per clause) and dispatches.
import { EngineQueryError } from '../../errors.ts';
import type { Query, TermValue } from '../../port.ts';
import { compileBool } from './bool.ts';
import { ConstantScoreNode } from './constant-score.ts';
import { compileCrossFields } from './cross-fields.ts';
import { compileExists } from './exists.ts';
import { IdsNode } from './ids.ts';
import { compileMatch } from './match.ts';
import { MatchAllNode, MatchNoneNode } from './match-all.ts';
import { compileMultiMatch, DisMaxNode } from './multi-match.ts';
import { field, type CompileContext, type QueryNode } from './node.ts';
import { compilePrefix } from './prefix.ts';
import { compileRange } from './range.ts';
import { compileTerm, compileTerms } from './term.ts';

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
    return compileMatch(ctx, field(ctx, name), v);
  }
  if ('multi_match' in q) return q.multi_match.type === 'cross_fields' ? compileCrossFields(ctx, q.multi_match) : compileMultiMatch(ctx, q.multi_match);
  if ('term' in q) {
    const [name, v] = single(q.term);
    return compileTerm(ctx, field(ctx, name), v);
  }
  if ('terms' in q) {
    const [name, v] = single(q.terms as Record<string, unknown>);
    return compileTerms(ctx, field(ctx, name), v as TermValue[], typeof q.terms.boost === 'number' ? q.terms.boost : 1);
  }
  if ('ids' in q) return new IdsNode(q.ids.values.map(String));
  if ('range' in q) {
    const [name, r] = single(q.range);
    return compileRange(ctx, field(ctx, name), r);
  }
  if ('prefix' in q) {
    const [name, v] = single(q.prefix);
    return compilePrefix(ctx, field(ctx, name), v);
  }
  if ('exists' in q) return compileExists(ctx, q.exists.field);
  if ('bool' in q) return compileBool(ctx, q.bool);
  if ('constant_score' in q) return new ConstantScoreNode(ctx.caches, compileQuery(ctx, q.constant_score.filter), q.constant_score.boost ?? 1);
  if ('dis_max' in q) return new DisMaxNode(q.dis_max.queries.map((sub) => compileQuery(ctx, sub)), q.dis_max.tie_breaker ?? 0, q.dis_max.boost ?? 1);
  throw new EngineQueryError(`unsupported query [${Object.keys(q)[0]}]`);
}
