// What happens after a Slack request was verified and acknowledged: the job runner's `slack-request` queue hands
// each one here (a restart redelivers what was not done), with the installation it is for.
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client.ts';
import type { SearchEngine } from '../../../engine/port.ts';
import type { Config } from '../../../server-shared/config.ts';
import { secretBoxFor, type SecretBox } from '../../../server-shared/secretBox.ts';
import { LiveAnswers } from '../../ask/live.ts';
import type { QueueHandler } from '../../jobs/runner.ts';
import { markChatIntegrationBroken } from '../broken.ts';
import { slackClient } from './client.ts';
import { runCommand, type SlashCommand } from './commands.ts';
import { SLACK } from './constants.ts';
import { installationById, type Installation } from './installation.ts';
import { sendToRivalscope, type MessageAction } from './shortcut.ts';
import { unfurlLinks, type LinkShared } from './unfurl.ts';

export type SlackWorkDeps = { db: Db; config: Config; logger: Logger; engine: SearchEngine; box: SecretBox; live: LiveAnswers };
/** One request's work: the deps, its installation and a client with the bot's token. */
export type SlackWork = { deps: SlackWorkDeps; inst: Installation; client: WebClient };

/** What the inbound routes queue: the request's kind, its installation and its parsed body. */
export type SlackRequest =
  | { kind: 'command'; integrationId: number; payload: SlashCommand }
  | { kind: 'interaction'; integrationId: number; payload: { type: string } & Partial<MessageAction> }
  | { kind: 'event'; integrationId: number; payload: { type: string } & Record<string, unknown> };

export async function handleSlackRequest(deps: SlackWorkDeps, req: SlackRequest): Promise<void> {
  const inst = await installationById(deps.db, deps.box, req.integrationId);
  // Disconnected, or broken since: nothing can be answered with its token.
  if (!inst || inst.state !== 'connected') return;
  const w: SlackWork = { deps, inst, client: slackClient(deps.config, inst.botToken) };
  switch (req.kind) {
    case 'command':
      return runCommand(w, req.payload);
    case 'interaction':
      if (req.payload.type === 'message_action') return sendToRivalscope(w, req.payload as MessageAction);
      return;
    case 'event': {
      const e = req.payload;
      if (e.type === 'link_shared') return unfurlLinks(w, e as unknown as LinkShared);
      if (e.type === 'app_uninstalled' || e.type === 'tokens_revoked') {
        await markChatIntegrationBroken(deps.db, inst.id, 'The Rivalscope app was uninstalled from Slack, or its token revoked: install it again from Integrations');
      }
      return;
    }
  }
}

/** The queue the job runner serves Slack requests from. */
export function slackRequestQueue(deps: Omit<SlackWorkDeps, 'box' | 'live'>): QueueHandler {
  const full: SlackWorkDeps = { ...deps, box: secretBoxFor(deps.config), live: new LiveAnswers() };
  return {
    batchSize: SLACK.concurrency,
    expireInSeconds: SLACK.expireInSeconds,
    // A failure is logged, not retried: an answer minutes late would confuse more than it helps. A delivery whose
    // worker died (a restart) is still redelivered once it expires.
    handle: (data) =>
      handleSlackRequest(full, data as SlackRequest).catch((err) => deps.logger.error({ err, kind: data.kind, integrationId: data.integrationId }, 'slack request failed')),
  };
}
