// Adding or changing a routing rule: the channel (Slack: picked from the channels the bot may post to; Teams: a name
// and the Workflows webhook URL, which is never shown again, so a change may leave it empty to keep it), the events,
// and which intel: rivals, topics, priorities (empty: any). The server's field errors show beside their fields.
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CHAT_EVENTS, type ChatEvent, type ChatProvider, type ChatRoute, type ChatRouteBody } from '../../../contracts/integrations.ts';
import { INTEL_PRIORITIES, type IntelPriority } from '../../../contracts/intel.ts';
import { useRivalOptions } from '../alerts/api.ts';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useCreateRoute, useSlackChannels, useUpdateRoute } from './api.ts';
import { eventKey } from './IntegrationBits.tsx';
import '../i18n/areas/integrations.ts';

type Form = { channelId: string | null; channelName: string; webhookUrl: string; events: ChatEvent[]; rivalIds: string[]; topics: string[]; priorities: IntelPriority[] };

const formOf = (route: ChatRoute | null): Form => ({
  channelId: route?.channelId ?? null,
  channelName: route?.channelName ?? '',
  webhookUrl: '',
  events: route?.events ?? ['intel.published'],
  rivalIds: route?.rivals.map((r) => String(r.id)) ?? [],
  topics: route?.topics ?? [],
  priorities: route?.priorities ?? [],
});

export function RouteDialog({ provider, providerName, route, opened, onClose }: { provider: ChatProvider; providerName: string; route: ChatRoute | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const phone = usePhone();
  const [form, setForm] = useState<Form>(() => formOf(route));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const rivals = useRivalOptions(opened);
  const channels = useSlackChannels(opened && provider === 'slack');
  const create = useCreateRoute();
  const update = useUpdateRoute();
  const saving = route ? update : create;
  const failure = saving.error;
  const errorOf = (field: string) => (failure ? fieldError(failure, field) : null);
  const shown = ['channelId', 'channelName', 'webhookUrl', 'events', 'rivalIds', 'topics', 'priorities'];
  const formWide = failure && !shown.some((f) => errorOf(f)) ? errorText(failure) : null;

  const rivalData = (rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  for (const r of route?.rivals ?? []) if (!rivalData.some((o) => o.value === String(r.id))) rivalData.push({ value: String(r.id), label: r.name });
  const channelData = (channels.data?.channels ?? []).map((c) => ({ value: c.id, label: c.isPrivate ? t('integrations.routes.channelPrivate', { name: c.name }) : c.name }));
  if (route?.channelId && !channelData.some((c) => c.value === route.channelId)) channelData.push({ value: route.channelId, label: route.channelName });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const filters = { events: form.events, rivalIds: form.rivalIds.map(Number), topics: form.topics, priorities: form.priorities };
    const channel =
      provider === 'slack'
        ? { channelId: form.channelId ?? '' }
        : { channelName: form.channelName, ...(form.webhookUrl.trim() || !route ? { webhookUrl: form.webhookUrl.trim() } : {}) };
    const body = { ...channel, ...filters } as ChatRouteBody;
    const done = () => {
      toastSuccess(t(route ? 'integrations.routes.saved' : 'integrations.routes.created'));
      onClose();
    };
    if (route) update.mutate({ id: route.id, body }, { onSuccess: done });
    else create.mutate({ provider, body }, { onSuccess: done });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={route ? t('integrations.routes.editTitle', { name: route.channelName }) : t('integrations.routes.addTitle', { provider: providerName })}
      size="lg"
      fullScreen={phone} closeButtonProps={{ 'aria-label': t('integrations.close') }}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="route-form">
        <Stack gap="md">
          {provider === 'slack' ? (
            <>
              {channels.isError && <Alert color="red">{t('integrations.routes.channelsFailed', { error: errorText(channels.error) })}</Alert>}
              <Select
                label={t('integrations.routes.channel')}
                placeholder={t('integrations.routes.channelPlaceholder')}
                data={channelData}
                value={form.channelId}
                onChange={(v) => set('channelId', v)}
                searchable
                required
                error={errorOf('channelId')}
                comboboxProps={{ withinPortal: true }}
                data-testid="route-channel"
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('integrations.routes.channelName')}
                description={t('integrations.routes.channelNameHelp')}
                value={form.channelName}
                onChange={(e) => set('channelName', e.currentTarget.value)}
                required
                maxLength={100}
                error={errorOf('channelName')}
                data-testid="route-name"
              />
              <TextInput
                label={t('integrations.routes.webhookUrl')}
                description={route?.webhookHost ? `${t('integrations.routes.webhookUrlHelp')} ${t('integrations.routes.webhookUrlKeep', { host: route.webhookHost })}` : t('integrations.routes.webhookUrlHelp')}
                placeholder="https://prod-00.westeurope.logic.azure.com/workflows/…"
                type="url"
                value={form.webhookUrl}
                onChange={(e) => set('webhookUrl', e.currentTarget.value)}
                required={!route}
                error={errorOf('webhookUrl')}
                data-testid="route-url"
              />
            </>
          )}
          <Checkbox.Group label={t('integrations.routes.events')} value={form.events} onChange={(v) => set('events', v as ChatEvent[])} error={errorOf('events')} required>
            <Group gap="md" mt={6}>
              {CHAT_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={t(eventKey(e))} data-testid={`route-event-${e}`} />
              ))}
            </Group>
          </Checkbox.Group>
          <MultiSelect
            label={t('integrations.routes.rivals')}
            description={t('integrations.routes.rivalsHelp')}
            placeholder={form.rivalIds.length ? undefined : t('integrations.any')}
            data={rivalData}
            value={form.rivalIds}
            onChange={(v) => set('rivalIds', v)}
            searchable
            clearable
            error={errorOf('rivalIds')}
            comboboxProps={{ withinPortal: true }}
            data-testid="route-rivals"
          />
          <TagsInput
            label={t('integrations.routes.topics')}
            description={t('integrations.routes.topicsHelp')}
            placeholder={form.topics.length ? undefined : t('integrations.any')}
            value={form.topics}
            onChange={(v) => set('topics', v)}
            maxTags={50}
            clearable
            error={errorOf('topics')}
            data-testid="route-topics"
          />
          <Checkbox.Group label={t('integrations.routes.priorities')} description={t('integrations.routes.prioritiesHelp')} value={form.priorities} onChange={(v) => set('priorities', v as IntelPriority[])}>
            <Group gap="md" mt={6}>
              {INTEL_PRIORITIES.map((p) => (
                <Checkbox key={p} value={p} label={t(`integrations.priorities.${p}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          {formWide && (
            <Alert color="red" data-testid="route-error">
              {formWide}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('integrations.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending} data-testid="route-save">
              {t('integrations.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
