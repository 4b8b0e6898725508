// The "Send to Rivalscope" message shortcut: the message (its text, its author's name and its permalink) becomes a
// submitted intel item of the mapped user's company, on channel slack, as if they had submitted it in the product;
// they get an ephemeral confirmation. Unmapped users get the sign-in link and nothing is written.
import { escapeHtml } from '../../../contracts/htmlEscape.ts';
import { submitIntel } from '../../intel/edits.ts';
import { format } from '../../strings/index.ts';
import { signInMessage, textMessage } from './blocks.ts';
import { SLACK } from './constants.ts';
import { slackActor, slackPerson } from './people.ts';
import { replyPrivately } from './reply.ts';
import type { SlackWork } from './work.ts';

export type MessageAction = {
  callback_id: string;
  user: { id: string };
  channel: { id: string; name?: string };
  message: { ts: string; text?: string; user?: string };
};

/** Slack's markup in plain words: <url|label> as the label and the URL, <@U1> mentions and <#C1|name> as their names. */
export function slackTextToPlain(text: string): string {
  return text
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/<[@#!][^|>]*\|([^>]+)>/g, '$1')
    .replace(/<[@#!]([^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export async function sendToRivalscope(w: SlackWork, action: MessageAction): Promise<void> {
  if (action.callback_id !== SLACK.shortcutCallbackId) return;
  const reply = (m: Parameters<typeof replyPrivately>[3]) => replyPrivately(w.client, action.channel.id, action.user.id, m);
  const actor = await slackActor(w.deps.db, w.client, w.inst, action.user.id);
  if (!actor) return reply(signInMessage('en', w.deps.config.APP_URL));
  const text = slackTextToPlain(action.message.text ?? '').trim();
  if (!text) return reply(textMessage(format(actor.language, 'slack.nothingToSend')));
  const author = action.message.user ? (await slackPerson(w.deps.db, w.client, w.inst, action.message.user)).displayName : '';
  const { permalink } = await w.client.chat.getPermalink({ channel: action.channel.id, message_ts: action.message.ts });
  const paragraphs = text.split(/\n+/).map((p) => `<p>${escapeHtml(p)}</p>`);
  if (author) paragraphs.push(`<p><em>${escapeHtml(format(actor.language, 'slack.sharedBy', { author }))}</em></p>`);
  const item = await submitIntel(
    w.deps.db,
    { companyId: actor.auth.companyId, userId: actor.auth.user.id },
    { item: { alert_type: 'in-app', title: text.split('\n')[0].slice(0, SLACK.intelTitleChars), content: paragraphs.join('') }, rivals: null },
    { channel: 'slack', permalink: permalink ?? null, source: action.channel.name ? `Slack · #${action.channel.name}` : 'Slack' },
  );
  await reply(textMessage(format(actor.language, 'slack.sentToFeed', { title: item.title })));
}
