// An index definition compiled for the embedded engine: every field path with how it is indexed.
import { EngineQueryError } from '../../errors.ts';
import { fieldTable, isNumericType, type FieldInfo } from '../../fields.ts';
import type { IndexDefinition } from '../../port.ts';
import { buildAnalyzer, buildNormalizer, type Analyzer } from '../analysis/analysis.ts';

export type FieldKind = 'text' | 'keyword' | 'number' | 'date' | 'boolean' | 'completion';

export interface SchemaField {
  path: string;
  sourcePath: string;
  /** sourcePath split on dots. */
  sourceParts: string[];
  kind: FieldKind;
  info: FieldInfo;
  /** text: index-time analyzer; completion: input analyzer. */
  analyzer?: Analyzer;
  /** text: query-time analyzer. */
  searchAnalyzer?: Analyzer;
  /** keyword: normalizer (identity without one). */
  normalize?: (v: string) => string;
  ignoreAbove?: number;
  integer?: boolean;
}

export interface Schema {
  def: IndexDefinition;
  fields: Map<string, SchemaField>;
  /** Fields in a stable order, so segment layouts are deterministic. */
  list: SchemaField[];
  objects: Set<string>;
  /** Top-level and object property names, to reject unknown document fields (dynamic: strict). */
  allowedPaths: Set<string>;
}

function kindOf(f: FieldInfo): FieldKind {
  if (f.type === 'text') return 'text';
  if (f.type === 'keyword') return 'keyword';
  if (f.type === 'date') return 'date';
  if (f.type === 'boolean') return 'boolean';
  if (f.type === 'completion') return 'completion';
  if (isNumericType(f.type)) return 'number';
  throw new EngineQueryError(`unsupported field type [${f.type}] for [${f.path}]`);
}

export function compileSchema(def: IndexDefinition): Schema {
  const table = fieldTable(def);
  const fields = new Map<string, SchemaField>();
  const analyzers = new Map<string, Analyzer>();
  const analyzer = (name: string): Analyzer => {
    let a = analyzers.get(name);
    if (!a) analyzers.set(name, (a = buildAnalyzer(name, def.settings)));
    return a;
  };
  for (const info of table.fields.values()) {
    const kind = kindOf(info);
    const f: SchemaField = { path: info.path, sourcePath: info.sourcePath, sourceParts: info.sourcePath.split('.'), kind, info, ignoreAbove: info.ignoreAbove };
    if (kind === 'text') {
      f.analyzer = analyzer(info.analyzer ?? 'standard');
      f.searchAnalyzer = analyzer(info.searchAnalyzer ?? info.analyzer ?? 'standard');
    } else if (kind === 'completion') {
      f.analyzer = analyzer(info.analyzer ?? 'simple');
    } else if (kind === 'keyword') {
      f.normalize = buildNormalizer(info.normalizer, def.settings);
    } else if (kind === 'number') {
      f.integer = info.type === 'integer' || info.type === 'long';
    }
    fields.set(info.path, f);
  }
  const allowedPaths = new Set<string>([...table.objects]);
  for (const f of fields.values()) allowedPaths.add(f.sourcePath);
  return { def, fields, list: [...fields.values()], objects: table.objects, allowedPaths };
}

/** Dynamic-strict check: every key of the document must be mapped. Returns the first unknown path. */
export function unknownDocField(schema: Schema, doc: Record<string, unknown>, prefix = ''): string | null {
  for (const k in doc) {
    const v = doc[k];
    const path = prefix === '' ? k : prefix + k;
    if (!schema.allowedPaths.has(path)) return path;
    if (schema.objects.has(path)) {
      for (const item of Array.isArray(v) ? v : [v]) {
        if (item !== null && typeof item === 'object') {
          const bad = unknownDocField(schema, item as Record<string, unknown>, `${path}.`);
          if (bad) return bad;
        }
      }
    }
  }
  return null;
}
