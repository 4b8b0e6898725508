// Validates search and suggest requests against an index definition, so both adapters reject the
// same bad requests with EngineQueryError (→ 400) before touching an index.
import { EngineQueryError } from './errors.ts';
import { assertTimeZone, calendarUnit, evalDateMath } from './datemath.ts';
import { fieldTable, isNumericType, parseBoostedField, type FieldInfo, type FieldTable } from './fields.ts';
import {
  ENGINE_LIMITS,
  type Aggregation,
  type IndexDefinition,
  type MinimumShouldMatch,
  type Query,
  type SearchRequest,
  type SortClause,
  type SuggestRequest,
} from './port.ts';

export function asArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/**
 * Resolves minimum_should_match (`2`, `-1`, `"75%"`, `"-25%"`) for n optional clauses, at most n
 * unless `clamp` is false (OpenSearch does not clamp: more than n then matches nothing).
 */
export function resolveMinimumShouldMatch(spec: MinimumShouldMatch, n: number, path = 'minimum_should_match', clamp = true): number {
  let k: number;
  const s = String(spec).trim();
  const pct = /^(-?\d+(?:\.\d+)?)%$/.exec(s);
  if (pct) {
    const p = Number(pct[1]);
    k = p < 0 ? n - Math.floor((n * -p) / 100) : Math.floor((n * p) / 100);
  } else if (/^-?\d+$/.test(s)) {
    const v = Number(s);
    k = v < 0 ? n + v : v;
  } else {
    throw new EngineQueryError(`unsupported minimum_should_match [${s}]`, path);
  }
  return Math.max(0, clamp ? Math.min(n, k) : k);
}

export function validateSearchRequest(def: IndexDefinition, req: SearchRequest, now = Date.now()): void {
  const t = fieldTable(def);
  const maxWindow = def.settings.max_result_window ?? ENGINE_LIMITS.maxResultWindow;
  const from = req.from ?? 0;
  const size = req.size ?? ENGINE_LIMITS.defaultSize;
  if (!Number.isInteger(from) || from < 0) throw new EngineQueryError('from must be a non-negative integer', 'from');
  if (!Number.isInteger(size) || size < 0) throw new EngineQueryError('size must be a non-negative integer', 'size');
  if (from + size > maxWindow) {
    throw new EngineQueryError(`from + size must be less than or equal to ${maxWindow}, was ${from + size}`, 'size');
  }
  if (req.query) validateQuery(t, req.query, 'query', now);
  if (req.post_filter) validateQuery(t, req.post_filter, 'post_filter', now);
  for (const [i, s] of (req.sort ?? []).entries()) validateSort(t, s, `sort[${i}]`);
  if (req.aggs) validateAggs(t, req.aggs, 'aggs', now);
  if (req.highlight) {
    for (const f of Object.keys(req.highlight.fields)) {
      const fi = requireField(t, f, `highlight.fields.${f}`);
      if (fi.type !== 'text' && fi.type !== 'keyword') throw new EngineQueryError(`cannot highlight non-text field [${f}]`, `highlight.fields.${f}`);
    }
    if (req.highlight.highlight_query) validateQuery(t, req.highlight.highlight_query, 'highlight.highlight_query', now);
  }
  if (req.track_total_hits !== undefined && typeof req.track_total_hits === 'number' && req.track_total_hits < 0) {
    throw new EngineQueryError('track_total_hits must be >= 0', 'track_total_hits');
  }
}

export function validateSuggestRequest(def: IndexDefinition, req: SuggestRequest): void {
  const t = fieldTable(def);
  const names = Object.keys(req);
  if (names.length === 0) throw new EngineQueryError('suggest request has no suggester', 'suggest');
  for (const name of names) {
    const s = req[name];
    const path = `suggest.${name}`;
    if (typeof s?.prefix !== 'string') throw new EngineQueryError('prefix must be a string', `${path}.prefix`);
    const f = requireField(t, s.completion?.field, `${path}.completion.field`);
    if (f.type !== 'completion') throw new EngineQueryError(`field [${f.path}] is not a completion field`, `${path}.completion.field`);
    const size = s.completion.size ?? ENGINE_LIMITS.defaultSuggestSize;
    if (!Number.isInteger(size) || size < 1 || size > 1000) throw new EngineQueryError('size must be 1..1000', `${path}.completion.size`);
    for (const c of Object.keys(s.completion.contexts ?? {})) {
      if (!f.contexts?.some((x) => x.name === c)) throw new EngineQueryError(`unknown context [${c}]`, `${path}.completion.contexts`);
    }
  }
}

