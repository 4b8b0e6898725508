// Server state of integrations (contracts/integrations.ts): what is connected, Teams' connection, the routing rules of
// Slack and Teams, webhook endpoints, and the delivery logs of both. Every change refreshes the integrations' queries.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatChannelList,
  ChatIntegration,
  ChatProvider,
  ChatRoute,
  ChatRouteBody,
  ChatRouteList,
  ChatRoutePatch,
  Delivery,
  DeliveryPage,
  IntegrationsOverview,
  TeamsConnectBody,
  WebhookBody,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookPatch,
} from '../../../contracts/integrations.ts';
import { api } from '../api/client.ts';

const ROOT = 'integrations';
const keys = {
  overview: [ROOT, 'overview'] as const,
  routes: (p: ChatProvider) => [ROOT, 'routes', p] as const,
  channels: [ROOT, 'slackChannels'] as const,
  webhooks: [ROOT, 'webhooks'] as const,
  deliveries: (target: DeliveryTarget, page: number) => [ROOT, 'deliveries', target.kind, target.id, page] as const,
};

/** Whose log: a routing rule's or a webhook endpoint's. */
export type DeliveryTarget = { kind: 'route' | 'webhook'; id: number };

export const useOverview = () => useQuery({ queryKey: keys.overview, queryFn: ({ signal }) => api<IntegrationsOverview>('/api/integrations', { signal }) });

export const useRoutes = (provider: ChatProvider, enabled: boolean) =>
  useQuery({ queryKey: keys.routes(provider), queryFn: ({ signal }) => api<ChatRouteList>(`/api/integrations/${provider}/routes`, { signal }), enabled });

export const useSlackChannels = (enabled: boolean) =>
  useQuery({ queryKey: keys.channels, queryFn: ({ signal }) => api<ChatChannelList>('/api/integrations/slack/channels', { signal }), enabled, staleTime: 60_000 });

export const useWebhooks = (enabled: boolean) =>
  useQuery({ queryKey: keys.webhooks, queryFn: ({ signal }) => api<WebhookEndpointList>('/api/webhooks', { signal }), enabled });

export function useDeliveries(target: DeliveryTarget, page: number) {
  const path = target.kind === 'route' ? `/api/integrations/routes/${target.id}/deliveries` : `/api/webhooks/${target.id}/deliveries`;
  return useQuery({
    queryKey: keys.deliveries(target, page),
    queryFn: ({ signal }) => api<DeliveryPage>(path, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change, then every integrations query read again (counts, last deliveries and logs move together). */
function useChange<A, R>(request: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: [ROOT] }) });
}

export const useConnectTeams = () => useChange((body: TeamsConnectBody) => api<ChatIntegration>('/api/integrations/teams', { method: 'PUT', body }));
export const useDisconnect = () => useChange((provider: ChatProvider) => api<void>(`/api/integrations/${provider}`, { method: 'DELETE' }));

export const useCreateRoute = () =>
  useChange(({ provider, body }: { provider: ChatProvider; body: ChatRouteBody }) => api<ChatRoute>(`/api/integrations/${provider}/routes`, { method: 'POST', body }));
export const useUpdateRoute = () => useChange(({ id, body }: { id: number; body: ChatRoutePatch }) => api<ChatRoute>(`/api/integrations/routes/${id}`, { method: 'PATCH', body }));
export const useDeleteRoute = () => useChange((id: number) => api<void>(`/api/integrations/routes/${id}`, { method: 'DELETE' }));

export const useCreateWebhook = () => useChange((body: WebhookBody) => api<WebhookEndpointCreated>('/api/webhooks', { method: 'POST', body }));
export const useUpdateWebhook = () => useChange(({ id, body }: { id: number; body: WebhookPatch }) => api<WebhookEndpoint>(`/api/webhooks/${id}`, { method: 'PATCH', body }));
export const useDeleteWebhook = () => useChange((id: number) => api<void>(`/api/webhooks/${id}`, { method: 'DELETE' }));

/** "Send a test message" of a rule, "Send test event" of an endpoint: what came back is a delivery. */
export const useSendTest = () =>
  useChange((target: DeliveryTarget) =>
    api<Delivery>(target.kind === 'route' ? `/api/integrations/routes/${target.id}/test` : `/api/webhooks/${target.id}/test`, { method: 'POST' }),
  );
