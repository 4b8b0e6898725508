// What is connected (GET /api/integrations) and the routing rules of Slack and Teams (contracts/integrations.ts):
// list, add, change, delete, "Send a test message" and the rule's delivery log. Every statement is scoped by the
// admin's company; another company's rule is not found. A Teams rule's Workflows URL is a secret: sealed, checked
// by the outbound rules before it is stored, and never answered (its host only). Changes are audited.
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import {
  ROUTES_PER_INTEGRATION,
  type ChatChannel,
  type ChatIntegration,
  type ChatProvider,
  type ChatRoute,
  type ChatRouteBody,
  type ChatRoutePatch,
  type Delivery,
  type DeliveryPage,
  type IntegrationsOverview,
} from '../../contracts/integrations.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { chatIntegrations, chatRoutes, deliveries, integrationEvents } from '../../db/schema.ts';
import type { SecretBox } from '../../server-shared/secretBox.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import { isAdmin, type Auth } from '../auth/context.ts';
import { apiError, fieldError } from '../errors.ts';
import { assertRivals } from '../intel/update.ts';
import type { OutboundClient } from '../outbound/client.ts';
import { format } from '../strings/index.ts';
import { deliveryPage, lastDeliverySql, readDelivery, toDelivery, type DeliveryRow } from './deliveries.ts';
import { postRoute, PROVIDER_NAMES, type ChatPost, type ChatSenders } from './senders.ts';
import { checkTeamsWebhookUrl } from './teams/webhookUrl.ts';

/** The channels the Slack bot may post to (search-api/integrations/slack builds it from conversations.list). */
export type ChannelDirectory = (companyId: number) => Promise<ChatChannel[]>;

/** What the routing rules need of the chat providers, built by the server (the dispatcher's senders, Slack's directory). */
export type ChatDeps = { senders: ChatSenders; slackChannels: ChannelDirectory; slackInstallable: boolean };

export type IntegrationDeps = { db: Db; box: SecretBox; outbound: OutboundClient; appUrl: string; chat: ChatDeps };


// ---- what is connected

type IntegrationRow = {
  id: number;
  provider: ChatProvider;
  state: ChatIntegration['state'];
  team_name: string | null;
  error: string | null;
  created_at: Date | string;
  connected_by_id: number | null;
  connected_by_name: string | null;
  routes: number;
};

async function integrationRows(db: Db, companyId: number): Promise<IntegrationRow[]> {
  return rowsOf<IntegrationRow>(
    db,
    sql`SELECT ci.id, ci.provider, ci.state, ci.team_name, ci.error, ci.created_at, u.id AS connected_by_id, u.name AS connected_by_name,
          (SELECT count(*)::int FROM chat_routes r WHERE r.integration_id = ci.id) AS routes
        FROM chat_integrations ci LEFT JOIN users u ON u.id = ci.connected_by_id WHERE ci.company_id = ${companyId}`,
  );
}

function toIntegration(provider: ChatProvider, row: IntegrationRow | undefined, admin: boolean): ChatIntegration {
  return {
    provider,
    state: row?.state ?? 'not_connected',
    teamName: row?.team_name ?? null,
    connectedBy: row?.connected_by_id ? { id: row.connected_by_id, name: row.connected_by_name! } : null,
    connectedAt: row ? new Date(row.created_at).toISOString() : null,
    error: row?.error ?? null,
    ...(admin ? { routes: row?.routes ?? 0 } : {}),
  };
}

export async function readIntegration(db: Db, auth: Auth, provider: ChatProvider): Promise<ChatIntegration> {
  const rows = await integrationRows(db, auth.companyId);
  return toIntegration(provider, rows.find((r) => r.provider === provider), isAdmin(auth));
}

