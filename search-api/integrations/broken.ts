// A chat integration that can no longer be used (its token revoked, the app uninstalled): marked broken with the
// reason, and the company's admins told once, when it breaks. The dispatcher calls this when a sender answers
// `broken`; slack/ calls it when an inbound request shows the token revoked. Reconnecting makes it connected again.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { ChatProvider, ChatState } from '../../contracts/integrations.ts';
import { notifyAdmins } from './notify.ts';

export async function markChatIntegrationBroken(db: Db, integrationId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [was] = await rowsOf<{ company_id: number; provider: ChatProvider; state: ChatState; team_name: string | null }>(
      tx,
      sql`SELECT company_id, provider, state, team_name FROM chat_integrations WHERE id = ${integrationId} FOR UPDATE`,
    );
    if (!was) return;
    await tx.execute(sql`UPDATE chat_integrations SET state = 'broken', error = ${reason}, error_at = now(), updated_at = now() WHERE id = ${integrationId}`);
    if (was.state === 'broken') return;
    await notifyAdmins(tx, was.company_id, integrationId, { target: was.provider, name: was.team_name ?? was.provider, reason });
  });
}
