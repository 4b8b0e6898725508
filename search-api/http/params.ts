// Path and query parameter parsing shared by the routes.
import type { Request } from 'express';
import { z } from 'zod';
import { apiError } from '../errors.ts';

/** Ids in paths must be positive integers (part 1 §5). */
export function positiveId(raw: string | undefined, name: string): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw apiError('invalid_id', { name }, { field: name });
  }
  return Number(raw);
}

/** An ILIKE pattern matching `text` anywhere, with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A path parameter that is an id (400 naming it otherwise). */
export const idParam = (req: Request, name = 'id') => positiveId(req.params[name] as string | undefined, name);

/** An integer query parameter within bounds. */
export const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `previewing`: a curator sees what a visibility group sees (0: everyone); anything given must be well-formed. */
export const PreviewQuery = z.object({ previewing: intParam(0, 2_147_483_647).optional() });
