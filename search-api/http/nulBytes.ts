// PostgreSQL text cannot hold a NUL character; a request carrying one (in the query or the body) is
// refused up front with a 400 instead of failing deep in a query.
import type { RequestHandler } from 'express';
import { apiError } from '../errors.ts';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  if (hasNul(req.query) || hasNul(req.body)) throw apiError('nul_characters');
  next();
};
