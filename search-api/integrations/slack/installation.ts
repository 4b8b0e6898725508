// A company's Slack installation as the Slack code uses it: the chat_integrations row with its bot token (and its
// own app's signing secret, if any) opened from their sealed columns.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { chatIntegrations } from '../../../db/schema.ts';
import type { SecretBox } from '../../../server-shared/secretBox.ts';

export type Installation = {
  id: number;
  companyId: number;
  teamId: string;
  teamName: string | null;
  botUserId: string | null;
  botToken: string;
  signingSecret: string | null;
  state: 'connected' | 'broken';
};

type Row = typeof chatIntegrations.$inferSelect;

function open(box: SecretBox, row: Row | undefined): Installation | null {
  if (!row?.teamId || !row.botTokenSealed) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    teamId: row.teamId,
    teamName: row.teamName,
    botUserId: row.botUserId,
    botToken: box.open(row.botTokenSealed),
    signingSecret: row.signingSecretSealed ? box.open(row.signingSecretSealed) : null,
    state: row.state,
  };
}

const slack = eq(chatIntegrations.provider, 'slack');

export async function installationOfCompany(db: Db, box: SecretBox, companyId: number): Promise<Installation | null> {
  const [row] = await db.select().from(chatIntegrations).where(and(slack, eq(chatIntegrations.companyId, companyId)));
  return open(box, row);
}

export async function installationOfTeam(db: Db, box: SecretBox, teamId: string): Promise<Installation | null> {
  const [row] = await db.select().from(chatIntegrations).where(and(slack, eq(chatIntegrations.teamId, teamId)));
  return open(box, row);
}

export async function installationById(db: Db, box: SecretBox, id: number): Promise<Installation | null> {
  const [row] = await db.select().from(chatIntegrations).where(and(slack, eq(chatIntegrations.id, id)));
  return open(box, row);
}