function requireField(t: FieldTable, name: unknown, path: string): FieldInfo {
  if (typeof name !== 'string' || name === '') throw new EngineQueryError('field name required', path);
  const f = t.fields.get(name);
  if (!f) throw new EngineQueryError(`unknown field [${name}]`, path);
  return f;
}

function single(obj: object, path: string): [string, unknown] {
  const entries = Object.entries(obj).filter(([k]) => k !== 'boost');
  if (entries.length !== 1) throw new EngineQueryError('expected exactly one field', path);
  return entries[0];
}

function checkFuzziness(f: unknown, prefixLength: unknown, path: string): void {
  if (f !== undefined && !['AUTO', 0, 1, 2, '0', '1', '2'].includes(f as string)) throw new EngineQueryError(`unsupported fuzziness [${String(f)}]`, `${path}.fuzziness`);
  if (prefixLength !== undefined && !(Number.isInteger(prefixLength) && (prefixLength as number) >= 0)) {
    throw new EngineQueryError(`prefix_length must be a non-negative integer, got [${String(prefixLength)}]`, `${path}.prefix_length`);
  }
}

export function validateQuery(t: FieldTable, q: Query, path: string, now: number): void {
  if (q === null || typeof q !== 'object') throw new EngineQueryError('query must be an object', path);
  const keys = Object.keys(q);
  if (keys.length !== 1) throw new EngineQueryError(`a query has exactly one type, got [${keys.join(', ')}]`, path);
  const kind = keys[0];
  const body = (q as Record<string, unknown>)[kind] as Record<string, unknown>;
  if (body === null || typeof body !== 'object') throw new EngineQueryError(`[${kind}] must be an object`, path);
  const p = `${path}.${kind}`;
  switch (kind) {
    case 'match_all':
    case 'match_none':
      return;
    case 'match': {
      const [field, v] = single(body, p);
      requireField(t, field, `${p}.${field}`);
      if (v !== null && typeof v === 'object') {
        const mp = v as { query?: unknown; fuzziness?: unknown; prefix_length?: unknown; operator?: unknown; minimum_should_match?: MinimumShouldMatch };
        if (!['string', 'number', 'boolean'].includes(typeof mp.query)) throw new EngineQueryError('match needs a query', `${p}.${field}.query`);
        checkFuzziness(mp.fuzziness, mp.prefix_length, `${p}.${field}`);
        if (mp.minimum_should_match !== undefined) resolveMinimumShouldMatch(mp.minimum_should_match, 1, `${p}.${field}.minimum_should_match`);
      }
      return;
    }
    case 'multi_match': {
      const mm = body as { query?: unknown; fields?: unknown; type?: unknown; fuzziness?: unknown; prefix_length?: unknown };
      if (typeof mm.query !== 'string') throw new EngineQueryError('multi_match needs a string query', `${p}.query`);
      if (!Array.isArray(mm.fields) || mm.fields.length === 0) throw new EngineQueryError('multi_match needs fields', `${p}.fields`);
      if (mm.type !== undefined && mm.type !== 'best_fields' && mm.type !== 'cross_fields') throw new EngineQueryError(`unsupported multi_match type [${String(mm.type)}]`, `${p}.type`);
      const cross = mm.type === 'cross_fields';
      for (const [i, spec] of mm.fields.entries()) {
        const { field, boost } = parseBoostedField(String(spec));
        if (!Number.isFinite(boost) || boost < 0) throw new EngineQueryError(`bad boost in [${String(spec)}]`, `${p}.fields[${i}]`);
        const f = requireField(t, field, `${p}.fields[${i}]`);
        // OpenSearch blends numbers, dates and booleans with keyword fields by their shared
        // analyzer, in a way the port does not model: cross_fields is limited to text and keyword.
        if (cross && f.type !== 'text' && f.type !== 'keyword') {
          throw new EngineQueryError(`multi_match type [cross_fields] needs text or keyword fields, [${field}] is ${f.type}`, `${p}.fields[${i}]`);
        }
      }
      // As OpenSearch (MultiMatchQueryBuilder): any fuzziness, even 0, is refused with cross_fields.
      if (cross && mm.fuzziness !== undefined) throw new EngineQueryError('Fuzziness not allowed for type [cross_fields]', `${p}.fuzziness`);
      checkFuzziness(mm.fuzziness, mm.prefix_length, p);
      return;
    }
    case 'term': {
      const [field, v] = single(body, p);
      const f = requireField(t, field, `${p}.${field}`);
      const value = v !== null && typeof v === 'object' ? (v as { value?: unknown }).value : v;
      checkTermValue(f, value, `${p}.${field}`);
      return;
    }
    case 'terms': {
      const [field, v] = single(body, p);
      const f = requireField(t, field, `${p}.${field}`);
      if (!Array.isArray(v)) throw new EngineQueryError('terms needs an array of values', `${p}.${field}`);
      if (v.length > 65_536) throw new EngineQueryError('too many terms', `${p}.${field}`);
      for (const x of v) checkTermValue(f, x, `${p}.${field}`);
      return;
    }
    case 'ids': {
      if (!Array.isArray(body.values)) throw new EngineQueryError('ids needs values', `${p}.values`);
      return;
    }
    case 'range': {
      const [field, v] = single(body, p);
      const f = requireField(t, field, `${p}.${field}`);
      if (f.type !== 'date' && !isNumericType(f.type)) throw new EngineQueryError(`range is supported on numbers and dates, not [${f.type}] field [${field}]`, `${p}.${field}`);
      const r = (v ?? {}) as Record<string, unknown>;
      const bounds = ['gt', 'gte', 'lt', 'lte'].filter((b) => r[b] !== undefined && r[b] !== null);
      for (const k of Object.keys(r)) {
        if (!['gt', 'gte', 'lt', 'lte', 'time_zone', 'boost', 'format'].includes(k)) throw new EngineQueryError(`unknown range parameter [${k}]`, `${p}.${field}.${k}`);
      }
      if (typeof r.time_zone === 'string') assertTimeZone(r.time_zone);
      for (const b of bounds) {
        const val = r[b];
        if (f.type === 'date') {
          if (typeof val !== 'string' && typeof val !== 'number') throw new EngineQueryError('date bound must be a string or number', `${p}.${field}.${b}`);
          try {
            evalDateMath(val, { now, timeZone: r.time_zone as string | undefined, roundUp: b === 'gt' || b === 'lte' });
          } catch (e) {
            if (e instanceof EngineQueryError) throw new EngineQueryError(e.message, `${p}.${field}.${b}`);
            throw e;
          }
        } else if (typeof val !== 'number' && !(typeof val === 'string' && val.trim() !== '' && Number.isFinite(Number(val)))) {
          throw new EngineQueryError(`bound [${String(val)}] is not a number`, `${p}.${field}.${b}`);
        }
      }
      return;
    }
    case 'prefix': {
      const [field, v] = single(body, p);
      const f = requireField(t, field, `${p}.${field}`);
      if (f.type !== 'keyword' && f.type !== 'text') throw new EngineQueryError(`prefix needs a text or keyword field, [${field}] is ${f.type}`, `${p}.${field}`);
      const value = v !== null && typeof v === 'object' ? (v as { value?: unknown }).value : v;
      if (typeof value !== 'string') throw new EngineQueryError('prefix value must be a string', `${p}.${field}`);
      return;
    }
    case 'exists': {
      const field = body.field;
      if (typeof field !== 'string' || (!t.fields.has(field) && !t.objects.has(field))) throw new EngineQueryError(`unknown field [${String(field)}]`, `${p}.field`);
      return;
    }
    case 'bool': {
      const clauses = ['must', 'should', 'must_not', 'filter'] as const;
      let n = 0;
      for (const c of Object.keys(body)) {
        if (!(clauses as readonly string[]).includes(c) && c !== 'minimum_should_match' && c !== 'boost') throw new EngineQueryError(`unknown bool clause [${c}]`, `${p}.${c}`);
      }
      for (const c of clauses) {
        const list = asArray(body[c] as Query | Query[] | undefined);
        list.forEach((sub, i) => validateQuery(t, sub, `${p}.${c}[${i}]`, now));
        n += list.length;
      }
      if (n === 0) throw new EngineQueryError('bool query has no clauses', p);
      if (body.minimum_should_match !== undefined) {
        resolveMinimumShouldMatch(body.minimum_should_match as MinimumShouldMatch, asArray(body.should as Query[]).length, `${p}.minimum_should_match`);
      }
      return;
    }
    case 'dis_max': {
      for (const c of Object.keys(body)) {
        if (!['queries', 'tie_breaker', 'boost'].includes(c)) throw new EngineQueryError(`unknown dis_max parameter [${c}]`, `${p}.${c}`);
      }
      const queries = body.queries;
      if (!Array.isArray(queries) || queries.length === 0) throw new EngineQueryError('dis_max needs queries', `${p}.queries`);
      queries.forEach((sub, i) => validateQuery(t, sub as Query, `${p}.queries[${i}]`, now));
      const tie = body.tie_breaker;
      if (tie !== undefined && (typeof tie !== 'number' || tie < 0 || tie > 1)) throw new EngineQueryError('tie_breaker must be a number from 0 to 1', `${p}.tie_breaker`);
      return;
    }
    case 'constant_score': {
      for (const c of Object.keys(body)) {
        if (!['filter', 'boost'].includes(c)) throw new EngineQueryError(`unknown constant_score parameter [${c}]`, `${p}.${c}`);
      }
      if (body.filter === null || typeof body.filter !== 'object') throw new EngineQueryError('constant_score needs a filter', `${p}.filter`);
      validateQuery(t, body.filter as Query, `${p}.filter`, now);
      if (body.boost !== undefined && (typeof body.boost !== 'number' || !Number.isFinite(body.boost) || body.boost < 0)) {
        throw new EngineQueryError('boost must be a number from 0', `${p}.boost`);
      }
      return;
    }
    default:
      throw new EngineQueryError(`unsupported query type [${kind}]`, path);
  }
}

