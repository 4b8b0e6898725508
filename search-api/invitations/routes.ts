// Invitations (contracts/account.ts): the admins' list, invite, new link and revoke, and the public
// look-up behind the invitation page. Accepting is a sign-in-like post in account/routes.ts.
import express from 'express';
import { InvitationBody } from '../../contracts/account.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin } from '../auth/context.ts';
import { parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { createInvitation, listInvitations, previewInvitation, renewInvitation, revokeInvitation } from './service.ts';

export function invitationRoutes({ db, config }: AppDeps) {
  const router = express.Router();

  router.get('/invitations.json', async (req, res) => {
    res.json(await listInvitations(db, requireAdmin(req).companyId));
  });

  router.post('/invitations.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.status(201).json(await createInvitation(db, config, auth, parseInput(InvitationBody, req.body, 'body')));
  });

  router.post('/invitations/:id/link.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await renewInvitation(db, config, auth, idParam(req)));
  });

  router.delete('/invitations/:id.json', async (req, res) => {
    const auth = requireAdmin(req);
    await revokeInvitation(db, auth, idParam(req));
    res.status(204).end();
  });

  // Public: the token is the credential.
  router.get('/account/invitation/:token.json', async (req, res) => {
    res.json(await previewInvitation(db, String(req.params.token)));
  });

  return router;
}
