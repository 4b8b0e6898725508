// Placeholder of the dispatcher's broken.ts so the Slack branch compiles; the merge takes the dispatcher's.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export async function markChatIntegrationBroken(db: Db, integrationId: number, reason: string): Promise<void> {
  await db.execute(sql`UPDATE chat_integrations SET state = 'broken', error = ${reason}, error_at = now(), updated_at = now() WHERE id = ${integrationId}`);
}
