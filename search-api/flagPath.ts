// Writes a value at a key path inside a JSON document (PUT /company.json and /users/me.json).
import { apiError } from './errors.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function toPath(featureFlag: string | string[]): string[] {
  return Array.isArray(featureFlag) ? featureFlag : featureFlag.split('.');
}

export function setAtPath<T extends Record<string, unknown>>(doc: T, path: string[], value: unknown): T {
  if (path.some((k) => FORBIDDEN_KEYS.has(k))) throw apiError('feature_flag_invalid', { path: path.join('.') });
  const copy: Record<string, unknown> = structuredClone(doc);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next !== undefined && (typeof next !== 'object' || next === null || Array.isArray(next))) {
      throw apiError('feature_flag_not_object', { path: path.join('.') });
    }
    node = (node[key] ??= {}) as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy as T;
}
