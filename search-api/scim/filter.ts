// SCIM filters (RFC 7644 §3.4.2.2) as SQL: the expression is parsed by scim2-parse-filter, then each attribute is
// looked up in the resource's table of filterable attributes and compared as its type says (strings without regard
// to case unless the attribute is caseExact, as RFC 7643 §2.1 defines). An unknown attribute, an operator its type
// has no meaning for, or a malformed expression is a 400 invalidFilter.
import { sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { SCIM_SCHEMAS } from '../../contracts/scim.ts';
import { ScimError } from './errors.ts';

export type ScimAttr =
  | { type: 'string'; expr: SQL; caseExact?: boolean; nullable?: boolean }
  | { type: 'boolean'; expr: SQL }
  | { type: 'dateTime'; expr: SQL }
  /** A multi-valued or complex attribute: its sub-attributes, and how a condition on one of its values reads (EXISTS for a real list). */
  | { type: 'complex'; sub: AttrTable; some: (condition: SQL) => SQL };
export type AttrTable = Record<string, ScimAttr>;

export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/** An attribute path as the filter and PATCH paths name it: without its schema URN, in lower case (names are case-insensitive). */
export function attrName(path: string): string {
  const lower = path.toLowerCase();
  for (const urn of [SCIM_SCHEMAS.user, SCIM_SCHEMAS.group]) if (lower.startsWith(`${urn.toLowerCase()}:`)) return lower.slice(urn.length + 1);
  return lower;
}

/** Escapes LIKE's wildcards in a value. */
const likeEscaped = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

type Compare = Extract<Filter, { compValue: unknown }>;

function compareString(attr: Extract<ScimAttr, { type: 'string' }>, f: Compare): SQL {
  if (f.compValue === null) return f.op === 'eq' ? sql`NOT (${present(attr)})` : f.op === 'ne' ? present(attr) : invalidOperator(f);
  if (typeof f.compValue === 'boolean') throw invalidFilter(`${f.attrPath} is a string: compare it with a quoted value`);
  const value = String(f.compValue);
  const [col, v] = attr.caseExact ? [attr.expr, sql`${value}`] : [sql`lower(${attr.expr})`, sql`lower(${value})`];
  const like = attr.caseExact ? sql`LIKE` : sql`ILIKE`;
  switch (f.op) {
    case 'eq':
      return sql`${col} = ${v}`;
    case 'ne':
      return sql`${col} IS DISTINCT FROM ${v}`;
    case 'co':
      return sql`${attr.expr} ${like} ${`%${likeEscaped(value)}%`}`;
    case 'sw':
      return sql`${attr.expr} ${like} ${`${likeEscaped(value)}%`}`;
    case 'ew':
      return sql`${attr.expr} ${like} ${`%${likeEscaped(value)}`}`;
    case 'gt':
      return sql`${col} > ${v}`;
    case 'ge':
      return sql`${col} >= ${v}`;
    case 'lt':
      return sql`${col} < ${v}`;
    case 'le':
      return sql`${col} <= ${v}`;
  }
}

function compareBoolean(attr: Extract<ScimAttr, { type: 'boolean' }>, f: Compare): SQL {
  const value = typeof f.compValue === 'string' && /^(true|false)$/i.test(f.compValue) ? f.compValue.toLowerCase() === 'true' : f.compValue;
  if (typeof value !== 'boolean') throw invalidFilter(`${f.attrPath} is a boolean: compare it with true or false`);
  if (f.op === 'eq') return sql`(${attr.expr}) = ${value}`;
  if (f.op === 'ne') return sql`(${attr.expr}) <> ${value}`;
  return invalidOperator(f);
}

const COMPARISONS = { eq: sql`=`, ne: sql`<>`, gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` } as const;

function compareDateTime(attr: Extract<ScimAttr, { type: 'dateTime' }>, f: Compare): SQL {
  const at = typeof f.compValue === 'string' ? new Date(f.compValue) : null;
  if (!at || Number.isNaN(at.getTime())) throw invalidFilter(`${f.attrPath} is a dateTime: compare it with a quoted ISO 8601 time`);
  if (!(f.op in COMPARISONS)) return invalidOperator(f);
  return sql`${attr.expr} ${COMPARISONS[f.op as keyof typeof COMPARISONS]} ${at.toISOString()}::timestamptz`;
}

function invalidOperator(f: Compare): never {
  throw invalidFilter(`The operator ${f.op} does not apply to ${f.attrPath}`);
}

function present(attr: ScimAttr): SQL {
  if (attr.type === 'string') return attr.nullable ? sql`coalesce(${attr.expr}, '') <> ''` : sql`true`;
  if (attr.type === 'complex') return attr.some(sql`true`);
  return sql`true`;
}

/** The attribute `path` names in `table`; `a.b` reads sub-attribute b of a complex a, a bare complex attribute its value. */
function resolve(table: AttrTable, path: string): { attr: Exclude<ScimAttr, { type: 'complex' }>; wrap: (c: SQL) => SQL } {
  const name = attrName(path);
  const direct = table[name];
  if (direct && direct.type !== 'complex') return { attr: direct, wrap: (c) => c };
  const [head, ...rest] = name.split('.');
  const parent = table[head];
  if (parent?.type === 'complex') {
    const inner = resolve(parent.sub, rest.length ? rest.join('.') : 'value');
    return { attr: inner.attr, wrap: (c) => parent.some(inner.wrap(c)) };
  }
  throw invalidFilter(`Filtering on ${path} is not supported`);
}

function toSql(f: Filter, table: AttrTable): SQL {
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((x) => sql`(${toSql(x, table)})`);
      return sql.join(parts, f.op === 'and' ? sql` AND ` : sql` OR `);
    }
    case 'not':
      return sql`NOT coalesce((${toSql(f.filter, table)}), false)`;
    case '[]': {
      const parent = table[attrName(f.attrPath)];
      if (parent?.type !== 'complex') throw invalidFilter(`${f.attrPath} has no values to filter`);
      return parent.some(toSql(f.valFilter, parent.sub));
    }
    case 'pr': {
      const { attr, wrap } = resolve(table, f.attrPath);
      return wrap(present(attr));
    }
    default: {
      const { attr, wrap } = resolve(table, f.attrPath);
      if (attr.type === 'string') return wrap(compareString(attr, f));
      if (attr.type === 'boolean') return wrap(compareBoolean(attr, f));
      return wrap(compareDateTime(attr, f));
    }
  }
}

/** The parsed expression, or 400 invalidFilter saying it could not be read. */
export function parseFilter(filter: string): Filter {
  if (filter.length > 2_000) throw invalidFilter('The filter is longer than 2,000 characters');
  try {
    return parse(filter);
  } catch {
    throw invalidFilter(`The filter ${JSON.stringify(filter)} is not a valid SCIM filter expression`);
  }
}

/** The SQL condition of a filter over `table`'s attributes. */
export const filterSql = (filter: string, table: AttrTable): SQL => toSql(parseFilter(filter), table);
