// Installing the product's Slack app (OAuth v2), and disconnecting it. The bot token is sealed at rest; the
// callback checks the state against the admin's session before exchanging the code.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client.ts';
import { chatIntegrations } from '../../../db/schema.ts';
import type { Config } from '../../../server-shared/config.ts';
import type { SecretBox } from '../../../server-shared/secretBox.ts';
import { actorOf, recordAudit } from '../../audit/service.ts';
import { isAdmin, type Auth } from '../../auth/context.ts';
import { apiError } from '../../errors.ts';
import { slackClient, slackFailure } from './client.ts';
import { SLACK } from './constants.ts';
import { installationOfCompany } from './installation.ts';
import { installState, stateHolds } from './state.ts';

export type InstallDeps = { db: Db; config: Config; box: SecretBox; logger: Logger };

export const slackInstallable = (config: Config) => Boolean(config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET);

const redirectUri = (config: Config) => new URL('/api/integrations/slack/callback', config.APP_URL).toString();

/** Slack's authorize page for this admin. */
export function installUrl(deps: InstallDeps, auth: Auth): string {
  if (!slackInstallable(deps.config)) throw apiError('slack_not_installable');
  const url = new URL(deps.config.SLACK_OAUTH_URL);
  url.searchParams.set('client_id', deps.config.SLACK_CLIENT_ID!);
  url.searchParams.set('scope', SLACK.botScopes.join(','));
  url.searchParams.set('redirect_uri', redirectUri(deps.config));
  url.searchParams.set('state', installState(deps.box, auth.companyId, auth.user.id));
  return url.toString();
}

/**
 * Exchanges the code and stores the installation; answers where the browser goes next. A state that does not hold
 * (expired, another admin's, forged) is a 400 and nothing is called or written.
 */
export async function finishInstall(deps: InstallDeps, auth: Auth, query: { code?: unknown; state?: unknown; error?: unknown }): Promise<string> {
  if (!slackInstallable(deps.config)) throw apiError('slack_not_installable');
  if (!isAdmin(auth) || !stateHolds(deps.box, query.state, { companyId: auth.companyId, userId: auth.user.id })) throw apiError('slack_state_invalid');
  // The admin declined on Slack's page.
  if (typeof query.error === 'string' || typeof query.code !== 'string' || !query.code) return `/integrations?error=${encodeURIComponent(String(query.error ?? 'access_denied'))}`;
  const client = slackClient(deps.config, undefined);
  let granted;
  try {
    granted = await client.oauth.v2.access({ client_id: deps.config.SLACK_CLIENT_ID!, client_secret: deps.config.SLACK_CLIENT_SECRET!, code: query.code, redirect_uri: redirectUri(deps.config) });
  } catch (err) {
    const f = slackFailure(err);
    deps.logger.warn({ error: f.error, companyId: auth.companyId }, 'slack install: the code exchange failed');
    return `/integrations?error=${encodeURIComponent(f.error)}`;
  }
  if (!granted.access_token || !granted.team?.id) return '/integrations?error=no_bot_token';
  const values = {
    state: 'connected' as const,
    teamId: granted.team.id,
    teamName: granted.team.name ?? null,
    botUserId: granted.bot_user_id ?? null,
    botTokenSealed: deps.box.seal(granted.access_token),
    scopes: (granted.scope ?? '').split(',').filter(Boolean),
    error: null,
    errorAt: null,
    connectedById: auth.user.id,
  };
  // One workspace belongs to one company: another company's installation of the same team keeps it.
  const { rows } = await deps.db.execute(sql`SELECT 1 FROM chat_integrations WHERE provider = 'slack' AND team_id = ${values.teamId} AND company_id <> ${auth.companyId}`);
  if (rows.length) return '/integrations?error=team_taken';
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(chatIntegrations)
      .values({ companyId: auth.companyId, provider: 'slack', ...values })
      .onConflictDoUpdate({ target: [chatIntegrations.companyId, chatIntegrations.provider], set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.slack.connect',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} connected Slack (${values.teamName ?? values.teamId})`,
      detail: { workspace: values.teamName ?? values.teamId, scopes: values.scopes.join(', ') },
    });
  });
  deps.logger.info({ companyId: auth.companyId, teamId: values.teamId }, 'slack installed');
  return '/integrations?connected=slack';
}

/** Revokes the bot token (a failure there still forgets it: the admin wants it gone) and deletes the installation. */
export async function disconnect(deps: InstallDeps, auth: Auth): Promise<void> {
  const inst = await installationOfCompany(deps.db, deps.box, auth.companyId);
  if (!inst) throw apiError('slack_not_connected');
  try {
    await slackClient(deps.config, inst.botToken).auth.revoke();
  } catch (err) {
    deps.logger.warn({ error: slackFailure(err).error, companyId: auth.companyId }, 'slack disconnect: revoking the token failed');
  }
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM chat_integrations WHERE id = ${inst.id}`);
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.slack.disconnect',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} disconnected Slack and its routing rules`,
    });
  });
}
