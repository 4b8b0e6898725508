// HTTP contracts of integrations (issue #54): Slack, Microsoft Teams and signed webhooks. What happens in the product
// (INTEGRATION_EVENTS) goes out to Slack and Teams channels by routing rules and to webhook endpoints; Slack and Teams
// also ask the product things (a slash command, a shared link, a message sent to the intel feed).
//
// Everyone signed in sees what is connected; admins connect, disconnect and route.
//   GET    /api/integrations                        → IntegrationsOverview
//
// Slack (a Slack app the company installs; SLACK_API_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET)
//   GET    /api/integrations/slack/install          → 302 to Slack's OAuth v2 authorize page (admins), a signed state
//   GET    /api/integrations/slack/callback?code&state → 302 to /integrations?connected=slack (or ?error=<reason>)
//   DELETE /api/integrations/slack                  → 204: revokes the bot token (auth.revoke) and forgets it
//   GET    /api/integrations/slack/channels         → ChatChannelList: the channels the bot may post to (admins)
//   POST   /api/integrations/slack/commands         Slack-signed: `/rivalscope <words>` and `/rivalscope ask <question>`
//   POST   /api/integrations/slack/interactivity    Slack-signed: the "Send to Rivalscope" message shortcut
//   POST   /api/integrations/slack/events           Slack-signed: url_verification, link_shared (unfurls)
//   A Slack request whose signature (v0), timestamp (within 5 minutes) or freshness (no replay) fails gets 401.
//
// Microsoft Teams (a Workflows webhook per channel to post; an outgoing webhook to answer searches)
//   PUT    /api/integrations/teams                  TeamsConnectBody → ChatIntegration (admins)
//   DELETE /api/integrations/teams                  → 204
//   POST   /api/integrations/teams/messages         HMAC-signed outgoing webhook → a message with the best cards
//
// Routing rules of either chat (admins)
//   GET    /api/integrations/{provider}/routes      → ChatRouteList
//   POST   /api/integrations/{provider}/routes      ChatRouteBody → ChatRoute (201)
//   PATCH  /api/integrations/routes/{id}            ChatRoutePatch → ChatRoute
//   DELETE /api/integrations/routes/{id}            → 204
//   POST   /api/integrations/routes/{id}/test       → Delivery: posts a test message now
//   GET    /api/integrations/routes/{id}/deliveries?page → DeliveryPage, newest first
//
// Webhooks (admins; Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature v1 HMAC-SHA256)
//   GET    /api/webhooks                            → WebhookEndpointList
//   POST   /api/webhooks                            WebhookBody → WebhookEndpointCreated (201): the secret, once
//   GET    /api/webhooks/{id}                       → WebhookEndpoint
//   PATCH  /api/webhooks/{id}                       WebhookPatch → WebhookEndpoint (enabling again clears the failures)
//   DELETE /api/webhooks/{id}                       → 204
//   GET    /api/webhooks/{id}/deliveries?page       → DeliveryPage, newest first
//   POST   /api/webhooks/{id}/test                  → Delivery: sends a `ping` event now and answers what came back
import { z } from 'zod';
import { INTEL_PRIORITIES } from './intel.ts';

/** What happens in the product that integrations hear about. */
export const INTEGRATION_EVENTS = ['intel.published', 'card.created', 'card.changed', 'card.deleted', 'battlecard.changed', 'digest.sent'] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];
/** What a chat channel can be sent. */
export const CHAT_EVENTS = ['intel.published', 'digest.sent'] as const satisfies readonly IntegrationEvent[];
export type ChatEvent = (typeof CHAT_EVENTS)[number];
/** Events as deliveries log them: `ping` is a test an admin sends. */
export const LOGGED_EVENTS = [...INTEGRATION_EVENTS, 'ping'] as const;
export type LoggedEvent = (typeof LOGGED_EVENTS)[number];

export const CHAT_PROVIDERS = ['slack', 'teams'] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];
/** broken: the token was revoked or the app removed; an admin is told and reconnects. */
export const CHAT_STATES = ['connected', 'broken'] as const;
export type ChatState = (typeof CHAT_STATES)[number];

export const DELIVERY_TARGETS = ['webhook', 'chat_route'] as const;
export type DeliveryTarget = (typeof DELIVERY_TARGETS)[number];
/** pending: waiting for its (next) attempt; failed: gave up after the last retry or its target went away. */
export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * Whose eyes a webhook's payloads are for. everyone: only what every person of the company may see (published, for
 * all); groups: what members of the chosen visibility groups may see; all: everything, drafts too (the admin says so).
 */
export const WEBHOOK_AUDIENCES = ['everyone', 'groups', 'all'] as const;
export type WebhookAudience = (typeof WEBHOOK_AUDIENCES)[number];

