// Slack and Teams as the rest of the server uses them: the senders the dispatcher posts with (and routing rules'
// test messages), Slack's channel directory for the routing-rule picker, and whether Slack can be installed here.
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../server-shared/config.ts';
import type { OutboundClient } from '../outbound/client.ts';
import type { ChatSenders } from './senders.ts';
import type { ChatDeps } from './service.ts';
import { slackInstallable } from './slack/install.ts';
import { slackChannels, slackSender } from './slack/post.ts';
import { teamsSender } from './teams/post.ts';

type Parts = { db: Db; config: Config; outbound: OutboundClient; logger?: Logger };

/** How chat messages are posted: Slack through its Web API, Teams through the outbound client to Workflows URLs. */
export const chatSenders = ({ db, config, outbound, logger }: Parts): ChatSenders => ({
  slack: slackSender({ db, config, logger }),
  teams: teamsSender({ outbound }),
});

export const chatDeps = (parts: Parts): ChatDeps => ({
  senders: chatSenders(parts),
  slackChannels: (companyId) => slackChannels(parts, companyId),
  slackInstallable: slackInstallable(parts.config),
});
