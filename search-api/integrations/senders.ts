// What the dispatcher (dispatcher.ts) hands a chat provider to post, and what it answers. The dispatcher owns
// events, fan-out, retries and the delivery log; slack/ and teams/ own how a message looks and how it is posted.
import type { ChatEvent, ChatProvider } from '../../contracts/integrations.ts';
import type { SecretBox } from '../../server-shared/secretBox.ts';

/** One event for one routing rule, with what the payload needs (read by the dispatcher under the rule's company). */
export type ChatPost = {
  deliveryId: number;
  companyId: number;
  /** The rule: its integration and channel (Teams: the Workflows URL, unsealed). */
  route: { id: number; integrationId: number; channelId: string | null; channelName: string; webhookUrl: string | null };
  event: ChatEvent;
  /** The intel item or digest, as the message shows it; links are absolute (APP_URL). */
  subject: IntelPost | DigestPost;
  /** A message posted by an earlier attempt (Slack's ts): update it rather than post again. */
  externalId: string | null;
};

export type IntelPost = {
  kind: 'intel';
  id: number;
  title: string;
  summary: string;
  rivals: { id: number; name: string }[];
  topics: string[];
  priority: string | null;
  sourceUrl: string | null;
  /** The item in the product. */
  url: string;
  publishedAt: string;
};

export type DigestPost = {
  kind: 'digest';
  id: number;
  title: string;
  /** The digest's items as the email lists them. */
  items: { title: string; summary: string; url: string; rivals: string[] }[];
  url: string;
  sentAt: string;
};

/**
 * What an attempt got. retryAfterSeconds: the provider said when to try again (Slack's 429); permanent: trying again
 * cannot help (a revoked token, a channel gone), so the delivery fails now; broken: the integration itself is no
 * longer usable (token revoked, app uninstalled): the dispatcher marks it broken and tells the admins.
 */
export type PostResult =
  | { ok: true; statusCode: number; externalId?: string }
  | { ok: false; statusCode: number | null; error: string; retryAfterSeconds?: number; permanent?: boolean; broken?: boolean };

export type ChatSender = (post: ChatPost) => Promise<PostResult>;
export type ChatSenders = Record<ChatProvider, ChatSender>;

/** How a provider is named in the words of deliveries and errors. */
export const PROVIDER_NAMES: Record<ChatProvider, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

/** A routing rule's row as a post's target, its Workflows URL unsealed. */
export const postRoute = (
  box: SecretBox,
  id: number,
  r: { integration_id: number; channel_id: string | null; channel_name: string; webhook_url_sealed: string | null },
): ChatPost['route'] => ({
  id,
  integrationId: r.integration_id,
  channelId: r.channel_id,
  channelName: r.channel_name,
  webhookUrl: r.webhook_url_sealed ? box.open(r.webhook_url_sealed) : null,
});
