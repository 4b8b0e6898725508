// Answering one Slack user: an ephemeral message in the channel they asked from, or, where the bot cannot post
// (a channel it is not in, a DM between other people), a direct message from the app.
import type { WebClient } from '@slack/web-api';
import type { SlackMessage } from './blocks.ts';
import { slackFailure } from './client.ts';

const UNREACHABLE = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'user_not_in_channel']);

export async function replyPrivately(client: WebClient, channel: string, user: string, message: SlackMessage): Promise<void> {
  try {
    await client.chat.postEphemeral({ channel, user, ...message });
  } catch (err) {
    if (!UNREACHABLE.has(slackFailure(err).error)) throw err;
    await client.chat.postMessage({ channel: user, ...message });
  }
}
