// Typed errors. Services throw these; the HTTP layer maps them to statuses once (see http/errorHandler.ts).
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message = 'You need to sign in or sign up before continuing') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds });
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/** Validates input at the boundary; a failure names each offending field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : where,
    message: i.message,
  }));
  const first = details[0];
  throw badRequest(`Invalid ${where}: ${first.field} ${first.message}`.trim(), details);
}
