// Routes of organizations and products (part 3 §7.3; contracts/landing.ts): anyone of the company reads the
// products, curators change them; admins create organizations, and so do curators with the knowledge hub (its first
// step sets up the own organization).
import express from 'express';
import { OrganizationBody, ProductBody } from '../../contracts/landing.ts';
import type { AppDeps } from '../deps.ts';
import { isAdmin, requireAuth, requireCurator } from '../auth/context.ts';
import { requireKnowledgeHub } from '../knowledgeHub/access.ts';
import { parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { createOrganization, createProduct, deleteProduct, listProducts, ownOrganization, updateProduct } from './service.ts';

export function organizationRoutes({ db }: AppDeps) {
  const router = express.Router();
  const base = '/organizations/:organizationId/products';

  router.get(base, async (req, res) => {
    res.json({ products: await listProducts(db, requireAuth(req), idParam(req, 'organizationId')) });
  });

  router.post(base, async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createProduct(db, auth, idParam(req, 'organizationId'), parseInput(ProductBody, req.body, 'body')));
  });

  router.put(`${base}/:id`, async (req, res) => {
    const auth = requireCurator(req);
    res.json(await updateProduct(db, auth, idParam(req, 'organizationId'), idParam(req), parseInput(ProductBody, req.body, 'body')));
  });

  router.delete(`${base}/:id`, async (req, res) => {
    await deleteProduct(db, requireCurator(req), idParam(req, 'organizationId'), idParam(req));
    res.status(204).end();
  });

  router.get('/organizations/own.json', async (req, res) => {
    res.json(await ownOrganization(db, requireAuth(req)));
  });

  router.post('/organizations', async (req, res) => {
    const auth = requireAuth(req);
    if (!isAdmin(auth)) requireKnowledgeHub(req);
    res.status(201).json(await createOrganization(db, auth, parseInput(OrganizationBody, req.body, 'body')));
  });

  return router;
}