export async function integrationsOverview(db: Db, chat: Pick<ChatDeps, 'slackInstallable'>, auth: Auth): Promise<IntegrationsOverview> {
  const admin = isAdmin(auth);
  const rows = await integrationRows(db, auth.companyId);
  const of = (p: ChatProvider) => toIntegration(p, rows.find((r) => r.provider === p), admin);
  const overview: IntegrationsOverview = { slack: { ...of('slack'), installable: chat.slackInstallable }, teams: of('teams'), canManage: admin };
  if (admin) {
    const [webhooks] = await rowsOf<{ total: number; enabled: number }>(
      db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE enabled)::int AS enabled FROM webhook_endpoints WHERE company_id = ${auth.companyId}`,
    );
    overview.webhooks = webhooks;
  }
  return overview;
}

// ---- routing rules

type RouteRow = {
  id: number;
  company_id: number;
  integration_id: number;
  provider: ChatProvider;
  channel_id: string | null;
  channel_name: string;
  webhook_url_sealed: string | null;
  events: ChatRoute['events'];
  rival_ids: number[];
  rivals: { id: number; name: string }[];
  topics: string[];
  priorities: ChatRoute['priorities'];
  created_at: Date | string;
  last_delivery: DeliveryRow | null;
};

const ROUTE_SELECT = sql`SELECT r.id, r.company_id, r.integration_id, ci.provider, r.channel_id, r.channel_name, r.webhook_url_sealed, r.events,
    r.rival_ids, r.topics, r.priorities, r.created_at,
    coalesce((SELECT json_agg(json_build_object('id', rv.id, 'name', rv.name) ORDER BY rv.name) FROM rivals rv
              WHERE rv.company_id = r.company_id AND rv.id = ANY(r.rival_ids)), '[]') AS rivals,
    ${lastDeliverySql('chat_route', 'r')} AS last_delivery
  FROM chat_routes r JOIN chat_integrations ci ON ci.id = r.integration_id`;

function toRoute(box: SecretBox, r: RouteRow): ChatRoute {
  return {
    id: r.id,
    provider: r.provider,
    channelId: r.channel_id,
    channelName: r.channel_name,
    webhookHost: r.webhook_url_sealed ? new URL(box.open(r.webhook_url_sealed)).host : null,
    events: r.events,
    rivals: r.rivals,
    topics: r.topics,
    priorities: r.priorities,
    createdAt: new Date(r.created_at).toISOString(),
    lastDelivery: r.last_delivery ? toDelivery(r.last_delivery) : null,
  };
}

async function routeRow(db: Exec, companyId: number, id: number): Promise<RouteRow> {
  const [row] = await rowsOf<RouteRow>(db, sql`${ROUTE_SELECT} WHERE r.company_id = ${companyId} AND r.id = ${id}`);
  if (!row) throw apiError('chat_route_not_found');
  return row;
}

export async function listRoutes(deps: IntegrationDeps, companyId: number, provider: ChatProvider): Promise<ChatRoute[]> {
  const rows = await rowsOf<RouteRow>(deps.db, sql`${ROUTE_SELECT} WHERE r.company_id = ${companyId} AND ci.provider = ${provider} ORDER BY r.channel_name, r.id`);
  return rows.map((r) => toRoute(deps.box, r));
}

type Channel = { channelId?: string; channelName?: string; webhookUrl?: string };

/**
 * The channel columns of a rule from what was given: Slack takes a channel id the bot may post to (its name looked
 * up), Teams a name and a Workflows URL. `creating` requires them; a patch changes what it names.
 */
async function channelColumns(deps: IntegrationDeps, companyId: number, provider: ChatProvider, given: Channel, creating: boolean) {
  const providerName = PROVIDER_NAMES[provider];
  const [required, unused]: [(keyof Channel)[], (keyof Channel)[]] =
    provider === 'slack' ? [['channelId'], ['channelName', 'webhookUrl']] : [['channelName', 'webhookUrl'], ['channelId']];
  const extra = unused.find((f) => given[f] !== undefined);
  if (extra) throw fieldError('chat_route_field_unused', extra, { field: extra, provider: providerName });
  const missing = creating && required.find((f) => given[f] === undefined);
  if (missing) throw fieldError('chat_route_field_required', missing, { field: missing, provider: providerName });

  if (provider === 'slack') {
    if (given.channelId === undefined) return {};
    const channel = (await deps.chat.slackChannels(companyId)).find((c) => c.id === given.channelId);
    if (!channel) throw fieldError('slack_channel_unknown', 'channelId');
    return { channelId: channel.id, channelName: channel.name };
  }
  return {
    ...(given.channelName !== undefined ? { channelName: given.channelName } : {}),
    ...(given.webhookUrl !== undefined ? { webhookUrlSealed: deps.box.seal(await checkTeamsWebhookUrl(deps.outbound, given.webhookUrl)) } : {}),
  };
}

/** What an audit entry keeps of a rule: its filters and channel, never the Workflows URL (its host at most). */
const auditDetail = (route: ChatRoute) => ({
  provider: route.provider,
  channel: route.channelName,
  channelId: route.channelId,
  webhookHost: route.webhookHost,
  events: route.events,
  rivalIds: route.rivals.map((r) => r.id),
  topics: route.topics,
  priorities: route.priorities,
});

export async function createRoute(deps: IntegrationDeps, auth: Auth, provider: ChatProvider, body: ChatRouteBody): Promise<ChatRoute> {
  const { db } = deps;
  const [integration] = await db
    .select({ id: chatIntegrations.id, routes: sql<number>`(SELECT count(*)::int FROM chat_routes r WHERE r.integration_id = ${chatIntegrations.id})` })
    .from(chatIntegrations)
    .where(and(eq(chatIntegrations.companyId, auth.companyId), eq(chatIntegrations.provider, provider)));
  if (!integration) throw apiError('chat_not_connected', { provider: PROVIDER_NAMES[provider] });
  if (integration.routes >= ROUTES_PER_INTEGRATION) throw apiError('chat_routes_full', { max: ROUTES_PER_INTEGRATION });
  await assertRivals(db, auth.companyId, body.rivalIds, 'rivalIds');
  const channel = await channelColumns(deps, auth.companyId, provider, body, true);

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatRoutes)
      .values({
        companyId: auth.companyId,
        integrationId: integration.id,
        channelName: '',
        ...channel,
        events: body.events,
        rivalIds: body.rivalIds,
        topics: body.topics,
        priorities: body.priorities,
        createdById: auth.user.id,
      })
      .returning({ id: chatRoutes.id });
    const route = toRoute(deps.box, await routeRow(tx, auth.companyId, row.id));
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.route.create',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} added a ${PROVIDER_NAMES[provider]} routing rule for “${route.channelName}”`,
      detail: auditDetail(route),
    });
    return row.id;
  });
  return toRoute(deps.box, await routeRow(db, auth.companyId, id));
}

