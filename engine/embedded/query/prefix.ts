// `prefix`: every term of the field starting with the value (lowercased and folded for a text field,
// normalized for a keyword), scored constantly.
import { asciiFold } from '../analysis/analysis.ts';
import type { SchemaField } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import { constantScore, EMPTY, union, type DocSet } from './docset.ts';
import { remember, type CompileContext, type QueryNode } from './node.ts';
import { postings } from './postings.ts';

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

export function compilePrefix(ctx: CompileContext, f: SchemaField, v: string | { value: string; boost?: number }): QueryNode {
  const value = typeof v === 'string' ? v : v.value;
  const boost = typeof v === 'string' ? 1 : (v.boost ?? 1);
  const p = f.kind === 'text' ? asciiFold(value.toLowerCase()) : f.normalize ? f.normalize(value) : value;
  if (f.kind === 'text') remember(ctx, `${f.path}\u0000prefix`, [p]);
  return new PrefixNode(f.path, p, boost);
}
