// Telling a company's admins that an integration stopped working: a notification of kind 'integration' each
// (contracts/notifications.ts), words composed by the web app from its params; title and body keep the English words.
// One unread notification per admin and target: a later failure of the same target updates it.
import { sql } from 'drizzle-orm';
import type { Exec } from '../../db/client.ts';
import type { NotificationParams } from '../../contracts/notifications.ts';

type Params = NotificationParams['integration'];

const TITLES: Record<Params['target'], (name: string) => string> = {
  webhook: (name) => `The webhook to ${name} was turned off`,
  slack: () => 'Slack stopped working',
  teams: () => 'Microsoft Teams stopped working',
};

/** targetId: the webhook endpoint or the chat integration. */
export async function notifyAdmins(db: Exec, companyId: number, targetId: number, params: Params): Promise<void> {
  await db.execute(sql`
    INSERT INTO notifications (company_id, user_id, kind, target_id, title, body, params, url)
    SELECT ${companyId}, u.id, 'integration', ${targetId}, ${TITLES[params.target](params.name)}, ${params.reason}, ${JSON.stringify(params)}::jsonb, '/integrations'
    FROM users u
    WHERE u.company_id = ${companyId} AND u.deactivated_at IS NULL
      AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin')
    ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL
    DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, params = EXCLUDED.params, created_at = now()`);
}
