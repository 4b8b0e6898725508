// The webhooks card (admins): the company's endpoints with their state (enabled, disabled and why, failing since),
// the last day's deliveries, enable or disable, delete after a confirm, "Send test event" and the delivery log; and the
// add-endpoint dialog, whose answer's signing secret is shown once, to copy.
import { Alert, Badge, Button, Checkbox, Group, Modal, MultiSelect, Paper, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { INTEGRATION_EVENTS, WEBHOOK_AUDIENCES, WEBHOOK_DISABLE_AFTER_HOURS, type IntegrationEvent, type WebhookAudience, type WebhookEndpoint, type WebhookEndpointCreated } from '../../../contracts/integrations.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, BanIcon, CheckIcon, PlusIcon } from '../brand/icons.tsx';
import { useVisibilityGroups } from '../cards/api.ts';
import { useTranslation } from '../i18n/react.tsx';
import { RelativeTime } from '../shared/RelativeTime.tsx';
import { CopyField } from '../shared/CopyField.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useCreateWebhook, useUpdateWebhook, useWebhooks } from './api.ts';
import { IntegrationCard } from './ChatCards.tsx';
import { eventKey } from './IntegrationBits.tsx';
import { TargetActions } from './TargetActions.tsx';
import classes from './Integrations.module.css';
import '../i18n/areas/integrations.ts';

type Form = { url: string; description: string; events: IntegrationEvent[]; audience: WebhookAudience; visibilityGroupIds: string[] };
const EMPTY: Form = { url: '', description: '', events: ['intel.published'], audience: 'everyone', visibilityGroupIds: [] };

function AddWebhookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const phone = usePhone();
  const [form, setForm] = useState<Form>(EMPTY);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const groups = useVisibilityGroups(form.audience === 'groups');
  const create = useCreateWebhook();
  const errorOf = (field: string) => (create.error ? fieldError(create.error, field) : null);
  const formWide = create.error && !['url', 'description', 'events', 'audience', 'visibilityGroupIds'].some((f) => errorOf(f)) ? errorText(create.error) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...form, url: form.url.trim(), visibilityGroupIds: form.audience === 'groups' ? form.visibilityGroupIds.map(Number) : [] };
    create.mutate(body, {
      onSuccess: (endpoint) => {
        toastSuccess(t('integrations.webhooks.created'));
        setCreated(endpoint);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={created ? t('integrations.webhooks.secretTitle') : t('integrations.webhooks.addTitle')} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': t('integrations.close') }} centered>
      {created ? (
        <Stack gap="md" data-testid="webhook-secret">
          <Alert color="yellow" icon={<AlertIcon size={16} />}>
            {t('integrations.webhooks.secretNote')}
          </Alert>
          <CopyField label={t('integrations.webhooks.secretLabel')} value={created.secret} testId="webhook-secret-value" monospace />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="webhook-secret-done">
              {t('integrations.webhooks.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate data-testid="webhook-form">
          <Stack gap="md">
            <TextInput
              label={t('integrations.webhooks.url')}
              description={t('integrations.webhooks.urlHelp')}
              placeholder="https://hooks.example.com/rivalscope"
              type="url"
              value={form.url}
              onChange={(e) => set('url', e.currentTarget.value)}
              required
              error={errorOf('url')}
              data-testid="webhook-url"
            />
            <TextInput
              label={t('integrations.webhooks.descriptionField')}
              value={form.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              maxLength={500}
              error={errorOf('description')}
              data-testid="webhook-description"
            />
            <Checkbox.Group label={t('integrations.webhooks.events')} value={form.events} onChange={(v) => set('events', v as IntegrationEvent[])} error={errorOf('events')} required>
              <div className={classes.checkGrid}>
                {INTEGRATION_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={t(eventKey(e))} data-testid={`webhook-event-${e}`} />
                ))}
              </div>
            </Checkbox.Group>
            <Radio.Group label={t('integrations.webhooks.audience')} value={form.audience} onChange={(v) => set('audience', v as WebhookAudience)} error={errorOf('audience')}>
              <Stack gap={6} mt={6}>
                {WEBHOOK_AUDIENCES.map((a) => (
                  <Radio key={a} value={a} label={t(`integrations.webhooks.audiences.${a}`)} data-testid={`webhook-audience-${a}`} />
                ))}
              </Stack>
            </Radio.Group>
            {form.audience === 'groups' && (
              <MultiSelect
                label={t('integrations.webhooks.groups')}
                data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                value={form.visibilityGroupIds}
                onChange={(v) => set('visibilityGroupIds', v)}
                searchable
                error={errorOf('visibilityGroupIds')}
                comboboxProps={{ withinPortal: true }}
                data-testid="webhook-groups"
              />
            )}
            {formWide && (
              <Alert color="red" data-testid="webhook-error">
                {formWide}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('integrations.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="webhook-save">
                {t('integrations.webhooks.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  return endpoint.enabled ? (
    <Badge variant="light" color="teal" leftSection={<CheckIcon size={12} />} data-testid="webhook-state" data-state="enabled">
      {t('integrations.webhooks.enabled')}
    </Badge>
  ) : (
    <Badge variant="light" color="gray" leftSection={<BanIcon size={12} />} data-testid="webhook-state" data-state="disabled">
      {t('integrations.webhooks.disabled')}
    </Badge>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const update = useUpdateWebhook();
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, body: { enabled: !endpoint.enabled } },
      {
        onSuccess: (e) => toastSuccess(t(e.enabled ? 'integrations.webhooks.enabledToast' : 'integrations.webhooks.disabledToast')),
        onError: (err) => toastError(t(endpoint.enabled ? 'integrations.webhooks.disable' : 'integrations.webhooks.enable'), err),
      },
    );
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.route} data-testid="webhook-row" data-id={endpoint.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} className={classes.grow}>
            <Text fw={600} className={classes.breakAnywhere} data-testid="webhook-row-url">
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" className={classes.breakAnywhere}>
                {endpoint.description}
              </Text>
            )}
          </Stack>
          <EndpointState endpoint={endpoint} />
        </Group>
        {!endpoint.enabled && endpoint.disabledReason && (
          <Alert color="red" p="xs" data-testid="webhook-turned-off">
            {t('integrations.webhooks.turnedOff', { hours: WEBHOOK_DISABLE_AFTER_HOURS })}
          </Alert>
        )}
        {endpoint.enabled && endpoint.failingSince && (
          <Text size="sm" c="red.8">
            {t('integrations.webhooks.failing')} <RelativeTime at={endpoint.failingSince} />
          </Text>
        )}
        <Group gap={6}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" color="gray" size="sm">
              {t(eventKey(e))}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t(`integrations.webhooks.audiences.${endpoint.audience}`)}
          {endpoint.visibilityGroups.length > 0 && `: ${endpoint.visibilityGroups.map((g) => g.name).join(', ')}`}
          {' · '}
          {t('integrations.webhooks.recent', { total: endpoint.recent.total, failed: endpoint.recent.failed })}
          {endpoint.lastDelivery && (
            <>
              {' · '}
              <RelativeTime at={endpoint.lastDelivery.createdAt} />
            </>
          )}
        </Text>
        <TargetActions
          target={{ kind: 'webhook', id: endpoint.id }}
          testIds="webhook"
          words={{
            test: t('integrations.webhooks.test'),
            deleteTitle: t('integrations.webhooks.deleteTitle'),
            deleteBody: t('integrations.webhooks.deleteBody', { url: endpoint.url }),
            deleted: t('integrations.webhooks.deleted'),
          }}
        >
          <Button size="xs" variant="default" onClick={toggle} loading={update.isPending} data-testid="webhook-toggle">
            {endpoint.enabled ? t('integrations.webhooks.disable') : t('integrations.webhooks.enable')}
          </Button>
        </TargetActions>
      </Stack>
    </Paper>
  );
}

/** Admins only: the page leaves it out for everyone else, whom the API would refuse. */
export function WebhooksCard({ counts }: { counts: { total: number; enabled: number } }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const endpoints = useWebhooks(true);
  const [adding, setAdding] = useState(false);
  const list = endpoints.data?.endpoints ?? [];
  return (
    <IntegrationCard
      id="webhooks"
      title={t('integrations.webhooks.name')}
      state={
        <Text size="sm" c="dimmed" data-testid="webhook-count">
          {t('integrations.webhooks.count', counts)}
        </Text>
      }
      description={t('integrations.webhooks.description')}
    >
      <Group>
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setAdding(true)} data-testid="webhook-add">
          {t('integrations.webhooks.add')}
        </Button>
      </Group>
      {endpoints.isPending ? (
        <Skeleton height={60} />
      ) : endpoints.isError ? (
        <Alert color="red">{errorText(endpoints.error)}</Alert>
      ) : list.length ? (
        <ul className={classes.plainList}>
          {list.map((e) => (
            <EndpointItem key={e.id} endpoint={e} />
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          {t('integrations.webhooks.empty')}
        </Text>
      )}
      {adding && <AddWebhookDialog onClose={() => setAdding(false)} />}
    </IntegrationCard>
  );
}
