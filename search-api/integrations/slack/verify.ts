// Requests Slack sends us are signed (v0: HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the app's signing secret).
// One is accepted when the signature holds under the secret of the installation's app (a company's own app) or the
// product's SLACK_SIGNING_SECRET, its timestamp is within five minutes of now, and its signature was not seen
// before: signatures are remembered in PostgreSQL for the window, so a replay to another process is refused too.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { SecretBox } from '../../../server-shared/secretBox.ts';
import { SLACK } from './constants.ts';
import { installationOfTeam, type Installation } from './installation.ts';

export function slackSignature(secret: string, timestamp: string, body: Buffer | string): string {
  return `v0=${crypto.createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex')}`;
}

export function signatureHolds(secret: string, timestamp: string, body: Buffer, given: string): boolean {
  const expected = Buffer.from(slackSignature(secret, timestamp, body));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

export type SignedRequest = { timestamp: string | undefined; signature: string | undefined; body: Buffer; teamId: string | null };

/** The installation the request is for (null: a workspace that has not installed the app), or false when it fails. */
export async function verifySlackRequest(
  deps: { db: Db; box: SecretBox; signingSecret: string | undefined },
  req: SignedRequest,
  now = Date.now(),
): Promise<{ installation: Installation | null } | false> {
  const { timestamp, signature, body } = req;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > SLACK.signatureWindowSeconds) return false;
  const installation = req.teamId ? await installationOfTeam(deps.db, deps.box, req.teamId) : null;
  const secret = installation?.signingSecret ?? deps.signingSecret;
  if (!secret || !signatureHolds(secret, timestamp, body, signature)) return false;
  if (!(await firstSeen(deps.db, signature, now))) return false;
  return { installation };
}

let lastPrune = 0;

async function firstSeen(db: Db, signature: string, now: number): Promise<boolean> {
  if (now - lastPrune > SLACK.signaturePruneEveryMs) {
    lastPrune = now;
    await db.execute(sql`DELETE FROM slack_request_signatures WHERE received_at < now() - make_interval(secs => ${SLACK.signatureWindowSeconds * 2})`);
  }
  const { rows } = await db.execute(sql`INSERT INTO slack_request_signatures (signature) VALUES (${signature}) ON CONFLICT DO NOTHING RETURNING 1`);
  return rows.length === 1;
}
