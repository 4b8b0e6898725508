// Path parameter parsing shared by the routes.
import { badRequest } from '../errors.ts';

/** Ids in paths must be positive integers (part 1 §5). */
export function positiveId(raw: string | undefined, name: string): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw badRequest(`Invalid ${name}: must be a positive integer`, { field: name });
  }
  return Number(raw);
}

/** An ILIKE pattern matching `text` anywhere, with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
