// Connecting Microsoft Teams (PUT and DELETE /api/integrations/teams): a company's Teams row, which its routing rules
// hang on, and the shared secret of its outgoing webhook (sealed; without one, search from Teams stays off).
// Disconnecting deletes the rules with it (they cascade); their delivery log stays. Both are audited.
import { and, eq } from 'drizzle-orm';
import type { ChatIntegration, TeamsConnectBody } from '../../../contracts/integrations.ts';
import type { Db } from '../../../db/client.ts';
import { chatIntegrations } from '../../../db/schema.ts';
import type { SecretBox } from '../../../server-shared/secretBox.ts';
import { actorOf, recordAudit } from '../../audit/service.ts';
import type { Auth } from '../../auth/context.ts';
import { readIntegration } from '../service.ts';

/** Connects Teams, or changes its secret: a string sets it, null removes it, leaving it out keeps it. */
export async function connectTeams(db: Db, box: SecretBox, auth: Auth, body: TeamsConnectBody): Promise<ChatIntegration> {
  const secret = body.outgoingWebhookSecret;
  const secretColumn = secret === undefined ? {} : { signingSecretSealed: secret === null ? null : box.seal(secret) };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatIntegrations)
      .values({ companyId: auth.companyId, provider: 'teams', connectedById: auth.user.id, ...secretColumn })
      .onConflictDoUpdate({
        target: [chatIntegrations.companyId, chatIntegrations.provider],
        set: { state: 'connected', error: null, errorAt: null, updatedAt: new Date(), ...secretColumn },
      })
      .returning({ createdAt: chatIntegrations.createdAt, updatedAt: chatIntegrations.updatedAt });
    const first = row.createdAt.getTime() === row.updatedAt.getTime();
    await recordAudit(tx, actorOf(auth), {
      action: first ? 'integration.teams.connect' : 'integration.teams.update',
      targetType: 'company',
      targetId: auth.companyId,
      summary: first ? `${auth.user.name} connected Microsoft Teams` : `${auth.user.name} changed the Microsoft Teams connection`,
      // Whether the secret changed, never the secret.
      detail: { outgoingWebhookSecret: secret === undefined ? 'kept' : secret === null ? 'removed' : 'set' },
    });
  });
  return readIntegration(db, auth, 'teams');
}

export async function disconnectTeams(db: Db, auth: Auth): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(chatIntegrations)
      .where(and(eq(chatIntegrations.companyId, auth.companyId), eq(chatIntegrations.provider, 'teams')))
      .returning({ id: chatIntegrations.id });
    if (!gone.length) return;
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.teams.disconnect',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} disconnected Microsoft Teams and its routing rules`,
    });
  });
}
