// SCIM's own error answers (RFC 7644 §3.12): { schemas, status, scimType?, detail }. The services shared with the
// rest of the API throw its typed errors (search-api/errors.ts); they are answered here in SCIM's shape, with the
// scimType an identity provider acts on.
import type { ErrorRequestHandler } from 'express';
import type { z } from 'zod';
import { SCIM_SCHEMAS, type ScimErrorType } from '../../contracts/scim.ts';
import { HttpError } from '../errors.ts';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const notFound = (what: 'User' | 'Group' | 'ResourceType' | 'Schema', id: string) => new ScimError(404, `${what} ${id} not found`);

/** Parses a body or query with zod; a failure is a 400 invalidValue naming the attribute. */
export function parseScim<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidValue(`${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`);
}

/** A unique index refused the write: two requests raced past the checks before it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

function asScimError(err: unknown): ScimError {
  if (err instanceof ScimError) return err;
  if (err instanceof HttpError) {
    if (err.code === 'visibility_group_taken') return new ScimError(409, err.message, 'uniqueness');
    if (err.code === 'last_admin_deactivated') return new ScimError(400, err.message, 'mutability');
    return new ScimError(err.status, err.message, err.status === 400 ? 'invalidValue' : undefined);
  }
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return new ScimError(400, 'Malformed JSON body', 'invalidSyntax');
  if (type === 'entity.too.large') return new ScimError(413, 'Request body too large');
  if (isUniqueViolation(err)) return new ScimError(409, 'userName, email or displayName is already taken', 'uniqueness');
  return new ScimError(500, 'Internal server error');
}

export function scimErrorBody(err: ScimError) {
  return { schemas: [SCIM_SCHEMAS.error], status: String(err.status), ...(err.scimType ? { scimType: err.scimType } : {}), detail: err.message };
}

export const scimErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const scim = asScimError(err);
  if (scim.status >= 500) req.log?.error({ err }, scim.message);
  else req.log?.info({ status: scim.status, error: scim.message }, 'SCIM request rejected');
  if (res.headersSent) return;
  res.status(scim.status).type('application/scim+json').send(JSON.stringify(scimErrorBody(scim)));
};
