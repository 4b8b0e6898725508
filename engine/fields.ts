// Flattens an OpenSearch mapping into dotted field paths (`board.id`, `title.keyword`).
import type { CompletionContext, FieldMapping, FieldType, IndexDefinition } from './port.ts';

export interface FieldInfo {
  /** Dotted path used in queries: `title.keyword`, `tags.id`. */
  path: string;
  type: Exclude<FieldType, 'object'>;
  /** Path of the value in the source document (a subfield reads its parent's value). */
  sourcePath: string;
  analyzer?: string;
  searchAnalyzer?: string;
  normalizer?: string;
  ignoreAbove?: number;
  contexts?: CompletionContext[];
}

export interface FieldTable {
  fields: Map<string, FieldInfo>;
  /** Object paths (`board`, `tags`), for `exists`. */
  objects: Set<string>;
}

const cache = new WeakMap<IndexDefinition, FieldTable>();

export function fieldTable(def: IndexDefinition): FieldTable {
  let t = cache.get(def);
  if (t) return t;
  t = { fields: new Map(), objects: new Set() };
  walk(def.mappings.properties, '', t);
  cache.set(def, t);
  return t;
}

function walk(props: Record<string, FieldMapping>, prefix: string, t: FieldTable): void {
  for (const [name, m] of Object.entries(props)) {
    const path = prefix + name;
    if (m.properties || m.type === 'object') {
      t.objects.add(path);
      walk(m.properties ?? {}, `${path}.`, t);
      continue;
    }
    const type = (m.type ?? 'object') as FieldInfo['type'];
    t.fields.set(path, info(path, path, type, m));
    for (const [sub, sm] of Object.entries(m.fields ?? {})) {
      const sp = `${path}.${sub}`;
      t.fields.set(sp, info(sp, path, (sm.type ?? 'keyword') as FieldInfo['type'], sm));
    }
  }
}

function info(path: string, sourcePath: string, type: FieldInfo['type'], m: FieldMapping): FieldInfo {
  return {
    path,
    type,
    sourcePath,
    analyzer: m.analyzer,
    searchAnalyzer: m.search_analyzer,
    normalizer: m.normalizer,
    ignoreAbove: m.ignore_above,
    contexts: m.contexts,
  };
}

export function isNumericType(t: FieldInfo['type']): boolean {
  return t === 'integer' || t === 'long' || t === 'float' || t === 'double';
}

/** Reads a dotted path from a source document; arrays of objects are flattened like OpenSearch. */
export function readPath(doc: unknown, path: string): unknown[] {
  return readParts(doc, path.split('.'));
}

/** readPath with the path already split (hot path of indexing). */
export function readParts(doc: unknown, parts: string[]): unknown[] {
  const out: unknown[] = [];
  // Fast path: a plain scalar at the end of plain objects.
  let v: unknown = doc;
  let i = 0;
  for (; i < parts.length; i++) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) break;
    v = (v as Record<string, unknown>)[parts[i]];
  }
  if (i === parts.length) {
    if (v === null || v === undefined) return out;
    if (!Array.isArray(v)) {
      out.push(v);
      return out;
    }
  }
  collect(doc, parts, 0, out);
  return out;
}

function collect(v: unknown, parts: string[], i: number, out: unknown[]): void {
  if (v === null || v === undefined) return;
  if (Array.isArray(v)) {
    for (const x of v) collect(x, parts, i, out);
    return;
  }
  if (i === parts.length) {
    out.push(v);
    return;
  }
  if (typeof v !== 'object') return;
  collect((v as Record<string, unknown>)[parts[i]], parts, i + 1, out);
}

/** Splits `title^3` into field and boost. */
export function parseBoostedField(spec: string): { field: string; boost: number } {
  const i = spec.lastIndexOf('^');
  if (i < 0) return { field: spec, boost: 1 };
  return { field: spec.slice(0, i), boost: Number(spec.slice(i + 1)) };
}
