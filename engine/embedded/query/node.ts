// What the query DSL compiles to: one node per clause, evaluated segment by segment into a DocSet,
// and the context compilation reads (schema, index-wide statistics, the engine's caches).
import { EngineQueryError } from '../../errors.ts';
import type { Schema, SchemaField } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import type { Stats } from './bm25.ts';
import type { QueryCaches } from './caches.ts';
import type { DocSet } from './docset.ts';

export interface CompileContext {
  schema: Schema;
  stats: Stats;
  now: number;
  /** Query terms per text field, for highlighting. */
  highlightTerms: Map<string, Set<string>>;
  /** The caches of the engine searching (nodes keep the ones they use). */
  caches: QueryCaches;
}

export interface QueryNode {
  exec(v: SegmentView, scoring: boolean): DocSet;
  /** Identifies the matching set (not the scores): the filter cache key. */
  readonly key: string;
  /**
   * Filter-context matches among the docs `within` (ascending), for a node that finds them faster
   * than `exec` and a mask would; null when it does not (then `exec` is used).
   */
  matchesWithin?(v: SegmentView, within: Uint32Array): Uint32Array | null;
}

export function field(ctx: CompileContext, name: string): SchemaField {
  const f = ctx.schema.fields.get(name);
  if (!f) throw new EngineQueryError(`unknown field [${name}]`);
  return f;
}

export function remember(ctx: CompileContext, path: string, terms: string[]): void {
  let s = ctx.highlightTerms.get(path);
  if (!s) ctx.highlightTerms.set(path, (s = new Set()));
  for (const t of terms) s.add(t);
}
