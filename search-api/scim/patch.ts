// PATCH (RFC 7644 §3.5.2) on a resource as SCIM shows it: the operations change a copy of the resource's JSON, which
// the caller then validates and writes as a PUT would, so a PATCH and a PUT change a resource the same way and a
// PATCH that leaves it invalid writes nothing. Paths take the forms identity providers send: `active`,
// `name.givenName`, `emails[type eq "work"].value`, `members[value eq "12"]`, with or without the schema URN; an
// operation without a path carries an object of attributes (Okta's `{"op":"replace","value":{"active":false}}`).
import { filter as matches, type Filter } from 'scim2-parse-filter';
import type { ScimPatchOp } from '../../contracts/scim.ts';
import { ScimError } from './errors.ts';
import { attrName, parseFilter } from './filter.ts';

type Json = Record<string, unknown>;
type Path = { attr: string; filter: Filter | null; sub: string | null };

const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
const PATH = /^([a-z][\w$-]*)(?:\[(.+)\])?(?:\.([a-z][\w$-]*))?$/i;

/** The path's parts; null for an extension's attribute (the enterprise user's department, manager …), which is not kept. */
function parsePath(path: string): Path | null {
  const name = attrName(path);
  if (name.startsWith('urn:')) return null;
  const m = PATH.exec(name);
  if (!m) throw invalidPath(`The path ${JSON.stringify(path)} cannot be read`);
  return { attr: m[1], filter: m[2] ? parseFilter(m[2]) : null, sub: m[3] ?? null };
}

/** The attribute names of the resources served, as written: paths are case-insensitive, the JSON written is not. */
const NAMES = ['userName', 'displayName', 'externalId', 'name', 'givenName', 'familyName', 'formatted', 'emails', 'active', 'members', 'value', 'display', 'type', 'primary'];

/** The document's own key for a lower-case attribute name, or its name as written. */
function keyOf(doc: Json, attr: string): string {
  const lower = attr.toLowerCase();
  return Object.keys(doc).find((k) => k.toLowerCase() === lower) ?? NAMES.find((n) => n.toLowerCase() === lower) ?? attr;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
/** Two values of a multi-valued attribute are the same one when their `value`s are. */
const sameValue = (a: unknown, b: unknown) => isObject(a) && isObject(b) && a.value !== undefined && String(a.value) === String(b.value);

function setSub(target: Json, sub: string, op: ScimPatchOp) {
  const key = keyOf(target, sub);
  if (op.op === 'remove') delete target[key];
  else target[key] = op.value;
}

/** An operation with a filter: on the values of a multi-valued attribute that match it. */
function applyFiltered(doc: Json, key: string, path: Path & { filter: Filter }, op: ScimPatchOp) {
  const values = asList(doc[key]);
  const test = matches(path.filter);
  const hits = values.filter((v) => isObject(v) && test(v)) as Json[];
  if (op.op === 'remove' && !path.sub) {
    doc[key] = values.filter((v) => !hits.includes(v as Json));
    return;
  }
  if (!hits.length) {
    // Removing what is not there leaves the resource as it is (a member already gone, say).
    if (op.op === 'remove') return;
    // Entra ID adds `emails[type eq "work"].value` to a user that has no such email yet: the value it names is made.
    if (path.filter.op !== 'eq' || !path.sub) throw new ScimError(400, `No value of ${key} matches the path's filter`, 'noTarget');
    doc[key] = [...values, { [path.filter.attrPath]: path.filter.compValue, [path.sub]: op.value }];
    return;
  }
  for (const hit of hits) {
    if (path.sub) setSub(hit, path.sub, op);
    else if (isObject(op.value)) Object.assign(hit, op.value);
    else throw new ScimError(400, `The value for ${key}[…] must be an object`, 'invalidValue');
  }
}

function applyAt(doc: Json, rawPath: string, op: ScimPatchOp) {
  const path = parsePath(rawPath);
  if (!path) return;
  const key = keyOf(doc, path.attr);
  if (path.filter) return applyFiltered(doc, key, { ...path, filter: path.filter }, op);
  if (path.sub) {
    const parent = doc[key];
    if (Array.isArray(parent)) for (const v of parent) if (isObject(v)) setSub(v, path.sub, op);
    if (Array.isArray(parent)) return;
    if (op.op === 'remove' && !isObject(parent)) return;
    doc[key] = isObject(parent) ? parent : {};
    return setSub(doc[key] as Json, path.sub, op);
  }
  const current = doc[key];
  if (op.op === 'remove') {
    // Entra ID removes members by listing them: `{"op":"Remove","path":"members","value":[{"value":"12"}]}`.
    if (Array.isArray(current) && op.value !== undefined) doc[key] = current.filter((v) => !asList(op.value).some((r) => sameValue(v, r)));
    else delete doc[key];
    return;
  }
  if (op.op === 'add' && Array.isArray(current)) {
    const added = asList(op.value).filter((v) => !current.some((c) => sameValue(c, v)));
    doc[key] = [...current, ...added];
    return;
  }
  doc[key] = op.op === 'add' && isObject(current) && isObject(op.value) ? { ...current, ...op.value } : op.value;
}

/** The resource after the operations, in order; the resource given is not changed. */
export function applyPatch(resource: Json, ops: ScimPatchOp[]): Json {
  const doc = structuredClone(resource);
  for (const op of ops) {
    if (op.path) {
      applyAt(doc, op.path, op);
      continue;
    }
    if (op.op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
    if (!isObject(op.value)) throw new ScimError(400, 'An operation without a path needs an object of attributes as its value', 'invalidValue');
    for (const [attr, value] of Object.entries(op.value)) applyAt(doc, attr, { ...op, value });
  }
  return doc;
}
