// A chat integration's routing rules (admins): each rule's channel, what it sends and which intel, its last delivery,
// "Send a test message", change, delete after a confirm, and its delivery log on demand.
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ChatProvider, ChatRoute } from '../../../contracts/integrations.ts';
import { useErrorText } from '../api/errorText.ts';
import { EditIcon, PlusIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { RelativeTime } from '../shared/RelativeTime.tsx';
import { useRoutes } from './api.ts';
import { DeliveryBadge, eventKey } from './IntegrationBits.tsx';
import { RouteDialog } from './RouteDialog.tsx';
import { TargetActions } from './TargetActions.tsx';
import classes from './Integrations.module.css';
import '../i18n/areas/integrations.ts';

function RouteItem({ route, providerName }: { route: ChatRoute; providerName: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const any = t('integrations.any');
  const filters = t('integrations.routes.filters', {
    rivals: route.rivals.map((r) => r.name).join(', ') || any,
    topics: route.topics.join(', ') || any,
    priorities: route.priorities.map((p) => t(`integrations.priorities.${p}`)).join(', ') || any,
  });

  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.route} data-testid="route-row" data-id={route.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} className={classes.grow}>
            <Text fw={600} className={classes.breakAnywhere} data-testid="route-channel-name">
              {route.provider === 'slack' ? `#${route.channelName}` : route.channelName}
            </Text>
            {route.webhookHost && (
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                {t('integrations.routes.webhookHost', { host: route.webhookHost })}
              </Text>
            )}
          </Stack>
          {route.lastDelivery && (
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t('integrations.routes.lastDelivery')}
              </Text>
              <DeliveryBadge state={route.lastDelivery.state} />
              <Text size="xs" c="dimmed">
                <RelativeTime at={route.lastDelivery.createdAt} />
              </Text>
            </Group>
          )}
        </Group>
        <Group gap={6}>
          {route.events.map((e) => (
            <Badge key={e} variant="outline" color="gray" size="sm">
              {t(eventKey(e))}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {filters}
        </Text>
        <TargetActions
          target={{ kind: 'route', id: route.id }}
          testIds="route"
          words={{
            test: t('integrations.routes.test'),
            deleteTitle: t('integrations.routes.deleteTitle'),
            deleteBody: t('integrations.routes.deleteBody', { name: route.channelName }),
            deleted: t('integrations.routes.deleted'),
          }}
        >
          <Button size="xs" variant="default" leftSection={<EditIcon size={14} />} onClick={() => setEditing(true)} data-testid="route-edit">
            {t('integrations.edit')}
          </Button>
        </TargetActions>
      </Stack>
      {editing && <RouteDialog provider={route.provider} providerName={providerName} route={route} opened onClose={() => setEditing(false)} />}
    </Paper>
  );
}

export function RoutesSection({ provider, providerName }: { provider: ChatProvider; providerName: string }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const routes = useRoutes(provider, true);
  const [adding, setAdding] = useState(false);
  const list = routes.data?.routes ?? [];
  return (
    <Stack gap="xs" data-testid={`routes-${provider}`}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('integrations.routes.title')}
        </Title>
        <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setAdding(true)} data-testid={`route-add-${provider}`}>
          {t('integrations.routes.add')}
        </Button>
      </Group>
      {routes.isPending ? (
        <Skeleton height={48} />
      ) : routes.isError ? (
        <Alert color="red">{errorText(routes.error)}</Alert>
      ) : list.length ? (
        <ul className={classes.plainList}>
          {list.map((r) => (
            <RouteItem key={r.id} route={r} providerName={providerName} />
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          {t('integrations.routes.empty')}
        </Text>
      )}
      {adding && <RouteDialog provider={provider} providerName={providerName} route={null} opened onClose={() => setAdding(false)} />}
    </Stack>
  );
}
