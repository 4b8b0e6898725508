// Who may use the knowledge hub (part 1 §6): curators and admins (staff who are curators among them) of a company with
// the knowledge-hub flag. Consumers read approved files only through search, Ask and the landing page.
import type { Request } from 'express';
import { apiError } from '../errors.ts';
import { isCurator, requireAuth, type Auth } from '../auth/context.ts';
import { knowledgeHubOn } from '../visibility/index.ts';

export function requireKnowledgeHub(req: Request): Auth {
  const auth = requireAuth(req);
  if (!isCurator(auth)) throw apiError('curators_only');
  if (!knowledgeHubOn(auth)) throw apiError('knowledge_hub_off');
  return auth;
}
