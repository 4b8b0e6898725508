// Usage that belongs to a change, written in the change's own transaction: a triage or a publication counts
// exactly when the change commits, whether a request or a bulk job's chunk made it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import type { ServerUsageEvent } from '../../contracts/usage.ts';
import { roleOf, toRow } from './rows.ts';
import { writeUsage } from './write.ts';

export async function recordInTransaction(tx: Exec, companyId: number, userId: number | null, events: ServerUsageEvent[]): Promise<void> {
  if (!events.length || userId === null) return;
  const [user] = await rowsOf<{ roles: string[] }>(
    tx,
    sql`SELECT coalesce(array_agg(role), '{}') AS roles FROM user_roles WHERE user_id = ${userId} AND company_id = ${companyId}`,
  );
  const actor = { companyId, userId, role: roleOf(user?.roles ?? []) };
  const now = new Date();
  await writeUsage(tx, events.map((e) => toRow(actor, e, now)));
}
