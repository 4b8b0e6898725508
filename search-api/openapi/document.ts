// The OpenAPI 3.1 document of the API, generated from contracts/apiRoutes.ts and the zod schemas it names: never
// written by hand, so it cannot drift from what the routes parse. Built once per process.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_ROUTES, type ApiRoute } from '../../contracts/apiRoutes.ts';

const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in English' }),
    code: z.string().meta({ description: 'A stable code (contracts/errors.ts) a client can word itself' }),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    details: z.unknown().optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

/** Path parameters named like ids are positive integers; the rest (tokens, report types) strings. */
function pathParams(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  return z.object(Object.fromEntries(names.map((n) => [n, /^(id|\w+Id)$/.test(n) ? z.coerce.number().int().positive() : z.string()])));
}

function security(access: ApiRoute['access']): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'session') return [{ session: [] }];
  if (access === 'scim') return [{ scimToken: [] }];
  return [{ session: [] }, { apiToken: [] }];
}

const ACCESS_WORDS: Record<ApiRoute['access'], string> = {
  public: 'No sign-in needed.',
  session: 'A signed-in session only; API tokens are refused.',
  token: 'A session, or an API token of any scope.',
  'cards:read': 'A session, or an API token with the `cards:read` scope.',
  'intel:read': 'A session, or an API token with the `intel:read` scope.',
  'intel:submit': 'A session, or an API token with the `intel:submit` scope.',
  'intel:manage': 'A session, or an API token with the `intel:manage` scope.',
  extension: 'A session, or an API token with the `extension` scope.',
  admin: 'A session, or an API token with the `admin` scope.',
  scim: 'The company’s SCIM token (Settings › Provisioning) only; answers are `application/scim+json`.',
};

function operation(r: ApiRoute): ZodOpenApiOperationObject {
  const path = pathParams(r.path);
  const query = r.query instanceof z.ZodObject ? r.query : undefined;
  return {
    tags: [r.tag],
    summary: r.summary,
    description: ACCESS_WORDS[r.access],
    operationId: `${r.method}${r.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^a-zA-Z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: security(r.access),
    ...(r.access === 'public' || r.access === 'session' || r.access === 'scim' ? {} : { 'x-token-scope': r.access }),
    ...(path || query ? { requestParams: { ...(path ? { path } : {}), ...(query ? { query } : {}) } } : {}),
    ...(r.body ? { requestBody: { required: true, content: { [r.access === 'scim' ? 'application/scim+json' : 'application/json']: { schema: r.body } } } } : {}),
    responses: {
      '200': { description: 'Done; the answer’s shape is in the route’s contract (contracts/)' },
      '400': errorAnswer('Bad input: the fields at fault are in `details`'),
      ...(r.access === 'public' ? {} : { '401': errorAnswer('Not signed in, or the API token is unknown, revoked or expired') }),
      '403': errorAnswer('Not allowed: the role, or the token’s scope'),
      '404': errorAnswer('Not there, or not visible to the caller'),
      ...(r.access === 'public' || r.access === 'session' ? {} : { '429': errorAnswer('Too many requests with this token; see Retry-After') }),
    },
  };
}

let built: ReturnType<typeof createDocument> | undefined;

export function openApiDocument(serverUrl: string) {
  if (!built) {
    const paths: ZodOpenApiPathsObject = {};
    for (const r of API_ROUTES) (paths[r.path] ??= {})[r.method] = operation(r);
    built = createDocument({
      openapi: '3.1.0',
      info: {
        title: 'Rivalscope API',
        version: '1',
        description:
          'Everything the web app does, it does through this API. Call it from a signed-in browser session (writes then carry the session’s CSRF token in `X-CSRF-Token`), or from another tool with a personal API token: `Authorization: Bearer rsk_…`, made under Profile › API tokens, limited to its scopes and to what its owner may see.',
      },
      tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
      paths,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'rs_session', description: 'The browser session; writes also need `X-CSRF-Token`.' },
          apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (`rsk_…`); what it may call is its `x-token-scope`.' },
          scimToken: { type: 'http', scheme: 'bearer', description: 'The company’s SCIM token (`rsscim_…`), for /scim/v2 only.' },
        },
      },
    });
  }
  return { ...built, servers: [{ url: serverUrl }] };
}
