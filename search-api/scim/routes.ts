// The SCIM 2.0 API at /scim/v2 (contracts/scim.ts): its own router, mounted before the app's cookie session, body
// parsing and CSRF guard. A request is the company's whose token it bears; the token is all that is read, so a
// signed-in browser cannot call it, and /api never reads the token. Every answer is application/scim+json.
import express, { type Request, type Response } from 'express';
import { SCIM_RATE_LIMIT, ScimGroupBody, ScimPatchBody, ScimUserBody } from '../../contracts/scim.ts';
import type { AppDeps } from '../deps.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { rejectNulBytes } from '../http/nulBytes.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.ts';
import { notFound, parseScim, ScimError, scimErrorHandler } from './errors.ts';
import { createGroup, deleteGroup, getGroup, listGroups, replaceGroup } from './groups.ts';
import { listResponse, parseListQuery, parseReadQuery } from './list.ts';
import { applyPatch } from './patch.ts';
import { companyOfScimToken, scimBaseUrl } from './token.ts';
import { createUser, deleteUser, getUser, listUsers, replaceUser } from './users.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The company whose SCIM token the request bears (set by the SCIM router only). */
      scimCompanyId?: number;
    }
  }
}

const send = (res: Response, status: number, body: unknown) => res.status(status).type('application/scim+json').send(JSON.stringify(body));
const companyOf = (req: Request) => req.scimCompanyId!;
const idOf = (req: Request) => String(req.params.id);

export function scimRoutes({ db, config }: AppDeps) {
  const router = express.Router();
  const baseUrl = scimBaseUrl(config.APP_URL);
  const limiter = new SlidingWindowLimiter(SCIM_RATE_LIMIT.perToken, SCIM_RATE_LIMIT.windowMs);

  router.use(async (req, res, next) => {
    const [scheme, secret] = (req.get('authorization') ?? '').split(' ');
    const found = scheme?.toLowerCase() === 'bearer' && secret ? await companyOfScimToken(db, secret) : null;
    if (!found) {
      res.set('WWW-Authenticate', 'Bearer realm="SCIM"');
      throw new ScimError(401, 'A valid SCIM bearer token is required');
    }
    const wait = limiter.retryAfter(found.digest);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      throw new ScimError(429, `Too many requests: try again in ${wait} seconds`, 'tooMany');
    }
    limiter.hit(found.digest);
    req.scimCompanyId = found.companyId;
    next();
  });
  // Bodies are read once the token is known: a caller without one learns nothing, not even that its JSON was bad.
  router.use(express.json({ type: ['application/scim+json', 'application/json'], limit: '2mb' }));
  router.use(rejectNulBytes);

  router.get('/ServiceProviderConfig', (_req, res) => send(res, 200, serviceProviderConfig(baseUrl)));
  router.get('/ResourceTypes', (_req, res) => {
    const all = resourceTypes(baseUrl);
    send(res, 200, listResponse(all, all.length, 1));
  });
  router.get('/ResourceTypes/:name', (req, res) => {
    const found = resourceTypes(baseUrl).find((t) => t.id === req.params.name);
    if (!found) throw notFound('ResourceType', String(req.params.name));
    send(res, 200, found);
  });
  router.get('/Schemas', (_req, res) => {
    const all = schemas(baseUrl);
    send(res, 200, listResponse(all, all.length, 1));
  });
  router.get('/Schemas/:urn', (req, res) => {
    const found = schemas(baseUrl).find((s) => s.id === req.params.urn);
    if (!found) throw notFound('Schema', String(req.params.urn));
    send(res, 200, found);
  });

  router.get('/Users', async (req, res) => {
    send(res, 200, await listUsers(db, companyOf(req), parseListQuery(req.query), baseUrl));
  });
  router.post('/Users', async (req, res) => {
    const id = await createUser(db, companyOf(req), parseScim(ScimUserBody, req.body));
    res.set('Location', `${baseUrl}/Users/${id}`);
    send(res, 201, await getUser(db, companyOf(req), String(id), baseUrl));
  });
  router.get('/Users/:id', async (req, res) => {
    send(res, 200, await getUser(db, companyOf(req), idOf(req), baseUrl, parseReadQuery(req.query)));
  });
  router.put('/Users/:id', async (req, res) => {
    const body = parseScim(ScimUserBody, req.body);
    await replaceUser(db, companyOf(req), idOf(req), baseUrl, () => body);
    send(res, 200, await getUser(db, companyOf(req), idOf(req), baseUrl));
  });
  router.patch('/Users/:id', async (req, res) => {
    const ops = parseScim(ScimPatchBody, req.body).Operations;
    await replaceUser(db, companyOf(req), idOf(req), baseUrl, (user) => parseScim(ScimUserBody, applyPatch(user, ops)));
    send(res, 200, await getUser(db, companyOf(req), idOf(req), baseUrl));
  });
  router.delete('/Users/:id', async (req, res) => {
    await deleteUser(db, companyOf(req), idOf(req));
    res.status(204).end();
  });

  router.get('/Groups', async (req, res) => {
    send(res, 200, await listGroups(db, companyOf(req), parseListQuery(req.query), baseUrl));
  });
  router.post('/Groups', async (req, res) => {
    const id = await createGroup(db, companyOf(req), parseScim(ScimGroupBody, req.body));
    res.set('Location', `${baseUrl}/Groups/${id}`);
    send(res, 201, await getGroup(db, companyOf(req), String(id), baseUrl));
  });
  router.get('/Groups/:id', async (req, res) => {
    send(res, 200, await getGroup(db, companyOf(req), idOf(req), baseUrl, parseReadQuery(req.query)));
  });
  router.put('/Groups/:id', async (req, res) => {
    const body = parseScim(ScimGroupBody, req.body);
    await replaceGroup(db, companyOf(req), idOf(req), baseUrl, () => body);
    send(res, 200, await getGroup(db, companyOf(req), idOf(req), baseUrl));
  });
  router.patch('/Groups/:id', async (req, res) => {
    const ops = parseScim(ScimPatchBody, req.body).Operations;
    await replaceGroup(db, companyOf(req), idOf(req), baseUrl, (group) => {
      const patched = applyPatch(group, ops);
      // A PATCH that removed every member leaves no members attribute: that is none, not "as they were".
      return parseScim(ScimGroupBody, { ...patched, members: patched.members ?? [] });
    });
    send(res, 200, await getGroup(db, companyOf(req), idOf(req), baseUrl));
  });
  router.delete('/Groups/:id', async (req, res) => {
    await deleteGroup(db, companyOf(req), idOf(req));
    res.status(204).end();
  });

  router.use((req) => {
    throw new ScimError(404, `No SCIM endpoint for ${req.method} ${req.path}`);
  });
  router.use(scimErrorHandler);
  return router;
}
