// Who a Slack user is in the product: the active user of the installation's company whose email is the Slack
// profile's email, when Slack has confirmed it (or, for a member of the company's own workspace, when it is at one
// of the company's email domains). Looked up through users.info and cached briefly in slack_users. Work for a Slack
// user runs as that product user, under their visibility; an unmapped one gets a sign-in link and no content.
import { sql } from 'drizzle-orm';
import type { WebClient } from '@slack/web-api';
import type { Db } from '../../../db/client.ts';
import { loadActingUser, type Auth } from '../../auth/context.ts';
import { viewerOf, type Viewer } from '../../visibility/index.ts';
import { slackFailure } from './client.ts';
import { SLACK } from './constants.ts';
import type { Installation } from './installation.ts';

export type SlackPerson = { userId: number | null; displayName: string };

export async function slackPerson(db: Db, client: WebClient, inst: Installation, slackUserId: string): Promise<SlackPerson> {
  const { rows } = await db.execute(sql`
    SELECT user_id AS "userId", display_name AS "displayName" FROM slack_users
    WHERE integration_id = ${inst.id} AND slack_user_id = ${slackUserId}
      AND checked_at > now() - make_interval(secs => CASE WHEN user_id IS NULL THEN ${SLACK.unmappedCacheMs / 1000}::float8 ELSE ${SLACK.userCacheMs / 1000}::float8 END)`);
  if (rows.length) return rows[0] as SlackPerson;
  const person = await lookUp(db, client, inst, slackUserId);
  await db.execute(sql`
    INSERT INTO slack_users (company_id, integration_id, slack_user_id, user_id, display_name) VALUES (${inst.companyId}, ${inst.id}, ${slackUserId}, ${person.userId}, ${person.displayName})
    ON CONFLICT (integration_id, slack_user_id) DO UPDATE SET user_id = EXCLUDED.user_id, display_name = EXCLUDED.display_name, checked_at = now()`);
  return person;
}

async function lookUp(db: Db, client: WebClient, inst: Installation, slackUserId: string): Promise<SlackPerson> {
  let info;
  try {
    info = await client.users.info({ user: slackUserId });
  } catch (err) {
    // Slack said who is not there (user_not_found): unmapped. A transport failure or a rate limit: the job retries.
    if (slackFailure(err).statusCode === 200) return { userId: null, displayName: slackUserId };
    throw err;
  }
  const u = info.user;
  const displayName = u?.profile?.display_name || u?.real_name || u?.name || slackUserId;
  const email = u?.profile?.email?.toLowerCase();
  if (!u || !email || u.deleted || u.is_bot) return { userId: null, displayName };
  const { rows } = await db.execute(sql`
    SELECT u.id, ${email.split('@')[1] ?? ''} = ANY(c.email_domains) AS "companyDomain"
    FROM users u JOIN companies c ON c.id = u.company_id
    WHERE u.company_id = ${inst.companyId} AND lower(u.email) = ${email} AND u.deactivated_at IS NULL`);
  const found = rows[0] as { id: number; companyDomain: boolean } | undefined;
  const trusted = u.is_email_confirmed === true || (u.team_id === inst.teamId && !u.is_restricted && found?.companyDomain === true);
  return { userId: found && trusted ? found.id : null, displayName };
}

export type SlackActor = { auth: Auth; viewer: Viewer; language: string };

/** The product user a Slack user acts as, or null (unmapped, or deactivated since the mapping was cached). */
export async function slackActor(db: Db, client: WebClient, inst: Installation, slackUserId: string): Promise<SlackActor | null> {
  const { userId } = await slackPerson(db, client, inst, slackUserId);
  const auth = userId === null ? null : await loadActingUser(db, userId, inst.companyId);
  return auth && { auth, viewer: viewerOf(auth), language: auth.user.language };
}
