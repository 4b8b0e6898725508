// `range` on a number or date field, read from its numeric column: gt and lt become inclusive bounds
// (the next integer, or the next double). A `term` on a date is the range of one instant (term.ts).
import { evalDateMath } from '../../datemath.ts';
import type { RangeParams } from '../../port.ts';
import type { SchemaField } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import { EMPTY, type DocSet } from './docset.ts';
import type { CompileContext, QueryNode } from './node.ts';

export class RangeNode implements QueryNode {
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

export function compileRange(ctx: CompileContext, f: SchemaField, r: RangeParams): QueryNode {
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

function dateOrNumber(f: SchemaField, v: string | number, r: RangeParams, ctx: CompileContext, up: boolean): number {
  if (f.kind === 'date') return evalDateMath(v, { now: ctx.now, timeZone: r.time_zone, roundUp: up });
  return Number(v);
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