export async function updateRoute(deps: IntegrationDeps, auth: Auth, id: number, patch: ChatRoutePatch): Promise<ChatRoute> {
  const { db } = deps;
  const before = toRoute(deps.box, await routeRow(db, auth.companyId, id));
  if (patch.rivalIds) await assertRivals(db, auth.companyId, patch.rivalIds, 'rivalIds');
  const channel = await channelColumns(deps, auth.companyId, before.provider, patch, false);
  const { channelId: _id, channelName: _name, webhookUrl: _url, ...filters } = patch;
  await db.transaction(async (tx) => {
    await tx
      .update(chatRoutes)
      .set({ ...filters, ...channel, updatedAt: new Date() })
      .where(and(eq(chatRoutes.companyId, auth.companyId), eq(chatRoutes.id, id)));
    const after = toRoute(deps.box, await routeRow(tx, auth.companyId, id));
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.route.update',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} changed the ${PROVIDER_NAMES[before.provider]} routing rule for “${after.channelName}”`,
      detail: { before: auditDetail(before), after: auditDetail(after), webhookUrlChanged: patch.webhookUrl !== undefined },
    });
  });
  return toRoute(deps.box, await routeRow(db, auth.companyId, id));
}

export async function deleteRoute(deps: IntegrationDeps, auth: Auth, id: number): Promise<void> {
  const route = toRoute(deps.box, await routeRow(deps.db, auth.companyId, id));
  await deps.db.transaction(async (tx) => {
    await tx.delete(chatRoutes).where(and(eq(chatRoutes.companyId, auth.companyId), eq(chatRoutes.id, id)));
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.route.delete',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} deleted the ${PROVIDER_NAMES[route.provider]} routing rule for “${route.channelName}”`,
      detail: auditDetail(route),
    });
  });
}

export async function routeDeliveries(db: Db, companyId: number, id: number, page: number): Promise<DeliveryPage> {
  await routeRow(db, companyId, id);
  return deliveryPage(db, companyId, 'chat_route', id, page);
}

/**
 * "Send a test message": posts a sample intel card through the provider's sender now and logs it as a `ping`
 * delivery with what came back. The rows are written once the answer is in, with an id reserved before, so the
 * dispatcher never sees a test waiting (it would try to send it again); a crash mid-send loses only the test.
 */
export async function testRoute(deps: IntegrationDeps, auth: Auth, id: number): Promise<Delivery> {
  const { db } = deps;
  const route = await routeRow(db, auth.companyId, id);
  const [reserved] = await rowsOf<{ id: string }>(db, sql`SELECT nextval(pg_get_serial_sequence('deliveries', 'id')) AS id`);
  const deliveryId = Number(reserved.id);
  const base = deps.appUrl.replace(/\/+$/, '');
  const title = format('en', 'integrations.testTitle');
  const post: ChatPost = {
    deliveryId,
    companyId: auth.companyId,
    route: postRoute(deps.box, route.id, route),
    event: 'intel.published',
    subject: {
      kind: 'intel',
      id: 0,
      title,
      summary: format('en', 'integrations.testSummary', { channel: route.channel_name }),
      rivals: [],
      topics: [],
      priority: null,
      sourceUrl: null,
      url: `${base}/integrations`,
      publishedAt: new Date().toISOString(),
    },
    externalId: null,
  };
  const started = performance.now();
  const result = await deps.chat.senders[route.provider](post);
  const responseMs = Math.round(performance.now() - started);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(integrationEvents)
      .values({ companyId: auth.companyId, type: 'ping', subjectId: route.id, data: { subject: title, by: auth.user.id }, fannedOutAt: now })
      .returning({ id: integrationEvents.id });
    await tx.insert(deliveries).values({
      id: deliveryId,
      companyId: auth.companyId,
      eventId: event.id,
      targetKind: 'chat_route',
      targetId: route.id,
      state: result.ok ? 'succeeded' : 'failed',
      attempts: 1,
      nextAttemptAt: now,
      lastAttemptAt: now,
      statusCode: result.statusCode,
      responseMs,
      error: result.ok ? null : result.error,
      externalId: result.ok ? (result.externalId ?? null) : null,
      deliveredAt: result.ok ? now : null,
    });
  });
  return readDelivery(db, deliveryId);
}
