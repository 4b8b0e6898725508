// Posting for the dispatcher: a published intel item or a digest to a routing rule's channel (chat.postMessage, or
// chat.update of the message an earlier attempt posted), and what the attempt got in the dispatcher's terms. Also
// the channels an admin may route to.
import type { Logger } from 'pino';
import type { ChatChannel } from '../../../contracts/integrations.ts';
import type { Db } from '../../../db/client.ts';
import type { Config } from '../../../server-shared/config.ts';
import { secretBoxFor } from '../../../server-shared/secretBox.ts';
import { apiError } from '../../errors.ts';
import type { ChatPost, ChatSender, PostResult } from '../senders.ts';
import { digestMessage, intelMessage } from './blocks.ts';
import { BROKEN_ERRORS, slackClient, slackFailure } from './client.ts';
import { installationById, installationOfCompany } from './installation.ts';

export type SlackPostDeps = { db: Db; config: Config; logger?: Logger };

/** Slack's errors that no retry mends, in words an admin can act on. */
const PERMANENT: Record<string, string> = {
  channel_not_found: 'The channel no longer exists, or it is private and the Rivalscope app is not in it (channel_not_found)',
  not_in_channel: 'The Rivalscope app is not in the channel: invite it with /invite @Rivalscope (not_in_channel)',
  is_archived: 'The channel is archived (is_archived)',
  msg_too_long: 'The message is too long for Slack (msg_too_long)',
  invalid_blocks: 'Slack refused the message’s layout (invalid_blocks)',
  missing_scope: 'The Slack app lacks a permission it needs: install it again from Integrations (missing_scope)',
};

export function slackSender(deps: SlackPostDeps): ChatSender {
  const box = secretBoxFor(deps.config);
  return async (post: ChatPost): Promise<PostResult> => {
    const inst = await installationById(deps.db, box, post.route.integrationId);
    if (!inst) return { ok: false, statusCode: null, error: 'Slack is no longer connected', permanent: true };
    if (!post.route.channelId) return { ok: false, statusCode: null, error: 'The routing rule names no Slack channel', permanent: true };
    // A channel holds people of any language; messages to channels are in English.
    const message = post.subject.kind === 'intel' ? intelMessage(post.subject, 'en') : digestMessage(post.subject, 'en');
    const client = slackClient(deps.config, inst.botToken, 'delivery');
    const channel = post.route.channelId;
    try {
      if (post.externalId) {
        try {
          const updated = await client.chat.update({ channel, ts: post.externalId, ...message });
          return { ok: true, statusCode: 200, externalId: updated.ts ?? post.externalId };
        } catch (err) {
          // The message an earlier attempt posted was deleted: post it again.
          if (slackFailure(err).error !== 'message_not_found') throw err;
        }
      }
      const posted = await client.chat.postMessage({ channel, ...message, unfurl_links: false, unfurl_media: false });
      return { ok: true, statusCode: 200, ...(posted.ts ? { externalId: posted.ts } : {}) };
    } catch (err) {
      const f = slackFailure(err);
      deps.logger?.info({ deliveryId: post.deliveryId, error: f.error }, 'slack post failed');
      if (f.retryAfterSeconds !== undefined) return { ok: false, statusCode: 429, error: 'Slack asked to slow down (ratelimited)', retryAfterSeconds: f.retryAfterSeconds };
      if (BROKEN_ERRORS.has(f.error)) return { ok: false, statusCode: f.statusCode, error: `Slack no longer accepts the app’s token (${f.error}): install it again from Integrations`, permanent: true, broken: true };
      if (PERMANENT[f.error]) return { ok: false, statusCode: f.statusCode, error: PERMANENT[f.error], permanent: true };
      return { ok: false, statusCode: f.statusCode, error: `Slack answered ${f.error}` };
    }
  };
}

/** Public channels, and private ones the bot is in (the only private ones it may post to). */
export async function slackChannels(deps: SlackPostDeps, companyId: number): Promise<ChatChannel[]> {
  const inst = await installationOfCompany(deps.db, secretBoxFor(deps.config), companyId);
  if (!inst) throw apiError('slack_not_connected');
  const client = slackClient(deps.config, inst.botToken);
  const out: ChatChannel[] = [];
  try {
    let cursor: string | undefined;
    do {
      const page = await client.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true, limit: 200, cursor });
      for (const c of page.channels ?? []) {
        if (!c.id || !c.name || (c.is_private && !c.is_member)) continue;
        out.push({ id: c.id, name: c.name, isPrivate: Boolean(c.is_private) });
      }
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
  } catch (err) {
    throw apiError('slack_unavailable', { reason: slackFailure(err).error });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