function checkTermValue(f: FieldInfo, v: unknown, path: string): void {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new EngineQueryError('term value must be a string, number or boolean', path);
  if (isNumericType(f.type) && !Number.isFinite(Number(v))) throw new EngineQueryError(`[${String(v)}] is not a number for field [${f.path}]`, path);
  if (f.type === 'boolean' && !['true', 'false'].includes(String(v))) throw new EngineQueryError(`[${String(v)}] is not a boolean`, path);
}

function validateSort(t: FieldTable, s: SortClause, path: string): void {
  if (s === '_score') return;
  let field: string;
  let order: unknown = 'asc';
  if (typeof s === 'string') field = s;
  else {
    const entries = Object.entries(s);
    if (entries.length !== 1) throw new EngineQueryError('a sort clause names one field', path);
    field = entries[0][0];
    const o = entries[0][1];
    order = typeof o === 'string' ? o : o?.order ?? 'asc';
  }
  if (order !== 'asc' && order !== 'desc') throw new EngineQueryError(`sort order must be asc or desc`, path);
  if (field === '_score') return;
  const f = requireField(t, field, path);
  if (f.type === 'text' || f.type === 'completion') {
    throw new EngineQueryError(`cannot sort on ${f.type} field [${field}]; use a keyword subfield`, path);
  }
}

