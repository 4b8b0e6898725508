// Typed errors. Services throw these; the HTTP layer maps them to statuses once (see http/errorHandler.ts). Each is
// one of the API's error codes (contracts/errors.ts): its status, and its message in English written from the code's
// message and the values given, so the wire text stays the API's while the web words the code in its reader's language.
import { IntlMessageFormat } from 'intl-messageformat';
import type { z } from 'zod';
import { API_ERRORS, type ApiErrorArgument, type ApiErrorCode, type ApiErrorParams, type ValidationIssue } from '../contracts/errors.ts';

type Values = Record<string, string | number>;

/** Parsed once per message. */
const compiled = new Map<string, IntlMessageFormat>();
function english(message: string, values: Values | undefined): string {
  let parsed = compiled.get(message);
  if (!parsed) {
    parsed = new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true });
    compiled.set(message, parsed);
  }
  return String(parsed.format(values));
}

export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    readonly params?: Values,
    readonly details?: unknown,
  ) {
    super(english(API_ERRORS[code].message, params));
    this.status = API_ERRORS[code].status;
  }
}

/** A code's values: required when its message names any, else none. */
type ValuesOf<C extends ApiErrorCode> = [ApiErrorArgument<C>] extends [never] ? [params?: undefined] : [params: ApiErrorParams<C>];

/** The error of `code`, with the values its message names and the details a client may read (fields, reasons). */
export const apiError = <C extends ApiErrorCode>(code: C, ...[params, details]: [...ValuesOf<C>, details?: unknown]): HttpError =>
  new HttpError(code, params as Values | undefined, details);

type FieldCode = { [C in ApiErrorCode]: (typeof API_ERRORS)[C] extends { field: string } ? C : never }[ApiErrorCode];

/** The error of `code` on one field: its details entry ({ field, message }) carries the code's short field wording. */
export const fieldError = <C extends FieldCode>(code: C, field: string, ...[params]: ValuesOf<C>): HttpError =>
  new HttpError(code, params, [{ field, message: english((API_ERRORS[code] as { field: string }).field, params) }]);

export const unauthorized = () => apiError('sign_in_required');
export const tooManyRequests = (code: 'sign_in_too_many' | 'password_too_many' | 'password_reset_too_many' | 'two_factor_too_many' | 'token_too_many' | 'rate_limited', seconds: number) =>
  apiError(code, { seconds }, { retryAfterSeconds: seconds });

/** Validates input at the boundary; a failure names each offending field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  // The input beside each issue tells a missing field from a wrong one; it is read here, never answered.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : where,
    message: i.message,
    issue: issueOf(i),
  }));
  const first = details[0];
  throw apiError('invalid_input', { where, field: first.field, problem: first.message }, details);
}

/** The parts of a validator's issue a client words a problem from (contracts/errors.ts ValidationIssue). */
export function issueOf(i: z.core.$ZodIssue): ValidationIssue {
  const raw = i as unknown as Record<string, unknown>;
  const issue: ValidationIssue = { code: i.code };
  const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : undefined);
  if (typeof raw.origin === 'string') issue.origin = raw.origin;
  if (num(raw.minimum) !== undefined) issue.minimum = num(raw.minimum);
  if (num(raw.maximum) !== undefined) issue.maximum = num(raw.maximum);
  if (typeof raw.format === 'string') issue.format = raw.format;
  if (typeof raw.expected === 'string') issue.expected = raw.expected;
  if ('input' in raw && raw.input === undefined) issue.missing = true;
  if (Array.isArray(raw.values)) issue.values = raw.values.map(String);
  if (Array.isArray(raw.keys)) issue.keys = raw.keys.map(String);
  return issue;
}
