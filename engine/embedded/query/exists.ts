// `exists`: the docs with a value in the field, or in any field under an object path.
import { EngineQueryError } from '../../errors.ts';
import type { SchemaField } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import type { DocSet } from './docset.ts';
import type { CompileContext, QueryNode } from './node.ts';

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

export function compileExists(ctx: CompileContext, name: string): QueryNode {
  const f = ctx.schema.fields.get(name);
  if (f) return new ExistsNode([f]);
  if (ctx.schema.objects.has(name)) return new ExistsNode(ctx.schema.list.filter((x) => x.path.startsWith(`${name}.`)));
  throw new EngineQueryError(`unknown field [${name}]`);
}