function validateAggs(t: FieldTable, aggs: Record<string, Aggregation>, path: string, now: number): void {
  for (const [name, a] of Object.entries(aggs)) {
    const p = `${path}.${name}`;
    const kinds = Object.keys(a).filter((k) => k !== 'aggs');
    if (kinds.length !== 1) throw new EngineQueryError('an aggregation has exactly one type', p);
    if ('terms' in a) {
      const f = requireField(t, a.terms.field, `${p}.terms.field`);
      if (f.type === 'text' || f.type === 'completion') throw new EngineQueryError(`terms aggregation needs a keyword, number or boolean field, [${f.path}] is ${f.type}`, `${p}.terms.field`);
      const size = a.terms.size ?? 10;
      if (!Number.isInteger(size) || size < 1 || size > ENGINE_LIMITS.maxTermsSize) throw new EngineQueryError(`terms size must be 1..${ENGINE_LIMITS.maxTermsSize}`, `${p}.terms.size`);
    } else if ('date_histogram' in a) {
      const f = requireField(t, a.date_histogram.field, `${p}.date_histogram.field`);
      if (f.type !== 'date') throw new EngineQueryError(`date_histogram needs a date field`, `${p}.date_histogram.field`);
      calendarUnit(a.date_histogram.calendar_interval);
      if (a.date_histogram.time_zone) assertTimeZone(a.date_histogram.time_zone);
    } else if ('filter' in a) {
      validateQuery(t, a.filter, `${p}.filter`, now);
    } else {
      throw new EngineQueryError(`unsupported aggregation [${kinds[0]}]`, p);
    }
    if (a.aggs) validateAggs(t, a.aggs, `${p}.aggs`, now);
  }
}
