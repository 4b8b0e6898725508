// Routes of the knowledge hub's checklist, positioning and variables (contracts/knowledgeHub.ts): curators and admins
// of a company with the hub (requireKnowledgeHub), every read and write scoped to their company.
import express from 'express';
import { ConfirmStepQuery, PositioningBody, StepsQuery, VariableBody } from '../../contracts/knowledgeHub.ts';
import { llmConfigOf } from '../ask/answering.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { requireKnowledgeHub } from './access.ts';
import { createPositioning, deletePositioning, listPositioning, ownOrganizationId, startDraft, updatePositioning, verifyPositioning } from './positioning.ts';
import { confirmStep, readSteps } from './steps.ts';
import { createVariable, deleteVariable, listVariables, updateVariable } from './variables.ts';

export function knowledgeHubRoutes({ db, config, logger, jobs }: AppDeps) {
  const router = express.Router();
  const hub = '/knowledge_hub';

  /** The organization of the path is the caller's company's own one, or 404. */
  const ownOrganization = async (req: express.Request) => {
    const auth = requireKnowledgeHub(req);
    if ((await ownOrganizationId(db, auth)) !== idParam(req, 'organizationId')) throw apiError('organization_not_found');
    return auth;
  };

  router.get('/organizations/:organizationId/steps', async (req, res) => {
    const auth = await ownOrganization(req);
    res.json(await readSteps(db, auth, parseInput(StepsQuery, req.query, 'query').steps));
  });
  router.patch('/organizations/:organizationId/products/confirm', async (req, res) => {
    res.json(await confirmStep(db, await ownOrganization(req), 'products'));
  });
  router.patch('/company/confirm_step.json', async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await confirmStep(db, auth, parseInput(ConfirmStepQuery, req.query, 'query').step));
  });

  router.get(`${hub}/positioning`, async (req, res) => {
    res.json(await listPositioning(db, requireKnowledgeHub(req)));
  });
  router.post(`${hub}/positioning`, async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.status(201).json(await createPositioning(db, auth, parseInput(PositioningBody, req.body, 'body')));
  });
  // Before /:id, which would read "draft" as an id.
  router.post(`${hub}/positioning/draft`, async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.status(202).json(await startDraft({ db, llm: llmConfigOf(config), logger, jobs }, auth));
  });
  router.put(`${hub}/positioning/:id`, async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await updatePositioning(db, auth, idParam(req), parseInput(PositioningBody, req.body, 'body')));
  });
  router.post(`${hub}/positioning/:id/verify`, async (req, res) => {
    res.json(await verifyPositioning(db, requireKnowledgeHub(req), idParam(req)));
  });
  router.delete(`${hub}/positioning/:id`, async (req, res) => {
    await deletePositioning(db, requireKnowledgeHub(req), idParam(req));
    res.status(204).end();
  });

  router.get(`${hub}/variables`, async (req, res) => {
    res.json(await listVariables(db, requireKnowledgeHub(req)));
  });
  router.post(`${hub}/variables`, async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.status(201).json(await createVariable(db, auth, parseInput(VariableBody, req.body, 'body')));
  });
  router.put(`${hub}/variables/:id`, async (req, res) => {
    const auth = requireKnowledgeHub(req);
    res.json(await updateVariable(db, auth, idParam(req), parseInput(VariableBody, req.body, 'body')));
  });
  router.delete(`${hub}/variables/:id`, async (req, res) => {
    await deleteVariable(db, requireKnowledgeHub(req), idParam(req));
    res.status(204).end();
  });

  return router;
}
