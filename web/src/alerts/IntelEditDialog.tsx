// Editing one intel item (part 1 §3 Intel item, §4, §7): its curated title (PUT /intel/{id}; null gives back the
// original), its rivals (added with PATCH /intel/v1/{id} addRivalIds, removed with DELETE
// /intel/v1/{id}/rival/{rivalId}), and its related alerts, each opened, moved to another state or deleted
// (state deleted, after a confirmation). The dialog reads the item from PostgreSQL, so it shows each change at
// once; the feed catches up as the search engine reindexes the item.
import { ActionIcon, Anchor, Badge, Button, CloseButton, Group, Loader, Modal, Paper, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { CURATED_TITLE_MAX, INTEL_STATES, type IntelDetail, type IntelHit, type IntelState } from '../../../contracts/intel.ts';
import { BREAKPOINTS } from '../core/theme.ts';
import { ArrowRightIcon, TrashIcon } from '../brand/icons.tsx';
import { relativeTime } from '../shared/dates.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { intelApi, useIntelDetail, useRivalOptions } from './api.ts';
import { STATE_COLORS } from './IntelItem.tsx';
import { useIntelUpdatesContext } from './useIntelUpdates.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/intelEditing.ts';
import '../i18n/areas/alerts.ts';

/** A change to the item or one of its alerts; on success the detail and the feed refetch. */
function useChange<T>(fn: (arg: T) => Promise<unknown>, failed: string) {
  const { refresh } = useIntelUpdatesContext();
  return useMutation({ mutationFn: fn, onSuccess: refresh, onError: (err) => toastError(failed, err) });
}

function TitleSection({ item }: { item: IntelDetail }) {
  const { t } = useTranslation();
  const shown = item.curatedTitle ?? item.title;
  const [text, setText] = useState(shown);
  const save = useChange((curatedTitle: string | null) => intelApi.edit(item.id, { curatedTitle }), t('intelEditing.title.failed'));
  const trimmed = text.trim();
  const error = !trimmed ? t('intelEditing.title.required') : trimmed.length > CURATED_TITLE_MAX ? t('intelEditing.title.tooLong', { max: CURATED_TITLE_MAX }) : null;
  const submit = () => {
    if (error || trimmed === shown) return;
    save.mutate(trimmed, { onSuccess: () => toastSuccess(t('intelEditing.title.saved')) });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('intelEditing.title.label')}
          description={t('intelEditing.title.description')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          data-autofocus
          data-testid="intel-edit-title"
        />
        {item.curatedTitle !== null && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t('intelEditing.title.original', { title: item.title })}
          </Text>
        )}
        <Group gap="sm" justify="flex-end">
          {item.curatedTitle !== null && (
            <Button
              variant="subtle"
              size="xs"
              loading={save.isPending && save.variables === null}
              onClick={() =>
                save.mutate(null, {
                  onSuccess: () => {
                    setText(item.title);
                    toastSuccess(t('intelEditing.title.restored'));
                  },
                })
              }
              data-testid="intel-edit-title-original"
            >
              {t('intelEditing.title.useOriginal')}
            </Button>
          )}
          <Button type="submit" size="xs" disabled={!!error || trimmed === shown} loading={save.isPending && save.variables !== null} data-testid="intel-edit-title-save">
            {t('intelEditing.title.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RivalsSection({ item }: { item: IntelDetail }) {
  const { t } = useTranslation();
  const options = useRivalOptions();
  const failed = t('intelEditing.rivals.failed');
  const add = useChange((rivalId: number) => intelApi.addRival(item.id, rivalId), failed);
  const remove = useChange((rivalId: number) => intelApi.removeRival(item.id, rivalId), failed);
  const nameOf = (id: number) => options.data?.find((r) => r.id === id)?.name ?? item.rivals.find((r) => r.id === id)?.name ?? `#${id}`;
  const has = new Set(item.rivals.map((r) => r.id));
  const choices = (options.data ?? []).filter((r) => !has.has(r.id)).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('intelEditing.rivals.label')}
      </Text>
      {item.rivals.length ? (
        <Group gap={6} data-testid="intel-edit-rivals">
          {item.rivals.map((r) => (
            <Badge
              key={r.id}
              size="lg"
              variant="light"
              color="indigo"
              radius="sm"
              tt="none"
              fw={500}
              data-testid="intel-edit-rival"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  c="inherit"
                  aria-label={t('intelEditing.rivals.remove', { name: r.name })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(r.id, { onSuccess: () => toastSuccess(t('intelEditing.rivals.removed', { name: r.name })) })}
                  data-testid="intel-edit-rival-remove"
                />
              }
            >
              {r.name}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('intelEditing.rivals.none')}
        </Text>
      )}
      <Select
        aria-label={t('intelEditing.rivals.add')}
        placeholder={t('intelEditing.rivals.addPlaceholder')}
        data={choices}
        value={null}
        searchable
        nothingFoundMessage={t('intelEditing.rivals.nothingFound')}
        disabled={options.isPending || add.isPending}
        rightSection={add.isPending ? <Loader size="xs" /> : undefined}
        onChange={(v) => {
          if (!v) return;
          const id = Number(v);
          add.mutate(id, { onSuccess: () => toastSuccess(t('intelEditing.rivals.added', { name: nameOf(id) })) });
        }}
        comboboxProps={{ withinPortal: true }}
        maw={320}
        data-testid="intel-edit-rival-add"
      />
    </Stack>
  );
}

function RelatedAlert({ alert, onDelete }: { alert: IntelHit; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const title = alert.curatedTitle ?? alert.title;
  const setState = useChange((state: IntelState) => intelApi.setState(alert.id, state), t('intelEditing.related.failed'));
  const feedHref = `/alerts?view=allIntel&relatedAlerts=false&intelIds=${alert.id}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="intel-related-alert" data-id={alert.id} data-state={alert.state}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          {alert.permalink ? (
            <Anchor href={alert.permalink} target="_blank" rel="noopener noreferrer" size="sm" fw={600} lineClamp={2} title={t('intelEditing.related.open')} data-testid="intel-related-open">
              {title}
            </Anchor>
          ) : (
            <Anchor component={Link} to={feedHref} size="sm" fw={600} lineClamp={2} data-testid="intel-related-open">
              {title}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            {[alert.source, relativeTime(alert.createdAt, i18n.language)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Select
            size="xs"
            w={140}
            aria-label={t('intelEditing.related.state', { title })}
            value={alert.state}
            data={INTEL_STATES.map((s) => ({ value: s, label: t(`alerts.states.${s}`) }))}
            allowDeselect={false}
            disabled={setState.isPending}
            leftSection={<Badge size="xs" circle color={STATE_COLORS[alert.state]} variant="filled" />}
            onChange={(v) => {
              if (!v || v === alert.state) return;
              if (v === 'deleted') onDelete();
              else setState.mutate(v as IntelState, { onSuccess: () => toastSuccess(t('intelEditing.related.changed', { state: t(`alerts.states.${v}`) })) });
            }}
            comboboxProps={{ withinPortal: true }}
            data-testid="intel-related-state"
          />
          <Tooltip label={t('intelEditing.related.delete', { title })} openDelay={400}>
            <ActionIcon variant="subtle" color="red" onClick={onDelete} disabled={alert.state === 'deleted'} aria-label={t('intelEditing.related.delete', { title })} data-testid="intel-related-delete">
              <TrashIcon size={15} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

function DeleteRelatedDialog({ alert, onClose }: { alert: IntelHit; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useChange(() => intelApi.setState(alert.id, 'deleted'), t('intelEditing.related.failed'));
  return (
    <Modal opened onClose={onClose} title={t('intelEditing.related.confirmTitle')} centered zIndex={400} data-testid="intel-related-confirm">
      <Stack gap="md">
        <Text size="sm">{t('intelEditing.related.confirmText', { title: alert.curatedTitle ?? alert.title })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('intelEditing.related.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toastSuccess(t('intelEditing.related.changed', { state: t('alerts.states.deleted') }));
                  onClose();
                },
              })
            }
            data-testid="intel-related-confirm-delete"
          >
            {t('intelEditing.related.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Where an item that arrived by itself came from: each feed entry or page change, opening its change on the monitor's page. */
function SourcesSection({ item }: { item: IntelDetail }) {
  const { t } = useTranslation();
  if (!item.sources.length) return null;
  return (
    <Stack gap="xs" data-testid="intel-sources">
      <Text size="sm" fw={500}>
        {t('intelEditing.sources.count', { count: item.sources.length })}
      </Text>
      {item.sources.map((s, i) => (
        <Group key={i} gap="xs" wrap="nowrap" justify="space-between" data-testid="intel-source">
          {s.url ? (
            <Anchor href={s.url} target="_blank" rel="noopener noreferrer" size="sm" lineClamp={1} title={s.url}>
              {s.title}
            </Anchor>
          ) : (
            <Text size="sm" lineClamp={1}>
              {s.title}
            </Text>
          )}
          {s.monitorId !== null && (
            <Anchor component={Link} to={`/monitors/${s.monitorId}${s.changeId !== null ? `#change-${s.changeId}` : ''}`} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="intel-source-change">
              {t('intelEditing.sources.openChange')}
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function RelatedSection({ item }: { item: IntelDetail }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<IntelHit | null>(null);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {item.related.length ? t('intelEditing.related.count', { count: item.related.length }) : t('intelEditing.related.label')}
      </Text>
      {item.related.length ? (
        <Stack gap={6} data-testid="intel-related-list">
          {item.related.map((a) => (
            <RelatedAlert key={a.id} alert={a} onDelete={() => setDeleting(a)} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="intel-related-none">
          {t('intelEditing.related.none')}
        </Text>
      )}
      {deleting && <DeleteRelatedDialog alert={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

export function IntelEditDialog({ intelId, onClose }: { intelId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const detail = useIntelDetail(intelId);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet}px)`);
  let body;
  if (detail.isPending) {
    body = (
      <Group justify="center" p="xl">
        <Loader aria-label={t('alerts.loading')} />
      </Group>
    );
  } else if (detail.isError) {
    body = (
      <StatePanel kind="error" title={t('intelEditing.loadFailed')} text={errorText(detail.error)} data-testid="intel-edit-error">
        <Button variant="light" onClick={() => void detail.refetch()}>
          {t('intelEditing.retry')}
        </Button>
      </StatePanel>
    );
  } else {
    const item = detail.data;
    body = (
      <Stack gap="xl">
        <TitleSection key={`${item.id}:${item.curatedTitle ?? ''}`} item={item} />
        <RivalsSection item={item} />
        <SourcesSection item={item} />
        <RelatedSection item={item} />
        <Group justify="space-between">
          <Anchor component={Link} to={`/alerts?view=allIntel&intelIds=${item.id}`} size="sm" onClick={onClose}>
            <Group gap={4} wrap="nowrap">
              {t('intelEditing.showInFeed')}
              <ArrowRightIcon size={14} />
            </Group>
          </Anchor>
          <Button onClick={onClose} data-testid="intel-edit-done">
            {t('intelEditing.done')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={<Title order={2} fz="lg">{t('intelEditing.dialogTitle')}</Title>}
      data-testid="intel-edit-dialog"
    >
      {body}
    </Modal>
  );
}