/** Retries of a failed delivery: after 30 s, then doubling, at most 8 attempts in all. */
export const DELIVERY_RETRY = { firstDelaySeconds: 30, factor: 2, maxAttempts: 8 } as const;
/** An endpoint whose every delivery failed for this long is disabled, and its admins told. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
export const WEBHOOKS_PER_COMPANY = 20;
export const ROUTES_PER_INTEGRATION = 50;
export const DELIVERY_PAGE_SIZE = 20;

export type ChatIntegration = {
  provider: ChatProvider;
  state: ChatState | 'not_connected';
  /** Slack: the workspace's name. */
  teamName: string | null;
  connectedBy: { id: number; name: string } | null;
  connectedAt: string | null;
  /** Why it is broken, in words. */
  error: string | null;
  /** Admins only: how many routing rules it has. */
  routes?: number;
};

export type IntegrationsOverview = {
  slack: ChatIntegration & { installable: boolean };
  teams: ChatIntegration;
  /** Admins only: the webhook endpoints, how many, how many enabled. */
  webhooks?: { total: number; enabled: number };
  /** Whether the asker may change anything here. */
  canManage: boolean;
};

export type ChatChannel = { id: string; name: string; isPrivate: boolean };
export type ChatChannelList = { channels: ChatChannel[] };

/** Teams: the shared secret of an outgoing webhook (optional; without it, search from Teams stays off). */
export const TeamsConnectBody = z.object({ outgoingWebhookSecret: z.string().trim().min(1).max(200).nullable().optional() }).strict();
export type TeamsConnectBody = z.output<typeof TeamsConnectBody>;

const idList = z.array(z.number().int().positive()).max(200);
const routeFilters = {
  events: z
    .array(z.enum(CHAT_EVENTS))
    .min(1, 'needs at least one event')
    .transform((e) => [...new Set(e)]),
  rivalIds: idList.default([]),
  topics: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  priorities: z.array(z.enum(INTEL_PRIORITIES)).max(INTEL_PRIORITIES.length).default([]),
};
/** Slack: channelId (the name is looked up). Teams: a name and the Workflows webhook URL (https). */
export const ChatRouteBody = z
  .object({
    channelId: z.string().trim().min(1).max(50).optional(),
    channelName: z.string().trim().min(1).max(100).optional(),
    webhookUrl: z.string().trim().url('must be a URL').max(2000).optional(),
    ...routeFilters,
  })
  .strict();
export type ChatRouteBody = z.output<typeof ChatRouteBody>;
export const ChatRoutePatch = z
  .object({
    channelId: z.string().trim().min(1).max(50),
    channelName: z.string().trim().min(1).max(100),
    webhookUrl: z.string().trim().url('must be a URL').max(2000),
    events: routeFilters.events,
    rivalIds: idList,
    topics: routeFilters.topics,
    priorities: routeFilters.priorities,
  })
  .partial()
  .strict();
export type ChatRoutePatch = z.output<typeof ChatRoutePatch>;

export type ChatRoute = {
  id: number;
  provider: ChatProvider;
  channelId: string | null;
  channelName: string;
  /** Teams: the webhook's host only; the URL is a secret and never answered. */
  webhookHost: string | null;
  events: ChatEvent[];
  rivals: { id: number; name: string }[];
  topics: string[];
  priorities: (typeof INTEL_PRIORITIES)[number][];
  createdAt: string;
  lastDelivery: Delivery | null;
};
export type ChatRouteList = { routes: ChatRoute[] };

export const WebhookBody = z
  .object({
    url: z.string().trim().url('must be a URL').max(2000),
    description: z.string().trim().max(500).default(''),
    events: z
      .array(z.enum(INTEGRATION_EVENTS))
      .min(1, 'needs at least one event')
      .transform((e) => [...new Set(e)]),
    audience: z.enum(WEBHOOK_AUDIENCES).default('everyone'),
    visibilityGroupIds: idList.default([]),
  })
  .strict();
export type WebhookBody = z.output<typeof WebhookBody>;
export const WebhookPatch = z
  .object({
    url: WebhookBody.shape.url,
    description: z.string().trim().max(500),
    events: WebhookBody.shape.events,
    audience: z.enum(WEBHOOK_AUDIENCES),
    visibilityGroupIds: idList,
    enabled: z.boolean(),
  })
  .partial()
  .strict();
export type WebhookPatch = z.output<typeof WebhookPatch>;

export type WebhookEndpoint = {
  id: number;
  url: string;
  description: string;
  events: IntegrationEvent[];
  audience: WebhookAudience;
  visibilityGroups: { id: number; name: string }[];
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
  lastDelivery: Delivery | null;
  /** Deliveries of the last 24 hours: how many, how many failed. */
  recent: { total: number; failed: number };
};
export type WebhookEndpointList = { endpoints: WebhookEndpoint[] };
export type WebhookEndpointCreated = WebhookEndpoint & { secret: string };

export type Delivery = {
  id: number;
  event: LoggedEvent;
  /** What the event was about, in words (an intel item's title, a card's name). */
  subject: string;
  state: DeliveryState;
  attempts: number;
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
};
export type DeliveryPage = { items: Delivery[]; total: number; page: number; limit: number };
export const DeliveriesQuery = z.object({ page: z.coerce.number().int().min(1).default(1) }).strict();
